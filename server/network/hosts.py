"""Multi-host support: this host's part in a server of hosts sharing one PostgreSQL database.

Every `TICK` seconds, off the event loop (one thread, its own connection: `server.network.leases`), the
host:

- claims the rooms its workers hold that the database does not yet know as its own (a room just made);
- renews the leases of the rooms it holds, keeping their fences (`RENEWALS` times a lease, not every
  round), and writes what changed of each (its plan and lobby line from the registry; its save and its
  kept state, banks, chat and vote, from the files its workers write; nothing for a room unchanged), every
  write fenced: a room whose lease or fence moved on is stopped at once here, its people told in a line
  that it moved, and is seen from then on as another host's;
- removes the rooms that are gone (fenced too);
- beats its heart in the `hosts` table, with the names of the people connected to it;
- reads every room and every host up (the plans and lines again only of the rooms changed since the
  last round): the rooms of other hosts join the registry (their lobbies list
  them, and a person who picks one is carried there, `server.network.relay`), and a room whose lease
  has run out (its host died) is claimed, written back into this host's folders from what PostgreSQL
  kept of it, and handed to a worker, which loads it from its save as after a restart.

A room's state reaches PostgreSQL within a `TICK` of being written to its host's files, so a host killed
outright loses at most the last second of its rooms; they come back on another host within `lease`
seconds and a `TICK` (10 s and 1 s by default).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import psycopg

from saves.atomic import write_atomic
from saves.location import id_of
from server.network.leases import Claimed, Leases, Listed, Present, Written
from server.network.peers import Carried, PeerSession, split_address
from server.people.store import StoreError
from server.tables.keeping import FOLDER
from server.tables.plans import Plan
from server.tables.worker_rooms import ROOMS
from translation import _

log = logging.getLogger(__name__)

TICK = 1.0  # seconds between two rounds of writing and reading the rooms
RENEWALS = 3
"""How many times a lease is renewed before it would run out (at most once a round): thousands of leases
renewed every second would be thousands of rows written every second."""
UNCHANGED = Written()
T = TypeVar("T")


class HostedFront(Protocol):
    """The interface this module needs from the front process (`server.network.front.Front`)."""

    @property
    def folder(self) -> Path:
        """The server's data folder (its rooms' plans and saved states)."""
        ...

    @property
    def saves(self) -> Path:
        """The rooms' saves folder."""
        ...

    def local_rooms(self) -> dict[str, tuple[str, str]]:
        """Return the rooms this host's workers hold: id to (plan, lobby line), both as JSON."""
        ...

    def elsewhere(self, rooms: list[Listed], hosts: list[Present]) -> None:
        """Update the rooms other hosts hold, and the hosts up, for the registry and the lobbies."""
        ...

    async def take_up(self, plan: dict[str, Any]) -> None:
        """Hand a room taken up from a host that died to a worker (its files are in place)."""
        ...

    def lost(self, room: str) -> None:
        """Stop a room at once: another host holds it now."""
        ...

    def people(self) -> list[str]:
        """Return the names of the people connected to this host."""
        ...

    def named(self, names: list[tuple[str, str]]) -> None:
        """Record names chosen at other hosts (key, name)."""
        ...

    def lobby_heard(self, lines: list[dict[str, Any]]) -> None:
        """Handle lobby chat lines stored by any host (this one's own among them), as `Said` JSON."""
        ...

    async def away_heard(self, told: list[tuple[str, float]]) -> None:
        """Hand days away declared at other hosts, (key, until), to this host's rooms."""
        ...

    def carry(self, start: dict[str, Any], session: PeerSession) -> Carried:
        """Begin a session another host carries here."""
        ...


@dataclass
class Mirror:
    """The last state of one room written to PostgreSQL: its plan and line, and its files' marks."""

    plan: str = ""
    status: str = ""
    save: Path | None = None
    save_id: str = ""  # the save its plan names ("": none yet), read from `read_from`
    kept: Path | None = None  # its kept state's file
    read_from: str = ""
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)


class Hosts:
    """Multi-host coordinator: this host's leases, its mirror of its rooms, its heartbeat, its relay."""

    def __init__(
        self, front: HostedFront, url: str, name: str, relay: str, secret: bytes, lease: float = 10.0
    ) -> None:
        self.front = front
        self.name = name
        self.relay = relay
        self.lease = lease
        self._url, self._secret = url, secret
        self.fences: dict[str, int] = {}
        self._mirrors: dict[str, Mirror] = {}
        self._saves: dict[str, Path] | None = None  # the saves folder by save id, listed this round
        self._renew_at = 0.0  # when the leases are next renewed (`time.monotonic`)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="hosts")
        self._leases: Leases | None = None
        self._task: asyncio.Task[None] | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._chosen = 0  # the names read so far, by their number
        self._lobby: int | None = None  # the lobby's chat lines read so far, by their number
        self._away: int | None = None  # the days away told by the other hosts read so far, by their number
        self.taken: list[str] = []
        """Rooms taken up from hosts that died, in order (for the log and the tests)."""

    async def _off(self, call: Callable[..., T], *args: Any) -> T:
        """Run `call(*args)` on the database thread, keeping the event loop free meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, call, *args)

    async def start(self, plans: list[Plan]) -> list[Plan]:
        """Listen for the other hosts, and claim this host's rooms saved in its folder: those another host
        holds now are left to it. The rooms this host holds, as PostgreSQL stored them."""
        try:
            self._leases = await self._off(Leases, self._url, self.name, self.lease)
        except psycopg.Error as exc:
            words = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise StoreError(_("The rooms' database cannot be reached: {reason}", reason=words)) from None
        host, port = split_address(self.relay)
        loop = asyncio.get_running_loop()
        self._listener = await loop.create_server(
            lambda: PeerSession(self._secret, self.front.carry), host, port
        )
        if port == 0:
            self.relay = f"{host}:{self._listener.sockets[0].getsockname()[1]}"
        leases = self._leases
        held: list[Plan] = []
        for plan in plans:
            claimed = await self._off(leases.claim, plan.id, json.dumps(plan.to_json()))
            if claimed is None:
                log.info("room %s is held by another host: left to it", plan.id)
                continue
            try:
                held.append(await self._off(self._restore, claimed))
            except (OSError, ValueError, KeyError, TypeError) as exc:
                log.error("room %s could not be written back from the database: %s", plan.id, exc)
        await self._off(leases.beat, self.relay, [])
        self._task = loop.create_task(self._run())
        return held

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK)  # the first after the front has its rooms in its registry
            try:
                await self._tick()
            except Exception:
                log.exception("the rooms' registry could not be read or written")

    async def _tick(self) -> None:
        local = self.front.local_rooms()
        people = self.front.people()
        lost, taken, listed, present = await self._off(self._round, local, people)
        names, lines, away = await self._off(self._news)
        if names:
            self.front.named(names)
        if lines:
            self.front.lobby_heard(lines)
        if away:
            await self.front.away_heard(away)
        for room in lost:
            log.warning("room %s: this host's lease ended (another host holds it); stopping it here", room)
            self.front.lost(room)
        for claimed in taken:
            log.info("room %s taken up from a host that stopped", claimed.id)
            self.taken.append(claimed.id)
            await self.front.take_up(json.loads(claimed.plan))
        self.front.elsewhere([r for r in listed if r.id not in self.fences], present)

    def _round(
        self, local: dict[str, tuple[str, str]], people: list[str]
    ) -> tuple[list[str], list[Claimed], list[Listed], list[Present]]:
        """Run one synchronisation round with the database (on its thread): what was lost, what was taken up,
        what is there."""
        leases = self._leases
        assert leases is not None
        self._saves = None
        lost: list[str] = []
        for room in [r for r in self.fences if r not in local]:
            leases.remove(room, self.fences[room])
            self._forget(room)
        for room in [r for r in local if r not in self.fences]:
            claimed = leases.claim(room, local[room][0])
            if claimed is None:
                lost.append(room)
            else:
                self.fences[room] = claimed.fence
        renewed: set[str] | None = None  # every room's fence is checked by its write, renewed or not
        if time.monotonic() >= self._renew_at:  # every lease at once, each fence checked
            self._renew_at = time.monotonic() + max(TICK, self.lease / RENEWALS)
            renewed = leases.renew(dict(self.fences))
        for room, fence in list(self.fences.items()):
            if renewed is not None and room not in renewed:
                lost.append(room)
                continue
            changes = self._changes(room, local[room])
            if changes != UNCHANGED and not leases.write(room, fence, changes):
                lost.append(room)
        for room in lost:
            self._forget(room)
        listed = leases.rooms()
        taken: list[Claimed] = []
        for one in listed:
            if one.expired and one.id not in self.fences:
                claimed = leases.claim(one.id, one.plan)
                if claimed is not None:
                    self._restore(claimed)
                    taken.append(claimed)
        leases.beat(self.relay, people)
        return lost, taken, leases.rooms() if taken else listed, leases.hosts(3 * self.lease)

    def _news(self) -> tuple[list[tuple[str, str]], list[dict[str, Any]], list[tuple[str, float]]]:
        """Return the names chosen and the lobby chat lines sent at any host since the last round, and the
        days away declared at the other hosts."""
        assert self._leases is not None
        rows = self._leases.names_since(self._chosen)
        if rows:
            self._chosen = max(number for _key, _name, number in rows)
        self._lobby, lines = self._leases.lobby_since(self._lobby)
        self._away, away = self._leases.away_since(self._away)
        return [(key, name) for key, name, _number in rows], lines, away

    async def tell_away(self, key: str, until: float) -> None:
        """Tell the other hosts, through the store, that a person declared days away here (until `until`;
        0: back): each hands it to the rooms it holds, as this host did to its own."""
        if self._leases is not None:
            await self._off(self._leases.tell_away, key, until)

    def _forget(self, room: str) -> None:
        self.fences.pop(room, None)
        self._mirrors.pop(room, None)

    def _changes(self, room: str, now: tuple[str, str]) -> Written:
        """Return what changed in a room since it was last written: its plan and line, its save, its saved
        state."""
        mirror = self._mirrors.setdefault(room, Mirror())
        plan, status = now
        changed: dict[str, Any] = {}
        if plan != mirror.plan:
            changed["plan"] = mirror.plan = plan
        if status != mirror.status:
            changed["status"] = mirror.status = status
        if mirror.save is None:
            if mirror.read_from is not plan:
                mirror.read_from, mirror.save_id = plan, str(json.loads(plan).get("save_id") or "")
            if mirror.save_id:
                mirror.save = self._save_named(mirror.save_id)
        if mirror.save is not None and self._moved(mirror, "save", mirror.save):
            data = _read(mirror.save)
            if data is not None:
                changed["save_name"], changed["save"] = mirror.save.name, data
        if mirror.kept is None:
            mirror.kept = self.front.folder / FOLDER / f"{room}.json"
        if self._moved(mirror, "kept", mirror.kept):
            changed["kept"] = _read(mirror.kept)
        return Written(**changed) if changed else UNCHANGED

    def _save_named(self, save_id: str) -> Path | None:
        """Return the save file of `save_id` in the saves folder (the first by name), or None. The folder is
        listed once a round, when a room first asks (not one pattern matched per room)."""
        if self._saves is None:
            self._saves = {}
            try:
                names = sorted(e.name for e in os.scandir(self.front.saves) if e.name.endswith(".json"))
            except OSError:
                names = []
            for name in names:
                path = self.front.saves / name
                self._saves.setdefault(id_of(path), path)
        return self._saves.get(save_id)

    @staticmethod
    def _moved(mirror: Mirror, part: str, path: Path) -> bool:
        try:
            stat = path.stat()
        except OSError:
            return False
        mark = (stat.st_mtime_ns, stat.st_size)
        if mirror.marks.get(part) == mark:
            return False
        mirror.marks[part] = mark
        return True

    def _restore(self, claimed: Claimed) -> Plan:
        """Restore a claimed room's files into this host's folders from what PostgreSQL stored (it is
        the truth: this host's own files may be older, if another host held the room meanwhile)."""
        self.fences[claimed.id] = claimed.fence
        plan = Plan.from_json(json.loads(claimed.plan))
        _write(self.front.folder / ROOMS / f"{plan.id}.json", claimed.plan.encode())
        name = claimed.save_name
        if claimed.save is not None and name and Path(name).name == name and name.endswith(".json"):
            _write(self.front.saves / claimed.save_name, claimed.save)
        if claimed.kept is not None:
            _write(self.front.folder / FOLDER / f"{plan.id}.json", claimed.kept)
        self._mirrors[claimed.id] = Mirror(plan=claimed.plan)
        return plan

    async def stop(self) -> None:
        """Stop cleanly: write the last state of every room, and release the leases for another host."""
        if self._task is not None:
            self._task.cancel()
        if self._listener is not None:
            self._listener.close()
        if self._leases is not None:
            try:
                await self._off(self._last_round, self.front.local_rooms())
            except Exception:
                log.exception("the rooms could not be let go; their leases run out instead")
        self._pool.shutdown(wait=True)

    def _last_round(self, local: dict[str, tuple[str, str]]) -> None:
        leases = self._leases
        assert leases is not None
        self._saves = None
        for room, fence in self.fences.items():
            changes = self._changes(room, local[room]) if room in local else UNCHANGED
            if changes != UNCHANGED:
                leases.write(room, fence, changes)
        leases.release(self.fences)
        leases.leave()
        leases.close()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)


def default_name(port: int) -> str:
    """Return a host's default name: the machine's, and the port it serves on."""
    return f"{os.uname().nodename}:{port}"
