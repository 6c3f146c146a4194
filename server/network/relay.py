"""Relaying each session's terminal to where its app runs: a worker of this host, or another host.

A `Relay` carries one session: to the worker holding the room the player asked for, or to the least loaded
one for the lobby. When the player goes to a room another worker holds, the worker's app ends with "move
to room R" and the relay carries the terminal on to R's worker. On a server of several hosts sharing one
PostgreSQL (`server.network.hosts`), a room may be held by another host: the relay then carries the
terminal there over the link between hosts (`server.network.peers`), with the same frames; the other
host runs the session for the person this host vouches for, and sends them back here when they move to
a room it does not hold.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from engine.core.phrases import Phrase
from server.network.frames import (
    CLOSE,
    DATA,
    END,
    MOVE,
    FramedProtocol,
    FrameError,
    frame,
    json_frame,
    read_json,
    resize_frame,
)
from server.network.peers import PeerError, reach_peer
from server.people.players import Players
from translation import N_

log = logging.getLogger(__name__)

READY_WITHIN = 60.0  # seconds a session waits for its worker to be ready
PEER_WITHIN = 30.0  # seconds a session waits for another host holding its room (or for its room's new host)
LOST = N_(
    "Sorry: the server lost the process running your table. Your seat and your game are safe; connect again."
)
QUEUED_MAX = 4096  # input bytes kept while a session moves between workers


@dataclass(frozen=True)
class Elsewhere:
    """A room held by another host: its name for the operator, and where its relay listens."""

    host: str
    relay: str


class WorkerHandle(Protocol):
    """A worker of this host as a relay reaches it (`server.network.front.WorkerHandle`)."""

    index: int
    path: Path
    ready: asyncio.Event
    sessions: int


class Front(Protocol):
    """The interface a relay needs from the front process (`server.network.front.Front`)."""

    players: Players
    relays: set[Relay]
    peer_secret: bytes

    def route(self, name: str | None) -> WorkerHandle | Elsewhere:
        """Route a session for a room (the lobby: None)."""
        ...

    def unreachable(self, room: str, where: Elsewhere) -> str | Phrase:
        """Return the message for a person whose room's host cannot be reached."""
        ...


class RelayedSession(Protocol):
    """The SSH session a relay carries (`server.network.ssh.GameSession`), as the relay sees it: the
    window's size, and where the worker's output goes."""

    size: tuple[int, int]

    def output(self, data: bytes) -> None:
        """Write the app's drawing to the player's terminal."""
        ...


class Relay:
    """Relays one session's terminal to the worker that runs its app (and on, when the player moves).

    `relayed`: the session came from another host, which carries it on when the player goes to a room
    this host does not hold (`away` says where)."""

    def __init__(
        self, front: Front, session: RelayedSession, start: dict[str, Any], relayed: bool = False
    ) -> None:
        self.front = front
        self.session = session
        self.start = start
        self.relayed = relayed
        self.away: tuple[str, bool] | None = None
        self.link: FramedProtocol | None = None
        self.handle: WorkerHandle | None = None
        self.closed = False
        self.paused = False
        self.restore = False  # the worker ended the screen without putting the terminal back (stopping)
        self.dropped = False  # carried here, its worker was lost: the carrying host waits for the room
        self._queued = bytearray()
        self._outcome: asyncio.Future[tuple[str, Any]] | None = None

    def _start_frame(self, wanted: str | None, watch: bool, moved: bool) -> dict[str, Any]:
        key = str(self.start["key"])
        return {
            **self.start,
            "wanted": wanted,
            "watch": watch,
            "moved": moved,  # carried from another worker's room or lobby, not a new arrival
            "name": self.front.players.name_of(key) or str(self.start.get("name") or ""),
            "width": self.session.size[0],
            "height": self.session.size[1],
        }

    async def run(self) -> tuple[str | Phrase | None, int]:
        """Relay until the session is over; return the final message for the player (or None), and the exit
        status."""
        loop = asyncio.get_running_loop()
        wanted: str | None = self.start.get("wanted")
        watch = moved = False
        self.front.relays.add(self)
        waited_since: float | None = None
        try:
            while True:
                target = self.front.route(wanted)
                if isinstance(target, Elsewhere) and self.relayed:
                    self.away = (str(wanted), watch)  # the host the person came in by carries them on
                    return None, 0
                outcome = self._outcome = loop.create_future()
                # the link's end settles its own outcome only: the last link's end may come after this
                link = FramedProtocol(self._frame, partial(_settle, outcome, "lost", None))
                start = self._start_frame(wanted, watch, moved)
                handle: WorkerHandle | None = None
                if isinstance(target, Elsewhere):
                    try:
                        await reach_peer(target.relay, self.front.peer_secret, link, start)
                    except PeerError as exc:
                        if waited_since is None:  # once a wait: it is tried again every second
                            log.warning("host %s (room %s) cannot be reached: %s", target.host, wanted, exc)
                            waited_since = loop.time()
                        if self.closed:
                            return None, 0
                        if loop.time() - waited_since > PEER_WITHIN:
                            return self.front.unreachable(str(wanted), target), 1
                        await asyncio.sleep(1.0)  # its lease runs out, and a host takes the room up
                        continue
                else:
                    handle = target
                    try:
                        await asyncio.wait_for(handle.ready.wait(), READY_WITHIN)
                    except TimeoutError:
                        return LOST, 1
                    if self.closed:
                        return None, 0
                    try:
                        await loop.create_unix_connection(lambda link=link: link, str(handle.path))  # type: ignore[misc]
                    except OSError as exc:
                        log.warning("worker %d cannot be reached: %s", handle.index, exc)
                        await asyncio.sleep(0.2)
                        continue
                    link.send(json_frame(b"S", start))
                    handle.sessions += 1
                waited_since = None
                self.link, self.handle = link, handle
                try:
                    if self._queued:
                        link.send(frame(DATA, bytes(self._queued)))
                        self._queued.clear()
                    if self.paused and link.transport is not None:
                        link.transport.pause_reading()
                    if self.closed:
                        link.send(frame(CLOSE))
                    kind, value = await self._outcome
                finally:
                    if handle is not None:
                        handle.sessions -= 1
                    self.link = None
                    link.close()
                if kind == "move" and not self.closed:
                    wanted, watch, chosen, heard = value
                    moved = True
                    if chosen:  # a language chosen on the way: the session starts again in it
                        self.start["lang"] = chosen
                        self.start["note"] = ""
                    if heard:  # what the person chose to hear in lines, on the way: the same there
                        self.start["heard"] = heard
                    continue
                stopped = kind == "end" and self.restore  # the room's host stops: it lets its rooms go
                if (kind == "lost" or stopped) and handle is None and not self.closed:
                    moved, self.restore = True, False  # the room comes back on a host that is up
                    log.warning("the host of room %s is gone; the session waits for the room", wanted)
                    continue
                if kind == "end":
                    line, status = value
                    return line, int(status)
                if self.closed:
                    return None, 0
                if self.relayed:  # not the end of the session: the room comes back here or on another host
                    self.dropped = True
                    return None, 1
                return LOST, 1
        finally:
            self.front.relays.discard(self)

    def _settle(self, kind: str, value: Any) -> None:
        if self._outcome is not None:
            _settle(self._outcome, kind, value)

    def _frame(self, kind: bytes, payload: bytes) -> None:
        if kind == DATA:
            self.session.output(payload)
        elif kind == END:
            raw = read_json(payload)
            line = raw.get("line") if isinstance(raw, dict) else None
            status = int(raw.get("status", 0)) if isinstance(raw, dict) else 0
            self.restore = isinstance(raw, dict) and raw.get("restore") is True
            self._settle("end", (str(line) if line else None, status))
        elif kind == MOVE:
            raw = read_json(payload)
            if not isinstance(raw, dict) or not isinstance(raw.get("room"), str):
                raise FrameError("a move names a room")
            chosen = str(raw.get("lang") or "")[:20]
            heard = str(raw.get("heard") or "")[:40]
            self._settle("move", (raw["room"] or None, bool(raw.get("watch", False)), chosen, heard))
        else:
            raise FrameError(f"a worker's session does not send {kind!r}")

    # --- from the player ----------------------------------------------------------------------

    def typed(self, data: bytes) -> None:
        if self.link is not None:
            self.link.send(frame(DATA, data))
        elif len(self._queued) + len(data) <= QUEUED_MAX:
            self._queued.extend(data)

    def resized(self, width: int, height: int) -> None:
        if self.link is not None:
            self.link.send(resize_frame(width, height))

    def close(self) -> None:
        """Close the session (the player is gone or idle too long): their app ends, their seat is kept for
        them."""
        if self.closed:
            return
        self.closed = True
        if self.link is not None:
            self.link.send(frame(CLOSE))
        elif self._outcome is not None:
            self._settle("lost", None)

    def pause(self, paused: bool) -> None:
        """Apply backpressure: the player's connection cannot accept more now, so stop reading the worker's
        output, so that a backlog builds where it is made and is limited there."""
        self.paused = paused
        transport = self.link.transport if self.link is not None else None
        if transport is not None:
            if paused:
                transport.pause_reading()
            else:
                transport.resume_reading()


def _settle(outcome: asyncio.Future[tuple[str, Any]], kind: str, value: Any) -> None:
    if not outcome.done():
        outcome.set_result((kind, value))
