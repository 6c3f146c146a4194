"""The forced move (Finance): a token that comes to rest where rivals' tokens stand sends them back.

The arriving player first completes what his space asks; then each rival that was already on the space
goes back (five spaces, the edition's figure) and completes what the space he reaches asks, which may in
turn send others back. Rivals go in seat order after the arriving player. Each step back is a queued
continuation: the whole chain is followed before the extra throw of a double, and a decision or a debt
on the way (a rival who may buy the lot he lands on) holds the chain where it stands, saved and resumable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import ForcedMove
from engine.core.hooks import ARRIVAL_ACTIONS
from engine.core.registry import effect
from engine.core.state import ForcedBack
from engine.core.unchecked import unchecked
from engine.rules.movement import move_by

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_forced_back_due = unchecked(ForcedBack)
_forced_move = unchecked(ForcedMove)


@ARRIVAL_ACTIONS.register("forced_move")
def _arrive(game: LiveGame, player: int, space: int) -> None:
    """Note the rivals standing here; they go back once the arriving player's own action is done."""
    players = game.state.players
    n = len(players)
    rivals = [
        (player + k) % n
        for k in range(1, n)
        if players[(player + k) % n].position == space and not players[(player + k) % n].bankrupt
    ]
    if rivals:
        game.push_front([_forced_back_due(player=r, space=space, arriving=player) for r in rivals])


@effect(ForcedBack)
def _forced_back(game: LiveGame, eff: ForcedBack) -> None:
    st = game.state
    ps = st.players[eff.player]
    if ps.bankrupt or ps.position != eff.space:
        return  # gone already (bankrupt, or sent on by an earlier step of the chain)
    steps = game.board.edition.forced_move_steps
    game.emit(_forced_move(player=eff.player, arriving=eff.arriving, space=eff.space, steps=steps))
    move_by(game, eff.player, -steps, "dice", 0, rule="space.forced_move")
