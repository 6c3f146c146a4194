"""The front's registry of rooms: what it keeps of each room, and the rooms' lobby index it writes.

The front keeps a room's summary and status in memory (`registry`) while a worker holds it live, and for the
other hosts' rooms; of a turn-based room unloaded in its worker (and of every room on starting, until its
worker has taken it up) it keeps only its id and worker (`unloaded`): its summary and status are in the
lobby's index (`server.tables.lobby_index`), written when it is unloaded, and read back where they are needed:
a session routed to it by its name, the rooms waiting on a person (`ssh host mine`), the checks of a new room,
the keys holding a seat. On a server of several hosts nothing is unloaded: each host's sync with the database
writes every room's plan from the registry every second (`server.network.several`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from engine.core.text import TextError
from server.base.config import ServerConfig
from server.network.frames import JSON, FrameError, json_frame
from server.network.move_emails import MoveEmails
from server.network.registry import Entry, HostLink, UnloadedRooms, WorkerHandle
from server.network.relay import Elsewhere
from server.network.waiting import waiting
from server.people.notices import Notices
from server.tables.lobby_index import IndexedRoom, IndexWriter, Row
from server.tables.lobby_line import TableStatus
from server.tables.making import Unlisted
from server.tables.plans import Plan, RoomRequest, check_room_name
from server.tables.room_files import gather_save, plan_of, told_gathered
from server.tables.room_summary import RoomSummary

if TYPE_CHECKING:  # psycopg's module, imported only where the server is one host of several
    from server.network.leases import Present

log = logging.getLogger(__name__)

REGISTRY_EVERY = 0.5  # seconds: the workers are told of changes at most this often
LISTED_AT_ONCE = 1000  # rooms changed named in one message to a worker
WRITTEN_AT_ONCE = 500  # rooms written into the index in one transaction on starting


class FrontRooms:
    """The registry part of `server.network.front.Front` (a part of it, in a module of its own)."""

    config: ServerConfig
    registry: dict[str, Entry]
    unloaded: UnloadedRooms
    index: IndexWriter | None
    workers: list[WorkerHandle]
    hosts: HostLink | None
    present: dict[str, Present]
    people_up: list[str]
    notices: Notices
    move_emails: MoveEmails
    _push: asyncio.TimerHandle | None
    _changed: set[str]

    if TYPE_CHECKING:

        def finished(self, raw: dict[str, Any]) -> None: ...

        def text_of(self, plan: dict[str, Any]) -> str: ...

    # --- starting -----------------------------------------------------------------------------

    def take_in(self, plans: Iterable[Plan]) -> None:
        """Index this host's rooms on starting, each as its plan was saved (the index made anew): on a server
        of one host, each is unloaded as it is read (its save moved in from the user's folder where an older
        server kept it), not thousands of summaries held at once; on a server of several, each is held."""
        self.index = IndexWriter(self.config.folder)
        if self.hosts is not None:
            for n, plan in enumerate(plans):
                summary, text = RoomSummary.of(plan), self.text_of(plan.to_json())
                entry = Entry(summary, TableStatus.of_plan(plan), n % len(self.workers), text=text)
                self.registry[plan.id] = entry
                if plan.finished:
                    self.finished(plan.to_json())
            self.index.write(self._index_rows(self.registry), [])
            return
        moved = 0
        rows: list[Row] = []
        for n, plan in enumerate(plans):
            moved += gather_save(plan, self.config)
            summary, status = RoomSummary.of(plan, shared=False), TableStatus.of_plan(plan)
            rows.append((summary, status, n % len(self.workers), None))
            if plan.finished:
                self.finished(plan.to_json())
            if len(rows) >= WRITTEN_AT_ONCE:
                self._unload(rows)
                rows = []
        self._unload(rows)
        told_gathered(moved, self.config)

    def _unload(self, rows: list[Row]) -> None:
        """Write these rooms into the index and unload them; held instead where it cannot be written."""
        if not rows:
            return
        if self.index is not None and self.index.write(rows, []):
            for summary, _status, worker, _host in rows:
                self.registry.pop(summary.id, None)
                self.unloaded.put(summary.id, worker, summary.save_id is not None, summary.finished)
            return
        for summary, status, worker, host in rows:
            self.registry[summary.id] = Entry(summary, status, worker, host)
            self.unloaded.pop(summary.id)

    def rooms_of(self, handle: WorkerHandle) -> list[str]:
        """Return the rooms of this host a worker holds, live or unloaded."""
        live = [room for room, e in self.registry.items() if e.worker == handle.index and e.host is None]
        return live + self.unloaded.of_worker(handle.index)

    def handed(
        self, handle: WorkerHandle, rooms: list[str]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Return what a worker (new, or restarted) is handed of these rooms of its: the plans of those it
        wrote (started again, it may have written a plan it had no time to report), else their summaries."""
        plans, summaries = [], []
        unloaded = [room for room in rooms if self.unloaded.worker(room) == handle.index]
        read = self.index.summaries(unloaded) if self.index is not None and unloaded else {}
        for table_id in rooms:
            entry = self.registry.get(table_id)
            if entry is None and table_id not in read:
                continue
            if entry is not None and (entry.worker != handle.index or entry.host is not None):
                continue
            plan = plan_of(self.config.folder, table_id) if handle.deaths else None
            if plan is not None:
                plans.append(plan.to_json())
            elif entry is not None:
                summaries.append(entry.plan.to_json())
            else:
                summaries.append(_loads(read[table_id]))
        return plans, summaries

    # --- how the rooms stand ------------------------------------------------------------------

    def _adopted(self, handle: WorkerHandle, answered: Any) -> None:
        """Take how the rooms a worker took up stand, from its answer: those unloaded all at once."""
        rooms = answered.get("rooms") if isinstance(answered, dict) else None
        unloaded: list[Row] = []
        for room in rooms if isinstance(rooms, list) else []:
            if isinstance(room, dict):
                self._room_reported(handle, room, unloaded)
        self._unload(unloaded)

    def _room_reported(
        self, handle: WorkerHandle, message: dict[str, Any], unloaded: list[Row] | None = None
    ) -> None:
        """Take how a room stands as its worker reports it: its plan (or, for a room it took up unloaded, its
        summary: `summary`), kept as a summary, and its status. A room unloaded in its worker (`rest`) is
        unloaded here (with the others of one answer: `unloaded`)."""
        plan = message.get("plan")
        if not isinstance(plan, dict) or not isinstance(plan.get("id"), str):
            raise FrameError("a room without a plan")
        entry = self.registry.get(plan["id"])
        holder = entry.worker if entry is not None else self.unloaded.worker(plan["id"])
        if holder is not None and holder != handle.index:
            log.warning("worker %d reported room %s of worker %d", handle.index, plan["id"], holder)
            return
        is_unloaded = message.get("rest") is True and self.hosts is None
        try:
            status = TableStatus.from_json(message.get("status"))
            summary = RoomSummary.of(Plan.from_json(plan), shared=not is_unloaded)
        except (ValueError, KeyError, TypeError) as exc:
            raise FrameError(f"room {plan['id']}: {exc}") from None
        if entry is not None and entry.plan == summary:
            summary = entry.plan  # the same (most reports are of a move): the one held is kept
        only_summary = message.get("card") is True and entry is not None
        text = entry.text if only_summary and entry is not None else self.text_of(plan)
        reported = Entry(summary, status, handle.index, text=text)
        if summary.finished:
            self.move_emails.forget(summary.id)
            self.finished(plan)
        elif summary.move_hours and status.due:
            self.move_emails.reported(summary.id, reported)
        if is_unloaded and unloaded is not None:
            unloaded.append((summary, status, handle.index, None))
        elif is_unloaded:
            self._unload([(summary, status, handle.index, None)])
        else:
            self.registry[summary.id] = reported
            self.unloaded.pop(summary.id)
        self.changed(summary.id)

    def gone(self, room: str) -> None:
        """Forget a room its worker removed."""
        self.registry.pop(room, None)
        self.unloaded.pop(room)
        self.move_emails.forget(room)
        self.changed(room)

    def changed(self, *rooms: str) -> None:
        """Tell the workers soon of the rooms changed or gone (none: of the people connected alone)."""
        self._changed.update(rooms)
        if self._push is None:
            self._push = asyncio.get_running_loop().call_later(REGISTRY_EVERY, self._push_registry)

    def _push_registry(self) -> None:
        """Write the rooms changed since last told into the lobby's index (those unloaded are written as
        they are), and remove those gone, in one transaction; then tell every worker ready which they are
        (their lobbies are drawn again)."""
        self._push = None
        changed, self._changed = sorted(self._changed), set()
        rooms = [room for room in changed if room in self.registry or room in self.unloaded]
        gone = [room for room in changed if room not in self.registry and room not in self.unloaded]
        held = [room for room in rooms if room in self.registry]
        if self.index is not None and not self.index.write(self._index_rows(held), gone):
            self._rebuild()
        messages = [
            json_frame(
                JSON,
                {
                    "t": "rooms",
                    "rooms": rooms[start : start + LISTED_AT_ONCE],
                    "gone": gone if start == 0 else [],
                    "people": self.people_up,
                },
            )
            for start in range(0, max(1, len(rooms)), LISTED_AT_ONCE)
        ]
        for handle in self.workers:
            if handle.link is not None and handle.ready.is_set():
                for message in messages:
                    handle.link.send(message)

    def _rebuild(self) -> None:
        """Make the index again after a write failed: the rooms held from the registry, those unloaded
        carried over from the file; one that cannot be is held again, as its plan on the disk stands."""
        assert self.index is not None
        lost = self.index.rebuild(self._index_rows(self.registry), self.unloaded)
        for room in lost:
            worker = self.unloaded.worker(room)
            plan = plan_of(self.config.folder, room)
            self.unloaded.pop(room)
            if plan is not None and worker is not None:
                self.registry[room] = Entry(RoomSummary.of(plan), TableStatus.of_plan(plan), worker)
                self.index.write(self._index_rows([room]), [])

    def _index_rows(self, rooms: Iterable[str]) -> Iterable[Row]:
        """Return the index's rows of these rooms of the registry, made as they are written."""
        for room in rooms:
            entry = self.registry[room]
            yield entry.plan, entry.status, entry.worker, entry.host

    # --- reading the rooms --------------------------------------------------------------------

    def plans(self) -> list[RoomSummary]:
        """Return the summaries of the rooms held in the registry (not those unloaded, in the index alone)."""
        return [entry.plan for entry in self.registry.values()]

    def for_making(self, asked: RoomRequest) -> tuple[list[RoomSummary], Unlisted]:
        """Return what making a room checks it against (`server.tables.making.make_plan`): every room's
        summary held in the registry, and of those unloaded the summaries that bear on it (of its name, made
        by its maker or seating him) read from the index, the others counted: not thousands of summaries read
        each time a room is made."""
        summaries = self.plans()
        found = self._still_unloaded(
            self.index.for_making(_name(asked.name), asked.creator) if self.index else []
        )
        not_over, waiting_now = self.unloaded.counts()
        for room in found:
            not_over -= not room.plan.finished
            waiting_now -= room.plan.save_id is None and not room.plan.finished
        return [*summaries, *(room.plan for room in found)], Unlisted(not_over, waiting_now)

    def _still_unloaded(self, found: list[IndexedRoom]) -> list[IndexedRoom]:
        """Keep the index's rooms that are still unloaded (it may still list a room gone or held since)."""
        return [room for room in found if room.host is None and self.unloaded.worker(room.id) == room.worker]

    def entry_of(self, name: str) -> Entry | None:
        """Look up a room by its id or name (case-insensitive): in the registry, or read from the index."""
        entry = self.registry.get(name)
        if entry is None and name in self.unloaded:
            entry = self._read_entry(name)
        if entry is None:
            folded = name.casefold()
            entry = next((e for e in self.registry.values() if e.plan.name.casefold() == folded), None)
        if entry is None and self.unloaded:
            entry = self._read_entry(name)
        return entry

    def entry_by_id(self, room: str) -> Entry | None:
        """Look up a room by its id alone: in the registry, or read from the index if it is_unloaded."""
        entry = self.registry.get(room)
        if entry is None and room in self.unloaded:
            entry = self._read_entry(room)
        return entry if entry is not None and entry.plan.id == room else None

    def _read_entry(self, name: str) -> Entry | None:
        found = self._still_unloaded(self.index.named(name) if self.index is not None else [])
        return _entry(found[0]) if found else None

    def holder_of(self, name: str) -> WorkerHandle | None:
        """Return the worker of this host holding a room, by its id or name (case-insensitive)."""
        entry = self.entry_of(name)
        return self.workers[entry.worker] if entry is not None and entry.host is None else None

    def route(self, name: str | None) -> WorkerHandle | Elsewhere:
        """Route a session for a room (by its id or name, case-insensitive): the worker holding it, or
        the host holding it; the least loaded worker for the lobby or a room there is none of."""
        entry = self.entry_of(name) if name else None
        if entry is not None and entry.host is not None:
            present = self.present.get(entry.host)
            return Elsewhere(entry.host, present.relay if present is not None else "")
        return self.workers[entry.worker] if entry is not None else self.least_loaded()

    def least_loaded(self) -> WorkerHandle:
        """Return the worker with the fewest sessions (a ready one first)."""
        return min(self.workers, key=lambda h: (not h.ready.is_set(), h.sessions, h.index))

    def waiting_on(self, key: str, zone: str = "") -> list[tuple[str, str]]:
        """Return the rooms that wait on this person now, (name, what is asked and by when in the language
        in use and the time zone named, "" for UTC): for `ssh host mine` and the digests; the turn-based
        rooms first."""
        unloaded = (
            self._still_unloaded(self.index.of_person(key))
            if self.index is not None and self.unloaded
            else []
        )
        return waiting([*self.registry.values(), *(_entry(room) for room in unloaded)], key, zone)

    def seated(self) -> Collection[str]:
        """Return the keys holding a seat at any room, read when first asked for (with the book of names
        full: `server.people.players.Players.choose`)."""

        def read() -> set[str]:
            keys = {str(s.owner) for e in self.registry.values() for s in e.plan.seats}
            if self.index is not None and self.unloaded:
                keys |= self.index.seated(self.unloaded)
            return keys

        return Later(read)


class Later(Collection[str]):
    """A collection of keys read when it is first used."""

    def __init__(self, read: Callable[[], set[str]]) -> None:
        self._read = read
        self._keys: set[str] | None = None

    def _all(self) -> set[str]:
        if self._keys is None:
            self._keys = self._read()
        return self._keys

    def __contains__(self, key: object) -> bool:
        return key in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _entry(room: IndexedRoom) -> Entry:
    return Entry(room.plan, room.status(), room.worker, room.host)


def _name(asked: str) -> str:
    """Return a new room's name as it is checked (as typed, where it is not a name: making it says why)."""
    try:
        return check_room_name(asked)
    except TextError:
        return asked


def _loads(text: str) -> dict[str, Any]:
    value = json.loads(text)
    return value if isinstance(value, dict) else {}
