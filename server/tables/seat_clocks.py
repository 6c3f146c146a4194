"""Table clocks: each person's time bank, and when the time of the person the table waits on is up.

Arithmetic alone, told the time (`now`, in seconds) by the table, which holds the one timer. A room made
with a clock gives each person a bank (`bank` seconds) that runs only while the table waits on one of his
decisions (his roll, a deed to buy, a bid, an answer to an offer, a way out of jail...): never while bots or
other people decide. Each new decision tops the bank up by `added` seconds, never above what it started
with, so a quick player keeps a full bank and a slow one is held to the seconds added. An auction asks its
bidders in turn, so one bank runs at a time there too. A person who is away (no session at the table) is
also held to the room's turn timer, counted from when the table began to wait on him while away; a room
without a clock has only that.

The banks are kept across a restart of the server (`kept`, `take_back`): each seat's seconds and the
decision the last top-up was for, so that a decision under way is not topped up twice. The turn timer of a
person away is not: a restart sends everyone away, and the table pauses until one of them is back.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from server.tables.move_words import MoveAsked

RECLAIM_GRACE = 10
"""The fewest seconds a person finds in his bank when he takes his seat back from a stand-in."""


@dataclass(frozen=True)
class Waiting:
    """The running clock's owner: the person the table waits on, and whether he is away."""

    seat: int
    away: bool = False


class SeatClocks:
    """The time banks of one table's people and the running clock."""

    def __init__(self, bank: int, added: int, turn_timer: float, seats: Iterable[int]) -> None:
        self.bank = max(0, bank)
        self.added = max(0, added)
        self.turn_timer = turn_timer
        self._left: dict[int, float] = {seat: float(self.bank) for seat in seats} if self.bank else {}
        self._waiting: Waiting | None = None
        self._since = 0.0  # when the running bank was last charged
        self._away_since = 0.0  # when the table began to wait on the person away
        self._decision: Hashable = None  # the decision the table waits on, whoever makes it
        self._topped = False  # its person's bank was topped up for it

    @property
    def banks(self) -> bool:
        """Whether the room has time banks (else only the turn timer for the away)."""
        return self.bank > 0

    @property
    def waiting(self) -> Waiting | None:
        return self._waiting

    def follow(self, now: float, decision: Hashable, waiting: Waiting | None) -> None:
        """Update what the table waits on now (`decision`: the same value for as long as it is one decision)
        and whose clock runs (`waiting`; None while a bot decides, a stand-in plays, or the table rests)."""
        self._charge(now)
        if decision != self._decision:
            self._decision, self._topped = decision, False
        if waiting is not None and self.banks and not self._topped:
            self._left[waiting.seat] = min(float(self.bank), self._left.get(waiting.seat, 0.0) + self.added)
            self._topped = True
        before = self._waiting
        if waiting is not None and waiting.away and (before is None or before != waiting):
            self._away_since = now
        self._waiting = waiting

    def _charge(self, now: float) -> None:
        waiting = self._waiting
        if waiting is not None and self.banks:
            spent = max(0.0, now - self._since)
            self._left[waiting.seat] = max(0.0, self._left.get(waiting.seat, 0.0) - spent)
        self._since = now

    def left(self, seat: int, now: float) -> float | None:
        """Return the seat's bank now, in seconds (None: the room has no banks)."""
        if not self.banks:
            return None
        left = self._left.get(seat, 0.0)
        if self._waiting is not None and self._waiting.seat == seat:
            left -= max(0.0, now - self._since)
        return max(0.0, left)

    def time_up_in(self, now: float) -> float | None:
        """Return the seconds until the time of the person the table waits on is up (None: it never is: he is
        here and the room has no banks, or nobody's clock runs)."""
        waiting = self._waiting
        if waiting is None:
            return None
        times = []
        left = self.left(waiting.seat, now)
        if left is not None:
            times.append(left)
        if waiting.away:
            times.append(self._away_since + self.turn_timer - now)
        return max(0.0, min(times)) if times else None

    def out_of_time(self, seat: int, now: float) -> bool:
        """Whether the seat's bank has run out."""
        left = self.left(seat, now)
        return left is not None and left <= 0.0

    def reclaim(self, seat: int) -> None:
        """Give the person his seat back from a stand-in bot: his bank holds at least the seconds added at a
        decision (`RECLAIM_GRACE` at least), so that it does not run out the moment he is back."""
        if self.banks:
            grace = min(float(self.bank), float(max(self.added, RECLAIM_GRACE)))
            self._left[seat] = max(self._left.get(seat, 0.0), grace)

    def kept(self, now: float) -> dict[str, Any]:
        """Return the banks as they stand at `now`, to be written beside the table's save."""
        decision = self._decision
        return {
            "left": {str(seat): round(self.left(seat, now) or 0.0, 2) for seat in sorted(self._left)},
            "decision": list(decision) if isinstance(decision, tuple) and _scalars(decision) else None,
            "topped": self._topped,
        }

    def take_back(self, raw: Any) -> bool:
        """Restore the banks as `kept` wrote them (the table pauses meanwhile: nobody's runs); False, and the
        banks as they were, when `raw` is not what `kept` writes for this table's seats."""
        if not isinstance(raw, dict) or not isinstance(raw.get("left"), dict):
            return False
        taken: dict[int, float] = {}
        for key, value in raw["left"].items():
            seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 4 else None
            if seat not in self._left or not _seconds(value):
                return False
            taken[seat] = min(float(self.bank), max(0.0, float(value)))
        decision = raw.get("decision")
        if decision is not None and not (
            isinstance(decision, list) and len(decision) <= 4 and _scalars(decision)
        ):
            return False
        self._left.update(taken)
        self._decision = tuple(decision) if decision is not None else None
        self._topped = raw.get("topped") is True and decision is not None
        self._waiting = None
        return True


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _scalars(values: Iterable[Any]) -> bool:
    """Return the whole numbers and short strings that identify a decision (`TableClocks.review`)."""
    return all(
        (isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**31)
        or (isinstance(v, str) and len(v) <= 40)
        for v in values
    )


@dataclass(frozen=True)
class SeatTime:
    """One person's clock as every screen at the table shows it."""

    seat: int
    name: str
    left: float | None  # seconds: his bank, or for the one waited on the time until a bot decides
    waited: bool  # the table waits on him
    away: bool  # no session of his is at the table
    bot: bool  # a stand-in plays for him


@dataclass(frozen=True)
class VoteFace:
    """A snapshot of a vote under way, as the screens show it."""

    number: int
    caller: str
    target: int
    target_name: str
    voters: frozenset[int]
    answered: frozenset[int]
    tally: str
    yes: int
    needed: int
    turn_based: bool = False  # a vote on repeated absence, open for the room's hours a move


@dataclass(frozen=True)
class DueMove:
    """The move a turn-based table waits on: whose (his seat and name), what it is, and by when."""

    seat: int
    name: str
    move: MoveAsked


@dataclass(frozen=True)
class ClockFace:
    """A snapshot of the table's clocks at one moment: created once per tick for every screen at the table."""

    seats: tuple[SeatTime, ...] = ()
    vote: VoteFace | None = None
    absent: tuple[int, ...] = ()
    """In a turn-based room, the seats the others may vote to a bot (their time ran out on moves in a row)."""
    due: DueMove | None = None
    """In a turn-based room, the move it waits on and its deadline."""

    @property
    def holder(self) -> SeatTime | None:
        """Return the person the table waits on, if he holds it up: away, or out of time."""
        waited = next((s for s in self.seats if s.waited and not s.bot), None)
        if waited is None or not (waited.away or (waited.left is not None and waited.left <= 0)):
            return None
        return waited
