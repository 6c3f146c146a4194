"""The features the learned value reads: a block of numbers for each seat, and a few for the table.

Everything is worked out from what every player can see (cash, deeds, buildings, mortgages, where the
tokens stand, who is in jail), never from the decks' order or another player's face-down cards, so a
seat's value is the same whether it is asked of the game or of that seat's view.

A seat's block (`seat_names`): whether he is still in and whose turn it is; the position figures of
`engine.lookahead.features.raw` (worth, what he could raise, cash, the rent his deeds bring and promise,
the rent he should pay, his risk of ruin, on the table's scale); jail and its cards; the rent he should owe
on his next throw from where he stands; and, for every group of the board in board order, the share of
its deeds he holds, whether he holds it whole, how far its lots stand built and how much of it is
mortgaged; and, where the caller knows it, a mark for an easy bot and one for a hard one in that seat.
The table's block (`table_names`): the stage of the game, the bank's houses and hotels, the
share of every group still for sale, and how many are still in.

The value is asked from one seat's side: the blocks come in turn order starting with that seat
(`encode`), so one network serves every seat.
"""

from __future__ import annotations

import math
from functools import cache

from engine.core.board import Board, board_for
from engine.core.tabletop import Tabletop
from engine.lookahead.features import LEVELS, Levels, measure
from engine.lookahead.features import NAMES as POSITION_NAMES
from engine.play.odds import odds_for

SEATS = 4
"""The seats a learned value is made for: a table of fewer has its empty seats out of the game."""
STAGE_ROUNDS = 25
"""The stage of the game is its rounds over this."""
STAGE_CAP = 4.0
"""The stage counts no further than round 100."""
BANK_HOUSES = 32
BANK_HOTELS = 12
GROUP_FIGURES = ("held", "whole", "built", "mortgaged")
"""Per group of the board, in each seat's block."""


def groups_of(board: Board) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Return the board's groups of deeds in board order, each with its spaces (a deed of no group is its
    own)."""
    return _groups(board.edition.id)


@cache
def _groups(edition: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    board = board_for(edition)
    seen: dict[str, tuple[int, ...]] = {}
    for space in board.deeds:
        group = board.group_of[space]
        key = group if group is not None else f"deed-{space}"
        if key not in seen:
            seen[key] = board.members[group] if group is not None else (space,)
    return tuple(seen.items())


def seat_names(board: Board) -> tuple[str, ...]:
    """Return the names of a seat's block, in order."""
    names = ["alive", "to_move", *POSITION_NAMES, "log_cash", "in_jail", "jail_cards", "next_rent"]
    names.extend(f"level.{level}" for level in LEVELS)
    for group, _ in groups_of(board):
        names.extend(f"{group}.{f}" for f in GROUP_FIGURES)
    return tuple(names)


def table_names(board: Board) -> tuple[str, ...]:
    """Return the names of the table's block, in order."""
    return ("stage", "houses_left", "hotels_left", "in_game", *(f"{g}.for_sale" for g, _ in groups_of(board)))


def width(board: Board) -> tuple[int, int]:
    """Return the length of a seat's block and of the table's."""
    return len(seat_names(board)), len(table_names(board))


def encode(table: Tabletop, levels: Levels | None = None) -> tuple[list[list[float]], list[float]]:
    """Return every seat's block in seat order (`SEATS` of them, empty seats as out of the game), and the
    table's block. `levels` names each seat's bot level where the caller knows it (None for a person or
    a seat not known): a mark for an easy bot and one for a hard one, as the fitted linear value has.

    Asked for every position the learned value judges, every playout's end among them: the deeds are
    counted in one pass over the board, not once for each seat and group."""
    board = table.board
    players = table.players
    n = len(players)
    figures, alive, scale, rent_here = measure(table)
    groups = groups_of(board)
    deeds = table.deeds
    top = max(1, table.ruleset.max_level)
    next_rent = _next_rent(table, alive, scale, rent_here)
    count = len(groups)
    seats = max(n, SEATS)
    held = [[0] * count for _ in range(seats)]  # by seat and group: the lots he holds,
    built = [[0] * count for _ in range(seats)]  # their building levels summed,
    mortgaged = [[0] * count for _ in range(seats)]  # and how many of them are mortgaged
    for_sale = [0] * count
    for g, (_, spaces) in enumerate(groups):
        for s in spaces:
            deed = deeds[s]
            owner = deed.owner
            if owner is None:
                for_sale[g] += 1
                continue
            held[owner][g] += 1
            built[owner][g] += deed.level
            if deed.mortgaged:
                mortgaged[owner][g] += 1
    sizes = [len(spaces) for _, spaces in groups]
    blocks: list[list[float]] = []
    for p in range(SEATS):
        if p >= n or not alive[p]:
            blocks.append([0.0] * (6 + len(POSITION_NAMES) + len(LEVELS) + len(GROUP_FIGURES) * count))
            continue
        player = players[p]
        row = [1.0, 1.0 if table.current == p else 0.0, *figures[p]]
        row.append(math.log(max(player.cash, 0) / scale + 0.05))
        row.append(1.0 if player.in_jail else 0.0)
        row.append(float(min(len(player.jail_cards), 2)))
        row.append(next_rent[p])
        level = levels[p] if levels is not None and p < len(levels) else None
        row.extend(1.0 if level == name else 0.0 for name in LEVELS)
        mine, levels_of, mortgages = held[p], built[p], mortgaged[p]
        for g, size in enumerate(sizes):
            lots = mine[g]
            row.append(lots / size)
            row.append(1.0 if lots == size else 0.0)
            row.append(levels_of[g] / (top * size))
            row.append(mortgages[g] / size)
        blocks.append(row)
    stage = min(table.round / STAGE_ROUNDS, STAGE_CAP)
    bank = table.bank
    glob = [stage, bank.houses / BANK_HOUSES, bank.hotels / BANK_HOTELS, sum(alive) / SEATS]
    glob.extend(free / size for free, size in zip(for_sale, sizes, strict=True))
    return blocks, glob


def _next_rent(
    table: Tabletop, alive: list[bool], scale: float, rent_here: list[tuple[int, int] | None]
) -> list[float]:
    """Return each live player's expected rent to others on his next throw from where he stands, on the
    table's scale (`rent_here`: each space's owner and rent, from `engine.lookahead.features.measure`)."""
    odds = odds_for(table.board.edition.id, table.rules)
    out = [0.0] * len(table.players)
    for p, player in enumerate(table.players):
        if not alive[p]:
            continue
        total = 0.0
        for space, prob in odds.from_space[player.position]:
            here = rent_here[space]
            if here is None or here[0] == p:
                continue
            total += prob * here[1]  # a mortgaged deed's rent is 0: it adds nothing
        out[p] = total / scale
    return out
