"""Figures the rules work out that every player may see: net worth, what each could raise from the bank,
and the rent every owned deed would charge now. Worked out from any `Tabletop`, a view included, so a
client shows them without asking the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.rules.debts import liquidation_value
from engine.rules.rent import model_of, rent_for

if TYPE_CHECKING:
    from engine.core.tabletop import Tabletop


@dataclass(frozen=True)
class RentNow:
    """The rent a visitor would pay on a deed now; `per_pip` when the rent is a multiple of the dice."""

    amount: int
    detail: str
    per_pip: int = 0


@dataclass(frozen=True)
class Facts:
    worth: tuple[int, ...]
    raisable: tuple[int, ...]
    rent: Mapping[int, RentNow] = field(default_factory=dict)


def facts(table: Tabletop) -> Facts:
    board = table.board
    rents: dict[int, RentNow] = {}
    for space in board.deeds:
        deed = table.deeds[space]
        if deed.owner is None:
            continue
        if model_of(board, space).dice:  # a rent that multiplies the visitor's throw
            per_pip, _ = rent_for(table, space, 1)
            rents[space] = RentNow(0, "mortgaged" if deed.mortgaged else f"{per_pip} times the dice", per_pip)
        else:
            amount, detail = rent_for(table, space, 0)
            rents[space] = RentNow(amount, detail)
    players = range(len(table.players))
    return Facts(
        worth=tuple(table.ruleset.ending.worth(table, p) for p in players),
        raisable=tuple(liquidation_value(table, p) for p in players),
        rent=rents,
    )
