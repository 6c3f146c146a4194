"""Calling the game: a table that agrees to stop plays no more, and the richest by the edition's count wins,
as when a Time Limit game's rounds run out.

A game between players who can no longer ruin one another (a rich table where every rent is paid out of
the wages, or one player so far ahead that the rest only wait for the end) can go on for hours without a
change. On his own turn, before he throws or as he ends it, a player may propose to call it; every other
player still in is asked in turn, and the game ends only if all agree. One refusal and play goes on where
it stood. Nobody may propose it in the first `CALL_FROM_ROUND` rounds, when every game is still open, and
a player may propose it once every `CALL_EVERY_ROUNDS` rounds, so that a refusal is not asked again at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import AgreeToCall, CallGame, RefuseCall
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import CallAnswered, CallProposed
from engine.core.phrases import N_, Phrase, Plural
from engine.core.registry import command
from engine.core.state import CallAnswer
from engine.rules.checks import actor, awaited
from engine.rules.endings import finish

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

CALL_FROM_ROUND = 20
"""The first round (counted from 0) in which the game may be called: before it, every game is still open."""
CALL_EVERY_ROUNDS = 10
"""Rounds a player waits between two proposals to call the game."""

CALLED_FROM = frozenset({"roll", "end_turn"})
"""The decisions of his own turn at which a player may propose to call the game."""


def call_problem(table: Tabletop, player: int) -> Phrase | None:
    """Return why `player` may not propose to call the game now, or None (see `_check_call`)."""
    players = table.players
    pend = table.pending
    if pend is None or pend.player != player or pend.kind not in CALLED_FROM:
        return Phrase(N_("The game may be called only on your own turn, before you throw or as you end it."))
    if table.round < CALL_FROM_ROUND:
        return Phrase(N_("The game may be called from round {round} on."), round=CALL_FROM_ROUND + 1)
    if sum(1 for p in players if not p.bankrupt) < 2:
        return Phrase(N_("Nobody is left to agree."))
    last = players[player].called_round
    if last >= 0 and table.round < last + CALL_EVERY_ROUNDS:
        wait = last + CALL_EVERY_ROUNDS - table.round
        return Plural(
            "You proposed it in round {round}; you may again in {n} round.",
            "You proposed it in round {round}; you may again in {n} rounds.",
            wait,
            round=last + 1,
        )
    return None


def asked(table: Tabletop, caller: int) -> tuple[int, ...]:
    """Return the players still in, in turn order after the caller: each must agree."""
    n = len(table.players)
    return tuple(q for q in ((caller + k) % n for k in range(1, n)) if not table.players[q].bankrupt)


def _check_call(game: LiveGame, cmd: CallGame) -> Refusal:
    refusal = actor(game, cmd.player)
    if refusal is not None:
        return refusal
    problem = call_problem(game, cmd.player)
    return None if problem is None else IllegalCommand("not_now", problem)


@command(CallGame, _check_call)
def _call(game: LiveGame, cmd: CallGame) -> None:
    st = game.state
    st.players[cmd.player].called_round = st.round
    first, *rest = asked(game, cmd.player)
    leader = game.ruleset.ending.standings(game)[0][0]
    game.set_aside()
    st.pending = CallAnswer(player=first, caller=cmd.player, left=tuple(rest))
    game.emit(CallProposed(player=cmd.player, leader=leader))


def _check_answer(game: LiveGame, cmd: AgreeToCall | RefuseCall) -> Refusal:
    return awaited(game, cmd.player, "call_answer")


@command(AgreeToCall, _check_answer)
def _agree(game: LiveGame, cmd: AgreeToCall) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, CallAnswer)
    game.emit(CallAnswered(player=cmd.player, agreed=True, reason=cmd.reason))
    if pend.left:
        st.pending = CallAnswer(player=pend.left[0], caller=pend.caller, left=pend.left[1:])
        return
    finish(game, "called")


@command(RefuseCall, _check_answer)
def _refuse(game: LiveGame, cmd: RefuseCall) -> None:
    game.state.pending = None  # the decision the call suspended comes back (`Resume`)
    game.emit(CallAnswered(player=cmd.player, agreed=False, reason=cmd.reason))
