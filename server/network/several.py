"""The front's multi-host logic for a server of several hosts sharing one PostgreSQL (`server.network.hosts`
manages the leases and the mirror; this is what it asks of the front): this host's rooms, the other hosts'
rooms and people in the registry, a room taken up or lost, a session carried here from another host, and the
names and lobby lines said at the other hosts."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.phrases import N_, Phrase
from server.base.config import ServerConfig
from server.network.peers import Carried, PeerSession
from server.network.registry import Entry, HostLink, WorkerHandle
from server.network.relay import READY_WITHIN, Elsewhere, Relay
from server.people.chat import LobbyTalk, Said
from server.people.players import Players
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan
from server.tables.room_summary import RoomSummary
from translation import ENGLISH, language, say, use

if TYPE_CHECKING:  # psycopg's module, imported only where the server is one host of several
    from server.network.leases import Listed, Present

log = logging.getLogger(__name__)

MOVED = N_("This room has moved to another host of the server; connect again to go on playing in it.")


class SeveralHosts:
    """The multi-host part of `server.network.front.Front` (a part of it, in a module of its
    own); on a server of one host, none of it is called."""

    config: ServerConfig
    registry: dict[str, Entry]
    workers: list[WorkerHandle]
    players: Players
    relays: set[Relay]
    lobby_talk: LobbyTalk
    present: dict[str, Present]
    people_up: list[str]
    _elsewhere: dict[str, tuple[str, str, str]]
    _encoded: dict[str, tuple[RoomSummary, str, TableStatus, tuple[str, str]]]
    _watching: set[asyncio.Task[None]]
    peer_secret: bytes
    hosts: HostLink | None

    if TYPE_CHECKING:

        def route(self, name: str | None) -> WorkerHandle | Elsewhere: ...

        def changed(self, *rooms: str) -> None: ...

        def least_loaded(self) -> WorkerHandle: ...

        def _tell_lobby(self, lines: list[Said]) -> None: ...

        def _adopted(self, handle: WorkerHandle, answered: Any) -> None: ...

    @property
    def folder(self) -> Path:
        return self.config.folder

    @property
    def saves(self) -> Path:
        return self.config.saves

    def local_rooms(self) -> dict[str, tuple[str, str]]:
        """Return the rooms this host's workers hold: id to (plan, lobby line), both as JSON, for the hosts'
        round every second. The plan's JSON is kept with its entry; each pair is made again only when its
        entry has a summary, a plan's text or a line anew since the last call (a line is a frozen record): not
        thousands of rooms encoded every second while a few changed."""
        held, local = self._encoded, {}
        for room, e in self.registry.items():
            if e.host is not None:
                continue
            known = held.get(room)
            if (
                known is None
                or known[0] is not e.plan
                or known[1] is not e.text
                or (known[2] is not e.status and known[2] != e.status)
            ):
                pair = (e.text or _json(e.plan.to_json()), _json(e.status.to_json()))
                known = held[room] = (e.plan, e.text, e.status, pair)
            local[room] = known[3]
        if len(held) > len(local):  # rooms gone, or now another host's, since
            for room in [r for r in held if r not in local]:
                del held[room]
        return local

    def elsewhere(self, rooms: list[Listed], hosts: list[Present]) -> None:
        """Update the other hosts' rooms and the people of every host, read every second: only the rooms
        whose host, plan or line changed since the last reading are read into the registry, and the
        lobbies are told of those alone (and of the people, when they changed)."""
        self.present = {h.host: h for h in hosts}
        people = sorted({name for h in hosts for name in h.people}, key=str.casefold)
        before = self._elsewhere
        seen: dict[str, tuple[str, str, str]] = {}
        changed: list[str] = []
        for listed in rooms:
            entry = self.registry.get(listed.id)
            if entry is not None and entry.host is None:
                continue  # held here
            read = (listed.host, listed.plan, listed.status)
            seen[listed.id] = read
            if entry is not None and before.get(listed.id) == read:
                continue  # the same strings as last time, most often: compared at once
            try:
                plan = Plan.from_json(json.loads(listed.plan))
                status = TableStatus.from_json(json.loads(listed.status)) if listed.status else None
                status = status or TableStatus.of_plan(plan)
            except (ValueError, KeyError, TypeError) as exc:
                log.warning("room %s of host %s not listed: %s", listed.id, listed.host, exc)
                seen.pop(listed.id)
                if entry is not None:
                    del self.registry[listed.id]
                    changed.append(listed.id)
                continue
            fresh = Entry(RoomSummary.of(plan), status, -1, listed.host)
            if fresh != entry:
                self.registry[listed.id] = fresh
                changed.append(listed.id)
        for room in [r for r, e in self.registry.items() if e.host is not None and r not in seen]:
            del self.registry[room]  # gone, or now this host's
            changed.append(room)
        self._elsewhere = seen
        if changed or people != self.people_up:
            self.people_up = people
            self.changed(*changed)

    async def take_up(self, plan: dict[str, Any]) -> None:
        handle = self.least_loaded()
        parsed = Plan.from_json(plan)
        summary, status = RoomSummary.of(parsed), TableStatus.of_plan(parsed)
        self.registry[parsed.id] = Entry(summary, status, handle.index, text=_json(plan))
        try:
            await asyncio.wait_for(handle.ready.wait(), READY_WITHIN)
            assert handle.requests is not None
            self._adopted(handle, await handle.requests.ask({"t": "adopt", "plan": plan}))
        except (ConnectionError, TimeoutError, AssertionError):
            log.error("worker %d did not take up room %s", handle.index, parsed.id)
        self.changed(parsed.id)

    def lost(self, room: str) -> None:
        entry = self.registry.pop(room, None)
        if entry is not None and entry.host is None:
            link = self.workers[entry.worker].link
            if link is not None:
                link.send_json({"t": "drop", "id": room, "line": MOVED})
        self.changed(room)

    def people(self) -> list[str]:
        names = (self.players.name_of(str(r.start.get("key"))) for r in self.relays if not r.relayed)
        return sorted({name for name in names if name})

    def named(self, names: list[tuple[str, str]]) -> None:
        for key, name in names:
            self.players.heard(key, name)

    def carry(self, start: dict[str, Any], session: PeerSession) -> Carried:
        relay = Relay(self, session, start, relayed=True)

        async def run() -> None:
            try:
                line, status = await relay.run()
            except Exception:
                log.exception("a session carried from another host failed")
                line, status = None, 1
            if isinstance(line, Phrase):  # said here, in the person's language: the link carries text
                with use(language(str(start.get("lang") or "en")[:20]) or ENGLISH):
                    line = say(line)
            session.finish(line, status, relay.restore, relay.away, relay.dropped)

        task = asyncio.get_running_loop().create_task(run())
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)
        return relay

    def unreachable(self, room: str, where: Elsewhere) -> Phrase:
        """Return the message for a person whose room's host cannot be reached (nor has another host taken it
        up)."""
        return Phrase(
            N_("The room {room} is on host {host}, which cannot be reached now; connect again soon."),
            room=room,
            host=where.host,
        )

    async def away_elsewhere(self, key: str, until: float) -> int:
        """Tell the other hosts of a person's days away declared here (through the store); the number of
        his turn-based rooms they hold, which they move."""
        if self.hosts is None:
            return 0
        try:
            await self.hosts.tell_away(key, until)
        except Exception:
            log.exception("the other hosts could not be told of days away")
            return 0
        rooms = 0
        for entry in self.registry.values():
            summary = entry.plan
            if entry.host is None or not summary.move_hours or summary.finished:
                continue
            rooms += any(s.owner == key for s in summary.seats)
        return rooms

    async def away_heard(self, told: list[tuple[str, float]]) -> None:
        """Hand days away declared at other hosts to each worker here, for the rooms it holds."""
        for key, until in told:
            message = {"t": "away", "key": key, "until": until}
            for handle in self.workers:
                if handle.requests is None:
                    continue
                try:
                    await handle.requests.ask(message)
                except (ConnectionError, TimeoutError):
                    log.warning("worker %d was not told of days away from another host", handle.index)

    def lobby_heard(self, lines: list[dict[str, Any]]) -> None:
        """Handle lobby chat lines sent at any host (read from the shared store): those of other hosts are
        broadcast to this host's lobbies, checked as a line from another process is."""
        told = {(s.who, s.text, s.at) for s in self.lobby_talk.lines}
        heard = []
        for raw in lines:
            try:
                said = Said.from_json(raw, self.config.limits.chat_max)
            except ValueError as exc:
                log.warning("a lobby chat line of another host not used: %s", exc)
                continue
            if (said.who, said.text, said.at) not in told:
                self.lobby_talk.heard(said)
                heard.append(said)
        if heard:
            self._tell_lobby(heard)


def _json(value: Any) -> str:
    return json.dumps(value)
