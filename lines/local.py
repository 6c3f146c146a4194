"""The line mode at this terminal (`landlords --plain`): typed lines from standard input, sentences to
standard output, a bell when a question waits.

A loop, no event framework: the bots play (at the chosen pace, on `LoopClock`) until a person is needed,
then one line is read and fed to the session. A line typed at a terminal while the bots move is fed to the
session at once, between their moves, as a server's line mode feeds each line as it comes: what can be
answered at once is (`status`, `help`, `quit`...), what waits for the person's turn is refused at once
with the reason, and nothing is kept to act on later. Lines read from a file or a pipe are a script, read
one per question. What the person chose to hear (`verbose`, `brief`, `mine`,
`everyone`) is kept in their settings file (`lines.settings`), and their next game starts with it.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import os
import select
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, TextIO

from lines import settings
from lines.menu import Choice, StartMenu
from lines.session import LineSession
from room import BotDriver, Room
from room.pacing import DEFAULT_SPEED

if TYPE_CHECKING:
    from room.advice import Advice
    from room.chances import Chances
    from room.review import Review, ReviewJob

BELL = "\a"
ADVICE_WAIT = 120.0
"""Seconds the advisor is given before the line mode goes on without it."""
POLL = 0.1
"""Seconds between two looks for an answer worked out elsewhere (the advisor, the chances) while the bots
move."""


class _Timer:
    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class LoopClock:
    """A `room.driver.Clock` for a simple loop: scheduled calls run in `run`, which sleeps until each is
    due."""

    def __init__(
        self, sleep: Callable[[float], None] = time.sleep, now: Callable[[], float] = time.monotonic
    ) -> None:
        self._sleep = sleep
        self._now = now
        self._due: list[tuple[float, int, _Timer, Callable[[], None]]] = []
        self._order = itertools.count()

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer()
        heapq.heappush(self._due, (self._now() + delay, next(self._order), timer, callback))
        return timer

    def run(self, most: int = 1_000_000) -> int:
        """Run what is scheduled, and what that schedules, until nothing is left; return how many ran."""
        ran = 0
        while self._due and ran < most:
            when, _, timer, callback = heapq.heappop(self._due)
            if timer.stopped:
                continue
            wait = when - self._now()
            if wait > 0:
                self._sleep(wait)
                if timer.stopped:  # stopped while it waited (the person quit meanwhile)
                    continue
            callback()
            ran += 1
        return ran


def play(
    room: Room, speed: str = DEFAULT_SPEED, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Play the room's people's seats at this terminal in lines, until `quit` or the end of input."""
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    people = frozenset(i for i, seat in enumerate(room.seats) if not seat.is_bot)

    def write(text: str) -> None:
        sink.write(text)
        sink.flush()

    def ring(signal: int) -> None:
        write(BELL * signal)

    early = _TypedAhead(source)
    lines = LineSession(
        room.join(people),
        write,
        ring,
        advisor=_advisor(room),
        odds=_odds(room),
        reviewer=_reviewer(room),
        typed_ahead=early.take,
        settings=settings.load(),
        keep=settings.save,
    )
    read_line = _line_reader(source, lines)

    def meanwhile(seconds: float) -> None:
        """Wait out the bots' pause, feeding the session each line typed at the terminal meanwhile."""
        early.wait(seconds, lines)
        if lines.quitting:
            driver.stop()

    clock = LoopClock(meanwhile)
    driver = BotDriver(room, clock, speed)
    try:
        lines.start()
        driver.poke()
        while not lines.quitting:
            clock.run()
            if lines.quitting:  # quit while the bots moved
                break
            line = "" if early.ended else read_line()
            if not line:  # the end of input: leave as `quit` would
                lines.feed("quit")
                break
            lines.feed(line)
            for asked in lines.awaiting:  # the person waits for it: nothing else moves meanwhile
                with contextlib.suppress(Exception):
                    asked.result(timeout=ADVICE_WAIT)
            lines.poll()
    finally:
        driver.stop()
        lines.close()
        room.close()
        if "room.chances" in sys.modules:  # the advisor's processes, if it was asked
            sys.modules["room.chances"].close_shared_pool()
    return 0


class _TypedAhead:
    """Lines typed at a terminal outside a question (`take`, `wait`), and whether the input ended (Ctrl-D)
    among them. A file or a pipe is a script: nothing is taken from it."""

    def __init__(self, source: TextIO) -> None:
        self._fd = source.fileno() if source.isatty() else None
        self.ended = False

    def wait(self, seconds: float, lines: LineSession) -> None:
        """Sleep `seconds`, feeding `lines` each whole line typed meanwhile as it comes (the end of input
        is `quit`), and writing the answers worked out elsewhere as they arrive; return early once the
        person quits."""
        if self._fd is None:
            time.sleep(seconds)
            return
        end = time.monotonic() + seconds
        while not lines.quitting and (left := end - time.monotonic()) > 0:
            ready = select.select([self._fd], [], [], min(left, POLL) if lines.awaiting else left)[0]
            for line in self.take() if ready else []:
                lines.feed(line)
                if lines.quitting:
                    return
            if self.ended:
                lines.feed("quit")
                return
            lines.poll()

    def take(self) -> list[str]:
        if self._fd is None or self.ended:
            return []
        typed = b""
        while select.select([self._fd], [], [], 0)[0]:
            chunk = os.read(self._fd, 4096)
            if not chunk:  # the end of input, typed ahead too
                self.ended = True
                break
            typed += chunk
        return typed.decode(errors="replace").splitlines()


def _line_reader(source: TextIO, lines: LineSession) -> Callable[[], str]:
    """Return the game's line reader: tab completes its commands and names (`_completing_reader`)."""
    from lines.completion import completions, vocabulary

    return _completing_reader(source, lambda line: completions(line, vocabulary(lines.table())))


def _completing_reader(source: TextIO, complete_line: Callable[[str], list[str]]) -> Callable[[], str]:
    """Return a line reader: with the terminal's line editing and tab completion (`complete_line` gives the
    whole lines that complete the one typed) when the person types at one, else straight from the stream.
    Readline is configured to send no escape sequence of its own (no bracketed paste, no meta key), so that
    nothing but the game's lines and the bell reaches the screen reader."""
    if source is not sys.stdin or not source.isatty():
        return source.readline
    try:
        import readline
    except ImportError:  # no readline on this platform: lines as they come
        return source.readline
    from lines.completion import completer

    readline.parse_and_bind("set enable-bracketed-paste off")
    readline.parse_and_bind("set enable-meta-key off")
    readline.parse_and_bind("tab: complete")
    readline.set_completer_delims("")
    readline.set_completer(completer(complete_line, readline.get_line_buffer))

    def read() -> str:
        try:
            return input() + "\n"
        except EOFError:
            return ""

    return read


def _advisor(room: Room) -> Callable[[int], Future[Advice]]:
    """Return the advisor, computed in the chances process pool (started on first use)."""

    def ask_for(seat: int) -> Future[Advice]:
        from room.advice import ask
        from room.chances import levels_of, shared_pool

        return ask(shared_pool(), room.view(seat), room.legal(seat), levels_of(room), room.history())

    return ask_for


def _odds(room: Room) -> Callable[[], Future[Chances]]:
    """Return every player's chance to win, computed in the chances process pool."""

    def ask_for() -> Future[Chances]:
        from room.chances import figure_of, levels_of, shared_pool

        return shared_pool().submit(figure_of, room.view(None), 400, levels_of(room))

    return ask_for


def _reviewer(room: Room) -> Callable[[], Future[Review]]:
    """Return the game's review, computed in the chances process pool and awaited in a thread of its own."""

    def ask_for() -> Future[Review]:
        from room.chances import shared_pool
        from room.review import ReviewJob, Source

        return reviewed(ReviewJob(Source.of_room(room), shared_pool()))

    return ask_for


def reviewed(job: ReviewJob) -> Future[Review]:
    """Run a review in a thread (with its own event loop) and return a future for it."""
    from lines.review_lines import work_out

    done: Future[Review] = Future()

    def run() -> None:
        try:
            done.set_result(work_out(job, lambda said: None))
        except Exception as exc:
            done.set_exception(exc)

    threading.Thread(target=run, name="review", daemon=True).start()
    return done


def choose(menu: StartMenu, stdin: TextIO | None = None) -> Choice:
    """Ask the start menu's questions until a choice is made (the end of input is `quit`)."""
    source = stdin or sys.stdin
    read_line = _completing_reader(source, menu.completions)
    menu.start()
    while menu.choice is None:
        line = read_line()
        if not line:
            return Choice("quit")
        menu.feed(line)
    return menu.choice
