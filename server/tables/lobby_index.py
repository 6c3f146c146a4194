"""The lobby's index of every room: an SQLite file in the server's data folder that the front writes and the
workers read, so that a room no worker holds costs no worker's memory.

The front (the one writer) writes each room's lobby facts: the room's summary
(`server.tables.room_summary.RoomSummary`) and status as JSON, the worker or host holding it, the keys the
lobby orders by, and one row for each person seated at it or watching it. It writes in one transaction each
time it tells the workers of changes, and makes the file again from the rooms' plans on starting: the file is
an index, the plans in `rooms/` stay the truth. The front keeps no summary of a room unloaded in its worker:
it reads it back from here where it needs it (`IndexWriter.named`, `of_person`, `for_making`). A worker reads
it as it needs a lobby's rooms, a person's rooms or a room by name (`LobbyIndex`), each room read into an
object made for that reading and dropped after it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Collection, Container, Iterable
from pathlib import Path
from typing import Any

from server.tables.lobby_line import PlanFacts, TableStatus
from server.tables.room_summary import RoomSummary

log = logging.getLogger(__name__)

INDEX_FILE = "lobby-index.sqlite"
"""The index's file, in the server's data folder (with its `-wal` and `-shm` files beside it)."""

SCHEMA = """
CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    card TEXT NOT NULL,
    status TEXT NOT NULL,
    worker INTEGER NOT NULL,
    host TEXT,
    finished INTEGER NOT NULL,
    started INTEGER NOT NULL,
    creator TEXT NOT NULL
);
CREATE INDEX rooms_order ON rooms (finished, started, folded);
CREATE INDEX rooms_folded ON rooms (folded);
CREATE TABLE people (
    person TEXT NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER NOT NULL,
    waiting INTEGER NOT NULL,
    turn_based INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    away_until REAL NOT NULL,
    PRIMARY KEY (person, room, seat)
) WITHOUT ROWID;
CREATE INDEX people_room ON people (room);
"""
"""The rooms (`seat` in `people`: the seat's number, -1 for a person watching; `waiting`: the room waits
on that seat's decision)."""

WRITER_CACHE_KB = 256
"""The front's page cache of the index, in KiB (SQLite's default is 2,000): it writes a few rooms at a time
and reads a few back, the file itself in the system's cache; 2 MB more of the front's memory at 10,000
rooms otherwise."""

COLUMNS = "rooms.id, rooms.card, rooms.status, rooms.worker, rooms.host"
ALL_COLUMNS = "id, name, folded, card, status, worker, host, finished, started, creator"


class IndexedRoom(PlanFacts):
    """A room as the index holds it, read for one lobby or one look-up: its summary, status and holder (its
    worker, -1 with its `host` when another host holds it)."""

    __slots__ = ("_status", "host", "plan", "worker")

    plan: RoomSummary

    def __init__(self, plan: RoomSummary, status: TableStatus, worker: int, host: str | None = None) -> None:
        self.plan = plan
        self._status = status
        self.worker = worker
        self.host = host

    def status(self) -> TableStatus:
        return self._status


Row = tuple[RoomSummary, TableStatus, int, str | None]
"""A room to index: its summary, its status, its worker (-1: another host's) and that host."""


def files_of(path: Path) -> list[Path]:
    """Return the index's file and the two SQLite keeps beside it in WAL mode."""
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


class IndexWriter:
    """The front's side of the index: made anew on starting, then written as the registry changes."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / INDEX_FILE
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for name in files_of(self.path):  # an index from before, or a broken one: made again
            name.unlink(missing_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")  # made again from the plans on starting: never synced
        db.execute(f"PRAGMA cache_size=-{WRITER_CACHE_KB}")
        db.executescript(SCHEMA)
        return db

    def rebuild(self, rows: Iterable[Row], carried: Collection[str] = ()) -> set[str]:
        """Make the index again from every room (after a write failed): `rows`, and the rooms `carried`
        over from the file as it stands, as far as it can still be read. The ids of those it could not
        carry over."""
        kept: list[tuple[Any, ...]] = []
        people: list[tuple[Any, ...]] = []
        with contextlib.suppress(sqlite3.Error):
            kept = [r for r in self._db.execute(f"SELECT {ALL_COLUMNS} FROM rooms") if r[0] in carried]
            held = {r[0] for r in kept}
            people = [r for r in self._db.execute("SELECT * FROM people") if r[1] in held]
        with contextlib.suppress(sqlite3.Error):
            self._db.close()
        self._db = self._open()
        try:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", kept)
            self._db.executemany("INSERT INTO people VALUES (?, ?, ?, ?, ?, ?, ?)", people)
            self._db.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
        self.write(rows, [])
        found: set[str] = set()
        with contextlib.suppress(sqlite3.Error):
            found = {r[0] for r in self._db.execute("SELECT id FROM rooms")} if carried else set()
        return {room for room in carried if room not in found}

    def write(self, rows: Iterable[Row], gone: Iterable[str]) -> bool:
        """Write the rooms changed and remove those gone, in one transaction; whether it was written."""
        db = self._db
        rooms: list[tuple[Any, ...]] = []
        people: list[tuple[Any, ...]] = []
        for summary, status, worker, host in rows:
            started = summary.save_id is not None
            room = (
                summary.id,
                summary.name,
                summary.name.casefold(),
                _json(summary.to_json()),
                _json(status.to_json()),
            )
            rooms.append((*room, worker, host, summary.finished, started, summary.creator))
            people += _people(summary, status)
        removed = [(room,) for room in gone]
        try:
            db.execute("BEGIN")
            db.executemany("DELETE FROM rooms WHERE id = ?", removed)
            db.executemany("DELETE FROM people WHERE room = ?", [*removed, *((r[0],) for r in rooms)])
            db.executemany("INSERT OR REPLACE INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rooms)
            db.executemany("INSERT OR IGNORE INTO people VALUES (?, ?, ?, ?, ?, ?, ?)", people)
            db.execute("COMMIT")
            return True
        except sqlite3.Error as exc:
            log.warning("the lobby's index could not be written (%s): it is made again", exc)
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            return False

    # --- what the front reads back of the rooms it keeps no summary of -----------------------------

    def _rooms(self, query: str, *values: Any) -> list[IndexedRoom]:
        try:
            return _read_rooms(self._db.execute(query, values).fetchall())
        except sqlite3.Error as exc:
            log.warning("the lobby's index could not be read (%s)", exc)
            return []

    def named(self, name: str) -> list[IndexedRoom]:
        """Return the rooms of this id, and then those of this name (case-insensitive)."""
        return self._rooms(
            f"SELECT {COLUMNS} FROM rooms WHERE id = ? OR folded = ? ORDER BY id <> ?",
            name,
            name.casefold(),
            name,
        )

    def of_person(self, key: str) -> list[IndexedRoom]:
        """Return the rooms where this person has a seat."""
        return self._rooms(
            f"SELECT {COLUMNS} FROM rooms WHERE id IN "
            "(SELECT room FROM people WHERE person = ? AND seat >= 0)",
            key,
        )

    def for_making(self, name: str, creator: str) -> list[IndexedRoom]:
        """Return the rooms a new room of this name and maker is checked against one by one: of that name
        (case-insensitive) or id, made by him, or seating him."""
        return self._rooms(
            f"SELECT {COLUMNS} FROM rooms WHERE folded = ? OR id = ? OR creator = ? "
            "OR id IN (SELECT room FROM people WHERE person = ? AND seat >= 0)",
            name.casefold(),
            name,
            creator,
            creator,
        )

    def summaries(self, rooms: list[str]) -> dict[str, str]:
        """Return the summaries of these rooms as the index holds them (JSON), by id."""
        marks = ", ".join("?" * len(rooms))
        try:
            rows = self._db.execute(f"SELECT id, card FROM rooms WHERE id IN ({marks})", rooms).fetchall()
        except sqlite3.Error as exc:
            log.warning("the lobby's index could not be read (%s)", exc)
            return {}
        return {str(room): str(summary) for room, summary in rows}

    def seated(self, rooms: Container[str]) -> set[str]:
        """Return the keys holding a seat at any of these rooms."""
        try:
            rows = self._db.execute("SELECT person, room FROM people WHERE seat >= 0").fetchall()
        except sqlite3.Error as exc:
            log.warning("the lobby's index could not be read (%s)", exc)
            return set()
        return {str(person) for person, room in rows if room in rooms}

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _read_rooms(rows: Iterable[tuple[Any, ...]]) -> list[IndexedRoom]:
    """Read the index's rooms from its rows (`COLUMNS`): each checked, one that is not a room logged."""
    found = []
    for room, summary, status, worker, host in rows:
        try:
            plan = RoomSummary.from_json(json.loads(summary))
            found.append(IndexedRoom(plan, TableStatus.from_json(json.loads(status)), worker, host))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("room %s of the lobby's index not read: %s", room, exc)
    return found


def _people(summary: RoomSummary, status: TableStatus) -> list[tuple[Any, ...]]:
    waited = status.seat if status.stage == "playing" and summary.turn_based and not summary.finished else -1
    turn_based, finished = summary.turn_based, summary.finished
    rows: list[tuple[Any, ...]] = [
        (s.owner, summary.id, n, n == waited, turn_based, finished, summary.away_until.get(s.owner, 0.0))
        for n, s in enumerate(summary.seats)
        if s.owner
    ]
    rows += [(key, summary.id, -1, False, turn_based, finished, 0.0) for key in summary.watchers]
    return rows


class LobbyIndex:
    """A worker's side of the index: read-only, each reading answered from the file (an index not there or
    not readable reads as no rooms, said once in the log, and is opened again at the next reading)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / INDEX_FILE
        self._db: sqlite3.Connection | None = None
        self._file = 0  # the file's inode when it was opened: the front makes a new file to make it again
        self._told = False

    def _rows(self, query: str, *values: Any) -> list[tuple[Any, ...]]:
        try:
            try:
                file = os.stat(self.path).st_ino
            except OSError:
                raise sqlite3.OperationalError("no such file") from None
            if self._db is not None and file != self._file:
                self.close()
            if self._db is None:
                self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
                self._file = file
            rows = self._db.execute(query, values).fetchall()
        except sqlite3.Error as exc:
            if not self._told:
                log.warning("the lobby's index cannot be read now (%s)", exc)
                self._told = True
            self.close()
            return []
        self._told = False
        return rows

    def _rooms(self, query: str, *values: Any) -> list[IndexedRoom]:
        return _read_rooms(self._rows(query, *values))

    def room(self, name: str) -> IndexedRoom | None:
        """Return a room by its id, or else its name (case-insensitive)."""
        found = self._rooms(f"SELECT {COLUMNS} FROM rooms WHERE id = ?", name)
        found = found or self._rooms(f"SELECT {COLUMNS} FROM rooms WHERE folded = ? LIMIT 1", name.casefold())
        return found[0] if found else None

    def of_person(self, key: str, watched: bool = False) -> list[IndexedRoom]:
        """Return the rooms where this person has a seat (and those he watches: `watched`)."""
        seat = -1 if watched else 0
        return self._rooms(
            f"SELECT {COLUMNS} FROM rooms WHERE id IN "
            "(SELECT room FROM people WHERE person = ? AND seat >= ?)",
            key,
            seat,
        )

    def others(self, key: str, most: int) -> tuple[list[IndexedRoom], int]:
        """Return the first `most` rooms where this person has no seat, in the lobby's order (those still
        gathering, then in play, then over, each by name), and how many such rooms there are in all."""
        mine = "SELECT room FROM people WHERE person = ? AND seat >= 0"
        rooms = self._rooms(
            f"SELECT {COLUMNS} FROM rooms WHERE id NOT IN ({mine}) "
            "ORDER BY finished, started, folded LIMIT ?",
            key,
            most,
        )
        counted = self._rows(f"SELECT COUNT(*) FROM rooms WHERE id NOT IN ({mine})", key)
        return rooms, int(counted[0][0]) if counted else len(rooms)

    def count(self) -> int:
        """Return how many rooms there are."""
        counted = self._rows("SELECT COUNT(*) FROM rooms")
        return int(counted[0][0]) if counted else 0

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
