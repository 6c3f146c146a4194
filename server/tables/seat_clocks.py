"""The clocks at a table: each person's time bank, and when the time of the person the table waits on is up.

Arithmetic alone, told the time (`now`, in seconds) by the table, which holds the one timer. A room made
with a clock gives each person a bank (`bank` seconds) that runs only while the table waits on one of his
decisions (his roll, a deed to buy, a bid, an answer to an offer, a way out of jail...): never while bots or
other people decide. Each new decision tops the bank up by `added` seconds, never above what it started
with, so a quick player keeps a full bank and a slow one is held to the seconds added. An auction asks its
bidders in turn, so one bank runs at a time there too. A person who is away (no session at the table) is
also held to the room's turn timer, counted from when the table began to wait on him while away; a room
without a clock has only that.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

RECLAIM_GRACE = 10
"""The fewest seconds a person finds in his bank when he takes his seat back from a stand-in."""


@dataclass(frozen=True)
class Waiting:
    """Whose clock runs: the person the table waits on, and whether he is away."""

    seat: int
    away: bool = False


class SeatClocks:
    """The banks of one table's people and the running clock."""

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
        """What the table waits on now (`decision`: the same value for as long as it is one decision) and
        whose clock runs (`waiting`; None while a bot decides, a stand-in plays, or the table rests)."""
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
        """The seat's bank now, in seconds (None: the room has no banks)."""
        if not self.banks:
            return None
        left = self._left.get(seat, 0.0)
        if self._waiting is not None and self._waiting.seat == seat:
            left -= max(0.0, now - self._since)
        return max(0.0, left)

    def time_up_in(self, now: float) -> float | None:
        """Seconds until the time of the person the table waits on is up (None: it never is: he is here and
        the room has no banks, or nobody's clock runs)."""
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
        """The seat's bank has run out."""
        left = self.left(seat, now)
        return left is not None and left <= 0.0

    def reclaim(self, seat: int) -> None:
        """The person takes his seat back from a stand-in: his bank holds at least the seconds added at a
        decision (`RECLAIM_GRACE` at least), so that it does not run out the moment he is back."""
        if self.banks:
            grace = min(float(self.bank), float(max(self.added, RECLAIM_GRACE)))
            self._left[seat] = max(self._left.get(seat, 0.0), grace)


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
    """A vote under way, as the screens show it."""

    number: int
    caller: str
    target: int
    target_name: str
    voters: frozenset[int]
    answered: frozenset[int]
    tally: str
    yes: int
    needed: int


@dataclass(frozen=True)
class ClockFace:
    """The table's clocks at one moment: made once a tick for every screen at the table."""

    seats: tuple[SeatTime, ...] = ()
    vote: VoteFace | None = None

    @property
    def holder(self) -> SeatTime | None:
        """The person the table waits on, if he holds it up: away, or out of time."""
        waited = next((s for s in self.seats if s.waited and not s.bot), None)
        if waited is None or not (waited.away or (waited.left is not None and waited.left <= 0)):
            return None
        return waited
