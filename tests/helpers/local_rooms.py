"""A worker's rooms in the test's own process, with the front's part done in-process too, and a line-mode
session on it: for the lobby's tests that need no SSH server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen

from server.base.clock import SetClock
from server.base.config import Limits, ServerConfig
from server.session.line_player import LinePlayer
from server.tables.lobby_index import IndexWriter
from server.tables.lobby_line import TableStatus
from server.tables.making import make_plan
from server.tables.plans import Plan, RoomRequest, TableError
from server.tables.room_summary import RoomSummary
from server.tables.worker_rooms import WorkerRooms
from translation import use


class Front:
    """The front's side of one worker's rooms in one process: its registry of rooms, written into the lobby's
    index as the worker reports them (at once, where the front writes at most every half second)."""

    def __init__(self, folder: Path) -> None:
        self.worker_rooms: WorkerRooms | None = None
        self.gone_rooms: list[str] = []  # the rooms the worker told the front are gone, in order
        self.registry: dict[str, tuple[RoomSummary, TableStatus, int]] = {}
        self.index = IndexWriter(folder)

    def report(self, plan: dict[str, Any], status: TableStatus) -> None:
        self.put(RoomSummary.of(Plan.from_json(plan)), status)

    def put(self, summary: RoomSummary, status: TableStatus, worker: int = 0) -> None:
        """Write a room into the registry and the index: this worker's, or another's (`worker`)."""
        self.registry[summary.id] = (summary, status, worker)
        self.index.write([(summary, status, worker, None)], [])
        if self.worker_rooms is not None:
            self.worker_rooms.registry([summary.id])

    def gone(self, table_id: str) -> None:
        self.gone_rooms.append(table_id)
        self.registry.pop(table_id, None)
        self.index.write([], [table_id])

    async def ask(self, message: dict[str, Any]) -> Any:
        worker_rooms = self.worker_rooms
        assert worker_rooms is not None
        if message["t"] == "create":
            try:
                asked = RoomRequest.from_json(message)
                plan = make_plan([c for c, _s, _w in self.registry.values()], worker_rooms.limits, asked)
            except TableError as exc:
                return {"error": str(exc)}
            self.put(RoomSummary.of(plan), TableStatus.of_plan(plan))
            worker_rooms.adopt(plan)
            return {"id": plan.id}
        if message["t"] == "away":  # the front hands it to each worker: here, the one
            return {"rooms": len(worker_rooms.away_here(message["key"], message["until"]))}
        raise AssertionError(f"not asked in these tests: {message['t']}")

    def say(self, fingerprint: str, words: str) -> None:
        return None

    def keep_language(self, fingerprint: str, code: str) -> None:
        return None

    def keep_settings(self, fingerprint: str, words: str) -> None:
        return None


def worker_rooms_here(tmp: Path, clock: SetClock, limits: Limits | None = None) -> WorkerRooms:
    """The rooms of one worker on the test's clock, its files under `tmp`."""
    config = ServerConfig(
        data_dir=tmp / "data", saves_dir=tmp / "saves", ratings=False, limits=limits or Limits()
    )
    config.folder.mkdir(parents=True, exist_ok=True)
    front = Front(config.folder)
    worker_rooms = WorkerRooms(config, asyncio.get_running_loop(), front, clock)
    front.worker_rooms = worker_rooms
    return worker_rooms


class Lines:
    """A line-mode session on the worker's rooms, no terminal: what the person typed and what he was told."""

    def __init__(self, worker_rooms: WorkerRooms, key: str, name: str) -> None:
        self.out: list[str] = []
        self.player = LinePlayer(
            worker_rooms, key, lambda data: self.out.append(data.decode()), terminal=False, name=name
        )
        self.player.start()

    @property
    def text(self) -> str:
        return "".join(self.out)

    async def type(self, line: str) -> str:
        """Type a line; return what the session said to it (after the loop has run its tasks)."""
        before = len(self.out)
        with use(self.player.language):  # as the worker hands a session its lines
            self.player.typed((line + "\n").encode())
        for _ in range(5):
            await asyncio.sleep(0)
        return "".join(self.out[before:])

    def close(self) -> None:
        self.player.close()


class RoomsSession(App[None]):
    """A session's app on a worker's rooms here (`server.screens.session.Session`), Ada's, opening on
    `first()`: what a lobby's or a players' list's screen reads of its session. The rooms it is sent to are
    kept in `entered`."""

    def __init__(self, worker_rooms: WorkerRooms, first: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.worker_rooms = worker_rooms
        self.fingerprint = "key-Ada"
        self.player_name = "Ada"
        self.host = "test"
        self.zone = ""
        self.entered: list[str] = []
        self._first = first

    def enter(self, name: str, watch: bool) -> None:
        self.entered.append(name)

    def move_to(self, room: str, watch: bool) -> None:
        self.entered.append(room)

    def on_mount(self) -> None:
        self.push_screen(self._first())
