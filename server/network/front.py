"""The server's front process: the workers, the registry of rooms, and each session's relay.

The front holds what must be one for the whole server: the SSH listener and its limits (in
`server.network.ssh`), the names bound to keys (in the store of people, written here only), and the registry
of rooms (`server.network.front_rooms`): which worker holds each room, and of those held live their summaries
and how they stand. It starts the workers, hands each the rooms it holds, writes the rooms into the lobby's
index (`server.tables.lobby_index`, which the workers read) and tells every worker which rooms changed (at
most every half second), and starts a worker again when one dies: its rooms come back from their saves, as
after a `kill -9`.

Each session's terminal is relayed to a worker (`server.network.relay`). On a server of several hosts
sharing one PostgreSQL, the registry holds the other hosts' rooms too (`server.network.hosts` keeps it),
and a session whose room another host holds is carried there.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.text import TextError, plain
from lines.settings import Settings
from server.base.config import ServerConfig, config_to_json
from server.base.memory import give_back
from server.network.frames import (
    CONTROL_FRAME,
    JSON,
    FramedProtocol,
    FrameError,
    Requests,
    answer,
    asker,
    json_frame,
    read_json,
)
from server.network.front_rooms import FrontRooms
from server.network.move_emails import MoveEmails
from server.network.records_due import RecordsDue
from server.network.registry import Entry, HostLink, UnloadedRooms, WorkerHandle
from server.network.relay import READY_WITHIN, Relay
from server.network.several import SeveralHosts
from server.network.waiting import phrase_of
from server.network.worker import Worker, front_path, worker_path
from server.people.chat import LobbyTalk, Said, words_of
from server.people.mail import connect_words, mailer_of
from server.people.notices import MailState, Notices
from server.people.players import Players
from server.people.ratings import FrontRatings, open_people
from server.people.store import StoreFailure
from server.tables.lobby_index import IndexWriter
from server.tables.lobby_line import TableStatus
from server.tables.making import make_plan
from server.tables.plans import Plan, RoomRequest, TableError
from server.tables.room_files import gather_saves, plans_each, plans_in
from server.tables.room_summary import RoomSummary
from translation import _, language, use

if TYPE_CHECKING:  # psycopg's module, imported only where the server is one host of several
    from server.network.leases import Present

log = logging.getLogger(__name__)

ADOPTED_AT_ONCE = 250  # rooms handed to a worker in one request on starting
RESTART_AFTER = 0.5  # seconds before a dead worker is started again (doubling while it keeps dying)
RUNTIME_PREFIX = "workers-"
SOCKET_NAME_MAX = 107  # bytes in a Unix socket's path
STARTING_WITHIN = 60.0  # seconds: a socket folder this young may be a server's still starting


class Front(FrontRooms, SeveralHosts):
    """The front process: the rooms' registry and the workers, for the SSH side."""

    def __init__(self, config: ServerConfig, in_process: bool = False) -> None:
        self.config = config
        self.limits = config.limits
        self.store, self.store_note = open_people(config.folder, config.store)
        """The people's store (names, ratings, the lobby's chat), or None where it cannot be used."""
        self.players = Players(self.store, config.limits.players, config.folder)
        self.ratings = (
            FrontRatings(self.store, self.players.name_of)
            if self.store is not None and config.ratings
            else None
        )
        self.records_due = RecordsDue(config.folder, self.ratings, self._send_board) if self.ratings else None
        """The finished games not recorded yet (the store down), kept on disk and tried again."""
        self.in_process = in_process
        self.registry: dict[str, Entry] = {}
        """The rooms whose summary and status the front holds: this host's held live, the other hosts'."""
        self.unloaded = UnloadedRooms()
        """This host's rooms unloaded in their workers: summaries and statuses in the lobby's index alone."""
        self.index: IndexWriter | None = None  # the lobby's index, written from the registry
        parent = self._runtime_parent()
        clear_stale(parent)
        self.runtime = Path(tempfile.mkdtemp(prefix=RUNTIME_PREFIX, dir=parent))
        os.chmod(self.runtime, 0o700)
        self.workers = [WorkerHandle(i, worker_path(self.runtime, i)) for i in range(max(1, config.workers))]
        self.relays: set[Relay] = set()
        self.hosts: HostLink | None = None  # set (before `start`) on a server of several hosts
        self.peer_secret = b""
        self.present: dict[str, Present] = {}  # the hosts up, as last read
        self.people_up: list[str] = []  # the people connected to every host, by name (for the lobbies)
        self._elsewhere: dict[str, tuple[str, str, str]] = {}  # the other hosts' rooms as last read
        self._encoded: dict[str, tuple[RoomSummary, str, TableStatus, tuple[str, str]]] = {}  # `local_rooms`
        self._push: asyncio.TimerHandle | None = None
        self._changed: set[str] = set()  # rooms changed (or gone) since the workers were last told
        self._control: asyncio.AbstractServer | None = None
        self.stopping = False
        self._watching: set[asyncio.Task[None]] = set()
        self.lobby_talk = LobbyTalk(config.limits.lobby_chat_kept)  # kept in the store across a restart
        if self.store is not None:
            for who, text, at in self.store.lobby_lines():
                self.lobby_talk.heard(Said(who, text, at))
        self.notices = Notices(
            self.store, mailer_of(config), self.players, self.waiting_on, connect=connect_words(config)
        )
        """Word by e-mail when a room waits on a person (`--smtp`); `notices.your_move` tells one."""
        self.move_emails = MoveEmails(self.notices, self.entry_by_id)
        """An e-mail when a turn-based room comes to a person away from it, once a move."""

    def _runtime_parent(self) -> Path:
        """Return a private folder for the sockets: under the server's data folder when its path is short
        enough for a socket's name, else under the system's runtime or temporary folder."""
        parent = self.config.folder / "run"
        if len(os.fsencode(parent)) + 40 > SOCKET_NAME_MAX:
            parent = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir())
        parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        return parent

    # --- starting -----------------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        path = front_path(self.runtime)
        self._control = await loop.create_unix_server(self._control_link, str(path))
        os.chmod(path, 0o600)
        plans: Iterable[Plan]
        if self.hosts is not None:
            listed = plans_in(self.config.folder)
            gather_saves(listed, self.config)
            plans = await self.hosts.start(listed)
        else:  # read one at a time, each unloaded into the index as it is read
            plans = plans_each(self.config.folder)
        self.take_in(plans)
        if self.records_due is not None:
            self.records_due.start()  # those of rooms that left the lobby meanwhile too
        rooms, workers = len(self.registry) + len(self.unloaded), len(self.workers)
        log.info(
            "%d room%s on %d worker%s", rooms, "" if rooms == 1 else "s", workers, "" if workers == 1 else "s"
        )
        for handle in self.workers:
            await self._launch(handle)
        self.notices.start()
        await asyncio.wait_for(asyncio.gather(*(h.ready.wait() for h in self.workers)), READY_WITHIN)
        give_back()  # what reading every room's plan freed

    async def _launch(self, handle: WorkerHandle) -> None:
        handle.ready.clear()
        if self.in_process:
            handle.local = await Worker(self.config, handle.index, self.runtime).start()
            return
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "server.network.worker",
            str(handle.index),
            str(self.runtime),
            _json(config_to_json(self.config)),
            cwd=str(Path(__file__).resolve().parents[1]),
        )
        handle.process = process
        handle.pid = process.pid
        task = asyncio.get_running_loop().create_task(self._watch(handle, process))
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)

    async def _watch(self, handle: WorkerHandle, process: asyncio.subprocess.Process) -> None:
        """Restart a worker that ends while the server runs (its rooms from their saves)."""
        code = await process.wait()
        if self.stopping or handle.process is not process:
            return
        handle.deaths += 1
        log.error("worker %d (pid %s) ended with %s; starting it again", handle.index, process.pid, code)
        handle.ready.clear()
        if handle.link is not None:
            handle.link.close()
        await asyncio.sleep(min(RESTART_AFTER * 2 ** min(handle.deaths - 1, 6), 30))
        if not self.stopping:
            await self._launch(handle)

    def _control_link(self) -> FramedProtocol:
        holder: dict[str, WorkerHandle] = {}
        link = FramedProtocol(
            lambda kind, payload: self._control_frame(link, holder, kind, payload),
            lambda: self._lost(holder),
            CONTROL_FRAME,
        )
        return link

    def _lost(self, holder: dict[str, WorkerHandle]) -> None:
        handle = holder.get("handle")
        if handle is not None:
            handle.ready.clear()
            if handle.requests is not None:
                handle.requests.fail_all()

    def _control_frame(
        self, link: FramedProtocol, holder: dict[str, WorkerHandle], kind: bytes, payload: bytes
    ) -> None:
        if kind != JSON:
            raise FrameError(f"the control link does not carry {kind!r}")
        message = read_json(payload)
        if not isinstance(message, dict):
            raise FrameError("a control message is an object")
        handle = holder.get("handle")
        if handle is None:
            if message.get("t") != "hello" or not 0 <= int(message.get("worker", -1)) < len(self.workers):
                raise FrameError("a worker says hello first")
            handle = self.workers[int(message["worker"])]
            holder["handle"] = handle
            handle.link = link
            handle.requests = Requests(link.send_json)
            asyncio.get_running_loop().create_task(self._hand_rooms(handle))
            return
        if handle.requests is not None and handle.requests.answered(message):
            return
        what = message.get("t")
        if what == "room":
            self._room_reported(handle, message)
        elif what == "gone":
            self.gone(str(message.get("id")))
        elif what == "create":
            asyncio.get_running_loop().create_task(self._create(link, message))
        elif what in ("name", "rename"):
            link.send_json(answer(message.get("ask"), self._choose(message)))
        elif what == "chat":
            self._lobby_said(message)
        elif what == "language":
            self._language_chosen(message)
        elif what == "heard":
            self._heard_chosen(message)
        elif what == "mail":
            link.send_json(answer(message.get("ask"), self._mail(message)))
        elif what == "your_move":
            self._your_move(message)
        elif what == "away":
            asyncio.get_running_loop().create_task(self._away(link, message))

    async def _hand_rooms(self, handle: WorkerHandle) -> None:
        """Give a worker (new, or restarted) its rooms as last saved, some hundreds a request, then the
        registry of every room; it then accepts sessions. A new worker is given their summaries, and reads the
        plans of those it holds from the disk (one that only waits on a person is not held)."""
        assert handle.requests is not None
        mine = self.rooms_of(handle)
        for start in range(0, len(mine), ADOPTED_AT_ONCE):
            plans, summaries = self.handed(handle, mine[start : start + ADOPTED_AT_ONCE])
            try:
                answered = await handle.requests.ask({"t": "adopt", "plans": plans, "cards": summaries})
            except (ConnectionError, TimeoutError):
                log.error("worker %d did not take rooms %s to %s", handle.index, mine[start], mine[-1])
                return
            self._adopted(handle, answered)
        if handle.link is not None:  # the rooms are in the lobby's index: the people connected alone
            handle.link.send_json({"t": "rooms", "rooms": [], "people": self.people_up})
            if self.ratings is not None:
                handle.link.send_json({"t": "ratings", "board": self.ratings.board().to_json()})
            handle.link.send_json({"t": "chat", "lines": [said.to_json() for said in self.lobby_talk.lines]})
        handle.ready.set()
        log.info("worker %d ready (pid %s)", handle.index, handle.pid or os.getpid())

    # --- the registry -------------------------------------------------------------------------

    def text_of(self, plan: dict[str, Any]) -> str:
        """Return a room's whole plan as JSON where the store needs it (a server of several hosts writes it
        there for the others), else nothing: the plan is on the disk."""
        return _json(plan) if self.hosts is not None else ""

    # --- ratings ------------------------------------------------------------------------------

    def finished(self, raw: dict[str, Any]) -> None:
        """Handle a table reported finished: record its game once, and send every worker the new ratings."""
        if self.ratings is None:
            return
        try:
            plan = Plan.from_json(raw)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("a finished room's plan not read: %s", exc)
            return
        if self.records_due is not None and self.records_due.consider(plan):
            self._send_board()

    def _send_board(self) -> None:
        """Send every worker ready the ratings as they are now."""
        if self.ratings is None:
            return
        message = json_frame(JSON, {"t": "ratings", "board": self.ratings.board().to_json()})
        for handle in self.workers:
            if handle.link is not None and handle.ready.is_set():
                handle.link.send(message)

    # --- the lobby's chat ---------------------------------------------------------------------

    def _lobby_said(self, message: dict[str, Any]) -> None:
        """Handle a lobby chat line from a worker's session: attributed to the key's name, timestamped here,
        stored, and broadcast to every worker (their lobbies show it)."""
        name = self.players.name_of(str(message.get("key")))
        text = message.get("text")
        words = words_of(text, self.limits.chat_max) if isinstance(text, str) else ""
        if not name or not words:
            return
        said = Said(plain(name), words, time.time())
        self.lobby_talk.heard(said)
        if self.store is not None:
            try:
                self.store.keep_lobby_line(said.who, said.text, said.at, self.lobby_talk.kept)
            except StoreFailure as exc:  # said all the same; only a restart forgets it
                log.error("a line of the lobby's chat could not be kept: %s", exc)
        self._tell_lobby([said])

    def _tell_lobby(self, lines: list[Said]) -> None:
        told = json_frame(JSON, {"t": "chat", "lines": [said.to_json() for said in lines]})
        for handle in self.workers:
            if handle.link is not None and handle.ready.is_set():
                handle.link.send(told)

    # --- what workers ask ---------------------------------------------------------------------

    def _language_chosen(self, message: dict[str, Any]) -> None:
        """Store a language a person chose in a lobby for their key, if the game has a translation for it."""
        code = str(message.get("language", ""))[:20]
        if language(code) is not None:
            self.players.choose_language(str(message.get("key", "")), code)

    def _heard_chosen(self, message: dict[str, Any]) -> None:
        """Store the line-mode output settings a person chose (`verbose`, `brief`, `mine`, `everyone`) for
        their key."""
        settings = Settings.of_words(str(message.get("settings", ""))[:40])
        if settings is not None:
            self.players.choose_settings(str(message.get("key", "")), settings)

    def _mail(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer what a person asks of their mail from a lobby
        (`server.tables.worker_rooms.WorkerRooms.mail`): the sentence for them, in their language, and what
        their dialog shows."""
        key, value, notices = str(message.get("key", "")), str(message.get("value", ""))[:300], self.notices
        ui_mode = "screen" if message.get("ui_mode") == "screen" else "lines"
        with use(asker(message)):
            do = message.get("do")
            if do == "address":
                line = notices.give_address(key, value, ui_mode)
            elif do == "confirm":
                line = notices.confirm(key, value, ui_mode)
            elif do == "off":
                line = notices.turn_off(key)
            elif do == "choice":
                line = notices.choose(key, value)
            else:
                line = ""
            state: MailState = notices.state(key)
        return {"line": line, "state": state.to_json()}

    async def _away(self, link: FramedProtocol, message: dict[str, Any]) -> None:
        """Hand a person's days away to every worker, each for the rooms it holds where he has a seat
        (`server.tables.worker_rooms.WorkerRooms.away`); answer how many rooms took them."""
        until = message.get("until")
        rooms = 0
        if isinstance(until, (int, float)) and not isinstance(until, bool) and 0 <= until < 1e11:
            told = {"t": "away", "key": str(message.get("key", "")), "until": float(until)}
            for handle in self.workers:
                if handle.requests is None:
                    continue
                try:
                    raw = await handle.requests.ask(told)
                except (ConnectionError, TimeoutError):
                    log.warning("worker %d was not told of days away", handle.index)
                    continue
                rooms += len(raw.get("rooms", [])) if isinstance(raw, dict) else 0
            if self.hosts is not None:  # and the rooms other hosts hold, through the store
                rooms += await self.away_elsewhere(str(message.get("key", "")), float(until))
        link.send_json(answer(message.get("ask"), {"rooms": rooms}))

    def _your_move(self, message: dict[str, Any]) -> None:
        """Tell a person their move is due, for a worker's room (`Worker.your_move`)."""
        asked = phrase_of(message.get("asked"))
        if asked is not None:
            self.notices.your_move(
                str(message.get("key", "")),
                str(message.get("room", ""))[:100],
                asked,
                str(message.get("move", ""))[:100],
            )

    def _choose(self, message: dict[str, Any]) -> dict[str, Any]:
        """Bind a name to a key (`name`), or give a key that has one another (`rename`)."""
        key, asked = str(message.get("key")), str(message.get("name", ""))
        try:
            with use(asker(message)):  # a refusal reads in the language of the person who asked
                if message.get("t") == "rename":
                    old = self.players.name_of(key)
                    name = self.players.rename(key, asked)
                else:
                    name = self.players.choose(key, asked, self.seated())
        except TextError as exc:
            return {"error": str(exc)}
        if message.get("t") == "rename":
            log.info("key %s changed its name from %r to %r", key, old, name)
        else:
            log.info("key %s chose the name %r", key, name)
        return {"name": name}

    async def _create(self, link: FramedProtocol, message: dict[str, Any]) -> None:
        with use(asker(message)):  # a refusal reads in the language of the person who asked
            try:
                table_id, worker = await self.create(RoomRequest.from_json(message))
                value: dict[str, Any] = {"id": table_id, "worker": worker}
            except TableError as exc:
                value = {"error": str(exc)}
            except Exception:
                log.exception("a room could not be made")
                value = {"error": _("The room could not be made.")}
        link.send_json(answer(message.get("ask"), value))

    async def create(self, asked: RoomRequest) -> tuple[str, int]:
        """Create a room on the worker with the fewest sessions; return its id and that worker."""
        others, unlisted = self.for_making(asked)
        plan = make_plan(others, self.limits, asked, unlisted)
        handle = self.least_loaded()
        status = TableStatus.of_plan(plan)
        summary, text = RoomSummary.of(plan), self.text_of(plan.to_json())
        self.registry[plan.id] = Entry(summary, status, handle.index, text=text)  # its name is taken from now
        try:
            await asyncio.wait_for(handle.ready.wait(), READY_WITHIN)
            assert handle.requests is not None
            answered = await handle.requests.ask({"t": "adopt", "plan": plan.to_json()})
        except (ConnectionError, TimeoutError, AssertionError):
            self.registry.pop(plan.id, None)
            self.move_emails.forget(plan.id)
            raise TableError(_("The server is busy; try again.")) from None
        self._adopted(handle, answered)
        log.info("room %s (%s) made by %s on worker %d", plan.id, plan.name, asked.creator, handle.index)
        self.changed(plan.id)
        return plan.id, handle.index

    # --- stopping -----------------------------------------------------------------------------

    async def stop(self) -> None:
        """Stop every worker, each saving its rooms."""
        self.stopping = True
        self.move_emails.stop()
        await self.notices.stop()
        if self.records_due is not None:
            self.records_due.stop()
        for handle in self.workers:
            if handle.link is not None:
                handle.link.send_json({"t": "stop"})
        for handle in self.workers:
            if handle.local is not None:
                await handle.local.stop()
            if handle.process is not None and handle.process.returncode is None:
                try:
                    await asyncio.wait_for(handle.process.wait(), 15)
                except TimeoutError:
                    log.error("worker %d did not stop; killing it", handle.index)
                    handle.process.kill()
                    await handle.process.wait()
        if self._control is not None:
            self._control.close()
        if self.hosts is not None:
            await self.hosts.stop()
        if self.store is not None:
            self.store.close()
        if self.index is not None:
            self.index.close()
        shutil.rmtree(self.runtime, ignore_errors=True)


def clear_stale(parent: Path) -> None:
    """Remove the socket folders of servers that are gone (killed outright, they could not remove them). A
    folder made in the last minute is left alone: it may be another server's, starting beside this one
    (several hosts on one machine share the runtime folder when their data folders' paths are long)."""
    for folder in parent.glob(RUNTIME_PREFIX + "*"):
        try:
            if not folder.is_dir() or folder.is_symlink() or folder.stat().st_uid != os.getuid():
                continue
            if time.time() - folder.stat().st_mtime < STARTING_WITHIN:
                continue
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                probe.settimeout(1.0)
                try:
                    probe.connect(str(front_path(folder)))
                    continue  # a server still listens there
                except OSError:
                    pass
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def _json(value: Any) -> str:
    return json.dumps(value)
