"""Stopping the server (SIGTERM, to the server alone or to its whole process group as a service manager
sends it) puts every player's terminal back as it was and says why the session ended: the alternate
screen left, mouse reporting and bracketed paste off, the cursor shown, and a line."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from server.session.terminal import MODES, RESTORE, STOPPING

from sshplay import Person, ServerProcess, make_key

pytestmark = pytest.mark.slow


async def _two_people(server: ServerProcess, tmp_path: Path) -> tuple[Person, Person]:
    """Ada waiting in a room she made, Bob in the lobby: both in the alternate screen, mouse on."""
    people = []
    for name in ("Ada", "Bob"):
        person = await Person(server, make_key(tmp_path, name), name).connect(size=(100, 30))
        await person.wait_for("Choose the name")
        await person.type(name + "\r")
        people.append(person)
    ada, bob = people
    await ada.wait_for("welcome, Ada")
    await ada.press("n")
    await ada.wait_for("A new room")
    await ada.type("Friday\r")
    await ada.wait_for("Waiting for 1 more person")
    await bob.wait_for("Friday")
    return ada, bob


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
        return [int(word) for word in f.read().split()]


@pytest.mark.parametrize("whom", ["the server", "its process group"])
async def test_stopping_the_server_restores_every_terminal_and_says_why(tmp_path: Path, whom: str) -> None:
    if whom == "its process group" and not os.path.exists("/proc/self/task"):
        pytest.skip("needs /proc to find the workers")
    server = await ServerProcess(tmp_path).start()
    try:
        ada, bob = await _two_people(server, tmp_path)
        assert server.proc is not None
        if whom == "its process group":  # the workers too, each with its own signal, as systemd does
            for pid in _children(server.proc.pid):
                os.kill(pid, signal.SIGTERM)
        assert await server.stop() == 0
        for person in (ada, bob):
            assert person.view is not None
            await asyncio.wait_for(person.view.closed.wait(), 10)
            raw = bytes(person.view.raw)
            after = raw[raw.rindex(MODES.encode()) :]
            assert RESTORE.encode() in after, f"{person.name}'s terminal was left in the game's modes"
            assert after.endswith(f"{RESTORE}\r\n{STOPPING}\r\n".encode())
            assert person.view.exit_status == 0
            assert STOPPING[:40] in person.text()  # on the screen, the alternate one gone
    finally:
        await server.stop()
