"""Persistence of a table's runtime state beside its plan and its save, so that a restart of the server (even
a SIGKILL) finds it as it was: each person's time bank, the room's chat and the vote under way.

One small JSON file a table, in the server's `room-state/` folder (`<id>.json`, beside `rooms/<id>.json`, its
plan): the worker that holds the table writes it, and whatever moves a room (another worker, after a
restart) moves it with its plan and its save. It is written whole, atomically and durably
(`saves.atomic.write_atomic`: a temporary file synced, then renamed), as it changes: at each chat line, at
each vote's call, answer and end, at each change of whose decision the table waits on, and every
`KEEP_EVERY` seconds while a bank runs or a vote is open. So a SIGKILL costs at most the seconds a running
bank (or a vote's time) spent since its last write: it comes back with up to `KEEP_EVERY` seconds more,
never less; a chat line is on the disk a write or two after it is said (a synced write of a room's
state takes some 10 ms).

The writing is done off the event loop, on one thread for all the worker's tables (in order), so that no
key press waits on the disk: a table's state is made on the loop (a small dict), encoded there, and
written by the thread; while one of its writes is under way, the next change waits for it and is written
once, with the state as it then stands, so that a slow disk makes fewer writes, never a queue of them.

A file beside the plan rather than the SQLite store (`server.people.store`): only the front writes the store,
while a table lives in a worker, which would have to send it every chat line and bank; and a table's state
belongs with its plan and its save, which are files in the same folder, and goes where they go.

Read back, every part is checked again (the chat as plain text on one line, bounded, like a line typed;
the banks and the vote against the table's seats): what cannot be read is dropped with a one-line notice
for the people at the table, and the rest comes back.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from saves.atomic import write_atomic
from server.base.state import read_json
from server.people.chat import Said
from server.tables.restart_words import Lost

log = logging.getLogger(__name__)

FOLDER = "room-state"
KEEP_EVERY = 5.0
"""Seconds between two writes of a table's banks while one runs (or a vote is open): what a SIGKILL may
give back to a running bank, at most."""
FORMAT = 1

Found = Literal["found", "missing", "damaged"]


@dataclass
class Kept:
    """A table's runtime state as read back: its chat lines (checked again), its banks and vote as written
    (the table checks them against its seats once its room is loaded), and what could not be read."""

    found: Found = "missing"
    chat: list[Said] = field(default_factory=list)
    clocks: Any = None
    vote: Any = None
    votes: int = 0
    deadline: Any = None
    """A turn-based room's deadline, as written (checked once the room is loaded)."""
    limits: Any = None
    """The most each person would bid in a turn-based room's auction under way, as written."""
    absent: Any = None
    """A turn-based room's moves in a row whose time ran out, and the seats voted to a bot, as written."""
    holds: Any = None
    """The seats a turn-based room's stand-in holds for a decision or the rest of a turn, as written."""
    lost: Lost = field(default_factory=Lost)
    """What of it could not be read back (the chat, some of its lines)."""


def read_kept(path: Path, chat_max: int, chat_kept: int, data: bytes | None = None) -> Kept:
    """Read a table's runtime state from `path` (or `data`, what is being written to it); a missing or
    damaged file gives a `Kept` that records so."""
    if data is None and not path.exists():
        return Kept()
    raw = read_json(path) if data is None else json.loads(data)  # None: not JSON, cut short... (logged)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        aside = path.with_name(path.name + ".damaged")
        try:
            path.replace(aside)  # for the operator to look at; the table's next write starts afresh
        except OSError as exc:
            log.warning("room state %s stays where it is: %s", path.name, exc)
        log.warning("room state %s not used (not a room's state): moved to %s", path.name, aside.name)
        return Kept("damaged")
    kept = Kept(
        "found",
        clocks=raw.get("clocks"),
        vote=raw.get("vote"),
        deadline=raw.get("deadline"),
        limits=raw.get("limits"),
        absent=raw.get("absent"),
        holds=raw.get("holds"),
    )
    votes = raw.get("votes", 0)
    kept.votes = votes if isinstance(votes, int) and not isinstance(votes, bool) and 0 <= votes < 2**31 else 0
    lines = raw.get("chat", [])
    if not isinstance(lines, list):
        kept.lost.chat = True
        return kept
    dropped = 0
    for line in lines:
        try:
            kept.chat.append(Said.from_json(line, chat_max))
        except ValueError as exc:
            log.warning("room state %s: a chat line not used: %s", path.name, exc)
            dropped += 1
    kept.chat = kept.chat[-max(1, chat_kept) :]
    if dropped:
        kept.lost.lines = dropped
    return kept


def encode(state: dict[str, Any]) -> bytes:
    return json.dumps({"format": FORMAT, **state}, ensure_ascii=False, separators=(",", ":")).encode()


class Keeper:
    """Writer of the runtime state of one worker's tables: off the event loop, each table's writes in
    order."""

    def __init__(self, folder: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.folder = folder / FOLDER
        self._loop = loop
        self._pool: ThreadPoolExecutor | None = None
        self._writing: set[str] = set()  # tables with a write under way
        self._again: dict[str, Callable[[], dict[str, Any]]] = {}  # to write once more when it is done
        self._gone: set[str] = set()  # tables removed while a write was under way
        self._stopped = False
        self._last: dict[str, bytes] = {}  # each table's state as last written (those held loaded)
        self._underway: dict[str, bytes] = {}  # the writes under way
        self.writes = 0
        """Writes begun, for the measurements."""

    def path(self, table_id: str) -> Path:
        return self.folder / f"{table_id}.json"

    def read(self, table_id: str, chat_max: int, chat_kept: int) -> Kept:
        """Read a table's state back: as it is being written, if a write of it is under way or waits (a
        room let go a moment ago, and loaded again), else from its file."""
        again = self._again.get(table_id)
        data = encode(again()) if again is not None else self._underway.get(table_id)
        return read_kept(self.path(table_id), chat_max, chat_kept, data)

    def keep(self, table_id: str, state: Callable[[], dict[str, Any]]) -> None:
        """Write the table's state soon, off the loop (`state` is asked for it when the write begins)."""
        if self._stopped:
            return
        if table_id in self._writing:
            self._again[table_id] = state
            return
        self._begin(table_id, encode(state()))

    def _begin(self, table_id: str, data: bytes) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="room-state")
        self._writing.add(table_id)
        self._gone.discard(table_id)
        self.writes += 1
        self._last.pop(table_id, None)  # until it has been written
        self._underway[table_id] = data
        future = self._pool.submit(self._write, table_id, data)
        future.add_done_callback(
            lambda done: self._loop.call_soon_threadsafe(self._written, table_id, done, data)
        )

    def _write(self, table_id: str, data: bytes) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path(table_id), data)

    def _written(self, table_id: str, done: Future[None], data: bytes) -> None:
        self._writing.discard(table_id)
        self._underway.pop(table_id, None)
        problem = done.exception() if not done.cancelled() else None
        if problem is not None:
            log.error("cannot keep the state of room %s: %s", table_id, problem)
        elif table_id not in self._again and table_id not in self._gone:
            self._last[table_id] = data
        if table_id in self._gone:
            self._gone.discard(table_id)
            self._again.pop(table_id, None)
            self.path(table_id).unlink(missing_ok=True)
            return
        again = self._again.pop(table_id, None)
        if again is not None and not self._stopped:
            self._begin(table_id, encode(again()))

    def keep_now(self, table_id: str, state: dict[str, Any]) -> None:
        """Write the table's state at once, on the loop, unless it is as last written (the server stops:
        `stop` has waited for the thread, so that no earlier write lands after this one)."""
        self.stop()
        data = encode(state)
        if self._last.get(table_id) == data:
            return
        try:
            self._write(table_id, data)
            self._last[table_id] = data
        except OSError as exc:
            log.error("cannot keep the state of room %s: %s", table_id, exc)

    def written(self, table_id: str, state: dict[str, Any]) -> None:
        """Record a table's state as it is on the disk (read back just now), so that `keep_now` writes it
        only once it has changed."""
        self._last[table_id] = encode(state)

    def forget(self, table_id: str) -> None:
        """Forget what was last written of a table no longer held here (let go, or another host's)."""
        self._last.pop(table_id, None)

    def remove(self, table_id: str) -> None:
        """Remove the state of a table nobody will play, with its plan."""
        self._again.pop(table_id, None)
        self._last.pop(table_id, None)
        if table_id in self._writing:
            self._gone.add(table_id)
            return
        try:
            self.path(table_id).unlink(missing_ok=True)
        except OSError as exc:
            log.error("cannot remove the state of room %s: %s", table_id, exc)

    def stop(self) -> None:
        """Wait for the writes in progress to finish, then make those that waited for them (a room let go
        just now has no table left to write its state on stopping), and start no more off the loop."""
        self._stopped = True
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        for table_id, state in list(self._again.items()):
            del self._again[table_id]
            if table_id in self._gone:
                continue
            data = encode(state())
            try:
                self._write(table_id, data)
                self._last[table_id] = data
            except OSError as exc:
                log.error("cannot keep the state of room %s: %s", table_id, exc)
