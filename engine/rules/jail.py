"""Jail: going in (the corner, a card, a third double), and the three ways out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.commands import PayJailFine, UseJailCard
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import JailCardUsed, JailFinePaid, JailRollFailed, LeftJail, SentToJail
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command, effect
from engine.core.state import Charge, MoveAfterFine, awaiting_end_turn, finish_roll
from engine.core.unchecked import unchecked
from engine.rules.checks import actor, awaited
from engine.rules.landing import space_action
from engine.rules.money import funds, spend, to_pot
from engine.rules.movement import move_by

if TYPE_CHECKING:
    from engine.core.edition import JailRules
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_sent_to_jail = unchecked(SentToJail)
_jail_roll_failed = unchecked(JailRollFailed)
_charge = unchecked(Charge)
_unchecked_move_after_fine = unchecked(MoveAfterFine)
_left_jail = unchecked(LeftJail)
_jail_fine_paid = unchecked(JailFinePaid)
_jail_card_used = unchecked(JailCardUsed)


def jail_rules(game: LiveGame) -> JailRules:
    """Return the edition's jail: only reached where a player can be in jail, so in an edition that has
    one."""
    jail = game.board.edition.jail
    assert jail is not None, "this edition has no jail"
    return jail


def send_to_jail(
    game: LiveGame,
    player: int,
    reason: Literal["go_to_jail", "card", "third_double"],
    space: int | None = None,
) -> None:
    """Send a player straight to jail: no salary, no more rolls this turn."""
    st = game.state
    ps = st.players[player]
    ps.position = jail_rules(game).space
    ps.in_jail = True
    ps.jail_turns = 0
    st.doubles = 0
    game.emit(_sent_to_jail(player=player, reason=reason, space=space, rule=_SENT[reason]))


_SENT: dict[str, RuleId] = {
    "go_to_jail": "jail.go_to_jail",
    "card": "jail.card",
    "third_double": "turn.three_doubles",
}


@space_action("go_to_jail")
def _go_to_jail_space(
    game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None
) -> None:
    send_to_jail(game, player, "go_to_jail", space)


def roll_in_jail(game: LiveGame, player: int, d1: int, d2: int) -> None:
    """Throw for doubles in jail: out and move by it (no extra throw); after the last failure, fine and
    move."""
    st = game.state
    ps = st.players[player]
    if d1 == d2:
        _release(game, player, "doubles", "jail.throw")
        game.push_front([finish_roll(player, False)])
        move_by(game, player, d1 + d2, "dice", d1 + d2)
        return
    ps.jail_turns += 1
    game.emit(_jail_roll_failed(player=player, attempt=ps.jail_turns))
    jail = jail_rules(game)
    if jail.max_turns is not None and ps.jail_turns >= jail.max_turns:
        fine = _charge(
            payer=player, payee=None, amount=jail.fine, reason="jail_fine", detail=N_("the jail fine")
        )
        game.push_front(
            [
                fine,
                _unchecked_move_after_fine(player=player, steps=d1 + d2, dice_total=d1 + d2),
                finish_roll(player, False),
            ]
        )
        return
    if game.ruleset.pay_fine_after_failed_roll:
        st.failed_jail_roll = (d1, d2)
    st.pending = awaiting_end_turn(player)


def _release(game: LiveGame, player: int, how: Literal["doubles", "fine", "card"], rule: RuleId) -> None:
    ps = game.state.players[player]
    ps.in_jail = False
    ps.jail_turns = 0
    game.state.failed_jail_roll = None
    game.emit(_left_jail(player=player, how=how, rule=rule))


@effect(MoveAfterFine)
def _move_after_fine(game: LiveGame, eff: MoveAfterFine) -> None:
    _release(game, eff.player, "fine", "jail.last_throw")
    move_by(game, eff.player, eff.steps, "dice", eff.dice_total)


def _check_fine(game: LiveGame, cmd: PayJailFine) -> Refusal:
    st = game.state
    p = cmd.player
    refusal = actor(game, p)
    if refusal is not None:
        return refusal
    pend = st.pending
    if pend is None or pend.player != p or not st.players[p].in_jail:
        return IllegalCommand(
            "not_in_jail", Phrase(N_("Only a player in jail, on his turn, pays the jail fine."))
        )
    jail = jail_rules(game)
    if pend.kind == "roll":
        limit = jail.fine_before_roll_turns
        if limit is not None and st.players[p].jail_turns >= limit:
            return IllegalCommand(
                "must_roll", Phrase(N_("On this jail turn you must throw for doubles first."))
            )
    elif not (pend.kind == "end_turn" and st.failed_jail_roll is not None):
        return IllegalCommand("not_now", Phrase(N_("The fine is paid before rolling.")))
    if funds(game, p) < jail.fine:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(N_("The fine is {fine}; raise the cash first."), fine=Money(jail.fine)),
        )
    return None


@command(PayJailFine, _check_fine)
def _pay_fine(game: LiveGame, cmd: PayJailFine) -> None:
    st = game.state
    p = cmd.player
    fine = jail_rules(game).fine
    spend(game, p, fine)
    box = jail_rules(game).box
    pot = box is None and to_pot(game, None, "jail_fine")
    rolled = st.failed_jail_roll
    pend = st.pending
    short = pend is not None and pend.kind == "end_turn" and rolled is not None
    after: RuleId = "jail.fine_after_throw" if short else "jail.fine"
    if pot:
        st.pot += fine
    if box is not None:
        st.boxes[box] += fine
        game.emit(_jail_fine_paid(player=p, amount=fine, forced=False, box=box, rule=after))
    else:
        game.emit(_jail_fine_paid(player=p, amount=fine, forced=False, to_pot=pot, rule=after))
    _release(game, p, "fine", after)
    pend = st.pending
    assert pend is not None
    if pend.kind == "end_turn" and rolled is not None:
        # Short Game: having failed to throw doubles, pay and move by that throw
        st.pending = None
        game.push_front([finish_roll(p, False)])
        move_by(game, p, rolled[0] + rolled[1], "dice", rolled[0] + rolled[1])


def _check_card(game: LiveGame, cmd: UseJailCard) -> Refusal:
    refusal = awaited(game, cmd.player, "roll")
    if refusal is not None:
        return refusal
    ps = game.state.players[cmd.player]
    if not ps.in_jail:
        return IllegalCommand("not_in_jail", Phrase(N_("{name} is not in jail."), name=ps.name))
    if not ps.jail_cards:
        return IllegalCommand(
            "no_jail_card", Phrase(N_("{name} holds no Get Out of Jail Free card."), name=ps.name)
        )
    return None


@command(UseJailCard, _check_card)
def _use_card(game: LiveGame, cmd: UseJailCard) -> None:
    st = game.state
    deck = st.players[cmd.player].jail_cards.pop()
    st.decks[deck].append(game.board.jail_card[deck])
    game.emit(_jail_card_used(player=cmd.player, deck=deck))
    _release(game, cmd.player, "card", "jail.free_card")
