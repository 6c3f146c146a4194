"""A server worker process: some of the server's tables, and the apps of the sessions at them.

The front process holds the SSH side and hands each session's terminal to a worker as a stream of frames
over a Unix socket (`server.network.frames`); the worker runs the session's app on it, as the one-process
server ran it on the SSH channel. A table lives in exactly one worker, so a command still acts only for its
session's seat, on the current version of the table, decided in one place. A player who goes to a table
another worker holds leaves this worker: their app ends with "move to room R" and the front carries
their terminal to R's worker. A worker whose front is gone saves its tables and ends.

Run by the front as `python -m server.network.worker INDEX RUNTIME CONFIG`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from engine.core.phrases import Phrase
from lines.settings import BRIEF, Settings
from room import heap
from server.base.clock import MovableClock
from server.base.config import ServerConfig, config_from_json
from server.base.memory import give_back
from server.network.frames import (
    CLOSE,
    CONTROL_FRAME,
    DATA,
    END,
    JSON,
    MOVE,
    RESIZE,
    START,
    FramedProtocol,
    FrameError,
    Requests,
    answer,
    frame,
    json_frame,
    read_json,
    read_size,
)
from server.network.waiting import phrase_to
from server.session.app import CRASHED, ServerApp
from server.session.line_player import LinePlayer
from server.session.terminal import STOPPING, Terminal
from server.tables.lobby_line import TableStatus
from server.tables.move_words import ZONE_MOST, zone_named
from server.tables.plans import Plan, TableError
from server.tables.room_summary import RoomSummary
from server.tables.worker_rooms import WorkerRooms
from translation import ENGLISH, Language, language, use
from tui import patches

log = logging.getLogger(__name__)


def front_path(runtime: Path) -> Path:
    return runtime / "front.sock"


def worker_path(runtime: Path, index: int) -> Path:
    return runtime / f"worker-{index}.sock"


class StreamChannel:
    """A session's terminal as the worker sees it: frames to and from the front."""

    def __init__(self, link: FramedProtocol) -> None:
        self.link = link

    def write(self, data: bytes) -> None:
        self.link.send(frame(DATA, data))

    def get_write_buffer_size(self) -> int:
        return self.link.buffered()

    def close(self) -> None:
        self.link.close()


class WorkerSession:
    """One session's app in this worker, from its START frame to its END or MOVE."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.link = FramedProtocol(self._frame, self._lost)
        self.terminal: Terminal | None = None
        self.app: ServerApp | None = None
        self.lines: LinePlayer | None = None  # a session in the line mode, instead of an app
        self._lines_over: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None
        self.fingerprint = "?"
        self.language: Language = ENGLISH  # the person's, as the front chose it: everything here speaks it
        self.farewell: str | None = None  # the line the session ends with, when the worker ends it

    def at(self, table_id: str) -> bool:
        """Whether this session is at the table (seated, watching, or waiting for it to start)."""
        if self.lines is not None:
            table = self.lines.table or self.lines.waiting
        else:
            screen = self.app.screen if self.app is not None and self.app.is_running else None
            client = getattr(getattr(self.app, "_game", None), "client", None)
            table = getattr(client, "table", None) or getattr(screen, "table", None)
        return getattr(table, "id", None) == table_id

    def _frame(self, kind: bytes, payload: bytes) -> None:
        """Handle a frame from the person's terminal, in their language (a key may draw, or answer)."""
        with use(self.spoken()):
            self._handle(kind, payload)

    def spoken(self) -> Language:
        """Return the person's current language: as they arrived, or as they chose since in the lobby (in
        lines)."""
        return self.lines.language if self.lines is not None else self.language

    def _handle(self, kind: bytes, payload: bytes) -> None:
        if kind == START:
            if self.app is None and self.lines is None:
                self._start(read_json(payload))
        elif kind == DATA:
            if self.terminal is not None:
                self.terminal.received(payload)
            elif self.lines is not None:
                self.lines.typed(payload)
        elif kind == RESIZE:
            if self.terminal is not None:
                self.terminal.resize(*read_size(payload))
        elif kind == CLOSE:
            self._end_app()
        else:
            raise FrameError(f"a session does not send {kind!r}")

    def _start(self, start: Any) -> None:
        if not isinstance(start, dict):
            raise FrameError("a session starts with who it is")
        worker_rooms = self.worker.worker_rooms
        self.fingerprint = str(start.get("key", "?"))
        self.language = language(str(start.get("lang") or "en")[:20]) or ENGLISH
        with use(self.language):  # the app's tasks, started here, inherit it
            self._begin(start, worker_rooms)

    def _begin(self, start: dict[str, Any], worker_rooms: WorkerRooms) -> None:
        if start.get("plain") is True:
            self._start_lines(start)
            return
        self.terminal = Terminal(
            StreamChannel(self.link),
            worker_rooms.limits,
            int(start.get("width", 80)),
            int(start.get("height", 24)),
            limit_bytes=False,  # the front holds the byte rate; keys are counted here, where they are read
        )
        self.terminal.on_overflow = self._end_app
        wanted = start.get("wanted")
        self.app = app = ServerApp(
            worker_rooms,
            self.terminal,
            self.fingerprint,
            str(wanted) if wanted else None,
            str(start.get("term", "xterm")),
            str(start.get("colorterm", "")),
            name=str(start.get("name") or ""),
            watch=bool(start.get("watch", False)),
            host=str(start.get("host") or worker_rooms.config.host),
            port=_port(start),
            note=str(start.get("note") or ""),
            zone=zone_named(str(start.get("zone") or "")[: ZONE_MOST + 1]),
        )
        app.table_left = self.worker.screens_gone
        self.worker.sessions.add(self)
        self.task = asyncio.get_running_loop().create_task(self._run())

    def _start_lines(self, start: dict[str, Any]) -> None:
        """Start a line-mode session (`server.session.line_player`): text, not a screen."""
        over = self._lines_over = asyncio.Event()
        wanted = start.get("wanted")
        self.lines = LinePlayer(
            self.worker.worker_rooms,
            self.fingerprint,
            lambda data: self.link.send(frame(DATA, data)),
            terminal=start.get("pty") is True,
            name=str(start.get("name") or ""),
            wanted=str(wanted) if wanted else None,
            watch=bool(start.get("watch", False)),
            moved=start.get("moved") is True,
            host=str(start.get("host") or ""),
            port=_port(start),
            end=over.set,
            note=str(start.get("note") or ""),
            settings=Settings.of_words(str(start.get("heard") or "")[:40]) or BRIEF,
            zone=zone_named(str(start.get("zone") or "")[: ZONE_MOST + 1]),
        )
        self.worker.sessions.add(self)
        self.task = asyncio.get_running_loop().create_task(self._run_lines())
        self.lines.start()

    async def _run_lines(self) -> None:
        lines, over = self.lines, self._lines_over
        assert lines is not None and over is not None
        try:
            await over.wait()
        finally:
            self._finish(
                lines.moving, crashed=False, language_chosen=lines.language.code, heard=lines.settings.words
            )

    async def _run(self) -> None:
        app = self.app
        assert app is not None and self.terminal is not None
        try:
            await app.run_async(size=self.terminal.size, mouse=True)
        except Exception:
            log.exception("session of %s failed", self.fingerprint)
            app.crashed = True
        finally:
            self._finish(app.moving, app.crashed, app.language_chosen)
            self.worker.screens_gone()

    def _finish(
        self,
        moving: tuple[str, bool] | None,
        crashed: bool,
        language_chosen: str | None = None,
        heard: str = "",
    ) -> None:
        """End the session here: on to another worker's room (with what the person chose on the way: a
        language, line-mode settings), or ended (cut short by the worker stopping: the front puts a screen
        back as it was; or crashed: the person is told in a line)."""
        self.worker.sessions.discard(self)
        if moving is not None and not crashed:
            room, watch = moving
            told = {"room": room, "watch": watch, "lang": language_chosen or "", "heard": heard}
            self.link.send(json_frame(MOVE, told))
        elif self.farewell is not None:
            self.link.send(json_frame(END, {"line": self.farewell, "status": 1}))
        elif self.worker.stopping and not crashed:
            self.link.send(json_frame(END, {"line": STOPPING, "status": 0, "restore": True}))
        else:
            self.link.send(
                json_frame(END, {"line": CRASHED if crashed else None, "status": 1 if crashed else 0})
            )
        self.link.close()

    def _end_app(self) -> None:
        if self.lines is not None:
            try:
                self.lines.close()
            except Exception:
                log.exception("ending a session in lines failed")
            return
        if self.terminal is not None:
            self.terminal.closed = True
        app = self.app
        if app is None:
            return
        try:
            app.end()  # at once: the seat is free to come back to before the app has wound down
        except Exception:
            log.exception("ending a session failed")

    def _lost(self) -> None:
        with use(self.spoken()):
            self._end_app()


class Worker:
    """The tables of one worker and the sessions at them, linked to the front."""

    def __init__(self, config: ServerConfig, index: int, runtime: Path) -> None:
        self.config = config
        self.index = index
        self.runtime = runtime
        self.sessions: set[WorkerSession] = set()
        self.control = FramedProtocol(self._control, self._front_gone, CONTROL_FRAME)
        self.requests = Requests(self.control.send_json)
        self.worker_rooms = WorkerRooms(
            config, asyncio.get_running_loop(), self, movable_clock(config), index
        )
        self.done = asyncio.Event()
        self._listener: asyncio.AbstractServer | None = None
        self.stopping = False
        self._reclaiming = False  # a complete pass of the collector is on its way (`screens_gone`)
        self._giving_back: asyncio.TimerHandle | None = None  # after the rooms taken up on starting

    async def start(self) -> Worker:
        loop = asyncio.get_running_loop()
        path = worker_path(self.runtime, self.index)
        path.unlink(missing_ok=True)
        self._listener = await loop.create_unix_server(lambda: WorkerSession(self).link, str(path))
        os.chmod(path, 0o600)
        await loop.create_unix_connection(lambda: self.control, str(front_path(self.runtime)))
        self.control.send_json({"t": "hello", "worker": self.index, "pid": os.getpid()})
        return self

    def screens_gone(self) -> None:
        """Record that a session's app ended, or a table's screen was left for the lobby, frozen and now dead
        (`room.heap`): once enough have, a complete collection reclaims them, a moment later (the last
        references gone, and others that end with it counted in) and between two events rather than in the
        middle of a screen's update."""
        settling = heap.policy()
        if settling is None or not settling.left(len(self.sessions)) or self._reclaiming:
            return
        self._reclaiming = True
        asyncio.get_running_loop().call_later(RECLAIM_DELAY, self._reclaim, settling)

    def _reclaim(self, settling: heap.Settling) -> None:
        self._reclaiming = False
        settling.collect_all()

    # --- what the worker's rooms ask of the front---------------------------------------------------

    def report(self, plan: dict[str, Any], status: TableStatus) -> None:
        """Tell the front how a room stands (`rest`: it was let go, and stays unloaded here until someone
        comes or its deadline)."""
        message: dict[str, Any] = {"t": "room", "plan": plan, "status": status.to_json()}
        if plan.get("id") in self.worker_rooms.unloaded:
            message["rest"] = True
        self.control.send_json(message)

    def gone(self, table_id: str) -> None:
        self.control.send_json({"t": "gone", "id": table_id})

    async def ask(self, message: dict[str, Any]) -> Any:
        return await self.requests.ask(message)

    def say(self, fingerprint: str, words: str) -> None:
        self.control.send_json({"t": "chat", "key": fingerprint, "text": words})

    def keep_language(self, fingerprint: str, code: str) -> None:
        self.control.send_json({"t": "language", "key": fingerprint, "language": code})

    def keep_settings(self, fingerprint: str, words: str) -> None:
        self.control.send_json({"t": "heard", "key": fingerprint, "settings": words})

    def your_move(self, fingerprint: str, room: str, asked: Phrase | str, move: str) -> None:
        """Tell a person by e-mail, if they asked for it, that `room` waits on them for `asked`
        (`server.people.notices.Notices.your_move`, on the front: `move` names the move, told once)."""
        message = {
            "t": "your_move",
            "key": fingerprint,
            "room": room,
            "asked": phrase_to(asked),
            "move": move,
        }
        self.control.send_json(message)

    # --- what the front tells -----------------------------------------------------------------

    def _control(self, kind: bytes, payload: bytes) -> None:
        if kind != JSON:
            raise FrameError(f"the control link does not carry {kind!r}")
        message = read_json(payload)
        if not isinstance(message, dict) or self.requests.answered(message):
            return
        kind_of = message.get("t")
        if kind_of == "adopt":
            self.control.send_json(answer(message.get("ask"), {"ok": True, "rooms": self._adopt(message)}))
        elif kind_of == "rooms":
            gone_rooms = [str(room) for room in message.get("gone", [])]
            self.worker_rooms.registry([str(room) for room in message.get("rooms", [])], gone_rooms)
            self.worker_rooms.people = [str(name) for name in message.get("people", [])][:1000]
        elif kind_of == "ratings":
            self.worker_rooms.rated(message.get("board"))
        elif kind_of == "chat":
            self.worker_rooms.lobby_heard(list(message.get("lines", [])))
        elif kind_of == "away":
            rooms = self.worker_rooms.away_here(str(message.get("key", "")), float(message.get("until", 0.0)))
            self.control.send_json(answer(message.get("ask"), {"rooms": rooms}))
        elif kind_of == "drop":
            self.drop(str(message.get("id")), str(message.get("line") or ""))
        elif kind_of == "clock" and isinstance(self.worker_rooms.clock, MovableClock):
            self.worker_rooms.clock.move_to(float(message.get("ahead", 0.0)))
        elif kind_of == "stop":
            asyncio.get_running_loop().create_task(self.stop())

    def _adopt(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Take up the rooms the front hands this worker (one made just now, or some hundreds on starting):
        how each stands, for the front's registry."""
        given = [(raw, False) for raw in message.get("plans") or []]
        given += [(raw, True) for raw in message.get("cards") or []]  # their plans are on the disk
        if "plan" in message:
            given.append((message["plan"], False))
        rooms: list[dict[str, Any]] = []
        for raw, summary in given:
            try:
                plan = Plan.from_json(raw)
                status = self.worker_rooms.take(RoomSummary.of(plan, shared=False) if summary else plan)
            except (ValueError, KeyError, TypeError, TableError) as exc:
                log.error("worker %d: a room not taken up: %s", self.index, exc)
                continue
            table = self.worker_rooms.tables.get(plan.id)
            if table is not None:  # held: its plan as read from the disk
                rooms.append({"plan": table.plan.to_json(), "status": status.to_json()})
            else:  # unloaded (on its summary alone), or made just now
                told = {"plan": plan.to_json(), "status": status.to_json(), "card": summary}
                rooms.append({**told, "rest": True} if plan.id in self.worker_rooms.unloaded else told)
        if len(given) > 1:  # rooms taken up on starting: what reading them freed goes back after the last
            if self._giving_back is not None:
                self._giving_back.cancel()
            self._giving_back = asyncio.get_running_loop().call_later(GIVE_BACK_AFTER, give_back)
        return rooms

    def drop(self, table_id: str, line: str) -> None:
        """Drop a table another host now holds: its sessions here end at once with `line`, and it is released
        without writing anything more to the database (its state is that host's to write)."""
        for session in list(self.sessions):
            if session.at(table_id):
                session.farewell = line
                session._end_app()
        self.worker_rooms.let_go(table_id)

    def _front_gone(self) -> None:
        self.requests.fail_all()
        if not self.stopping:
            log.info("worker %d: the front is gone; saving every room", self.index)
            asyncio.get_running_loop().create_task(self.stop())

    async def stop(self) -> None:
        """End every session here (each leaves its table), then save and release every table."""
        if self.stopping:
            return
        self.stopping = True
        if self._listener is not None:
            self._listener.close()
        tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            with use(session.spoken()):
                session._end_app()
        if tasks:
            await asyncio.wait(tasks, timeout=3)
        self.worker_rooms.close()
        worker_path(self.runtime, self.index).unlink(missing_ok=True)
        self.control.close()
        self.done.set()


def movable_clock(config: ServerConfig) -> MovableClock | None:
    """Return the clock the operator may move on (`--test-clock`), where it was last moved to; None for the
    loop's own."""
    if not config.test_clock:
        return None
    from server.network.clock_moves import ahead_of

    return MovableClock(asyncio.get_running_loop(), ahead_of(config.folder))


GIVE_BACK_AFTER = 1.0
"""Seconds from the last rooms handed on starting to giving the memory their reading freed back."""

RECLAIM_DELAY = 1.0
"""Seconds from a session's end that calls for a complete pass to the pass."""

LONG_PASS = 0.1
"""CPU seconds from which a collector's pass is logged: every session of the worker waits that long."""


def _long_pass(seconds: float, kind: str) -> None:
    """Log a long garbage-collector pass, during which every session of this worker was paused."""
    log.warning("collector: a %s pass took %.2f s of CPU", kind, seconds)


async def run_worker(config: ServerConfig, index: int, runtime: Path) -> int:
    loop = asyncio.get_running_loop()
    worker = await Worker(config, index, runtime).start()
    # the sessions' screens, and the lines they draw, are not walked again by every pass (room.heap); a pass
    # long enough to be felt between a key and its screen (a tenth of a second) is told in the log
    heap.keep_settled(told=_long_pass, long_pass=LONG_PASS, young_aside=True)
    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(worker.stop()))
    await worker.done.wait()
    return 0


def _port(start: dict[str, Any]) -> int:
    """Return the port the person connected to, as the front tells it (0: the server's own)."""
    port = start.get("port")
    return port if isinstance(port, int) and 0 < port < 65536 else 0


def main(argv: list[str]) -> int:
    from server.base.logs import configure_logging

    index, runtime, raw = int(argv[0]), Path(argv[1]), json.loads(argv[2])
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the front, which stops the workers
    configure_logging(prefix=f"worker {index} ")
    # the sessions' apps share parsed styles and make less garbage (see `tui.patches`); after the logging
    # is set up, so that a patch skipped for the installed Textual is told in the server's log
    patches.install()
    return asyncio.run(run_worker(config_from_json(raw), index, runtime))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
