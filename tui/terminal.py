"""Terminal checks: refuse to run without a terminal, and save and exit promptly when it goes away.

Without a terminal (`ssh host landlords` without `-t`, input from a file) a full-screen game cannot be
played: keys arrive a line at a time, and nothing notices the other end leave. So the interactive commands
refuse to start, in one line that says what to do.

Once a game runs, its terminal can go away in several ways: SIGHUP (the connection dropped), its
descriptors hanging up or failing (the EOF, EIO and EPIPE a closed pseudo-terminal gives) with no signal at
all, or SIGTERM. Each leads to one `Departure`: the app saves the game and exits, with status 129 (hang-up)
or 143 (terminated), as shells report them. Its watchdog makes sure the process is gone within a second
even when the app cannot get there (its loop stuck writing to a terminal that is no more): it then saves
the games from the side and ends the process itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

from translation import N_, _

NEEDS_TERMINAL = N_("landlords needs a terminal: run it with ssh -t host landlords (or from a terminal)")
HANG_UP = 129  # 128 + SIGHUP
TERMINATED = 143  # 128 + SIGTERM
GRACE = 0.8  # seconds from the terminal going away to the process having left, whatever happens
WATCH_EVERY = 0.1  # seconds between looks at the terminal

_SIGHUP = getattr(signal, "SIGHUP", None)
_SIGNALS = {
    getattr(signal, name): status
    for name, status in (("SIGHUP", HANG_UP), ("SIGTERM", TERMINATED))
    if hasattr(signal, name)
}
_TROUBLE = getattr(select, "POLLHUP", 0) | getattr(select, "POLLERR", 0) | getattr(select, "POLLNVAL", 0)


def missing() -> bool:
    """Whether stdin or stdout is not a terminal (or not there at all)."""
    for stream in (sys.stdin, sys.stdout):
        try:
            if stream is None or not stream.isatty():
                return True
        except (ValueError, OSError):  # closed
            return True
    return False


def refuse() -> int:
    """Print what to do instead on stderr; return the exit status of a command that could not run."""
    print(_(NEEDS_TERMINAL), file=sys.stderr)
    return 2


def hung_up(fds: tuple[int, ...] = (0, 1, 2)) -> bool:
    """Whether one of the terminal's descriptors reports a hang-up or an error (never blocks)."""
    if not hasattr(select, "poll"):
        return False
    poller = select.poll()
    for fd in fds:
        poller.register(fd, _TROUBLE)
    try:
        return bool(poller.poll(0))
    except OSError:
        return True


def detach() -> None:
    """Point stdin, stdout and stderr at the null device: what is still written on the way out (the app
    putting the screen back, Python flushing its buffers) then goes nowhere instead of failing."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        if null > 2:
            os.close(null)


class Departure:
    """Watches for the terminal closing and for SIGHUP and SIGTERM, then saves and exits the process.

    `leave(status)` is called on the app's event loop: it saves, calls `saved()`, and exits with
    `status`. `rescue()` is called from another thread when `leave` has not saved within half of `GRACE`;
    it saves and releases the games without the app. At `GRACE` the process ends, if it has not already.
    """

    def __init__(self, leave: Callable[[int], None], rescue: Callable[[], None]) -> None:
        self._leave = leave
        self._rescue = rescue
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._departing = False
        self._gone = False
        self._saved = threading.Event()
        self._stopped = threading.Event()
        self._previous: dict[int, Any] = {}

    @property
    def gone(self) -> bool:
        """True once the terminal is known to be gone."""
        return self._gone or hung_up()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Install the signal handlers (from the main thread) and start watching the terminal."""
        self._loop = loop
        for sig in _SIGNALS:
            self._previous[sig] = signal.signal(sig, self._on_signal)
        threading.Thread(target=self._watch, name="landlords-terminal", daemon=True).start()

    def stop(self) -> None:
        """Stop watching and put the previous signal handlers back (a departure under way goes on)."""
        self._stopped.set()
        for sig, handler in self._previous.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(sig, handler)
        self._previous.clear()

    def saved(self) -> None:
        """Called by `leave` once the game is saved."""
        self._saved.set()

    def depart(self, status: int, gone: bool) -> None:
        """Exit with `status`; `gone` when the terminal is gone (nothing more is written to it)."""
        with self._lock:
            if self._departing:
                return
            self._departing = True
        if gone:
            self._gone = True
            detach()
        threading.Thread(target=self._see_off, args=(status,), name="landlords-exit", daemon=True).start()

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.depart(_SIGNALS[signum], gone=signum == _SIGHUP)

    def _watch(self) -> None:
        while not self._stopped.wait(WATCH_EVERY):
            if hung_up():
                self.depart(HANG_UP, gone=True)
                return

    def _see_off(self, status: int) -> None:
        deadline = time.monotonic() + GRACE
        reached = False
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the app is on its way out already
                self._loop.call_soon_threadsafe(self._leave, status)
                reached = self._saved.wait(GRACE / 2)
        if not reached:
            self._rescue()
        time.sleep(max(deadline - time.monotonic(), 0))
        os._exit(status)  # the app did not finish leaving in time: leave without it
