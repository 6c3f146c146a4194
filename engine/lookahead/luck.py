"""The luck of a playout's throws: how much more each player got from them than a throw brings on average.

A playout's outcome swings most with where the dice send the tokens: onto a rival's built street, past GO.
For each throw this counts the rent and salary the space reached brings, less the same averaged over the
36 throws. A throw's luck is therefore zero on average whatever came before it, and so is a whole
playout's: an estimate may subtract the part of each outcome that the luck explains (a control variate,
as a backgammon rollout's variance reduction does) and keep an unbiased figure with a narrower interval
(`engine.chances.summary`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from engine.core.state import DeedState, GameState
from engine.core.tabletop import Tabletop
from engine.play.game import Game
from engine.rules.rent import rent_at

THROWS = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36 for t in range(13))
"""The chance of each total of two dice (index 0 and 1: none)."""

Reach = tuple[tuple[int, int, int, float], ...]
"""Where a throw from a space goes: for each total, the space reached, the salary passed and the chance."""


class Luck:
    """Counts each player's luck over one playout at a time (`reset`, then `add` for every throw).

    What a throw brings is read from the table as it stands when the throw is made: the printed rent of the
    space reached and the salary passed on the way. The moves and the rents are worked out once and shared
    by every playout of a position; each depends on the table alone, so a playout's luck is the same
    whichever process plays it."""

    __slots__ = ("board", "group", "members", "reach", "rents", "ruleset", "seats", "sums")

    def __init__(self, table: Tabletop) -> None:
        self.board = table.board
        self.ruleset = table.ruleset
        self.group = self.board.group_of
        self.members = self.board.members
        self.seats = len(table.players)
        self.reach: dict[int, Reach] = {}
        self.rents: dict[tuple[int, int, int, int], int] = {}
        self.sums: list[float] = [0.0] * self.seats

    def reset(self) -> None:
        """Start counting a new playout."""
        self.sums = [0.0] * self.seats

    def add(self, deeds: Mapping[int, DeedState], player: int, space: int, dice: tuple[int, int]) -> None:
        """Count a throw of `player` from `space` (outside jail) that showed `dice`, the table standing as
        `deeds` show it before the token moves."""
        reach = self.reach.get(space)
        if reach is None:
            reach = self.reach[space] = self._reach(space)
        shown = dice[0] + dice[1]
        sums = self.sums
        expected = 0.0  # what the thrower gets on average
        for total, end, pay, chance in reach:
            rent = 0
            deed = deeds.get(end)
            if deed is not None:
                owner = deed.owner
                if owner is not None and owner != player and not deed.mortgaged:
                    rent = self._rent(deeds, end, owner, deed.level, total)
                    sums[owner] -= chance * rent
                    if total == shown:
                        sums[owner] += rent
            expected += chance * (pay - rent)
            if total == shown:
                sums[player] += pay - rent
        sums[player] -= expected

    def _rent(self, deeds: Mapping[int, DeedState], space: int, owner: int, level: int, total: int) -> int:
        """Return the printed rent of a deed as its owner holds it (a built lot's leaves the group out)."""
        held = 0
        if not level:
            group = self.group[space]
            held = 1 if group is None else sum(1 for s in self.members[group] if deeds[s].owner == owner)
        key = (space, held, level, total)
        rent = self.rents.get(key)
        if rent is None:
            rent = self.rents[key] = rent_at(self.board, self.ruleset, space, held, level, total)
        return rent

    def _reach(self, space: int) -> Reach:
        board = self.board
        track = self.ruleset.track
        out = []
        for total in range(2, 13):
            hop = track.glide(space, total, 1)
            if hop is None:  # a track with forks (the add-on board's): no single space, counted as nothing
                continue
            end, path = hop
            pay = sum(board.pays[s] for s in board.pay_spaces if s in path)
            out.append((total, end, pay, THROWS[total]))
        return tuple(out)


class CountedGame(Game):
    """A game whose every throw of the dice is counted in a `Luck`: a playout's. A throw is counted as the
    player whose turn it is throwing from where he stands (outside jail), whatever the throw is for."""

    __slots__ = ("luck",)

    def __init__(self, state: GameState, luck: Luck) -> None:
        super().__init__(state, initial=state)
        self.luck = luck

    def roll(self) -> tuple[int, int]:
        st = self.state
        thrower = st.current
        ps = st.players[thrower]
        if ps.in_jail:
            return super().roll()
        dice = super().roll()  # the dice drawn, nothing moved yet
        self.luck.add(st.deeds, thrower, ps.position, dice)
        return dice


class Fitted(NamedTuple):
    """One seat's figure with the luck taken out: its mean, the standard error of that mean, and what is
    left of each playout's outcome (its deviation the luck does not explain)."""

    mean: float
    error: float
    residuals: list[float]


def adjusted(outcomes: Sequence[Sequence[float]], luck: Sequence[Sequence[float]]) -> list[Fitted] | None:
    """Return each seat's mean outcome less the part of it the playouts' luck explains, and the standard
    error of that mean; None where the playouts are too few to fit it.

    Each seat's outcomes are fitted on every seat's luck by least squares (the luck's columns made
    orthogonal one by one, a column that adds nothing left out); since the luck's true mean is zero, the
    figure is the outcomes' mean less the fit at the luck's mean. Fitted on the same columns, the seats'
    figures still add up as their outcomes do (to one)."""
    n = len(outcomes)
    if n != len(luck) or not n:
        return None
    seats = len(luck[0])
    if n < seats + 3:
        return None
    basis: list[tuple[list[float], float, float]] = []  # a centred column, its own mean, its squared length
    for column in range(seats):
        values = [row[column] for row in luck]
        mean = sum(values) / n
        v = [x - mean for x in values]
        length = math.fsum(x * x for x in v)
        if length <= 1e-9:
            continue  # no luck to speak of in this seat (out of the game, or nothing within reach)
        for q, q_mean, q_length in basis:
            c = math.fsum(a * b for a, b in zip(q, v, strict=True)) / q_length
            v = [a - c * b for a, b in zip(v, q, strict=True)]
            mean -= c * q_mean
        left = math.fsum(x * x for x in v)
        if left <= 1e-9 * length:
            continue  # what this column says the others say already
        basis.append((v, mean, left))
    dof = n - 1 - len(basis)
    out = []
    for seat in range(len(outcomes[0])):
        xs = [row[seat] for row in outcomes]
        mean = sum(xs) / n
        r = [x - mean for x in xs]
        for q, q_mean, q_length in basis:
            c = math.fsum(a * b for a, b in zip(q, r, strict=True)) / q_length
            r = [a - c * b for a, b in zip(r, q, strict=True)]
            mean -= c * q_mean
        out.append(Fitted(mean, math.sqrt(math.fsum(x * x for x in r) / dof / n), r))
    return out
