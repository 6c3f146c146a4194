"""Framing protocol between the server's front process and its workers: small frames over a Unix socket.

A frame is one byte naming its kind, four bytes of length (big-endian) and that many bytes. A session's
stream carries its terminal both ways (`DATA`), its window size (`RESIZE`), its end (`CLOSE` from the
front when the player's connection is gone; `END` or `MOVE` from the worker when the app is over or the
player goes to a room another worker holds) and, first of all, who it is (`START`). A worker's control
link carries `JSON` frames: the rooms, names and requests that need an answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import struct
from collections.abc import Callable
from typing import Any

from translation import ENGLISH, Language, language

log = logging.getLogger(__name__)

DATA = b"D"  # terminal bytes: typed (front to worker) or drawn (worker to front)
RESIZE = b"R"  # the window's new size: two unsigned shorts, width then height
CLOSE = b"C"  # the player's connection is gone: end the app
START = b"S"  # JSON: who the session is, its terminal, where it wants to go
END = b"E"  # JSON: the app is over: a line for the player (or null) and the exit status
MOVE = b"M"  # JSON: the player goes to a room another worker holds: reconnect them there
JSON = b"J"  # a control message

KINDS = frozenset((DATA, RESIZE, CLOSE, START, END, MOVE, JSON))
HEADER = struct.Struct(">cI")
SIZE = struct.Struct(">HH")
MAX_FRAME = 1 << 22  # bytes in one frame; more is a broken or hostile peer
"""The most one frame may hold on a link from a session or another host."""
CONTROL_FRAME = 1 << 26
"""The most one frame may hold on the control link between the front and one of its own workers: the
registry of every room goes to each worker in one frame, some 700 bytes a room (6.8 MB at 10,000 rooms;
64 MB holds some 90,000)."""


class FrameError(Exception):
    """Raised when the other end sent something that is not a frame."""


def frame(kind: bytes, payload: bytes = b"") -> bytes:
    return HEADER.pack(kind, len(payload)) + payload


def json_frame(kind: bytes, value: Any) -> bytes:
    return frame(kind, json.dumps(value, separators=(",", ":")).encode("utf-8"))


def resize_frame(width: int, height: int) -> bytes:
    return frame(RESIZE, SIZE.pack(max(0, min(width, 65535)), max(0, min(height, 65535))))


def read_size(payload: bytes) -> tuple[int, int]:
    if len(payload) != SIZE.size:
        raise FrameError("a resize frame holds two shorts")
    width, height = SIZE.unpack(payload)
    return width, height


def read_json(payload: bytes) -> Any:
    try:
        return json.loads(payload)
    except (ValueError, UnicodeDecodeError) as exc:
        raise FrameError(f"not JSON: {exc}") from None


class Frames:
    """Splits a byte stream into frames, whatever way the stream was split on the way."""

    def __init__(self, most: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._most = most

    def feed(self, data: bytes) -> list[tuple[bytes, bytes]]:
        self._buffer.extend(data)
        frames: list[tuple[bytes, bytes]] = []
        buffer = self._buffer
        start = 0
        while len(buffer) - start >= HEADER.size:
            kind, length = HEADER.unpack_from(buffer, start)
            if kind not in KINDS:
                raise FrameError(f"unknown frame kind {kind!r}")
            if length > self._most:
                raise FrameError(f"a frame of {length} bytes")
            end = start + HEADER.size + length
            if len(buffer) < end:
                break
            frames.append((kind, bytes(buffer[start + HEADER.size : end])))
            start = end
        del buffer[:start]
        return frames

    @property
    def pending(self) -> int:
        """The number of buffered bytes of an incomplete frame."""
        return len(self._buffer)


FrameHandler = Callable[[bytes, bytes], None]


class FramedProtocol(asyncio.Protocol):
    """An asyncio protocol for one end of a framed socket: each whole frame goes to `on_frame`, the end to
    `on_lost`. A peer that breaks the framing is cut off."""

    def __init__(
        self, on_frame: FrameHandler, on_lost: Callable[[], None] = lambda: None, most: int = MAX_FRAME
    ) -> None:
        self.on_frame = on_frame
        self.on_lost = on_lost
        self.transport: asyncio.Transport | None = None
        self._frames = Frames(most)
        self.lost = asyncio.Event()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        try:
            frames = self._frames.feed(data)
        except FrameError as exc:
            log.error("a broken frame: %s; the link is cut", exc)
            self.close()
            return
        for kind, payload in frames:
            if self.transport is None:
                return
            try:
                self.on_frame(kind, payload)
            except FrameError as exc:
                log.error("a broken frame: %s; the link is cut", exc)
                self.close()
                return
            except Exception:
                log.exception("a frame could not be handled")

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.lost.set()
        self.on_lost()

    def send(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def send_json(self, value: Any) -> None:
        self.send(json_frame(JSON, value))

    def buffered(self) -> int:
        return self.transport.get_write_buffer_size() if self.transport is not None else 0

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class Requests:
    """Requests sent over a control link and their replies, matched by number."""

    def __init__(self, send: Callable[[Any], None]) -> None:
        self._send = send
        self._next = 0
        self._waiting: dict[int, asyncio.Future[Any]] = {}

    async def ask(self, message: dict[str, Any], timeout: float = 30.0) -> Any:
        self._next += 1
        number = self._next
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        self._send({**message, "ask": number})
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(number, None)

    def answered(self, message: dict[str, Any]) -> bool:
        """Return whether `message` was a reply (and deliver it to whoever waits for it)."""
        if message.get("t") != "answer":
            return False
        future = self._waiting.get(int(message.get("to", 0)))
        if future is not None and not future.done():
            future.set_result(message.get("value"))
        return True

    def fail_all(self) -> None:
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the link is gone"))
        self._waiting.clear()


def answer(to: Any, value: Any) -> dict[str, Any]:
    return {"t": "answer", "to": to, "value": value}


def asker(message: dict[str, Any]) -> Language:
    """Return the language of the person a worker makes a request for (a new room, a name): a refusal reads in
    it."""
    return language(str(message.get("lang") or "en")[:20]) or ENGLISH
