"""No terminal, no game; and when the terminal goes away under a game, the game is saved, the lock
released, and the process gone within a second with the status a shell reports (129 hang-up, 143 stop).

The games run in a real pseudo-terminal, in a process of their own, as `ssh -t` would run them."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from saves import SaveStore
from tui.terminal import GRACE, NEEDS_TERMINAL

from saved_games import GAMES, seats_of

GAME = [sys.executable, "-m", "cli.main", "new", "--quick", "--speed", "instant", "--seed", "5"]


def _env(root: Path) -> dict[str, str]:
    return {**os.environ, "TERM": "xterm-256color", "LANDLORDS_SAVES": str(root), "LANDLORDS_NAME": "Vera"}


@pytest.mark.parametrize(
    "argv", [[], ["new"], ["new", "--quick"], ["resume"], ["--theme", "dark", "new", "--quick"]]
)
def test_without_a_terminal_the_game_says_what_to_do(argv: list[str], tmp_path: Path) -> None:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "cli.main", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=30,
    )
    assert (result.returncode, result.stdout, result.stderr) == (2, "", NEEDS_TERMINAL + "\n")
    assert time.monotonic() - started < 10 and not list(tmp_path.iterdir())  # nothing started, nothing saved


def test_a_status_needs_no_terminal(tmp_path: Path) -> None:
    game = GAMES["classic, 2 players"].start()
    with SaveStore(tmp_path).create(game, seats_of(game), "status"):
        pass
    result = subprocess.run(
        [sys.executable, "-m", "cli.main", "resume", "--status"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=30,
    )
    assert result.returncode == 0 and result.stdout.startswith("status (")


class Terminal:
    """The far end of a pseudo-terminal: reads what the game draws, as a terminal would."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.closed = False
        self.shown = bytearray()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.shown += os.read(self.master, 65536)
                except OSError:
                    return

    def close(self) -> None:
        """The terminal goes away: the SSH client disconnects, the window is closed."""
        self._stop.set()
        self._reader.join()
        os.close(self.master)
        self.closed = True


def _size(fd: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))


class Child:
    """The game's process, however it was started."""

    def __init__(self, pid: int, popen: subprocess.Popen[bytes] | None = None) -> None:
        self.pid = pid
        self._popen = popen
        self._status: int | None = None

    def poll(self) -> int | None:
        """Its exit status once it has exited, else None."""
        if self._popen is not None:
            return self._popen.poll()
        if self._status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self._status = os.waitstatus_to_exitcode(status)
        return self._status

    def exit_within(self, seconds: float) -> tuple[int, float]:
        """Its exit status, and how long it took to come, waiting at most `seconds`."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            status = self.poll()
            if status is not None:
                return status, time.monotonic() - started
            time.sleep(0.01)
        raise AssertionError(f"still running {seconds} s later")

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            self.exit_within(10)


@contextmanager
def _game(root: Path, controlling: bool) -> Iterator[tuple[Child, Terminal]]:
    """A quick game in a pseudo-terminal. `controlling`: the terminal is the game's controlling one (as
    under ssh -t), so that closing it sends SIGHUP; otherwise closing it only makes reads and writes fail."""
    if controlling:
        pid, master = pty.fork()
        if pid == 0:  # the child: exec at once
            try:
                _size(0)
                os.execve(GAME[0], GAME, _env(root))
            finally:
                os._exit(127)
        child = Child(pid)
    else:
        master, slave = os.openpty()
        _size(slave)
        popen = subprocess.Popen(
            GAME, stdin=slave, stdout=slave, stderr=slave, env=_env(root), start_new_session=True
        )
        os.close(slave)
        child = Child(popen.pid, popen)
    term = Terminal(master)
    try:
        _wait_until_playing(root, child, term)
        yield child, term
    finally:
        if not term.closed:
            term.close()
        child.kill()


def _wait_until_playing(root: Path, child: Child, term: Terminal) -> None:
    """Until the game is saved, locked and on the screen, waiting for the person to roll."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if list(root.glob("*.json.lock")) and b" Roll" in term.shown:
            return
        assert child.poll() is None, "the game exited before it started"
        time.sleep(0.05)
    raise AssertionError("the game did not start")


def _saved_and_free(root: Path) -> None:
    """The game is on disk, loads, and nobody holds it."""
    store = SaveStore(root)
    [summary] = store.list()
    assert summary.seats[0].name == "Vera"
    _, session = store.open(summary.id)  # refused if a lock were still held
    session.close()
    assert not list(root.glob("*.lock")) and not list(root.glob(".*.tmp"))


@pytest.mark.slow
@pytest.mark.parametrize("controlling", [True, False], ids=["hang-up signal", "no signal, reads fail"])
def test_when_the_terminal_goes_away_the_game_is_saved_and_the_process_leaves(
    controlling: bool, tmp_path: Path
) -> None:
    with _game(tmp_path, controlling) as (child, term):
        term.close()
        status, took = child.exit_within(10)
    assert status == 129
    assert took < 2 * GRACE, f"left {took:.2f} s after the terminal went away"  # GRACE, and a loaded machine
    _saved_and_free(tmp_path)


@pytest.mark.slow
def test_sigterm_saves_and_exits_143(tmp_path: Path) -> None:
    with _game(tmp_path, controlling=True) as (child, _):
        os.kill(child.pid, signal.SIGTERM)
        status, took = child.exit_within(10)
    assert status == 143 and took < 2 * GRACE
    _saved_and_free(tmp_path)


@pytest.mark.slow
def test_sighup_with_the_terminal_still_there_exits_129(tmp_path: Path) -> None:
    with _game(tmp_path, controlling=True) as (child, _):
        os.kill(child.pid, signal.SIGHUP)
        status, _ = child.exit_within(10)
    assert status == 129
    _saved_and_free(tmp_path)


STUCK = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from saved_games import GAMES, play, seats_of
    from room import Persistence
    from tui.terminal import Departure

    persistence = Persistence(Path({root!r}))
    game = GAMES["classic, 2 players"].start()
    recorder = persistence.record(game, seats_of(game), "stuck")
    play(game, stop=lambda g: len(g.log) >= 3)  # within the first turn: not autosaved yet
    print(len(game.log), flush=True)

    async def main() -> None:
        departure = Departure(lambda status: None, persistence.rescue)  # an app that never gets there
        departure.start(asyncio.get_running_loop())
        departure.depart(129, gone=False)
        time.sleep(30)  # the loop is stuck (writing to a terminal that is gone, say)

    asyncio.run(main())
    """
)


def test_when_the_app_cannot_leave_the_watchdog_saves_and_ends_the_process(tmp_path: Path) -> None:
    script = STUCK.format(tests=str(Path(__file__).parents[1] / "helpers"), root=str(tmp_path))
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    commands = int(child.stdout.readline())
    started = time.monotonic()
    assert child.wait(10) == 129
    assert time.monotonic() - started < 2 * GRACE
    store = SaveStore(tmp_path)
    [summary] = store.list()
    assert len(store.load(summary.id).game.log) == commands == 3  # saved from the log, by the watchdog
    with store.open(summary.id)[1]:
        pass
