"""The rooms of several hosts in PostgreSQL: each room leased to one host, every write of it fenced.

A server of several hosts shares one PostgreSQL (`--store postgresql://...`). Its `rooms` table (schema
version 4) holds every room: the host holding it, until when (`lease_until`), its fencing number, and what
another host needs to take it up: its plan, how it stands in the lobby, its save and its kept state
(banks, chat, vote); and its version (schema version 10), one up whenever its plan or line is written. A
host claims a room whose lease is its own or has run out, which adds one to the fence; it renews its
leases every few seconds, keeping the fence; and it writes a room only where the fence is still the one
it claimed. A host that stalled past its lease, and whose room another host took up meanwhile, finds its
writes refused: it stops the room at once. The `hosts` table says which hosts are up (a heartbeat) and
who is connected to each, for every host's lobby.

Blocking calls on one connection: the front makes them on a thread of their own
(`server.network.hosts`), never on its event loop. SQLite has the tables (a version means the same
tables in both) but no hosts: a server on SQLite is one host and keeps its rooms in its folder.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict

CONNECT_TIMEOUT = 10
READ_AT_ONCE = 1000
"""The most rooms' plans one query reads again."""


@dataclass(frozen=True)
class Claimed:
    """A room this host now holds: its fencing token, and what PostgreSQL stored of it (None: nothing yet)."""

    id: str
    fence: int
    plan: str
    save_name: str
    save: bytes | None
    kept: bytes | None


@dataclass(frozen=True)
class Listed:
    """A room as the registry lists it: who holds it, whether the lease has run out, its plan and line."""

    id: str
    host: str
    expired: bool
    plan: str
    status: str


@dataclass(frozen=True)
class Present:
    """A host that is up: its name, its relay address, and the names of the people connected to it."""

    host: str
    relay: str
    people: list[str]


@dataclass(frozen=True)
class Written:
    """The changes to a room since the last write (None: unchanged)."""

    plan: str | None = None
    status: str | None = None
    save_name: str | None = None
    save: bytes | None = None
    kept: bytes | None = None


class Leases:
    """One host's leases on the rooms table, on a connection of its own."""

    def __init__(self, url: str, host: str, ttl: float) -> None:
        self.host = host
        self.ttl = ttl
        extra: dict[str, Any] = {"application_name": f"landlords {host}"[:63]}
        if "connect_timeout" not in conninfo_to_dict(url):
            extra["connect_timeout"] = CONNECT_TIMEOUT
        self._url, self._extra = url, extra
        self._db = psycopg.connect(url, autocommit=True, **extra)
        self._listed: dict[str, tuple[tuple[int, int], Listed]] = {}  # by room: fence and version, as read

    def _live(self) -> psycopg.Connection[Any]:
        if self._db.closed or self._db.broken:
            self._db = psycopg.connect(self._url, autocommit=True, **self._extra)
        return self._db

    def claim(self, room: str, plan: str) -> Claimed | None:
        """Claim the lease on `room` (new: with `plan`), if its lease is ours or has run out; None if another
        host holds it. The fence goes one up either way, so that whoever held it before can no longer write
        it."""
        db = self._live()
        row = db.execute(
            "INSERT INTO rooms (id, host, lease_until, fence, plan) "
            "VALUES (%s, %s, now() + make_interval(secs => %s), 1, %s) "
            "ON CONFLICT (id) DO NOTHING RETURNING fence",
            (room, self.host, self.ttl, plan),
        ).fetchone()
        if row is not None:
            return Claimed(room, int(row[0]), plan, "", None, None)
        row = db.execute(
            "UPDATE rooms SET host = %s, lease_until = now() + make_interval(secs => %s), fence = fence + 1 "
            "WHERE id = %s AND (host = %s OR lease_until < now()) "
            "RETURNING fence, plan, save_name, save, kept",
            (self.host, self.ttl, room, self.host),
        ).fetchone()
        if row is None:
            return None
        return Claimed(room, int(row[0]), str(row[1]), str(row[2]), _bytes(row[3]), _bytes(row[4]))

    def renew(self, fences: dict[str, int]) -> set[str]:
        """Renew the leases of the rooms held (id: fence); return the ids still held (the fence unchanged)."""
        if not fences:
            return set()
        ids = list(fences)
        rows = (
            self._live()
            .execute(
                "UPDATE rooms AS r SET lease_until = now() + make_interval(secs => %s) "
                "FROM unnest(%s::text[], %s::bigint[]) AS f(id, fence) "
                "WHERE r.id = f.id AND r.fence = f.fence AND r.host = %s RETURNING r.id",
                (self.ttl, ids, [fences[i] for i in ids], self.host),
            )
            .fetchall()
        )
        return {str(row[0]) for row in rows}

    def write(self, room: str, fence: int, changed: Written) -> bool:
        """Write what changed in a room held with `fence`; return False (nothing written) if the fence moved
        on."""
        listed = changed.plan is not None or changed.status is not None
        row = (
            self._live()
            .execute(
                "UPDATE rooms SET plan = COALESCE(%s, plan), status = COALESCE(%s, status), "
                "save_name = COALESCE(%s, save_name), save = COALESCE(%s, save), kept = COALESCE(%s, kept), "
                "version = version + %s WHERE id = %s AND fence = %s AND host = %s RETURNING id",
                (*astuple(changed), int(listed), room, fence, self.host),
            )
            .fetchone()
        )
        return row is not None

    def release(self, fences: dict[str, int]) -> None:
        """Release the rooms at once (a clean stop): another host may take them up without waiting."""
        for room, fence in fences.items():
            self._live().execute(
                "UPDATE rooms SET lease_until = now() - interval '1 second' "
                "WHERE id = %s AND fence = %s AND host = %s",
                (room, fence, self.host),
            )

    def remove(self, room: str, fence: int) -> None:
        """Remove a room nobody will play from the registry (only while it is still ours)."""
        self._live().execute("DELETE FROM rooms WHERE id = %s AND fence = %s", (room, fence))

    def rooms(self) -> list[Listed]:
        """Return every room of every host. Each round reads who holds each room and its version; the plans
        and lines of the rooms changed since the last call alone are read again (thousands of rooms, a few
        changed), the others given as they were, the same strings."""
        db = self._live()
        rows = db.execute("SELECT id, host, lease_until < now(), fence, version FROM rooms").fetchall()
        known, listed = self._listed, {}
        stale = [str(r[0]) for r in rows if known.get(str(r[0]), (None, 0))[0] != (r[3], r[4])]
        fresh: dict[str, tuple[str, str]] = {}
        for start in range(0, len(stale), READ_AT_ONCE):
            query = "SELECT id, plan, status FROM rooms WHERE id = ANY(%s)"
            for r in db.execute(query, (stale[start : start + READ_AT_ONCE],)).fetchall():
                fresh[str(r[0])] = (str(r[1]), str(r[2]))
        every = []
        for r in rows:
            room, mark = str(r[0]), (r[3], r[4])
            if room in fresh:
                plan, status = fresh[room]
            elif room in known and known[room][0] == mark:
                plan, status = known[room][1].plan, known[room][1].status
            else:
                continue  # removed between the two reads
            one = Listed(room, str(r[1]), bool(r[2]), plan, status)
            listed[room] = (mark, one)
            every.append(one)
        self._listed = listed
        return every

    def beat(self, relay: str, people: Sequence[str]) -> None:
        """Send a heartbeat: this host is up, with these people connected."""
        self._live().execute(
            "INSERT INTO hosts (host, relay, people, seen) VALUES (%s, %s, %s, now()) "
            "ON CONFLICT (host) DO UPDATE SET relay = excluded.relay, people = excluded.people, seen = now()",
            (self.host, relay, json.dumps(list(people))),
        )

    def hosts(self, within: float) -> list[Present]:
        """Return the hosts seen in the last `within` seconds."""
        rows = (
            self._live()
            .execute(
                "SELECT host, relay, people FROM hosts WHERE seen > now() - make_interval(secs => %s)",
                (within,),
            )
            .fetchall()
        )
        return [Present(str(r[0]), str(r[1]), _names(r[2])) for r in rows]

    def names_since(self, after: int) -> list[tuple[str, str, int]]:
        """Return the names chosen (at any host) from the `after`th on: (key, name, its number)."""
        query = "SELECT key, name, chosen FROM names WHERE chosen >= %s ORDER BY chosen"
        return [(str(r[0]), str(r[1]), int(r[2])) for r in self._live().execute(query, (after,)).fetchall()]

    def lobby_since(self, after: int | None) -> tuple[int, list[dict[str, Any]]]:
        """Return the lobby chat lines stored (by any host) after the `after`th, and the last one's number
        (with `after` None: none, and the last number, to begin from)."""
        if after is None:
            row = self._live().execute("SELECT COALESCE(MAX(id), 0) FROM lobby_chat").fetchone()
            return int(row[0]) if row is not None else 0, []
        query = "SELECT id, who, line, said_at FROM lobby_chat WHERE id > %s ORDER BY id"
        rows = self._live().execute(query, (after,)).fetchall()
        last = max([after, *(int(r[0]) for r in rows)])
        return last, [{"who": r[1], "text": r[2], "at": r[3]} for r in rows]

    def tell_away(self, key: str, until: float) -> None:
        """Tell every host that a person is away until `until` (seconds since the epoch; 0: back)."""
        self._live().execute(
            "INSERT INTO away (key, until, host) VALUES (%s, %s, %s)", (key, float(until), self.host)
        )

    def away_since(self, after: int | None) -> tuple[int, list[tuple[str, float]]]:
        """Return the days away told by the other hosts after the `after`th, oldest first, as (key,
        until), and the last one's number (with `after` None: none, and the last number, to begin from)."""
        if after is None:
            row = self._live().execute("SELECT COALESCE(MAX(id), 0) FROM away").fetchone()
            return int(row[0]) if row is not None else 0, []
        query = "SELECT id, key, until FROM away WHERE id > %s AND host <> %s ORDER BY id"
        rows = self._live().execute(query, (after, self.host)).fetchall()
        last = max([after, *(int(r[0]) for r in rows)])
        return last, [(str(r[1]), float(r[2])) for r in rows]

    def leave(self) -> None:
        self._live().execute("DELETE FROM hosts WHERE host = %s", (self.host,))

    def close(self) -> None:
        self._db.close()


def _bytes(value: Any) -> bytes | None:
    return bytes(value) if value is not None else None


def _names(raw: Any) -> list[str]:
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return []
    return [str(v) for v in value] if isinstance(value, list) else []


def held_ids(listed: Iterable[Listed], host: str) -> set[str]:
    return {room.id for room in listed if room.host == host and not room.expired}
