"""Patch: each widget's message queue and its "mounted" flag without a deque apiece.

Every widget, screen and app runs a message pump, and Textual gives each one a queue of messages (a deque,
and an asyncio event with a deque of its own for the pump that waits on it) and an asyncio event that it
is mounted (a third deque). An empty deque preallocates a block of slots, so the three take a tenth of a
mounted label's memory (docs/textual-upstream.md has the measurements), and a server's worker holds a few
thousand widgets. Few messages wait at once and a pump has one task reading its queue, so here the queue keeps
its messages in a list, and each flag keeps a list of its waiters only while someone waits.

`install` gives every message pump made from then on the queue and the flag here; they answer what Textual
asks of its own (`tests/tui/test_mailboxes.py` runs both through the same steps).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import cached_property
from typing import Any

from textual.message_pump import MessagePump

_TEXTUAL = {name: MessagePump.__dict__[name] for name in ("_message_queue", "_mounted_event")}

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL["_message_queue"].func: "031379438d26e6dc96a07da302e374dbab344ac6a4c6ae6d9a79a300cfaea059",
    _TEXTUAL["_mounted_event"].func: "43fba6a72279d8e5a98119c3c992e0113d7655bd7971b1c797674b6f2cc5d142",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


class Flag:
    """An event of asyncio's as Textual uses it (`set`, `clear`, `is_set`, `wait`), its waiters listed
    only while there are some."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = False
        self._waiters: list[asyncio.Future[bool]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        if self._set:
            return
        self._set = True
        waiters, self._waiters = self._waiters, None
        for future in waiters or ():
            if not future.done():
                future.set_result(True)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> bool:
        if self._set:
            return True
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(future)
        try:
            return await future
        finally:
            if self._waiters is not None and future in self._waiters:
                self._waiters.remove(future)


class Mailbox:
    """A message pump's queue (Textual's `textual._queue.Queue`): what is put is got in order, and `get`
    waits while there is nothing."""

    __slots__ = ("ready_event", "values")

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.ready_event = Flag()

    def put_nowait(self, value: Any) -> None:
        self.values.append(value)
        self.ready_event.set()

    def qsize(self) -> int:
        return len(self.values)

    def empty(self) -> bool:
        return not self.values

    def task_done(self) -> None:
        """Do nothing: nothing waits for the messages to be handled (as with Textual's own)."""

    async def get(self) -> Any:
        if not self.ready_event.is_set():
            await self.ready_event.wait()
        return self._take()

    def get_nowait(self) -> Any:
        if not self.values:
            raise asyncio.QueueEmpty()
        return self._take()

    def _take(self) -> Any:
        value = self.values.pop(0)
        if not self.values:
            self.ready_event.clear()
        return value


def _message_queue(self: MessagePump) -> Mailbox:
    return Mailbox()


def _mounted_event(self: MessagePump) -> Flag:
    return Flag()


_OURS = {"_message_queue": cached_property(_message_queue), "_mounted_event": cached_property(_mounted_event)}


def install() -> None:
    """Give every message pump made from now on a mailbox and a flag (once per process)."""
    for name, prop in _OURS.items():
        if MessagePump.__dict__[name] is not prop:
            setattr(MessagePump, name, prop)
            prop.__set_name__(MessagePump, name)


def uninstall() -> None:
    """Restore Textual's own queue and event (for the tests that compare the two)."""
    for name, prop in _TEXTUAL.items():
        setattr(MessagePump, name, prop)


def installed() -> bool:
    """Whether this patch is in place now."""
    return MessagePump.__dict__["_message_queue"] is _OURS["_message_queue"]
