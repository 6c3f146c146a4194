"""A vote at a table to hand a seat that holds the table up to a bot.

A person seated at the table calls it on the seat the table waits on, whose person is away or out of time;
the people present then (the caller among them, saying yes) answer yes or no. It carries with a majority of
them, fails once that can no longer be had, and lapses after `VOTE_SECONDS` with what it has. The table
tells its calling and its outcome in the log, and keeps the vote; this is its arithmetic alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

VOTE_SECONDS = 30.0
"""How long a vote stays open for answers."""

Outcome = Literal["carried", "failed"]


@dataclass
class SeatVote:
    number: int  # counted per table, so that a screen tells one vote from the next
    caller: int
    target: int
    voters: frozenset[int]  # the seats present when it was called, the caller's among them
    yes: set[int] = field(default_factory=set)
    no: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.yes.add(self.caller)

    @property
    def needed(self) -> int:
        """Yeses that carry it: a majority of those present when it was called."""
        return len(self.voters) // 2 + 1

    @property
    def answered(self) -> frozenset[int]:
        return frozenset(self.yes | self.no)

    def answer(self, seat: int, yes: bool) -> None:
        """One voter's answer (a second answer replaces the first)."""
        self.yes.discard(seat)
        self.no.discard(seat)
        (self.yes if yes else self.no).add(seat)

    def outcome(self) -> Outcome | None:
        """Carried, failed, or still open."""
        if len(self.yes) >= self.needed:
            return "carried"
        if len(self.voters) - len(self.no) < self.needed:
            return "failed"
        return None

    def tally(self) -> str:
        return f"{len(self.yes)} yes, {len(self.no)} no, of {len(self.voters)} present"
