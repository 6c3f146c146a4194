"""What a position says about each player's prospects, as the few figures the value of a position is
fitted on (`engine.lookahead.value`).

Every figure is worked out from what the table can see and is put on the table's own scale (the mean
worth of the players still in the game), so that one way of reckoning serves every edition, its prices
and its number of players:

- worth, what he could raise (cash plus everything the bank would pay or lend on), and cash in hand;
- income: the rent his deeds bring in per round from the others (landing odds times the rent as they
  stand), and the same if every complete group of his stood at three houses (what his groups promise);
- outgo: the rent he can expect to pay per round to the others;
- the logarithms and squares of the main ones, so that a plain weighted sum can bend.

Each figure also comes multiplied by the stage of the game and by its square, since what counts changes
as a game goes on: early, what a player holds; later, what it earns.

Who sits in each seat is on show at the table too: a bot's level, when the caller knows it, adds two
marks (an easy bot, a hard one), alone and times the stage. A person, a normal bot and anyone unknown
carry neither, so that the figures for them are those of the average player the fitting games saw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.odds import ROLLS_PER_TURN, odds_for
from engine.rules.debts import liquidation_value
from engine.rules.rent import model_of, rent_at
from engine.tabletop import Tabletop

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
)
"""The figures of one player, in order; `design` gives each alone, times the stage and times its square."""
LEVELS = ("easy", "hard")
"""The bot levels marked apart; `design` gives each mark alone and times the stage."""

STAGE_ROUNDS = 25
"""The stage of a game is its rounds played over this: 1 at round 25 (turn 100 at a table of four)."""
HORIZON_ROUNDS = 10
"""Income and outgo are counted over this many rounds, to put them on the scale of worth."""
PROMISED_HOUSES = 3
"""A complete group's promise: its rent at three houses a lot (or its top level, if lower)."""
WIDTH = 3 * len(NAMES) + 2 * len(LEVELS)

Levels = Sequence[str | None]
"""Each seat's bot level, or None for a person (or a seat whose player is not known)."""


def design(table: Tabletop, levels: Levels | None = None) -> tuple[list[list[float]], list[bool]]:
    """Each player's figures, stage-weighted, and his seat's marks (`WIDTH` numbers each), and who is
    still in the game."""
    figures, alive = raw(table)
    stage = table.round / STAGE_ROUNDS
    stage2 = stage * stage
    rows = []
    for p, f in enumerate(figures):
        level = levels[p] if levels is not None and p < len(levels) else None
        marks = [1.0 if level == name else 0.0 for name in LEVELS]
        rows.append(
            [*f, *(x * stage for x in f), *(x * stage2 for x in f), *marks, *(m * stage for m in marks)]
        )
    return rows, alive


def raw(table: Tabletop) -> tuple[list[list[float]], list[bool]]:
    """Each player's figures (`NAMES`), on the table's scale, and who is still in the game."""
    players = table.players
    n = len(players)
    alive = [not p.bankrupt for p in players]
    ending = table.ruleset.ending
    worth = [float(ending.worth(table, p)) if alive[p] else 0.0 for p in range(n)]
    liquid = [float(players[p].cash + liquidation_value(table, p)) if alive[p] else 0.0 for p in range(n)]
    cash = [float(players[p].cash) if alive[p] else 0.0 for p in range(n)]
    income, promise = _income(table, n)
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
            ]
        )
    return figures, alive


def _income(table: Tabletop, players: int) -> tuple[list[float], list[float]]:
    """Per player, the rent one throw of a rival is expected to pay him, as his deeds stand and as his
    complete groups would stand built to the promised level. (Worked out at the end of every playout: the
    holdings are counted once, not again for each deed as the rent of a single deed is.)"""
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
    for space in board.deeds:
        deed = deeds[space]
        owner = deed.owner
        if owner is None:
            continue
        group = group_of[space]
        count = held[(owner, group)]
        level = deed.level
        if deed.mortgaged:
            rent = 0
        else:  # a built lot's rent does not count the group (as `engine.rules.rent.rent_for`)
            rent = model_of(board, space).at(board, ruleset, space, 0 if level else count, level, 7)[0]
        income[owner] += land[space] * rent
        complete = group is not None and count == len(members[group])
        if promised and level < promised and complete and space in streets:
            rent = rent_at(board, ruleset, space, count, promised)
        promise[owner] += land[space] * rent
    return income, promise
