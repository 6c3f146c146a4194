"""A bot's reading of what it sees: the view flattened into plain per-space and per-player lists.

Built once per decision from the `GameView` alone, so every strategy reads the table the same way and a
hypothetical trade is only a changed copy of two lists (`owner`, `funds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.board import Board, board_for
from engine.bots.odds import ROLLS_PER_TURN, Odds, odds_for
from engine.edition import Tax
from engine.variants import variant_for
from engine.view import GameView


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-edition figures the bots look up on every decision."""

    board: Board
    odds: Odds
    group_names: dict[str, str]  # group id -> "Orange"
    street_groups: tuple[str, ...]  # group ids that take buildings
    lots: dict[str, tuple[int, ...]]  # street group -> lots, the most lucrative first
    income_tax: Tax | None  # the tax that offers a choice, if any


@cache
def tables_for(edition: str) -> Tables:
    board = board_for(edition)
    odds = odds_for(edition)
    groups = board.edition.groups
    street = tuple(g for g, grp in groups.items() if grp.rent_model == "ladder")
    lots = {
        g: tuple(sorted(board.members[g], key=lambda s: -odds.land[s] * board.rent[s][3])) for g in street
    }
    choice = next((t for t in board.edition.taxes.values() if t.percent is not None), None)
    return Tables(
        board=board,
        odds=odds,
        group_names={g: grp.name for g, grp in groups.items()},
        street_groups=street,
        lots=lots,
        income_tax=choice,
    )


class Position:
    """Everything a decision reads, for the seat `me`."""

    __slots__ = (
        "bank_hotels",
        "bank_houses",
        "board",
        "funds",
        "hotel",
        "houses",
        "in_jail",
        "jail_cards",
        "jail_turns",
        "me",
        "mortgaged",
        "owner",
        "players",
        "rivals",
        "tables",
        "top",
        "turn",
        "view",
    )

    def __init__(self, view: GameView, me: int) -> None:
        self.view = view
        self.me = me
        self.tables = tables_for(view.edition)
        board = self.board = self.tables.board
        self.top = variant_for(board.edition, view.rules).houses_before_hotel
        size = board.size
        self.owner: list[int | None] = [None] * size
        self.mortgaged = [False] * size
        self.houses = [0] * size
        self.hotel = [False] * size
        for space, deed in view.deeds.items():
            self.owner[space] = deed.owner
            self.mortgaged[space] = deed.mortgaged
            self.houses[space] = deed.houses
            self.hotel[space] = deed.hotel
        ps = view.players
        self.players = [i for i, p in enumerate(ps) if not p.bankrupt]
        self.rivals = [i for i in self.players if i != me]
        self.funds = [p.cash + p.credit for p in ps]
        self.jail_cards = [len(p.jail_cards) for p in ps]
        self.in_jail = [p.in_jail for p in ps]
        self.jail_turns = [p.jail_turns for p in ps]
        self.bank_houses = view.bank.houses
        self.bank_hotels = view.bank.hotels
        self.turn = view.turn

    # --- plain questions about the table -------------------------------------------------------

    def level(self, space: int) -> int:
        """Houses on a lot; a hotel counts one more than the most houses a lot may hold."""
        return self.top + 1 if self.hotel[space] else self.houses[space]

    def rent_index(self, space: int) -> int:
        """Index into the printed rent ladder for the lot as it stands (5 is the hotel)."""
        return 5 if self.hotel[space] else self.houses[space]

    def group(self, space: int) -> str:
        g = self.board.group_of[space]
        assert g is not None
        return g

    def built(self, group: str) -> bool:
        return any(self.houses[s] or self.hotel[s] for s in self.board.members[group])

    def owns_all(self, player: int, group: str, owner: list[int | None] | None = None) -> bool:
        own = self.owner if owner is None else owner
        return all(own[s] == player for s in self.board.members[group])

    def deeds_of(self, player: int) -> list[int]:
        return [s for s in self.board.deeds if self.owner[s] == player]

    def unowned(self) -> int:
        return sum(1 for s in self.board.deeds if self.owner[s] is None)

    def opponents(self, player: int) -> int:
        return max(1, len(self.players) - 1)

    def rent_now(self, space: int, visitor: int) -> int:
        """What `visitor` would owe for stopping on `space` now (utilities at the average throw of 7)."""
        owner = self.owner[space]
        if owner is None or owner == visitor or self.mortgaged[space]:
            return 0
        board = self.board
        group = self.group(space)
        grp = board.edition.groups[group]
        if grp.rent_model == "ladder":
            idx = self.rent_index(space)
            base = board.rent[space][idx]
            if idx == 0 and self.owns_all(owner, group):
                base *= 2
            return base
        held = sum(1 for s in board.members[group] if self.owner[s] == owner)
        if grp.rent_model == "count_tiers":
            assert grp.tiers is not None
            return grp.tiers[held - 1]
        assert grp.multipliers is not None
        return grp.multipliers[held - 1] * 7

    def board_danger(self, player: int) -> float:
        """Expected rent per throw anywhere on the board, as the table stands."""
        land = self.tables.odds.land
        return sum(land[s] * self.rent_now(s, player) for s in self.board.deeds)

    def rolls_per_turn(self) -> float:
        return ROLLS_PER_TURN


def percent_tax(pos: Position, player: int, tax: Tax) -> int:
    """The percentage option of the income tax, totalled the edition's way (as `engine.taxes` does)."""
    board = pos.board
    value = board.price if tax.worth == "printed_prices" else board.mortgage
    total = pos.funds[player]
    for s in board.deeds:
        if pos.owner[s] == player:
            hc = board.house_cost[s]
            total += value[s] + ((pos.top + 1) * hc if pos.hotel[s] else pos.houses[s] * hc)
    assert tax.percent is not None
    return (total * tax.percent + 50) // 100
