"""What the lobby reads of a room: the facts its lobby line, "Your move:" and the past games read, and who
sits in it; not its rules, pace or timers, which stay in its plan on the disk
(`server.tables.room_files.plan_of`) until the room is entered, made or woken.

The front holds one summary a room in its registry and writes it into the lobby's index
(`server.tables.lobby_index`), from which a worker reads the summaries of the rooms it does not hold for one
lobby or look-up. The front's summaries share their strings that recur (the people's keys and names, the
edition) rather than one copy a room.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from server.people.places import SeatResult, results_of
from server.tables.plans import Plan, room_json

NOBODY_AWAY: Mapping[str, float] = MappingProxyType({})
SHARED_SEATS_MOST = 100_000
"""The most rooms' seats shared (the same people in the same seats, as in a game's rooms): past it the
sharing starts again."""


def _shared(text: str | None) -> str | None:
    return sys.intern(text) if text is not None else None


class SeatSummary(NamedTuple):
    """One seat as the lobby reads it: a person's (open until someone takes it) or a bot's."""

    kind: str
    name: str | None
    owner: str | None

    @property
    def free(self) -> bool:
        return self.kind == "person" and self.owner is None

    @property
    def level(self) -> None:
        """A bot's level, which a summary does not keep: a plan read from it has none."""
        return None


@dataclass(frozen=True, slots=True)
class RoomSummary:
    """A room's facts for the lobby and the routing of a session to it, taken from its plan (`of`)."""

    id: str
    name: str
    edition: str
    seats: tuple[SeatSummary, ...]
    save_id: str | None
    finished: bool
    advisor: bool
    bank: int
    bank_added: int
    move_hours: int
    creator: str
    watchers: tuple[str, ...]
    away_until: Mapping[str, float]
    result: list[SeatResult] | None
    ended: float

    @staticmethod
    def of(plan: Plan, shared: bool = True) -> RoomSummary:
        """Return the summary of a room's plan; its seats shared with the summaries held of the same seats
        (not `shared`: a summary read once and dropped, whose seats are not kept for others to share)."""
        seats = tuple(SeatSummary(sys.intern(s.kind), _shared(s.name), _shared(s.owner)) for s in plan.seats)
        if shared:
            if len(_SEATS) >= SHARED_SEATS_MOST:
                _SEATS.clear()
            seats = _SEATS.setdefault(seats, seats)
        return RoomSummary(
            plan.id,
            plan.name,
            sys.intern(plan.edition),
            seats,
            plan.save_id,
            plan.finished,
            plan.advisor,
            plan.bank,
            plan.bank_added,
            plan.move_hours,
            sys.intern(plan.creator),
            tuple(sys.intern(w) for w in plan.watchers),
            MappingProxyType(dict(plan.away_until)) if plan.away_until else NOBODY_AWAY,
            plan.result,
            plan.ended,
        )

    @staticmethod
    def from_json(raw: Any) -> RoomSummary:
        """Read a summary back as `to_json` wrote it (into the lobby's index), each field checked for its
        type: `ValueError`, `KeyError` or `TypeError` when it is not a summary."""
        seats = []
        for seat in raw["seats"]:
            kind, name, owner = seat["kind"], seat.get("name"), seat.get("owner")
            if kind not in ("person", "bot") or not _text_or_none(name) or not _text_or_none(owner):
                raise ValueError("not a seat")
            seats.append(SeatSummary(kind, name, owner))
        texts = (raw["id"], raw["name"], raw["edition"], raw["creator"])
        numbers = (raw["bank"], raw["bank_added"], raw["move_hours"])
        flags = (raw["finished"], raw["advisor"])
        watchers, away = raw["watchers"], raw["away_until"]
        if not all(isinstance(t, str) for t in texts) or not _text_or_none(raw["save_id"]):
            raise ValueError("a summary's names are text")
        if any(type(n) is not int for n in numbers) or any(type(f) is not bool for f in flags):
            raise ValueError("a summary counts in whole numbers")
        if not isinstance(watchers, list) or not all(isinstance(w, str) for w in watchers):
            raise ValueError("a summary's watchers are keys")
        if not isinstance(away, dict) or not all(type(u) in (int, float) for u in away.values()):
            raise ValueError("a summary's days away are times")
        ended = raw["ended"]
        if type(ended) not in (int, float):
            raise ValueError("a summary's end is a time")
        return RoomSummary(
            *texts[:3],
            tuple(seats),
            raw["save_id"],
            *flags,
            *numbers,
            texts[3],
            tuple(watchers),
            MappingProxyType(away) if away else NOBODY_AWAY,
            results_of(raw["result"]),
            float(ended),
        )

    @property
    def turn_based(self) -> bool:
        """Whether the room is turn-based: it goes on with nobody connected, a move a day or so."""
        return self.move_hours > 0

    def played_or_watched(self, fingerprint: str) -> bool:
        return fingerprint in self.watchers or any(s.owner == fingerprint for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        """Return the summary in a plan's JSON form (`server.tables.plans.room_json`): what it keeps, without
        the rules, pace and timers, which a plan read from it has as their defaults."""
        return room_json(self)


def _text_or_none(value: object) -> bool:
    return value is None or isinstance(value, str)


_SEATS: dict[tuple[SeatSummary, ...], tuple[SeatSummary, ...]] = {}
"""The rooms' seats as held, each once: a person's rooms with the same people in the same seats share them."""

Planned = Plan | RoomSummary
"""A room as the lobby reads it: the plan of one held here, or the summary of one that is not."""
