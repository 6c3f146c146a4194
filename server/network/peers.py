"""Host-to-host links of one server: relaying a session to the host that holds its room.

A host listens for the other hosts on its relay address (`--relay HOST:PORT`, a private network: the
players never reach it). The frames are a session's own (`server.network.frames`: START, then DATA and
RESIZE one way, DATA, END or MOVE the other). A link proves itself first: the listening host sends a
random nonce, and the host that connects answers with an HMAC of it under the secret the operator gave
every host (`--relay-secret FILE`); a link that cannot is cut before it says anything. Once proved, the
connecting host vouches for the person: the key and name in its START are taken as it says, as a
worker takes its front's word.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from server.network.frames import (
    CLOSE,
    DATA,
    END,
    JSON,
    MOVE,
    RESIZE,
    START,
    FramedProtocol,
    FrameError,
    frame,
    json_frame,
    read_json,
    read_size,
)
from translation import _

log = logging.getLogger(__name__)

REACH_WITHIN = 5.0  # seconds to connect to another host and hear its nonce
SECRET_MIN = 16  # bytes a relay secret has at least
TAG = b"landlords relay 1\0"


class PeerError(Exception):
    """Raised when another host could not be reached, or did not respond as a host of this server does."""


def read_secret(path: Path) -> bytes:
    """Read the relay secret from its file (`PeerError` with a sentence for the operator when it cannot
    do)."""
    try:
        secret = path.read_bytes().strip()
    except OSError as exc:
        raise PeerError(
            _("The relay secret {path} cannot be read: {reason}.", path=path, reason=exc.strerror or exc)
        ) from None
    if len(secret) < SECRET_MIN:
        raise PeerError(
            _(
                "The relay secret {path} is too short: give at least {n} random bytes.",
                path=path,
                n=SECRET_MIN,
            )
        )
    return secret


def split_address(address: str) -> tuple[str, int]:
    """Split HOST:PORT (`[v6]:PORT` too) into host and port; `PeerError` when it is not one."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise PeerError(_("{address} is not HOST:PORT", address=repr(address)))
    return host.strip("[]"), int(port)


def proof(secret: bytes, nonce: bytes) -> str:
    return hmac.new(secret, TAG + nonce, hashlib.sha256).hexdigest()


async def reach_peer(address: str, secret: bytes, link: FramedProtocol, start: dict[str, Any]) -> None:
    """Connect `link` to the host at `address`, prove this host to it, and begin the session `start`
    there; `link` then carries its frames. `PeerError` when that cannot be done in `REACH_WITHIN`."""
    loop = asyncio.get_running_loop()
    heard: asyncio.Future[bytes] = loop.create_future()
    on_frame, on_lost = link.on_frame, link.on_lost

    def first(kind: bytes, payload: bytes) -> None:
        raw = read_json(payload) if kind == JSON else None
        if not isinstance(raw, dict) or not isinstance(raw.get("nonce"), str) or heard.done():
            raise FrameError("a host begins with its nonce")
        heard.set_result(bytes.fromhex(raw["nonce"]))

    def lost() -> None:
        if not heard.done():
            heard.set_exception(ConnectionError("the host closed the link"))
        on_lost()

    link.on_frame, link.on_lost = first, lost
    try:
        host, port = split_address(address)
        await asyncio.wait_for(loop.create_connection(lambda: link, host, port), REACH_WITHIN)
        nonce = await asyncio.wait_for(heard, REACH_WITHIN)
    except (OSError, TimeoutError, ValueError, PeerError) as exc:
        link.close()
        link.on_lost = on_lost
        raise PeerError(str(exc) or type(exc).__name__) from None
    link.on_frame, link.on_lost = on_frame, on_lost
    link.send_json({"t": "hello", "proof": proof(secret, nonce)})
    link.send(json_frame(START, start))


class Carried(Protocol):
    """A session's relay on the host that runs it (`server.network.relay.Relay`), as a link feeds it."""

    def typed(self, data: bytes) -> None: ...

    def resized(self, width: int, height: int) -> None: ...

    def close(self) -> None: ...

    def pause(self, paused: bool) -> None: ...


class PeerSession(FramedProtocol):
    """A session another host carries here: its frames in, its app's drawing out."""

    def __init__(self, secret: bytes, begin: Callable[[dict[str, Any], PeerSession], Carried]) -> None:
        super().__init__(self._frame, self._gone)
        self._secret = secret
        self._begin = begin
        self._nonce = secrets.token_bytes(32)
        self.proved = False
        self.relay: Carried | None = None
        self.size = (80, 24)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.send_json({"nonce": self._nonce.hex()})
        asyncio.get_running_loop().call_later(REACH_WITHIN, self._unproved)

    def _unproved(self) -> None:
        """Close a link that has not authenticated in time (it holds a socket for nothing)."""
        if not self.proved:
            log.warning("a relay link that did not prove itself in %.0f s was cut", REACH_WITHIN)
            self.close()

    def _frame(self, kind: bytes, payload: bytes) -> None:
        if not self.proved:
            raw = read_json(payload) if kind == JSON else None
            given = raw.get("proof") if isinstance(raw, dict) else None
            if not isinstance(given, str) or not hmac.compare_digest(given, proof(self._secret, self._nonce)):
                log.warning("a relay link that could not prove itself was cut")
                raise FrameError("not proved")
            self.proved = True
            return
        if kind == START and self.relay is None:
            start = read_json(payload)
            if not isinstance(start, dict) or not isinstance(start.get("key"), str):
                raise FrameError("a session starts with who it is")
            self.size = (int(start.get("width", 80)), int(start.get("height", 24)))
            self.relay = self._begin(start, self)
        elif self.relay is None:
            raise FrameError("a session starts first")
        elif kind == DATA:
            self.relay.typed(payload)
        elif kind == RESIZE:
            self.size = read_size(payload)
            self.relay.resized(*self.size)
        elif kind == CLOSE:
            self.relay.close()
        else:
            raise FrameError(f"a carried session does not send {kind!r}")

    def _gone(self) -> None:
        if self.relay is not None:
            self.relay.close()

    def pause_writing(self) -> None:
        """Apply backpressure: the person's host cannot accept more output now, so it waits in the worker."""
        if self.relay is not None:
            self.relay.pause(True)

    def resume_writing(self) -> None:
        if self.relay is not None:
            self.relay.pause(False)

    # --- to the host that carries the session --------------------------------------------------

    def output(self, data: bytes) -> None:
        self.send(frame(DATA, data))

    def finish(
        self,
        line: str | None,
        status: int,
        restore: bool,
        away: tuple[str, bool] | None,
        dropped: bool = False,
    ) -> None:
        """End the session here: ended (with its line), on to a room this host does not hold, or
        `dropped` (the worker running it was lost): the link closes with no end said, as when this host
        dies, and the carrying host waits for the room to come back, here or on another host."""
        if away is not None:
            self.send(json_frame(MOVE, {"room": away[0], "watch": away[1]}))
        elif not dropped:
            self.send(json_frame(END, {"line": line, "status": status, "restore": restore}))
        self.close()
