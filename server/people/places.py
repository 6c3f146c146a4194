"""Where each seat finished a game, and whether a finished game counts for the ratings.

The places come from the game's own end (`GameOver`): the winner first; the others by their worth as the
edition's ending counts it (a called game, a time limit, an edition counting worth); the bankrupt after
everyone still in, the last one out before the ones out earlier. A person who left (their seat played to
the end by a stand-in bot while they were away from the table) finishes last, whatever the board says; one
whose time ran out while they were still there has not left, and takes the place the board gives. Pure:
events in, places out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.events import Event, GameOver, PlayerBankrupt
from translation import _


@dataclass(frozen=True)
class SeatResult:
    """One seat at a game's end: a person (`key`) or a bot (`level`), its place (1 is the winner; equal
    places are a tie), and whether the person had left."""

    place: int
    key: str | None = None
    level: str | None = None
    left: bool = False

    @property
    def person(self) -> bool:
        return self.key is not None

    def to_json(self) -> dict[str, object]:
        return {"place": self.place, "key": self.key, "level": self.level, "left": self.left}

    @classmethod
    def from_json(cls, raw: object) -> SeatResult:
        """Read back from another process or a file; `ValueError` when it is not a seat's result."""
        if not isinstance(raw, dict):
            raise ValueError("a seat's result is an object")
        place, key, level, left = raw.get("place"), raw.get("key"), raw.get("level"), raw.get("left", False)
        if type(place) is not int or not 1 <= place <= 64:
            raise ValueError("a place is a whole number from 1")
        who = key if key is not None else level
        if (key is None) == (level is None) or not isinstance(who, str) or len(who) > 100:
            raise ValueError("a seat is a person's key or a bot's level")
        if type(left) is not bool:
            raise ValueError("a seat left or stayed")
        return cls(place, key, level, left)


def finishing_order(history: Sequence[Event]) -> list[int] | None:
    """Return the seats from first to last at the game's end, or None when it has not ended."""
    over = next((e for e in reversed(history) if isinstance(e, GameOver)), None)
    if over is None:
        return None
    out = [e.player for e in history if isinstance(e, PlayerBankrupt)]
    gone = set(out)
    still_in = [seat for seat, _worth in over.standings if seat not in gone]
    if over.winner in still_in:
        still_in.remove(over.winner)
    latest_out_first = list(dict.fromkeys(reversed(out)))
    first = [] if over.winner in gone else [over.winner]
    return first + still_in + [seat for seat in latest_out_first if seat != over.winner]


def places(order: Sequence[int], left: Sequence[bool]) -> list[int]:
    """Return each seat's place (by seat): its rank in `order`, except that every seat that `left` shares the
    last place."""
    stayed = [seat for seat in order if not left[seat]]
    result = [0] * len(left)
    for rank, seat in enumerate(stayed, start=1):
        result[seat] = rank
    for seat in range(len(left)):
        if left[seat]:
            result[seat] = len(stayed) + 1
    return result


def counts(results: Sequence[SeatResult]) -> bool:
    """Return whether a finished game counts: at least two people stayed to its end."""
    return sum(1 for r in results if r.person and not r.left) >= 2


def counting(results: Sequence[SeatResult], names: Sequence[str | None]) -> str:
    """Return whether a finished game counts for the ratings, and if not why, in a sentence for the people."""
    if counts(results):
        return _("This game counts for the ratings.")
    people = [seat for seat, r in enumerate(results) if r.person]
    if len(people) < 2:
        return _("This game does not count for the ratings: only games of two people or more count.")
    gone = [names[seat] or "?" for seat in people if results[seat].left]
    who = _("{some} and {last}", some=", ".join(gone[:-1]), last=gone[-1]) if len(gone) > 1 else "".join(gone)
    return _(
        "This game does not count for the ratings: fewer than two people stayed to its end "
        "({who} left before it).",
        who=who,
    )


def game_result(
    owners: Sequence[tuple[str | None, str | None]], history: Sequence[Event], gone: Collection[int]
) -> list[SeatResult] | None:
    """Return every seat's result at a finished game, from each seat's (person's key, bot's level), the game's
    events and the seats whose people had left (a stand-in bot held them at the end, their people away from
    the table); None before the end."""
    order = finishing_order(history)
    if order is None or sorted(order) != list(range(len(owners))):
        return None
    left = [key is not None and seat in gone for seat, (key, _level) in enumerate(owners)]
    ranks = places(order, left)
    return [
        SeatResult(ranks[seat], key=key, level=None if key is not None else (level or "?"), left=left[seat])
        for seat, (key, level) in enumerate(owners)
    ]


def results_of(raw: Any) -> list[SeatResult] | None:
    """Read a plan's result as stored in its file (or None when it is missing or not a result)."""
    if not isinstance(raw, list) or not raw:
        return None
    try:
        return [SeatResult.from_json(r) for r in raw]
    except ValueError:
        return None
