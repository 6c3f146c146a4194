"""The front's registry of rooms and its handles on its workers: what the front and its part in a server of
several hosts (`server.network.several`) both read and change."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from server.network.frames import FramedProtocol, Requests
from server.network.worker import Worker
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan
from server.tables.room_card import RoomCard


@dataclass(slots=True)
class Entry:
    """A room in the registry: its card (what the lobby and the routing read; its whole plan is on the
    disk), its status (as the worker holding it last reported), its worker (-1 and its `host` when another
    host holds it), and on a server of several hosts its whole plan as JSON (`text`, for the store)."""

    plan: RoomCard
    status: TableStatus
    worker: int
    host: str | None = None
    text: str = ""


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
