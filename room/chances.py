"""Win-chance estimates for a table, recomputed after every move while anyone is watching them.

The look-ahead (`engine.chances.estimate`) is CPU-bound: a figure from a mid-game position costs a
few tenths of a second of CPU where it is made of playouts, and loads the learned value where it is that
value's alone. Worked out in the process that draws the screens, it would hold up
every key and every bot for that long (a thread would not help: it holds the interpreter's lock). So the
playouts are worked out by a few processes of their own (`ChancesPool`), shared by every table of this
process, which run at a lower priority than the screens (`NICENESS`): they take only the time the
interface leaves.

A table's figure (`TableChances`) is worked out once for everyone at it, from the spectator's view (what
everyone can see), and only while someone looks. At most one figure of a table is worked out at a time:
moves made meanwhile are gathered into one more figure, for the table as it is when the first is done,
so that a table whose bots play fast asks for no more than the pool can give. The figure of a finished
game needs no playout: the winner has every chance.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar

from engine.chances import (
    SHOWN_HORIZON,
    SHOWN_PLAYOUTS,
    Playouts,
    estimate,
    played,
    summary,
    valued_alone,
    values,
)
from engine.chances import Chances as Chances  # for the front ends that name an estimate
from engine.play.view import GameView
from room.room import Room, Update
from translation import _
from translation.listeners import held

log = logging.getLogger(__name__)

PLAYOUTS = SHOWN_PLAYOUTS
"""Playouts a figure of the table is worked out from, where it is made of playouts (`estimate`: Finance, and
games with rule options); elsewhere the figure is a value's alone."""
SEED = 0
"""The analysis's own seed. The same for every position, so that two figures in a row differ by what
happened between them, not by the luck of their playouts."""
NICENESS = 10
"""How much lower than the screens the pool's processes run (see `os.nice`)."""

T = TypeVar("T")
Post = Callable[[Callable[[], None]], object]
"""Runs a callback on the thread that owns the table (its event loop's `call_soon_threadsafe`)."""


def default_processes() -> int:
    """Return the number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _start_worker() -> None:
    """Initialise one of the pool's worker processes: a lower priority than the screens; nothing written to
    the terminal the screens are drawn on, nor Ctrl+C taken from it (the program that owns the pool ends it);
    and the look-ahead loaded and set aside from the collector's passes (see `room.heap`)."""
    with contextlib.suppress(OSError):  # not allowed here: the work is still done, at the usual priority
        os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.close(quiet)
    import engine.chances  # noqa: F401  # loaded before the first figure is asked for
    from room.heap import settle

    settle()


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker with the real standard error: a full-screen app has replaced
    `sys.stderr` with an object that has no file descriptor, which the tracker cannot be started with."""
    from multiprocessing import resource_tracker

    stand_in = sys.stderr
    try:
        usable = stand_in is not None and stand_in.fileno() >= 0
    except (OSError, ValueError, AttributeError):
        usable = False
    if not usable and sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = stand_in


class ChancesPool:
    """A process pool that computes chances for every table of this process, started on first use.

    `processes` is how many (one a core by default); 0 works everything out in this process as it is
    asked for, which only tests and benchmarks want. A process that dies is replaced by a new pool at the
    next request; the figures it was working on are lost and said to be."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = default_processes() if processes is None else max(0, processes)
        self._executor: Executor | None = None
        self._closed = False

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        """Run `fn(*args)` in one of the pool's processes (a module-level function, and picklable
        arguments)."""
        if self._closed:
            raise RuntimeError("the chances pool is closed")
        if self.processes == 0:
            done: Future[T] = Future()
            try:
                done.set_result(fn(*args))
            except Exception as exc:
                done.set_exception(exc)
            return done
        for attempt in range(2):
            if self._executor is None:
                _start_tracker()
                context = multiprocessing.get_context("spawn")  # a fresh interpreter: no screen copied in
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=_start_worker
                )
            try:
                return self._executor.submit(fn, *args)
            except RuntimeError:  # the pool broke (a process was killed): a fresh one, once
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the processes, dropping any work in progress."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


_SHARED: ChancesPool | None = None


def shared_pool() -> ChancesPool:
    """Return this process's shared `ChancesPool`, creating it on first use: every table here shares it."""
    global _SHARED
    if _SHARED is None or _SHARED._closed:
        _SHARED = ChancesPool()
    return _SHARED


def close_shared_pool() -> None:
    """Stop the shared pool's processes, if it was ever started."""
    global _SHARED
    if _SHARED is not None:
        _SHARED.close()
        _SHARED = None


@dataclass(frozen=True)
class Figure:
    """The data behind a table's chances panel: the latest estimate, and whether it is up to date.

    `chances` is None until the first figure is in; `version` is the table's version it was worked out
    for. `working` says a figure for the table as it is now is on its way (the one shown, if any, is of
    an earlier position). `problem` says why no figure could be worked out, in words."""

    chances: Chances | None = None
    version: int = -1
    working: bool = False
    problem: str | None = None

    @property
    def current(self) -> bool:
        """The figure shown is of the table as it is now (`working` is then False)."""
        return self.chances is not None and not self.working


Listener = Callable[[Figure], None]


def figure_of(
    view: GameView, playouts: int = PLAYOUTS, levels: list[str | None] | None = None, seed: int = SEED
) -> Chances:
    """Compute every player's chance from this view in one go, in the calling process (a pool's worker): for a
    front end that asks once rather than watches (the line mode's `chances`)."""
    return estimate(view, playouts, seed, levels)


def levels_of(room: Room) -> list[str | None]:
    """Return each seat's bot level, None for a person: who sits where is on show to everyone at the table."""
    return [seat.level if seat.is_bot else None for seat in room.seats]


def share(playouts: int, parts: int) -> list[tuple[int, int]]:
    """Split `playouts` into `parts` slices; return (first playout, count) for each, in order."""
    parts = max(1, min(parts, playouts))
    size, extra = divmod(playouts, parts)
    out: list[tuple[int, int]] = []
    first = 0
    for i in range(parts):
        count = size + (1 if i < extra else 0)
        out.append((first, count))
        first += count
    return out


class TableChances:
    """The win chances at one table, shared by everyone watching them (`watch`).

    While anyone watches, each change of the table asks for a new figure; while one is being worked out,
    the changes that come are gathered into one request for the table as it then is, and the next figure
    starts no sooner than `rest` seconds after the last began (a server's bound on what one table may
    ask of the pool). Watchers are told of every new figure and of every start of work, on the event
    loop that was running when the first watcher came (the one the room's moves are made on)."""

    def __init__(
        self,
        room: Room,
        pool: ChancesPool,
        playouts: int = PLAYOUTS,
        seed: int = SEED,
        horizon: int = SHOWN_HORIZON,
        rest: float = 0.0,
    ) -> None:
        self.room = room
        self.pool = pool
        self.playouts = max(1, playouts)
        self.seed = seed
        self.horizon = horizon
        self.rest = max(0.0, rest)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._began = -math.inf  # when the last figure began, on the loop's clock
        self._resting: asyncio.TimerHandle | None = None
        self._listeners: list[Listener] = []
        self._unsubscribe: Callable[[], None] | None = None
        self._figure = Figure()
        self._busy = False  # a figure is being worked out
        self._asked_for = -1  # the table's version the figure being worked out is for
        self.worked_out = 0
        """Figures worked out so far (a table's figure is worked out once for everyone at it)."""

    @property
    def figure(self) -> Figure:
        return self._figure

    @property
    def watched(self) -> bool:
        return bool(self._listeners)

    def watch(self, listener: Listener) -> Callable[[], None]:
        """Subscribe to new estimates (the current one is delivered at once); return a function that
        unsubscribes. The first watcher sets the figure going. The watcher is told of each in its own language
        (`translation.listeners.held`), though the figures come back on the pool's threads."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        listener = held(listener)
        self._listeners.append(listener)
        listener(self._figure)
        if self._unsubscribe is None:
            self._unsubscribe = self.room.subscribe(self._moved)
        self._ask()

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
            if not self._listeners and self._unsubscribe is not None:
                self._unsubscribe()
                self._unsubscribe = None

        return stop

    def close(self) -> None:
        """Stop following the table (it is closing and nobody watches any more)."""
        self._listeners.clear()
        if self._resting is not None:
            self._resting.cancel()
            self._resting = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # --- working it out -----------------------------------------------------------------------

    def _moved(self, update: Update) -> None:
        self._ask()

    def _ask(self) -> None:
        """Request an estimate for the current table, unless one is current or already in progress."""
        version = self.room.version
        if self._figure.version == version and self._figure.chances is not None:
            return
        if self._busy or self._resting is not None:
            if not self._figure.working:
                self._tell(replace(self._figure, working=True))
            return
        view = self.room.view(None)
        if view.winner is not None:  # no playout needed: the winner has every chance
            self._tell(Figure(summary(view, values(view, 0, 1)), version))
            return
        loop = self._loop
        assert loop is not None
        wait = self._began + self.rest - loop.time()
        if wait > 0:
            self._tell(replace(self._figure, working=True))
            self._resting = loop.call_later(wait, self._rested)
            return
        self._start(view, version)

    def _rested(self) -> None:
        self._resting = None
        if self._listeners:
            self._ask()

    def _start(self, view: GameView, version: int) -> None:
        loop = self._loop
        assert loop is not None
        self._began = loop.time()
        self._busy = True
        self._asked_for = version
        self._tell(replace(self._figure, working=True, problem=None))
        levels = levels_of(self.room)
        futures: list[Future[Any]] = []
        try:
            if valued_alone(view):  # no playouts to share out: one process values the table
                futures.append(self.pool.submit(figure_of, view, self.playouts, levels, self.seed))
            else:
                for first, count in share(self.playouts, max(1, self.pool.processes)):
                    futures.append(
                        self.pool.submit(played, view, first, count, self.seed, self.horizon, levels)
                    )
        except Exception as exc:
            log.exception("the chances could not be asked for")
            self._failed(exc)
            return
        gathered = _Gathering(len(futures), lambda results: self._arrived(view, version, results))
        for index, future in enumerate(futures):
            future.add_done_callback(partial(_back_home, loop.call_soon_threadsafe, gathered, index))

    def _arrived(self, view: GameView, version: int, results: list[Any] | BaseException) -> None:
        self._busy = False
        if isinstance(results, BaseException):
            log.warning("the chances could not be worked out: %s", results)
            self._failed(results)
            return
        self.worked_out += 1
        if len(results) == 1 and isinstance(results[0], Chances):  # valued alone
            figure = Figure(results[0], version)
        else:
            done: Playouts = sum(results[1:], results[0])
            figure = Figure(summary(view, done.outcomes, done.luck), version)
        if self._listeners and self.room.version != version:
            figure = replace(figure, working=True)
            self._tell(figure)
            self._ask()
            return
        self._tell(figure)

    def _failed(self, exc: BaseException) -> None:
        self._busy = False
        self._tell(replace(self._figure, working=False, problem=_("The chances could not be worked out.")))

    def _tell(self, figure: Figure) -> None:
        self._figure = figure
        for listener in list(self._listeners):
            try:
                listener(figure)
            except Exception:  # one watcher's trouble is not the table's
                log.exception("a chances watcher failed")


def _back_home(post: Post, gathered: _Gathering, index: int, future: Future[Any]) -> None:
    """Pool-thread callback for a finished slice: pass its result to the thread that owns the table."""
    with contextlib.suppress(RuntimeError):  # the table's loop is closed: nobody is left to tell
        post(partial(gathered.one, index, future))


class _Gathering:
    """Collects the slices of one estimate, which return in any order: `done` is called once, with them all in
    order or with the first failure."""

    def __init__(self, parts: int, done: Callable[[list[Any] | BaseException], None]) -> None:
        self._results: list[Any] = [None] * parts
        self._left = parts
        self._done = done
        self._over = False

    def one(self, index: int, future: Future[Any]) -> None:
        if self._over:
            return
        try:
            self._results[index] = future.result()
        except BaseException as exc:
            self._over = True
            self._done(exc)
            return
        self._left -= 1
        if self._left == 0:
            self._over = True
            self._done(self._results)
