"""An event-loop clock for the bot driver and the tables: timers that can be stopped, whose
failures are logged rather than lost; a clock a test moves by hand, to play a turn-based room over
days without waiting for them; and one that runs as the loop's does but that the operator of a server
started with `--test-clock` may move on (`MovableClock`), to try a turn-based room out by hand."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Handle:
    """A timer on the event loop, as `room.BotDriver` wants one."""

    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self._handle = handle

    def stop(self) -> None:
        self._handle.cancel()


class SetHandle(Handle):
    """A timer of a `SetClock`."""

    def __init__(self) -> None:  # no asyncio handle: the clock fires it when moved past its time
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class LoopClock:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        return Handle(self.loop.call_later(delay, _guarded(callback)))

    def now(self) -> float:
        """Return the loop's time, in seconds (the tables' clocks count on it)."""
        return self.loop.time()

    def wall(self) -> float:
        """Return the time of day, in seconds since the epoch: what a deadline that must outlast a restart
        is written in."""
        return time.time()


class SetClock(LoopClock):
    """A clock that moves only when told (`advance`): its timers fire in their order as it passes their
    time, so that a test plays a turn-based room over days in a moment."""

    def __init__(self, loop: asyncio.AbstractEventLoop, wall: float = 1_700_000_000.0) -> None:
        super().__init__(loop)
        self._now = 0.0
        self._wall = wall
        self._due: list[tuple[float, int, SetHandle, Callable[[], None]]] = []
        self._order = itertools.count()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        handle = SetHandle()
        at = self._now + max(0.0, delay)
        heapq.heappush(self._due, (at, next(self._order), handle, _guarded(callback)))
        return handle

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._wall + self._now

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds`, firing every timer that falls due on the way (those they set
        too), each at its time."""
        end = self._now + max(0.0, seconds)
        while self._due and self._due[0][0] <= end:
            at, _order, handle, callback = heapq.heappop(self._due)
            self._now = max(self._now, at)
            if not handle.stopped:
                callback()
        self._now = end


class MovableClock(LoopClock):
    """The loop's clock, `ahead` seconds ahead, and moved further on when told (`move_to`): its timers fire
    at their time as the loop's would, and those that a move passes fire at once, each in its order, as
    `SetClock` fires them. Only a server started with `--test-clock` has one (`server.network.clock_moves`);
    every other server keeps the loop's own clock and timers."""

    def __init__(self, loop: asyncio.AbstractEventLoop, ahead: float = 0.0) -> None:
        super().__init__(loop)
        self.ahead = max(0.0, ahead)
        self._due: list[tuple[float, int, SetHandle, Callable[[], None]]] = []
        self._order = itertools.count()
        self._ring: asyncio.TimerHandle | None = None  # the loop's one timer, for the first of them

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        handle = SetHandle()
        at = self.now() + max(0.0, delay)
        heapq.heappush(self._due, (at, next(self._order), handle, _guarded(callback)))
        self._arm()
        return handle

    def now(self) -> float:
        return self.loop.time() + self.ahead

    def wall(self) -> float:
        return time.time() + self.ahead

    def move_to(self, ahead: float) -> None:
        """Put the clock `ahead` seconds ahead of the loop's (never back), firing in their order the timers
        that fall due on the way (and those they set that fall due in it too), each at its time."""
        target = max(self.ahead, ahead)
        while self._due and self._due[0][0] <= self.loop.time() + target:
            at, _order, handle, callback = heapq.heappop(self._due)
            self.ahead = min(target, max(self.ahead, at - self.loop.time()))  # its time, as it fires
            if not handle.stopped:
                callback()
        self.ahead = target
        self._arm()

    def _arm(self) -> None:
        """Set the loop's timer for the first timer due, where it is not set for it already."""
        while self._due and self._due[0][2].stopped:
            heapq.heappop(self._due)
        if not self._due:
            return
        when = self._due[0][0] - self.ahead
        if self._ring is not None and not self._ring.cancelled() and self._ring.when() <= when:
            return
        if self._ring is not None:
            self._ring.cancel()
        self._ring = self.loop.call_at(when, self._rang)

    def _rang(self) -> None:
        self._ring = None
        self.move_to(self.ahead)


def _guarded(callback: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        try:
            callback()
        except Exception:
            log.exception("a table's timer failed")

    return run
