"""Ownership markers (Finance): a player holds at most the edition's `lot_limit` lots (eight).

With every marker in use a player may neither buy nor bid for a lot, nor take one in a trade, until he
has sold a lot back to the bank (the engine refuses rather than applying the paper rule's penalty). A
creditor who takes a bankrupt's lots keeps only as many as he has markers left, choosing which; the
others he sells back to the bank at half their value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core.errors import IllegalCommand, Refusal
from engine.core.phrases import N_, Phrase
from engine.core.registry import effect
from engine.core.state import CheckLotLimit, ExcessLots

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop


def lots_held(table: Tabletop, player: int) -> int:
    return sum(1 for deed in table.deeds.values() if deed.owner == player)


def markers_left(table: Tabletop, player: int) -> int | None:
    """Return the ownership markers a player has not yet placed (None: the edition sets no limit)."""
    limit = table.board.edition.lot_limit
    return None if limit is None else max(0, limit - lots_held(table, player))


def may_take_lots(table: Tabletop, player: int, count: int = 1, giving: int = 0) -> Refusal:
    """Return why `player` may not take `count` more lots (handing over `giving` of his own), or None."""
    limit = table.board.edition.lot_limit
    if limit is None or count <= giving:
        return None
    if lots_held(table, player) - giving + count <= limit:
        return None
    name = table.players[player].name
    return IllegalCommand(
        "lot_limit",
        Phrase(
            N_(
                "{name} has no ownership marker left for another lot (at most {limit}): "
                "sell a lot back to the bank first."
            ),
            name=name,
            limit=limit,
        ),
    )


def check_after_taking(game: LiveGame, player: int, spaces: Iterable[int]) -> None:
    """Queue the check that a creditor keeps no more of the lots he took than his markers allow."""
    if game.board.edition.lot_limit is not None:
        game.push_front([CheckLotLimit(player=player, spaces=tuple(spaces))])


def excess(table: Tabletop, player: int) -> int:
    limit = table.board.edition.lot_limit
    return 0 if limit is None else max(0, lots_held(table, player) - limit)


@effect(CheckLotLimit)
def _check_limit(game: LiveGame, eff: CheckLotLimit) -> None:
    st = game.state
    if st.players[eff.player].bankrupt or not excess(game, eff.player):
        return
    spaces = tuple(s for s in eff.spaces if st.deeds[s].owner == eff.player)
    if spaces:
        st.pending = ExcessLots(player=eff.player, spaces=spaces)


def after_selling(game: LiveGame, player: int, space: int) -> None:
    """Continue after a lot of an excess went back: ask again for the rest, or go on once within the limit."""
    pend = game.state.pending
    if not isinstance(pend, ExcessLots) or pend.player != player:
        return
    rest = tuple(s for s in pend.spaces if s != space)
    game.state.pending = ExcessLots(player=player, spaces=rest) if excess(game, player) and rest else None
