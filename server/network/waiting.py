"""Which rooms wait on a person, as the front's registry tells it: for `ssh host mine` and the digests of
the notices by e-mail (`server.people.notices.WaitingOn`). A room waits on a person when its table's
decision is theirs: the turn-based rooms first, the soonest deadline first (`turn_waiting`), then the live
ones (`live_waiting`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from engine.core.phrases import Phrase
from engine.core.text import NAME_MAX, plain
from server.tables.lobby_line import TableStatus
from server.tables.room_summary import RoomSummary
from server.tables.your_move import YourMove, waiting_on
from translation import _


class Entry(Protocol):
    """A room in the front's registry (`server.network.registry.Entry`): its summary, and how it stands."""

    @property
    def plan(self) -> RoomSummary: ...

    @property
    def status(self) -> TableStatus: ...


ASKED_MOST = 300  # characters of a move's message and each of its values, from a worker


def waiting(entries: Iterable[Entry], key: str, zone: str = "") -> list[tuple[str, str]]:
    """Return every room whose decision is this person's now, the turn-based rooms first, each with what it
    asks (and by when, in the time zone named: "" for UTC)."""
    every = list(entries)
    return [(m.name, m.words(zone)) for m in turn_waiting(every, key)] + live_waiting(every, key)


def turn_waiting(entries: Iterable[Entry], key: str) -> list[YourMove]:
    """Return the turn-based rooms waiting on this person, the soonest deadline first."""
    rooms = (PlannedRoom(e.plan, e.status) for e in entries if e.plan.move_hours)
    return waiting_on(rooms, key)


class PlannedRoom:
    """A room of the registry as `server.tables.your_move` reads it: its summary, and its status."""

    def __init__(self, plan: RoomSummary, status: TableStatus) -> None:
        self.plan = plan
        self._status = status

    def status(self) -> TableStatus:
        return self._status


def live_waiting(entries: Iterable[Entry], key: str) -> list[tuple[str, str]]:
    """Return the live rooms whose decision is this person's now, (room name, what is asked in words of the
    language in use), in the registry's order."""
    out = []
    for entry in entries:
        status = entry.status
        if status.stage != "playing" or entry.plan.move_hours:
            continue
        mine = next((s for s in entry.plan.seats if s.owner == key), None)
        name = plain(mine.name or "")[:NAME_MAX] if mine is not None else ""
        if name and status.waiting_on == name:
            out.append((entry.plan.name, _("your decision, turn {turn}", turn=status.turn)))
    return out


def phrase_to(asked: Phrase | str) -> dict[str, Any]:
    """Write what a move asks for another process: its message and its values (plain words and numbers)."""
    if isinstance(asked, str):
        return {"text": asked, "values": {}}
    values = {k: v if isinstance(v, int) else str(v) for k, v in asked.values.items()}
    return {"text": asked.text, "values": values}


def phrase_of(raw: Any) -> Phrase | None:
    """Read what a move asks, from another process (`phrase_to`); None when it is not one."""
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        return None
    values = raw.get("values", {})
    if not isinstance(values, dict):
        return None
    kept = {
        str(k)[:40]: v if type(v) is int else plain(str(v))[:ASKED_MOST] for k, v in list(values.items())[:10]
    }
    return Phrase(plain(raw["text"])[:ASKED_MOST], **kept)
