"""A vote at a table to hand a seat that holds the table up to a bot.

A person seated at the table calls it on the seat the table waits on, whose person is away or out of time;
the people present then (the caller among them, saying yes) answer yes or no. It carries with a majority of
them, fails once that can no longer be had, and lapses after `VOTE_SECONDS` with what it has. The table
tells its calling and its outcome in the log, and keeps the vote (beside its save too, so that a vote under
way outlives a restart of the server: `to_json`, `from_json`); this is its arithmetic alone.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Literal

from translation import _, ngettext

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
        """Return the number of yes votes needed: a majority of those present when it was called."""
        return len(self.voters) // 2 + 1

    @property
    def answered(self) -> frozenset[int]:
        return frozenset(self.yes | self.no)

    def answer(self, seat: int, yes: bool) -> None:
        """Record one voter's answer (a second answer replaces the first)."""
        self.yes.discard(seat)
        self.no.discard(seat)
        (self.yes if yes else self.no).add(seat)

    def outcome(self) -> Outcome | None:
        """Return the outcome: carried, failed, or still open."""
        if len(self.yes) >= self.needed:
            return "carried"
        if len(self.voters) - len(self.no) < self.needed:
            return "failed"
        return None

    def tally(self, turn_based: bool = False) -> str:
        """Return the count so far in words: of those present when it was called, in a live room; in a
        turn-based room, where nobody need be present, how many of the room's other people have answered
        (when its hours run out, they decide)."""
        if not turn_based:
            return _("{yes} yes, {no} no, of {present} present", **self.tally_values())
        return ngettext(
            "{yes} yes, {no} no: {answered} of the room's {n} person has answered",
            "{yes} yes, {no} no: {answered} of the room's {n} people have answered",
            len(self.voters),
            yes=len(self.yes),
            no=len(self.no),
            answered=len(self.answered),
        )

    def tally_values(self) -> dict[str, int]:
        """Return the vote counts so far, for a message in the reader's language."""
        return {"yes": len(self.yes), "no": len(self.no), "present": len(self.voters)}

    def to_json(self, left: float) -> dict[str, Any]:
        """Serialise the vote as it stands, with `left` seconds still open for answers."""
        return {
            "number": self.number,
            "caller": self.caller,
            "target": self.target,
            "voters": sorted(self.voters),
            "yes": sorted(self.yes),
            "no": sorted(self.no),
            "left": round(max(0.0, left), 2),
        }

    @classmethod
    def from_json(
        cls, raw: Any, seats: Collection[int], most: float = VOTE_SECONDS
    ) -> tuple[SeatVote, float]:
        """Read a vote under way as `to_json` wrote it, among the table's people's `seats`, and the seconds it
        stays open (at most `most`); `ValueError` when it is not one (a seat that is not a person's, a
        count that is over)."""
        if not isinstance(raw, dict):
            raise ValueError("a vote is an object")
        number, caller, target = (_seat(raw.get(k), None) for k in ("number", "caller", "target"))
        voters, yes, no = (
            frozenset(_seat(s, seats) for s in _list(raw.get(k))) for k in ("voters", "yes", "no")
        )
        left = raw.get("left")
        if not isinstance(left, (int, float)) or isinstance(left, bool) or not math.isfinite(left):
            raise ValueError("a vote says how long it stays open")
        if number < 1 or caller not in voters or target in voters or target not in seats or yes & no:
            raise ValueError("a vote names its caller among its voters, and a seat outside them")
        if not (yes | no) <= voters:
            raise ValueError("only the voters answer a vote")
        vote = cls(number, caller, target, voters, set(yes), set(no))
        if vote.no & {caller} or vote.outcome() is not None:
            raise ValueError("a vote kept is one still open")
        return vote, min(most, max(0.0, float(left)))


def _seat(value: Any, seats: Collection[int] | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise ValueError("a seat or a count is a whole number")
    if seats is not None and value not in seats:
        raise ValueError(f"seat {value} is not a person's")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) > 64:
        raise ValueError("a vote's seats are a short list")
    return value
