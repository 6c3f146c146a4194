"""Position features: each player's prospects as the few figures the value of a position is
fitted on (`engine.lookahead.value`).

Every figure is worked out from what the table can see and is put on the table's own scale (the mean
worth of the players still in the game), so that one way of reckoning serves every edition, its prices
and its number of players:

- worth, what he could raise (cash plus everything the bank would pay or lend on), and cash in hand;
- income: the rent his deeds bring in per round from the others (landing odds times the rent as they
  stand), and the same if every complete group of his stood at three houses (what his groups promise);
- outgo: the rent he can expect to pay per round to the others;
- what his complete groups would bring once built with what he can pay for now (`built`): his cash and
  the mortgages of his stray deeds spent on houses, up to three a lot, where a dollar adds the most rent
  first, while the bank has houses; his promise counts three houses whether or not he can pay for them;
- his risk of ruin: the chance in a round of landing where the rent is more than he could raise at all;
- the logarithms and squares of the main ones, so that a plain weighted sum can bend.

Each figure also comes multiplied by the stage of the game and by its square, since what counts changes
as a game goes on: early, what a player holds; later, what it earns. The stage stops growing at
`STAGE_CAP`, where the fitting games thin out: past it the weights would carry a lead to certainty on
rounds they were never fitted on.

Who sits in each seat is on show at the table too: a bot's level, when the caller knows it, adds two
marks (an easy bot, a hard one), alone and times the stage. A person, a normal bot and anyone unknown
carry neither, so that the figures for them are those of the average player the fitting games saw.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from engine.core.tabletop import Tabletop
from engine.play.odds import ROLLS_PER_TURN, odds_for
from engine.rules.debts import liquidation_value
from engine.rules.rent import rent_at

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.ruleset import Ruleset

NAMES = (
    "worth",
    "liquid",
    "cash",
    "income",
    "promise",
    "outgo",
    "log_worth",
    "log_liquid",
    "log_income",
    "log_promise",
    "promise_sq",
    "worth_sq",
    "built",
    "log_built",
    "ruin",
)
"""The figures of one player, in order; `design` gives each alone, times the stage and times its square."""
LEVELS = ("easy", "hard")
"""The bot levels marked apart; `design` gives each mark alone and times the stage."""

STAGE_ROUNDS = 25
"""The stage of a game is its rounds played over this: 1 at round 25 (turn 100 at a table of four)."""
STAGE_CAP = 2.0
"""The stage counts no further than this (round 50): few of the fitting games last longer."""
HORIZON_ROUNDS = 10
"""Income and outgo are counted over this many rounds, to put them on the scale of worth."""
PROMISED_HOUSES = 3
"""A complete group's promise: its rent at three houses a lot (or its top level, if lower)."""
WIDTH = 3 * len(NAMES) + 2 * len(LEVELS)

Levels = Sequence[str | None]
"""Each seat's bot level, or None for a person (or a seat whose player is not known)."""


def design(table: Tabletop, levels: Levels | None = None) -> tuple[list[list[float]], list[bool]]:
    """Return each player's figures, stage-weighted, and his seat's marks (`WIDTH` numbers each), and who is
    still in the game."""
    figures, alive = raw(table)
    stage = min(table.round / STAGE_ROUNDS, STAGE_CAP)
    stage2 = stage * stage
    rows = []
    for p, f in enumerate(figures):
        level = levels[p] if levels is not None and p < len(levels) else None
        marks = [1.0 if level == name else 0.0 for name in LEVELS]
        rows.append(f + [x * stage for x in f] + [x * stage2 for x in f] + marks + [m * stage for m in marks])
    return rows, alive


def raw(table: Tabletop) -> tuple[list[list[float]], list[bool]]:
    """Return each player's figures (`NAMES`), on the table's scale, and who is still in the game."""
    found = measure(table)
    return found.figures, found.alive


class Measured(NamedTuple):
    """Each player's figures (`raw`) with what was counted on the way, for a caller that reads more of the
    table (`engine.learned.features`): the table's scale, and each space's owner and rent as it stands."""

    figures: list[list[float]]
    alive: list[bool]
    scale: float
    """The mean worth of the players still in (at least 1), which the figures are divided by."""
    rent_here: list[tuple[int, int] | None]
    """By space: its owner and the rent a visitor owes there now (0 while mortgaged); None where nobody
    owns a deed."""


def measure(table: Tabletop) -> Measured:
    """Return each player's figures, who is still in, the table's scale and every owned deed's rent."""
    players = table.players
    n = len(players)
    alive = [not p.bankrupt for p in players]
    ending = table.ruleset.ending
    worth = [float(ending.worth(table, p)) if alive[p] else 0.0 for p in range(n)]
    liquid = [float(players[p].cash + liquidation_value(table, p)) if alive[p] else 0.0 for p in range(n)]
    cash = [float(players[p].cash) if alive[p] else 0.0 for p in range(n)]
    income, promise, built, rents, here = _income(table, n)
    rivals = max(1, sum(alive) - 1)
    total = sum(income)
    scale = max(1.0, sum(worth) / max(1, sum(alive)))
    per_round = ROLLS_PER_TURN * HORIZON_ROUNDS / scale
    figures: list[list[float]] = []
    for p in range(n):
        if not alive[p]:
            figures.append([0.0] * len(NAMES))
            continue
        w = worth[p] / scale
        liq = liquid[p] / scale
        inc = income[p] * rivals * per_round
        pro = promise[p] * rivals * per_round
        out = (total - income[p]) * per_round
        bui = built[p] * rivals * per_round
        ruin = ROLLS_PER_TURN * sum(land for owner, rent, land in rents if owner != p and rent > liquid[p])
        figures.append(
            [
                w,
                liq,
                cash[p] / scale,
                inc,
                pro,
                out,
                math.log(max(w, 1e-3)),
                math.log(max(liq, 0.0) + 0.05),
                math.log(inc + 0.1),
                math.log(pro + 0.1),
                pro * pro,
                w * w,
                bui,
                math.log(bui + 0.1),
                ruin,
            ]
        )
    return Measured(figures, alive, scale, here)


_RENTS: dict[tuple[int, int], tuple[Board, Ruleset, Callable[[int, int, int], int]]] = {}
"""Each board's rents by ruleset, by their identities (each held, so that no other object takes its
identity); bounded: emptied when it grows large."""
_RENTS_MOST = 64


def _rents(board: Board, ruleset: Ruleset) -> Callable[[int, int, int], int]:
    """Return the rent of a deed (space, how many of its group held, building level) under a ruleset, each
    worked out once: a rent depends on nothing else, and every playout's end asks for the same few."""
    key = (id(board), id(ruleset))
    hit = _RENTS.get(key)
    if hit is not None and hit[0] is board and hit[1] is ruleset:
        return hit[2]

    @cache
    def rent_of(space: int, held: int, level: int) -> int:
        return rent_at(board, ruleset, space, held, level)

    if len(_RENTS) >= _RENTS_MOST:
        _RENTS.clear()
    _RENTS[key] = (board, ruleset, rent_of)
    return rent_of


Rents = list[tuple[int, int, float]]
"""Each owned deed's owner, its rent as it stands, and the odds of a throw landing there."""


def _income(
    table: Tabletop, players: int
) -> tuple[list[float], list[float], list[float], Rents, list[tuple[int, int] | None]]:
    """Return, per player, the rent one throw of a rival is expected to pay him, as his deeds stand, as his
    complete groups would stand built to the promised level, and as they would stand built with what he
    can pay for now; and every owned deed's rent, in a list and by space. (Worked out at the end of every
    playout: the holdings are counted once, not again for each deed as the rent of a single deed is.)"""
    board = table.board
    land = odds_for(board.edition.id, table.rules).land
    ruleset = table.ruleset
    promised = min(PROMISED_HOUSES, ruleset.max_level)
    income = [0.0] * players
    promise = [0.0] * players
    deeds = table.deeds
    group_of = board.group_of
    members = board.members
    streets = board.streets
    held: dict[tuple[int, str | None], int] = {}
    for space in board.deeds:
        owner = deeds[space].owner
        if owner is not None:
            key = (owner, group_of[space])
            held[key] = held.get(key, 0) + 1
    rent_of = _rents(board, ruleset)
    rents: Rents = []
    here: list[tuple[int, int] | None] = [None] * board.size
    budget = [float(p.cash) for p in table.players]
    buildable: dict[tuple[int, str], list[int]] = {}  # a complete group of streets, short of the promise
    for space in board.deeds:
        deed = deeds[space]
        owner = deed.owner
        if owner is None:
            continue
        group = group_of[space]
        count = held[(owner, group)]
        level = deed.level
        # a built lot's rent does not count the group (as `engine.rules.rent.rent_for`)
        rent = 0 if deed.mortgaged else rent_of(space, 0 if level else count, level)
        income[owner] += land[space] * rent
        rents.append((owner, rent, land[space]))
        here[space] = (owner, rent)
        complete = group is not None and count == len(members[group])
        if promised and level < promised and complete and space in streets and group is not None:
            buildable.setdefault((owner, group), []).append(space)
            rent = rent_of(space, count, promised)
        elif not complete and not level and not deed.mortgaged and ruleset.mortgages:
            budget[owner] += board.mortgage[space]  # a stray deed's mortgage pays for houses
        promise[owner] += land[space] * rent
    built = list(income)
    if buildable:
        _build(table, land, buildable, budget, built)
    return income, promise, built, rents, here


def _build(
    table: Tabletop,
    land: Sequence[float],
    groups: dict[tuple[int, str], list[int]],
    budget: list[float],
    built: list[float],
) -> None:
    """Add to `built` the rent each owner's complete groups gain from houses bought with his `budget`: a
    house on every lot of a group at a time, up to the promised level, the most rent for the dollar first,
    while the bank has houses (a mortgaged lot lifted first)."""
    board, ruleset, deeds = table.board, table.ruleset, table.deeds
    promised = min(PROMISED_HOUSES, ruleset.max_level)
    houses = table.bank.houses
    steps: list[tuple[float, float, int, int, tuple[int, str]]] = []  # -gain/cost, cost, lots, level, group

    def step(key: tuple[int, str], level: int, first: bool) -> None:
        lots = groups[key]
        size = len(board.members[key[1]])
        cost = 0.0
        gain = 0.0
        for space in lots:
            deed = deeds[space]
            now = max(deed.level, level)
            if now >= level + 1:
                continue
            cost += board.house_cost[space]
            if deed.mortgaged and first:
                cost += board.unmortgage_cost(space)
            before = 0 if deed.mortgaged and first else rent_at(board, ruleset, space, size, now)
            gain += land[space] * (rent_at(board, ruleset, space, size, level + 1) - before)
        if cost > 0:
            steps.append((-gain / cost, cost, len(lots), level, key))

    for key, lots in groups.items():
        step(key, min(deeds[s].level for s in lots), True)
    while steps and houses > 0:
        best = min(steps)  # a few groups at most: no need to keep them sorted
        steps.remove(best)
        rate, cost, count, level, key = best
        owner = key[0]
        if cost > budget[owner] or count > houses:
            continue
        budget[owner] -= cost
        houses -= count
        built[owner] += -rate * cost
        if level + 1 < promised:
            step(key, level + 1, False)
