"""Franchises (Magie, 1904): the first player to stop on one puts his charter on it, free; from then on
every other player who stops there pays him its toll. A charter cannot be bought or sold and counts
nothing at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import FranchiseClaimed
from engine.rules.landing import space_action
from engine.rules.landlords_1904.treasury import fee_of
from engine.rules.money import owe

if TYPE_CHECKING:
    from engine.core.live import LiveGame


@space_action("franchise")
def _franchise(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    st = game.state
    holder = st.charters.get(space)
    if holder is None:
        st.charters[space] = player
        game.emit(FranchiseClaimed(player=player, space=space))
    elif holder != player:
        owe(game, player, holder, fee_of(game, space), "franchise", space, f"the {game.board.name(space)}")
