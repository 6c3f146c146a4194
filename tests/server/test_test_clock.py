"""The clock an operator moves on (`landlords serve --test-clock`, `landlords clock advance 25h`): it runs as
the loop's does, a move fires the timers it passes in their order, each at its time; the front takes the
requests up from the data folder; and a real server's turn-based room, its person absent, has the
stand-in bot make his move once the operator moves the clock past his deadline."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cli.clock import said_ahead
from server.base.clock import MovableClock
from server.base.state import write_json
from server.network.clock_moves import AHEAD, FOLDER, ClockRequests, ahead_of, ask_advance, duration

from sshplay import Person, ServerProcess, make_key

HOUR = 3600.0


async def test_a_movable_clock_runs_as_the_loops_and_a_move_fires_what_it_passes_in_order() -> None:
    loop = asyncio.get_running_loop()
    clock = MovableClock(loop)
    fired: list[tuple[str, float]] = []

    def note(name: str) -> None:
        fired.append((name, round(clock.now() - start, 3)))

    start = clock.now()
    before, now, after = loop.time(), clock.now(), loop.time()
    assert abs(clock.wall() - time.time()) < 1.0 and before <= now <= after, "not moved: the loop's time"
    clock.call_later(0.05, lambda: note("soon"))
    await asyncio.sleep(0.15)
    assert [name for name, _at in fired] == ["soon"], "a timer fires at its time with nobody moving the clock"

    fired.clear()
    start = clock.now()
    clock.call_later(2 * HOUR, lambda: note("two hours"))

    def an_hour() -> None:
        note("an hour")
        clock.call_later(HOUR / 2, lambda: note("and a half"))  # set as it fires, due within the move

    clock.call_later(HOUR, an_hour)
    stopped = clock.call_later(HOUR / 4, lambda: note("stopped"))
    stopped.stop()
    clock.call_later(30 * HOUR, lambda: note("tomorrow"))
    wall = clock.wall()
    clock.move_to(25 * HOUR)
    assert [name for name, _at in fired] == ["an hour", "and a half", "two hours"]
    assert [round(at / HOUR, 1) for _name, at in fired] == [1.0, 1.5, 2.0], "each fired at its time"
    assert clock.ahead == 25 * HOUR and abs(clock.wall() - wall - 25 * HOUR) < 1.0
    clock.move_to(HOUR)
    assert clock.ahead == 25 * HOUR, "the clock never goes back"
    clock.move_to(31 * HOUR)
    assert fired[-1][0] == "tomorrow"
    fired.clear()
    clock.call_later(0.05, lambda: note("after the move"))
    await asyncio.sleep(0.15)
    assert [name for name, _at in fired] == ["after the move"], "real time runs on from where it was moved"


async def test_the_front_takes_the_operators_requests_up_and_keeps_how_far_ahead(tmp_path: Path) -> None:
    told: list[dict[str, Any]] = []
    requests = ClockRequests(tmp_path, told.append)
    requests.start()
    try:
        first = ask_advance(tmp_path, 25 * HOUR)
        ask_advance(tmp_path, 30 * 60)
        (tmp_path / FOLDER / "advance-bad.json").write_text('{"seconds": -5}')
        requests.look()
        assert not first.exists() and not list((tmp_path / FOLDER).glob("advance-*")), "every request taken"
        assert told == [{"t": "clock", "ahead": 25.5 * HOUR}] and ahead_of(tmp_path) == 25.5 * HOUR
        requests.look()
        assert len(told) == 1, "nothing more asked, nothing told"
    finally:
        requests.stop()
    again = ClockRequests(tmp_path, told.append)  # the server started again goes on from there
    assert again.ahead == 25.5 * HOUR
    write_json(tmp_path / FOLDER / AHEAD, {"ahead": "soon"})
    assert ahead_of(tmp_path) == 0.0, "a file that is not one is no lead"


@pytest.mark.parametrize(
    ("text", "seconds"), [("25h", 25 * HOUR), ("1d12h", 36 * HOUR), ("90m", 5400.0), ("1.5h", 5400.0)]
)
def test_a_time_is_read_as_the_operator_writes_it(text: str, seconds: float) -> None:
    assert duration(text) == seconds


@pytest.mark.parametrize("text", ["", "25", "25x", "h", "-1h", "0h", "400d", "2h soon"])
def test_a_time_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"give a time|at most 366 days"):
        duration(text)


def _clock(*words: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", "clock", *words]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_with_no_server_taking_it_up_the_request_is_withdrawn(tmp_path: Path) -> None:
    done = _clock("--data-dir", str(tmp_path), "advance", "2h")
    assert done.returncode == 1 and "no server took the request up" in done.stdout, done
    assert not list((tmp_path / FOLDER).glob("advance-*")), "withdrawn: no server moves on by it later"
    assert "0 h ahead" in said_ahead(0.0)


@pytest.mark.slow
async def test_a_real_servers_clock_moved_past_a_deadline_has_the_bot_move_for_the_absent(
    tmp_path: Path,
) -> None:
    server = await ServerProcess(tmp_path, workers=1, extra=("--test-clock",)).start()
    ada, bob = Person(server, make_key(tmp_path, "a"), "Ada"), Person(server, make_key(tmp_path, "b"), "Bob")
    try:
        for person in (ada, bob):
            await person.connect("plain", size=(80, 24), term="xterm")
            await person.wait_for("What name")
            await person.type(f"{person.name}\r")
            await person.wait_for(f"Welcome, {person.name}")
        await ada.type("new Duo classic 2 people turns 24\r")
        await ada.wait_for("turn-based, 24 h a move")
        await bob.type("join Duo\r")
        await bob.wait_for("Turn 1: Ada to play")
        await ada.leave()  # she goes away; the room waits a day on her move
        await asyncio.sleep(1.0)
        assert "ran out" not in bob.text()
        moved = await asyncio.to_thread(_clock, "--data-dir", str(tmp_path / "server"), "advance", "25h")
        assert moved.returncode == 0 and "25 h ahead of the real time" in moved.stdout, moved
        await bob.wait_for("Ada's time for this move ran out: a bot makes it for Ada.")
        await bob.wait_for("Ada rolled")
    finally:
        await bob.leave()
        assert await server.stop() == 0
    log = (tmp_path / "server.log").read_text()
    assert "test clock: moved on 90000 s" in log and " ERROR " not in log, log
