"""A bot's reading of what it sees: the view flattened into plain per-space and per-player lists.

Built once per decision from the `GameView` alone, so every strategy reads the table the same way and a
hypothetical trade is only a changed copy of two lists (`owner`, `funds`). Every rule figure (rent, tax,
what a sale brings) is asked of the engine's queries on the view; nothing here works a rule out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.core.board import Board, Holders, board_for, holders_of
from engine.core.edition import Tax
from engine.core.options import RuleOptions
from engine.core.ruleset import Ruleset
from engine.play.odds import ROLLS_PER_TURN, Odds, odds_for
from engine.play.rulebook import ruleset_for
from engine.play.view import GameView
from engine.queries import model_of, rent_at

THIRD_HOUSE = 3
PLENTY = 4
"""Times the table's starting cash above which the table is awash with cash: a board whose prizes pay out
more than its rents take in (the add-on's triple play), where cash no longer decides who goes under."""


class PaidLevels(NamedTuple):
    """A complete group's levels above the buildings it has, as the bots weigh them (`valuation`)."""

    best: tuple[tuple[int, float], ...]
    """For n = 0, 1, ... levels paid for outright, the best of them and its net worth (the added rent over
    the horizon less the price; none: the buildings it has, and 0)."""
    most: float
    """The most rent over the horizon any of the levels adds (0 at least)."""
    rows: tuple[tuple[int, float, int], ...]
    """Each level: its buildings, the rent over the horizon it adds, and what it costs to get there."""


@dataclass(frozen=True, slots=True)
class EditionFigures:
    """Per-edition figures the bots look up on every decision, computed once."""

    board: Board
    odds: Odds
    group_names: dict[str, str]  # group id -> "Orange"
    street_groups: tuple[str, ...]  # group ids that take buildings
    other_groups: tuple[str, ...]  # the rest: railroads, utilities and their like
    dice_groups: frozenset[str]  # groups whose rent multiplies the visitor's throw
    lots: dict[str, tuple[int, ...]]  # street group -> lots, the most lucrative first
    income_tax: Tax | None  # the tax that offers a choice, if any
    # street group -> rent per opponent roll with h buildings spread evenly (h = 0 .. lots x the highest
    # level, the extra ones on the most lucrative lots), and the price of one building there
    development: dict[str, tuple[tuple[float, ...], int]]
    single: dict[str, float]  # street group -> rent per opponent roll of its lots held apart
    rank: dict[str, int]  # street group -> its place by what building it up earns per dollar
    memo: dict[tuple[str, float], float]  # (group, rent factor) -> its full worth, worked out once
    lots_alone: bool  # no colour groups: every lot is bought, built and valued on its own
    landlord: bool  # lots are bought or rented from a treasury (Magie's 1904 game)
    ruleset: Ruleset
    lift: tuple[int, ...]  # by space: what lifting its mortgage costs (0 where there is no deed)
    rents: dict[tuple[int, int, int], int]  # (space, lots of its group held, level) -> its rent
    # (street group, rent factor, buildings now, level the bank's stock allows) -> its levels as the bots
    # weigh them (`engine.bots.valuation.PaidLevels`)
    paid_levels: dict[tuple[str, float, int, int], PaidLevels]
    # each street group with its lots (in board order) and a function that reads their holders off a list of
    # holders by space in one call: an appraisal skips at once the groups a player holds nothing of
    street_holders: tuple[tuple[str, tuple[int, ...], Holders], ...]
    holders: dict[str, Holders]  # every group's, by its id

    def rent(self, space: int, held: int, level: int = 0) -> int:
        """Return a deed's rent for a holding, dice rents at the average throw (`engine.queries.rent_at`),
        kept once worked out: the bots ask for the same few holdings at every decision."""
        key = (space, held, level)
        found = self.rents.get(key)
        if found is None:
            found = self.rents[key] = rent_at(self.board, self.ruleset, space, held, level)
        return found


def figures_for(edition: str, rules: RuleOptions) -> EditionFigures:
    """Return the figures of an edition played by these rule options, worked out once for equal options.

    Every decision asks: they are found by the game's ruleset, which equal options share and which is
    itself found by the options object's identity, without hashing the options' fields."""
    ruleset = ruleset_for(edition, rules)
    found = _FIGURES.get(id(ruleset))
    if found is None or found.ruleset is not ruleset:
        found = _FIGURES[id(ruleset)] = _figures(edition, rules, ruleset)
    return found


_FIGURES: dict[int, EditionFigures] = {}
"""The figures by their ruleset's identity (a ruleset, once resolved, is kept for good: one for equal
options)."""


def _figures(edition: str, rules: RuleOptions, ruleset: Ruleset) -> EditionFigures:
    board = board_for(edition)
    odds = odds_for(edition, rules)
    groups = board.edition.groups
    street = tuple(g for g in groups if board.members[g] in board.street_groups)
    dice = frozenset(g for g in groups if model_of(board, board.members[g][0]).dice)
    three = min(THIRD_HOUSE, ruleset.max_level)

    def lucrative(s: int) -> float:
        return -odds.land[s] * rent_at(board, ruleset, s, len(board.members[board.group_of[s] or ""]), three)

    lots = {g: tuple(sorted(board.members[g], key=lucrative)) for g in street}
    choice = next((t for t in board.edition.taxes.values() if t.percent is not None), None)
    development = {g: _development(board, ruleset, odds, lots[g]) for g in street}
    single = {g: sum(odds.land[s] * rent_at(board, ruleset, s, 1) for s in board.members[g]) for g in street}

    def per_dollar(group: str) -> float:
        incomes, cost = development[group]
        h = min(len(incomes) - 1, THIRD_HOUSE * len(board.members[group]))
        return (incomes[h] - incomes[0]) / (h * cost)

    ranked = sorted(street, key=per_dollar, reverse=True)
    holders = {g: holders_of(board.members[g]) for g in groups}
    return EditionFigures(
        board=board,
        odds=odds,
        group_names={g: grp.name for g, grp in groups.items()},
        street_groups=street,
        other_groups=tuple(g for g in groups if g not in street),
        dice_groups=dice,
        lots=lots,
        income_tax=choice,
        development=development,
        single=single,
        rank={g: i for i, g in enumerate(ranked)},
        memo={},
        lots_alone=not board.edition.colour_groups,
        landlord="lot" in board.kinds,
        ruleset=ruleset,
        lift=tuple(board.unmortgage_cost(s) if board.price[s] else 0 for s in range(board.size)),
        rents={},
        paid_levels={},
        street_holders=tuple((g, board.members[g], holders[g]) for g in street),
        holders=holders,
    )


def _development(
    board: Board, ruleset: Ruleset, odds: Odds, lots: tuple[int, ...]
) -> tuple[tuple[float, ...], int]:
    land = odds.land
    n = len(lots)
    incomes = []
    for h in range(n * ruleset.max_level + 1):
        q, r = divmod(h, n)
        incomes.append(
            sum(land[s] * rent_at(board, ruleset, s, n, q + 1 if i < r else q) for i, s in enumerate(lots))
        )
    return tuple(incomes), board.house_cost[lots[0]]


class Position:
    """The bot's flattened view of the table for one decision, for the seat `me`."""

    __slots__ = (
        "_opponents",
        "_rent",
        "bank_hotels",
        "bank_houses",
        "board",
        "built_groups",
        "funds",
        "hands",
        "in_jail",
        "jail_cards",
        "jail_turns",
        "levels",
        "me",
        "memo",
        "mortgaged",
        "owner",
        "players",
        "rivals",
        "rules",
        "starting_cash",
        "tables",
        "top",
        "turn",
        "view",
    )

    def __init__(self, view: GameView, me: int) -> None:
        self.view = view
        self.me = me
        self.tables = figures_for(view.edition, view.rules)
        board = self.board = self.tables.board
        self.rules: Ruleset = view.ruleset
        self.top = self.rules.houses_before_hotel
        size = board.size
        owner: list[int | None] = [None] * size
        mortgaged = [False] * size
        levels = [0] * size
        built: set[str] = set()  # the groups with a building on any lot
        group_of = board.group_of
        for space, deed in view.deeds.items():
            owner[space] = deed.owner
            mortgaged[space] = deed.mortgaged
            level = levels[space] = deed.level
            if level:
                built.add(group_of[space])  # type: ignore[arg-type]
        self.owner, self.mortgaged, self.levels, self.built_groups = owner, mortgaged, levels, built
        ps = view.players
        self.players = [i for i, p in enumerate(ps) if not p.bankrupt]
        self.rivals = [i for i in self.players if i != me]
        self._opponents = max(1, len(self.players) - 1)  # asked by every appraisal
        self.funds = [p.cash + p.credit for p in ps]
        self.jail_cards = [len(p.jail_cards) for p in ps]
        self.hands = [p.hand for p in ps]  # cards held ("deck/card"; another's face-down: "deck/?")
        self.starting_cash = self.rules.starting_funds(len(ps), view.rules)[0]
        self.in_jail = [p.in_jail for p in ps]
        self.jail_turns = [p.jail_turns for p in ps]
        self.bank_houses = view.bank.houses
        self.bank_hotels = view.bank.hotels
        self.turn = view.turn
        self._rent: list[int | None] | None = None
        self.memo: dict[object, object] = {}  # figures worked out once for this decision

    # --- plain questions about the table -------------------------------------------------------

    def level(self, space: int) -> int:
        """Return a lot's building level (a hotel counts one more than the most houses a lot may hold)."""
        return self.levels[space]

    def group(self, space: int) -> str:
        g = self.board.group_of[space]
        assert g is not None
        return g

    def built(self, group: str) -> bool:
        return group in self.built_groups

    def owns_all(self, player: int, group: str, owner: list[int | None] | None = None) -> bool:
        own = self.owner if owner is None else owner
        return all(own[s] == player for s in self.board.members[group])

    def deeds_of(self, player: int) -> list[int]:
        return [s for s in self.board.deeds if self.owner[s] == player]

    def unowned(self) -> int:
        return sum(1 for s in self.board.deeds if self.owner[s] is None)

    def opponents(self, player: int) -> int:
        return self._opponents

    def rent_now(self, space: int, visitor: int) -> int:
        """Return what `visitor` would owe for stopping on `space` now (utilities at the average throw of 7),
        as the engine reckons it; worked out once per decision for each deed asked about."""
        owner = self.owner[space]
        if owner is None or owner == visitor:
            return 0
        rents = self._rent
        if rents is None:
            rents = self._rent = [None] * self.board.size
        rent = rents[space]
        if rent is None:
            rent = rents[space] = self._rent_due(space, owner)
        return rent

    def _rent_due(self, space: int, owner: int) -> int:
        """Return the rent anyone but `owner` owes on `space` now, as `engine.queries.rent_due` reckons it
        from the table: nothing on a mortgaged deed, nor (if the rule is off) while its owner is in jail."""
        if self.mortgaged[space] or (self.in_jail[owner] and not self.view.rules.rent_in_jail):
            return 0
        level = self.levels[space]
        if level:
            return self.tables.rent(space, 0, level)  # a built lot's rent does not count the group
        group = self.board.group_of[space]
        assert group is not None
        return self.tables.rent(space, self.tables.holders[group](self.owner).count(owner))

    def board_danger(self, player: int) -> float:
        """Return the expected rent per throw anywhere on the board, as the table stands."""
        land = self.tables.odds.land
        return sum(land[s] * self.rent_now(s, player) for s in self.board.deeds)

    def rolls_per_turn(self) -> float:
        return ROLLS_PER_TURN

    def awash(self) -> bool:
        """Whether the table is awash with cash. Then holding houses back starves nobody and waiting for a
        one-trade deal may never end: what only scarcity justified no longer pays."""
        return sum(self.funds[p] for p in self.players) > PLENTY * self.starting_cash * len(self.view.players)
