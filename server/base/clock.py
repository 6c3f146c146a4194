"""An event-loop clock for the bot driver and the tables: timers that can be stopped, whose
failures are logged rather than lost."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class Handle:
    """A timer on the event loop, as `room.BotDriver` wants one."""

    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self._handle = handle

    def stop(self) -> None:
        self._handle.cancel()


class LoopClock:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        return Handle(self.loop.call_later(delay, _guarded(callback)))

    def now(self) -> float:
        """Return the loop's time, in seconds (the tables' clocks count on it)."""
        return self.loop.time()


def _guarded(callback: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        try:
            callback()
        except Exception:
            log.exception("a table's timer failed")

    return run
