"""Wages (Magie, 1904): each time a player's move reaches or passes Mother Earth going forward, one more
circuit is ticked on the tally sheet and, for the circuits that earn them, he is paid his wages out of the
wages box. At his wages he pays the interest on his loans; it is owed once the move is resolved (so that a
move that is lost owes none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import CircuitCompleted, PassedGo, interned
from engine.core.hooks import SPACE_ACTIONS
from engine.rules.landlords_1904.loans import wage_day_charges

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

_passed_go = interned(PassedGo, "player", "salary", "landed", "space", "box")
_circuit_completed = interned(CircuitCompleted, "player", "circuits", "paid")

SPACE_ACTIONS.add("mother_earth", lambda game, player, space, dice, mult, times: None)


def earns_wages(table: Tabletop, player: int) -> bool:
    """Whether the next circuit still pays (none after the circuits that end the game)."""
    limit = table.ruleset.circuits
    return limit is None or table.players[player].circuits < limit


def wage_day(game: LiveGame, player: int, space: int, landed: bool) -> None:
    """Record a circuit completed on reaching or passing `space`: tick it, pay the wages it earns, and queue
    the interest owed at wages (paid once the move is resolved)."""
    st = game.state
    ps = st.players[player]
    paid = earns_wages(game, player)
    ps.circuits += 1
    journey = st.journey
    if journey is not None and journey.player == player:
        journey.circuits += 1
    if paid:
        wages = game.board.pays[space]
        box = game.board.spaces[space].box or ""
        ps.cash += wages
        if box:
            st.boxes[box] -= wages
        if journey is not None and journey.player == player:
            journey.wages += wages
        game.emit(_passed_go(player, wages, landed, space, box))
    game.emit(_circuit_completed(player, ps.circuits, paid))
    if paid:
        game.push_front(wage_day_charges(game, player))
