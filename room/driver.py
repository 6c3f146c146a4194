"""A timer that plays a room's bots: one move at a time at the table's pace, so that people can follow them.

The driver is told of every change of the table; when a bot is due and nothing holds the bots (a person
composing an offer, say), it schedules the bot's move on the clock it is given. Hurrying (skipping ahead,
or the instant pace) plays on without pause, up to a burst of moves at a time, until a person is needed.
A bot that looks ahead may be made to think elsewhere first (`room.foresight.Thinking`): the driver waits
for its thoughts, then lets it move.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from room.pacing import BURST, DEFAULT_SPEED, SPEEDS
from room.room import Room, Update

if TYPE_CHECKING:
    from room.foresight import Thinking

log = logging.getLogger(__name__)

SLOW_MOVE = 0.05
"""CPU seconds from which a bot's move is logged: everything else on its thread waits that long."""


class Timer(Protocol):
    def stop(self) -> None: ...


class Clock(Protocol):
    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class BotDriver:
    def __init__(
        self,
        room: Room,
        clock: Clock,
        speed: str = DEFAULT_SPEED,
        may_move: Callable[[], bool] = lambda: True,
        needs_a_person: Callable[[Update], bool] = lambda update: False,
        on_error: Callable[[Exception], None] | None = None,
        thinking: Thinking | None = None,
    ) -> None:
        self.room = room
        self.clock = clock
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.hurrying = False
        self._may_move = may_move
        self._needs_a_person = needs_a_person
        self._on_error = on_error
        self._thinking = thinking
        self._timer: Timer | None = None
        self._stopped = False
        self._unsubscribe = room.subscribe(self._changed)

    @property
    def waiting(self) -> bool:
        """Whether a bot move is scheduled."""
        return self._timer is not None

    def settled(self) -> bool:
        """Whether no bot is due to move: the game waits on a person, is over, or the bots are held."""
        return self._stopped or self.room.bot_due() is None or not self._may_move()

    def poke(self) -> None:
        """Schedule the next bot move, if a bot is due and none is scheduled."""
        if self._timer is not None or self.settled():
            return
        delay = 0.0 if self.hurrying else SPEEDS[self.speed]
        self._timer = self.clock.call_later(max(delay, 0.01), self._burst if delay <= 0 else self._step)

    def hurry(self) -> None:
        """Let the bots play on without pause until a person is needed."""
        self.hurrying = True
        self._cancel()
        self.poke()

    def stop(self) -> None:
        """Stop for good: the table is closing."""
        self._stopped = True
        self._cancel()
        self._unsubscribe()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _changed(self, update: Update) -> None:
        if self._timer is None and not self._stopped:
            self.poke()

    def _step(self) -> None:
        self._timer = None
        if self.settled() or self._think_first(self._step):
            return
        self._play_one()
        self.poke()

    def _burst(self) -> None:
        self._timer = None
        for _ in range(BURST):
            if self.settled():
                break
            if self._think_first(self._burst):
                return
            update = self._play_one()
            if update is None or self._needs_a_person(update):
                break
        if self.room.bot_due() is None:
            self.hurrying = False
        self.poke()

    def _think_first(self, then: Callable[[], None]) -> bool:
        """Return whether the next bot must compute its look-ahead in the pool before it moves; if so, its
        thinking is set going and `then` is called once its thoughts are in."""
        thinking = self._thinking
        if thinking is None or not thinking.needed():
            return False
        self._timer = _BUSY  # nothing else is scheduled meanwhile
        thinking.start(partial(self._thought, then))
        return True

    def _thought(self, then: Callable[[], None]) -> None:
        if self._stopped or self._timer is not _BUSY:
            return  # stopped, or hurried meanwhile: a move is scheduled already
        self._timer = None
        then()

    def _play_one(self) -> Update | None:
        """Play one bot move; return its update, or None if it failed (the error goes to `on_error`)."""
        seen: list[Update] = []
        unsubscribe = self.room.subscribe(seen.append)
        try:
            self._timer = _BUSY  # moves made now must not schedule more from inside this one
            began = time.thread_time()
            self.room.play_bot()
            took = time.thread_time() - began
            if took >= SLOW_MOVE:
                log.info("a bot's move took %.0f ms of CPU on the table's thread", 1000 * took)
        except Exception as exc:
            self.hurrying = False
            if self._on_error is None:
                raise
            self._on_error(exc)
            return None
        finally:
            self._timer = None
            unsubscribe()
        return seen[-1] if seen else None


class _Busy:
    def stop(self) -> None:
        return None


_BUSY = _Busy()
