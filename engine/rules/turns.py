"""A turn: roll and move, roll again on doubles (three in a row is jail), end the turn, pass the dice.

The edition says how many doubles in a row send a player to jail (`doubles_limit`) and which throws earn
another throw (the `throw_again` hook).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import EndTurn, RollDice
from engine.core.errors import Refusal
from engine.core.events import DiceRolled, TurnStarted, interned
from engine.core.hooks import OPENINGS, THROW_AGAIN, THROW_RULES
from engine.core.registry import command, effect
from engine.core.state import FinishRoll, NextTurn, awaiting_end_turn, awaiting_roll, finish_roll
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.endings import finish_if_round_ends_it
from engine.rules.jail import roll_in_jail, send_to_jail
from engine.rules.movement import move_by

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_unchecked_dice_rolled = unchecked(DiceRolled)
_dice_rolled = interned(DiceRolled, "player", "dice", "doubles", "rule")
_turn_started = interned(TurnStarted, "player", "turn")  # turn numbers come round again in every game


def _check_roll(game: LiveGame, cmd: RollDice) -> Refusal:
    pend = game.state.pending
    if pend is not None and pend.kind == "roll" and pend.player == cmd.player:
        return None  # the commonest command of all: `awaited`'s first test, without the call
    return awaited(game, cmd.player, "roll")


@command(RollDice, _check_roll)
def _roll(game: LiveGame, cmd: RollDice) -> None:
    throw(game, cmd.player)


def throw(game: LiveGame, p: int, extra: int = 0) -> None:
    """Apply the throw of the player awaited to roll: out of jail, or move by it (and `extra` steps more, a
    travel card added to the throw), roll again on doubles, jail on too many of them."""
    st = game.state
    st.pending = None
    dice = game.roll()
    d1, d2 = dice
    rules = game.ruleset
    if rules.throw is not None:  # an edition's own throw (Magie's 1904 rules)
        rules.throw(game, p, d1, d2)
        return
    doubles = d1 == d2
    ps = st.players[p]
    if ps.in_jail:
        game.emit(
            _unchecked_dice_rolled(player=p, dice=dice, doubles=doubles, purpose="jail", rule="jail.throw")
        )
        roll_in_jail(game, p, d1, d2)
        return
    again = rules.throw_again(d1, d2)
    game.emit(_dice_rolled(p, dice, doubles, "turn.doubles" if again else "turn.throw"))
    steps = d1 + d2 + extra
    moving: RuleId | None = None
    if ps.next_roll_backward:  # this throw moves him backwards, whatever it shows
        ps.next_roll_backward = False
        steps = -steps
        moving = "addon.move_backwards"
    if doubles:
        st.doubles += 1
        limit = rules.doubles_limit
        if limit is not None and st.doubles >= limit:
            send_to_jail(game, p, "third_double")
            st.pending = awaiting_end_turn(p)
            return
    finish = finish_roll(p, again)
    queue = st.queue
    queue.insert(0, finish)
    move_by(game, p, steps, "dice", d1 + d2, rule=moving)
    if st.pending is None and queue and queue[0] is finish:
        # the landing left nothing to decide nor to do first: finish the roll now, as the queue would next
        del queue[0]
        _finish_roll(game, finish)


@effect(FinishRoll)
def _finish_roll(game: LiveGame, eff: FinishRoll) -> None:
    ps = game.state.players[eff.player]
    if eff.again and not ps.in_jail:
        game.state.pending = awaiting_roll(eff.player)
    else:
        game.state.pending = awaiting_end_turn(eff.player)


def _check_end(game: LiveGame, cmd: EndTurn) -> Refusal:
    pend = game.state.pending
    if pend is not None and pend.kind == "end_turn" and pend.player == cmd.player:
        return None  # as in `_check_roll`
    return awaited(game, cmd.player, "end_turn")


@command(EndTurn, _check_end)
def _end_turn(game: LiveGame, cmd: EndTurn) -> None:
    pass_the_dice(game)


@effect(NextTurn)
def _next_turn(game: LiveGame, eff: NextTurn) -> None:
    pass_the_dice(game)


@THROW_AGAIN.register("doubles")
def _doubles(d1: int, d2: int) -> bool:
    return d1 == d2


@THROW_AGAIN.register("never")
def _never(d1: int, d2: int) -> bool:
    return False


THROW_RULES.add("standard", None)  # the throw above: move, doubles again, the third double to jail
OPENINGS.add("none", lambda game: [])  # nothing before the first throw


def pass_the_dice(game: LiveGame) -> None:
    """Pass the dice: the next player still in the game takes his turn; a full round may end the game (the
    ending rule decides)."""
    st = game.state
    players = st.players
    n = len(players)
    cur = st.current
    nxt = (cur + 1) % n
    if players[nxt].bankrupt:  # the next seat is out: the first one after it still in (else stay)
        nxt = cur
        for k in range(2, n + 1):
            cand = (cur + k) % n
            if not players[cand].bankrupt:
                nxt = cand
                break
    st.turn += 1
    st.doubles = 0
    st.failed_jail_roll = None
    if st.offers:
        st.offers = []
    if nxt <= cur:
        st.round += 1
        if finish_if_round_ends_it(game):
            return
    st.current = nxt
    st.pending = awaiting_roll(nxt)
    game.emit(_turn_started(nxt, st.turn))
