"""The front's registry of rooms and its handles on its workers: what the front and its part in a server of
several hosts (`server.network.several`) both read and change."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from server.network.frames import FramedProtocol, Requests
from server.network.worker import Worker
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan
from server.tables.room_summary import RoomSummary


@dataclass(slots=True)
class Entry:
    """A room in the registry: its summary (what the lobby and the routing read; its whole plan is on the
    disk), its status (as the worker holding it last reported), its worker (-1 and its `host` when another
    host holds it), and on a server of several hosts its whole plan as JSON (`text`, for the store)."""

    plan: RoomSummary
    status: TableStatus
    worker: int
    host: str | None = None
    text: str = ""


class UnloadedRooms:
    """This host's rooms of which the front keeps no summary: their summaries and statuses are in the lobby's
    index alone (`server.tables.lobby_index`), read back where they are needed. A turn-based room unloaded in
    its worker, and on starting every room until its worker has taken it up. Each is its id, its worker, and
    whether its game has begun and is over (what making a room counts), in one small number."""

    def __init__(self) -> None:
        self._rooms: dict[str, int] = {}

    def put(self, room: str, worker: int, started: bool, finished: bool) -> None:
        self._rooms[room] = worker << 2 | started << 1 | finished

    def pop(self, room: str) -> None:
        self._rooms.pop(room, None)

    def worker(self, room: str) -> int | None:
        """Return the worker of an unloaded room, or None for one that is not."""
        packed = self._rooms.get(room)
        return packed >> 2 if packed is not None else None

    def of_worker(self, worker: int) -> list[str]:
        return [room for room, packed in self._rooms.items() if packed >> 2 == worker]

    def counts(self) -> tuple[int, int]:
        """Return how many of the rooms are not over, and how many of those have not begun."""
        not_over = waiting = 0
        for packed in self._rooms.values():
            if not packed & 1:
                not_over += 1
                waiting += not packed & 2
        return not_over, waiting

    def __contains__(self, room: object) -> bool:
        return room in self._rooms

    def __iter__(self) -> Iterator[str]:
        return iter(self._rooms)

    def __len__(self) -> int:
        return len(self._rooms)


class HostLink(Protocol):
    """Protocol of this host's part in a server of several (`server.network.hosts.Hosts`)."""

    name: str
    relay: str

    async def start(self, plans: list[Plan]) -> list[Plan]: ...

    async def stop(self) -> None: ...

    async def tell_away(self, key: str, until: float) -> None: ...


@dataclass
class WorkerHandle:
    """The front's handle on one worker: its process (or its object, in one process), link and load."""

    index: int
    path: Path
    link: FramedProtocol | None = None
    requests: Requests | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    sessions: int = 0
    process: asyncio.subprocess.Process | None = None
    local: Worker | None = None
    pid: int | None = None
    deaths: int = 0
