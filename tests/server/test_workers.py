"""The server's worker processes: people whose lobbies run in different workers meet at one table (their
terminals are handed over to the worker holding it), and a worker killed outright is started again, its
room back from its save, while the sessions of the other worker play on."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from server.base.config import ServerConfig
from server.network.main import start
from server.screens.lobby import LobbyScreen
from server.screens.waiting import WaitingScreen

from sshplay import Person, ServerProcess, make_key, start_server


def _worker_of(person: Person) -> int:
    return person.worker_session().worker.index


async def _named(person: Person, room: str | None = None, size: tuple[int, int] = (100, 30)) -> Person:
    await person.connect(room, size=size)
    await person.wait_for("Choose the name")
    await person.type(person.name + "\r")
    return person


@pytest.mark.slow
async def test_people_from_lobbies_in_two_workers_meet_and_play_at_one_table(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=2)
    try:
        ada, bob, cy = (Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Bob", "Cy"))
        for p in (ada, bob, cy):  # each lobby goes to the worker with the fewest sessions
            await _named(p)
            await p.wait_until(lambda p: isinstance(p.app().screen, LobbyScreen))
        assert (_worker_of(ada), _worker_of(bob), _worker_of(cy)) == (0, 1, 0)

        await ada.press("n")  # Ada makes a room: it goes to worker 1, which has fewer sessions
        await ada.wait_for("A new room")
        await ada.type("Friday\r")  # two people, two bots, the Short Game
        await ada.wait_for("Waiting for 1 more person")
        assert running.front.holder_of("Friday") is running.front.workers[1]
        assert _worker_of(ada) == 1 and isinstance(ada.app().screen, WaitingScreen), "Ada was handed over"

        await cy.wait_for("Friday")  # Cy's lobby (worker 0) lists it from the registry
        await cy.press("w")  # and Cy goes to watch it: handed over too
        await bob.wait_for("Friday")
        await bob.press("enter")  # Bob takes the free seat
        for p in (ada, bob, cy):
            await p.wait_for("Ada's turn", timeout=30)
        assert (_worker_of(ada), _worker_of(bob), _worker_of(cy)) == (1, 1, 1)
        table = running.table("Friday")
        assert table is not None and table.started and table.presence.watching == 1
        assert table.seat_of(ada.fingerprint) == 0 and table.seat_of(bob.fingerprint) == 1

        await ada.press("r")
        for p in (bob, cy):
            await p.wait_for("Ada rolled", timeout=30)
        room = table.room
        assert room is not None and room.version > 0
        for p in (ada, bob, cy):
            await p.leave()
    finally:
        await running.stop()


def _log(tmp: Path) -> str:
    return (tmp / "server.log").read_text(errors="replace")


async def _until(condition: object, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():  # type: ignore[operator]
        assert loop.time() < end, "it never happened"
        await asyncio.sleep(0.1)


@pytest.mark.slow
async def test_a_worker_killed_outright_comes_back_and_the_other_worker_plays_on(tmp_path: Path) -> None:
    server = await ServerProcess(tmp_path, workers=2).start()
    keys = {n: make_key(tmp_path, n) for n in ("Ada", "Bob", "Cy")}
    try:
        ada = await _named(Person(server, keys["Ada"], "Ada"))  # lobby on worker 0
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday\r")  # made on worker 1, the one with no session
        await ada.wait_for("Waiting for 1 more person")
        bob = await _named(Person(server, keys["Bob"], "Bob"))  # lobby on worker 0, now the emptier one
        await bob.wait_for("Friday")
        await bob.press("enter")  # handed over to worker 1
        await ada.wait_for("Ada's turn", timeout=30)
        await ada.press("r")
        await bob.wait_for("Ada rolled", timeout=30)
        rolled = re.search(r"Ada rolled \d and \d", bob.text())
        assert rolled is not None
        cy = await _named(Person(server, keys["Cy"], "Cy"))  # a lobby on worker 0
        await cy.wait_for("Friday")

        made = re.search(r"room \w+ \(Friday\) made by \S+ on worker (\d)", _log(tmp_path))
        assert made is not None and made.group(1) == "1"
        pids = dict(re.findall(r"worker (\d) ready \(pid (\d+)\)", _log(tmp_path)))
        victim = int(pids["1"])
        await asyncio.sleep(1.0)  # a room is saved a moment after every move
        os.kill(victim, signal.SIGKILL)

        for p in (ada, bob):  # the sessions of that worker are told and closed
            await p.wait_until(lambda p: p.view is not None and p.view.closed.is_set(), timeout=30)
            assert b"lost the process running your table" in bytes(p.view.raw)  # type: ignore[union-attr]
        await cy.press("n")  # Cy, on the other worker, plays on
        await cy.wait_for("A new room", timeout=30)
        await cy.press("escape")
        await cy.wait_for("Friday")

        await _until(lambda: len(re.findall(r"worker 1 ready \(pid (\d+)\)", _log(tmp_path))) == 2)
        again = re.findall(r"worker 1 ready \(pid (\d+)\)", _log(tmp_path))[-1]
        assert int(again) != victim
        ada = await Person(server, keys["Ada"], "Ada").connect("Friday", size=(100, 30))
        await ada.wait_for(rolled.group(0), timeout=30)  # the room is back from its save
        bob = await Person(server, keys["Bob"], "Bob").connect(size=(100, 30))
        await bob.wait_for("* Friday", timeout=30)
        await bob.press("enter")
        await bob.wait_for(rolled.group(0), timeout=30)
        assert cy.view is not None and not cy.view.closed.is_set()
        for p in (ada, bob, cy):
            await p.leave()
    finally:
        assert await server.stop() == 0


async def test_the_server_counts_its_workers_in_words(tmp_path: Path) -> None:
    said: list[str] = []
    config = ServerConfig(port=0, saves_dir=tmp_path / "saves", data_dir=tmp_path / "server", workers=1)
    running = await start(config, say=said.append, in_process=True)
    try:
        assert said[-1].endswith("(1 worker)"), said
    finally:
        await running.stop()
