"""Counting up (Magie, 1904): the game ends when the last player has been round the board the set number
of times, and the wealthiest wins: his lots at their price, his cash, and his luxury tickets at what they
count, less what he owes on loans and plus what other players owe him. Charters and legacy tickets count
nothing. Ties go to the earlier seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.hooks import END_RULES
from engine.rules.endings import Ending, EndReason

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.tabletop import Tabletop


@dataclass(frozen=True, slots=True)
class Count:
    """One player's count: each part, and the total."""

    lots: int
    cash: int
    luxuries: int
    debts: int  # principal he owes, to the bank and to players
    lent: int  # principal other players owe him

    @property
    def total(self) -> int:
        return self.lots + self.cash + self.luxuries - self.debts + self.lent


def luxury_worth(board: Board) -> int:
    """Return what a luxury ticket counts at the end (the figure the luxury spaces print)."""
    return next((s.counts for s in board.spaces if s.counts), 0)


def count_up(table: Tabletop, player: int) -> Count:
    board = table.board
    price = board.price
    lots = sum(price[s] for s, deed in table.deeds.items() if deed.owner == player)
    ps = table.players[player]
    debts = sum(loan.principal for loan in table.loans if loan.borrower == player)
    lent = sum(loan.principal for loan in table.loans if loan.lender == player)
    return Count(
        lots=lots,
        cash=ps.cash + ps.credit,
        luxuries=ps.luxuries * luxury_worth(board),
        debts=debts,
        lent=lent,
    )


@dataclass(frozen=True, slots=True)
class CountAfterCircuits(Ending):
    """Ending rule: the game ends once every player has been round the board the ruleset's number of times."""

    def after_move(self, table: Tabletop) -> EndReason | None:
        limit = table.ruleset.circuits
        if limit is not None and all(p.circuits >= limit for p in table.players if not p.bankrupt):
            return "circuits"
        return None

    def worth(self, table: Tabletop, player: int) -> int:
        return count_up(table, player).total

    def standings(self, table: Tabletop) -> tuple[tuple[int, int], ...]:
        rows = [(p, self.worth(table, p)) for p in range(len(table.players))]
        rows.sort(key=lambda r: (table.players[r[0]].bankrupt, -r[1], r[0]))
        return tuple(rows)


END_RULES.add("count_after_circuits", CountAfterCircuits())
