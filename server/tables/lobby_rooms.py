"""The rooms a worker's lobby lists and finds: those it holds, as they are now, and every other from the
lobby's index (`server.tables.lobby_index`), read for each lobby and dropped after.

A lobby lists the person's own rooms (those waiting on his move first) and then at most `LOBBY_MOST` of
the others, in the lobby's order; the rest he reaches by name (`find`).
"""

from __future__ import annotations

from dataclasses import dataclass

from server.tables.lobby_index import IndexedRoom, LobbyIndex
from server.tables.room_summary import Planned
from server.tables.table import Table
from server.tables.your_move import YourMove, in_lobby_order, waiting_on

LOBBY_MOST = 100
"""The most rooms a lobby lists besides the person's own: the others are reached by name."""

AnyTable = Table | IndexedRoom
"""A room as a lobby finds it: a table held here, or one read from the index."""


@dataclass(frozen=True)
class Listed:
    """A lobby's rooms for one person: his own, then the first others; and how many others are left out."""

    rooms: list[AnyTable]
    more: int


def _order_key(room: AnyTable) -> tuple[bool, bool, str]:
    return room.plan.finished, room.plan.save_id is not None, room.plan.name.casefold()


class LobbyRooms:
    """The part of `server.tables.worker_rooms.WorkerRooms` that reads the lobby's rooms."""

    tables: dict[str, Table]
    unloaded: set[str]
    index: LobbyIndex
    worker: int

    def _here(self, room: IndexedRoom) -> AnyTable | None:
        """Return a room of the index as this worker has it: the table held (as it is now), the index's room
        (another's, or one of this worker's unloaded), or None for one of this worker's that the index still
        lists though it is no longer here (removed a moment ago)."""
        held = self.tables.get(room.id)
        if held is not None:
            return held
        if room.worker == self.worker and room.host is None and room.id not in self.unloaded:
            return None
        return room

    def own(self, fingerprint: str) -> list[AnyTable]:
        """Return the rooms where this person has a seat, on every worker and host."""
        found: dict[str, AnyTable] = {
            t.id: t for t in self.tables.values() if t.seat_of(fingerprint) is not None
        }
        for row in self.index.of_person(fingerprint):
            room = self._here(row) if row.id not in found else None
            if room is not None and room.seat_of(fingerprint) is not None:
                found[room.id] = room
        return list(found.values())

    def listed(self, fingerprint: str = "", most: int = LOBBY_MOST) -> Listed:
        """Return the lobby's rooms for this person: his own first (those waiting on his move first, the
        soonest deadline first), then at most `most` others (those still gathering, then in play, then over,
        each by name), and how many others are not listed."""
        own = in_lobby_order(self.own(fingerprint), fingerprint) if fingerprint else []
        rows, total = self.index.others(fingerprint, most)
        seen = {t.id for t in own}
        others = []
        for row in rows:
            room = self._here(row)
            if room is not None and room.id not in seen:
                others.append(room)
        others.sort(key=_order_key)
        return Listed([*own, *others], max(0, total - len(rows)))

    def ordered(self, fingerprint: str = "") -> list[AnyTable]:
        """Return the lobby's rooms for this person (`listed`)."""
        return self.listed(fingerprint).rooms

    def your_move(self, fingerprint: str) -> list[YourMove]:
        """Return the turn-based rooms of every worker waiting on this person, with what each asks of him
        (`server.tables.your_move`)."""
        return waiting_on(self.own(fingerprint), fingerprint)

    def seated_plans(self, fingerprint: str) -> list[Planned]:
        """Return the plans (or summaries) of the rooms where this person has a seat."""
        return [t.plan for t in self.own(fingerprint)]

    def played(self, fingerprint: str) -> list[Planned]:
        """Return the plans (or summaries) of the lobby's rooms where this person has a seat or watches, in
        the lobby's order."""
        found: dict[str, AnyTable] = {
            t.id: t for t in self.tables.values() if t.plan.played_or_watched(fingerprint)
        }
        for row in self.index.of_person(fingerprint, watched=True):
            room = self._here(row) if row.id not in found else None
            if room is not None and room.plan.played_or_watched(fingerprint):
                found[room.id] = room
        return [t.plan for t in sorted(found.values(), key=_order_key)]

    def find(self, name: str) -> AnyTable | None:
        """Find a room by its id or its name (case-insensitive): one held here, or one of the index."""
        if name in self.tables:
            return self.tables[name]
        folded = name.casefold()
        held = next((t for t in self.tables.values() if t.name.casefold() == folded), None)
        if held is not None:
            return held
        found = self.index.room(name)
        return self._here(found) if found is not None else None
