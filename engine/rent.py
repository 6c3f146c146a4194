"""Rent: one small function per rent model, named by the group in the edition data."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

RentModel = Callable[["Game", int, int, int, int], tuple[int, str]]


def owned_in_group(game: Game, owner: int, group: str) -> int:
    """How many deeds of a group one player holds, mortgaged ones included."""
    deeds = game.state.deeds
    return sum(1 for s in game.board.members[group] if deeds[s].owner == owner)


def full_group(game: Game, owner: int, group: str) -> bool:
    deeds = game.state.deeds
    return all(deeds[s].owner == owner for s in game.board.members[group])


def _ladder(game: Game, space: int, owner: int, dice_total: int, multiplier: int) -> tuple[int, str]:
    deed = game.state.deeds[space]
    ladder = game.board.rent[space]
    if deed.hotel:
        return ladder[5] * multiplier, "with a hotel"
    if deed.houses:
        return ladder[deed.houses] * multiplier, f"with {deed.houses} house{'s' if deed.houses > 1 else ''}"
    group = game.board.group_of[space]
    assert group is not None
    if full_group(game, owner, group):
        return ladder[0] * 2 * multiplier, "double rent for the full group"
    return ladder[0] * multiplier, ""


def _count_tiers(game: Game, space: int, owner: int, dice_total: int, multiplier: int) -> tuple[int, str]:
    group = game.board.group_of[space]
    assert group is not None
    tiers = game.board.edition.groups[group].tiers
    assert tiers is not None
    n = owned_in_group(game, owner, group)
    detail = f"the owner holds {n} of {len(game.board.members[group])}"
    if multiplier != 1:
        detail += ", paid twice" if multiplier == 2 else f", paid {multiplier} times"
    return tiers[n - 1] * multiplier, detail


def _dice_multiplier(game: Game, space: int, owner: int, dice_total: int, times: int) -> tuple[int, str]:
    """`times` is the card's own multiplier (nearest utility: 10); 0 means the deed's figure."""
    group = game.board.group_of[space]
    assert group is not None
    if not times:
        mults = game.board.edition.groups[group].multipliers
        assert mults is not None
        times = mults[owned_in_group(game, owner, group) - 1]
    return times * dice_total, f"{times} times the {dice_total} thrown"


RENT_MODELS: dict[str, RentModel] = {
    "ladder": _ladder,
    "count_tiers": _count_tiers,
    "dice_multiplier": _dice_multiplier,
}


def rent_for(game: Game, space: int, dice_total: int, multiplier: int = 1, times: int = 0) -> tuple[int, str]:
    """The rent a visitor owes on `space` now (the deed's owner and state as they stand)."""
    deed = game.state.deeds[space]
    if deed.owner is None or deed.mortgaged:
        return 0, "mortgaged" if deed.mortgaged else ""
    group = game.board.group_of[space]
    assert group is not None
    model = game.board.edition.groups[group].rent_model
    if model == "dice_multiplier":
        return RENT_MODELS[model](game, space, deed.owner, dice_total, times)
    return RENT_MODELS[model](game, space, deed.owner, dice_total, multiplier)
