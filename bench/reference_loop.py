"""The yardstick for the engine's speed: a bare command-driven game loop of reduced rules, in plain Python.

Four players throw two dice from a PCG32 stream, move round a 40-space ring collecting the salary, pay
the printed base rent on deeds they do not own or buy them while cash lasts, go to jail from the corner
and leave it by the fine; every step is a frozen command sent through a dispatch table and answered with
an event. No auctions, building, cards, trades, debts or checks: the floor any engine in Python stands on.

`bench/engine.py` runs it beside the real engine in the same process and prints the ratio.
"""

from __future__ import annotations

from dataclasses import dataclass

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1

PRICE = (0, 60, 0, 60, 0, 200, 100, 0, 100, 120, 0, 140, 150, 140, 160, 200, 180, 0, 180, 200,
         0, 220, 0, 220, 240, 200, 260, 260, 150, 280, 0, 300, 300, 0, 320, 200, 0, 350, 0, 400)  # fmt: skip
RENT = tuple(p // 10 for p in PRICE)
GO_TO_JAIL, JAIL, SALARY, FINE = 30, 10, 200, 50


@dataclass(frozen=True, slots=True)
class Roll:
    player: int


@dataclass(frozen=True, slots=True)
class End:
    player: int


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    player: int
    amount: int = 0


class Loop:
    """One game: state in plain lists, one PRNG, the commands' handlers in a table."""

    def __init__(self, seed: int, players: int = 4) -> None:
        self.state = 0
        self.inc = (54 << 1) | 1
        self.state = (self.state * _MULT + self.inc) & _MASK64
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.state = (self.state * _MULT + self.inc) & _MASK64
        self.cash = [1500] * players
        self.pos = [0] * players
        self.jailed = [False] * players
        self.owner: list[int | None] = [None] * 40
        self.current = 0
        self.events: list[Event] = []
        self.handlers = {Roll: self._roll, End: self._end}

    def _die(self) -> int:
        while True:
            old = self.state
            self.state = (old * _MULT + self.inc) & _MASK64
            x = (((old >> 18) ^ old) >> 27) & _MASK32
            rot = old >> 59
            r = ((x >> rot) | (x << ((-rot) & 31))) & _MASK32
            if r < 4294967292:  # the largest multiple of 6 below 2**32: no bias
                return r % 6 + 1

    def apply(self, cmd: Roll | End) -> None:
        self.handlers[type(cmd)](cmd)

    def _roll(self, cmd: Roll) -> None:
        p = cmd.player
        d1, d2 = self._die(), self._die()
        self.events.append(Event("rolled", p, d1 + d2))
        if self.jailed[p]:
            self.jailed[p] = False
            self.cash[p] -= FINE
            self.events.append(Event("fine", p, FINE))
        to = self.pos[p] + d1 + d2
        if to >= 40:
            to -= 40
            self.cash[p] += SALARY
            self.events.append(Event("salary", p, SALARY))
        self.pos[p] = to
        self.events.append(Event("moved", p, to))
        if to == GO_TO_JAIL:
            self.pos[p] = JAIL
            self.jailed[p] = True
            self.events.append(Event("jailed", p))
            return
        owner = self.owner[to]
        if owner is None:
            if PRICE[to] and self.cash[p] >= PRICE[to] + 200:
                self.owner[to] = p
                self.cash[p] -= PRICE[to]
                self.events.append(Event("bought", p, PRICE[to]))
        elif owner != p:
            rent = min(RENT[to], self.cash[p])
            self.cash[p] -= rent
            self.cash[owner] += rent
            self.events.append(Event("rent", p, rent))

    def _end(self, cmd: End) -> None:
        self.current = (cmd.player + 1) % len(self.cash)
        self.events.clear()


def play(games: int, rolls_per_game: int = 200, seed: int = 1) -> int:
    """Play `games` games of `rolls_per_game` throws; return the throws made."""
    total = 0
    for g in range(games):
        loop = Loop(seed * 1_000_003 + g)
        rolls = [Roll(p) for p in range(4)]
        ends = [End(p) for p in range(4)]
        for _ in range(rolls_per_game):
            p = loop.current
            loop.apply(rolls[p])
            loop.apply(ends[p])
            total += 1
    return total
