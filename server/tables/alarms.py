"""The deadlines of the rooms a worker has let go: a time of day and a room's id each, on one timer.

A turn-based room that only waits on a person is not kept in the worker's memory
(`server.tables.worker_rooms`): what is left of it there is its id and deadline, here (its line in the lobby
is read from the lobby's index). The one timer is set for the soonest deadline; when it falls due the room is
loaded again, and its table makes the move.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from server.base.clock import Handle, LoopClock


class Alarms:
    """Rooms' deadlines (seconds since the epoch), each calling `due(room)` at its time, on one timer."""

    def __init__(self, clock: LoopClock, due: Callable[[str], None]) -> None:
        self._clock = clock
        self._due = due
        self._when: dict[str, float] = {}  # each room's deadline
        self._heap: list[tuple[float, str]] = []  # the same, soonest first (with some stale ones)
        self._timer: Handle | None = None
        self._timer_at = 0.0

    def __len__(self) -> int:
        return len(self._when)

    def __contains__(self, room: object) -> bool:
        return room in self._when

    def set(self, room: str, due: float) -> None:
        """Call `due(room)` at `due` (at once if it is past), instead of any time set before for it."""
        self._when[room] = due
        heapq.heappush(self._heap, (due, room))
        if len(self._heap) > 2 * len(self._when) + 64:  # many cancelled: drop them
            self._heap = [(when, r) for r, when in self._when.items()]
            heapq.heapify(self._heap)
        self._arm()

    def cancel(self, room: str) -> bool:
        """Forget a room's deadline (it is loaded, or gone); whether it had one."""
        return self._when.pop(room, None) is not None

    def stop(self) -> None:
        """Stop the timer and forget every deadline."""
        self._when.clear()
        self._heap.clear()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _arm(self) -> None:
        while self._heap and self._when.get(self._heap[0][1]) != self._heap[0][0]:
            heapq.heappop(self._heap)  # cancelled, or set again to another time
        if not self._heap:
            return
        soonest = self._heap[0][0]
        if self._timer is not None and self._timer_at <= soonest:
            return
        if self._timer is not None:
            self._timer.stop()
        self._timer_at = soonest
        self._timer = self._clock.call_later(max(0.0, soonest - self._clock.wall()), self._fire)

    def _fire(self) -> None:
        self._timer = None
        now = self._clock.wall()
        fired = []
        while self._heap and self._heap[0][0] <= now:
            when, room = heapq.heappop(self._heap)
            if self._when.get(room) == when:
                del self._when[room]
                fired.append(room)
        self._arm()
        for room in fired:
            self._due(room)
