"""The server killed outright (SIGKILL) in the middle of a game and started again: the room is back as it
was, and its people sit down at it again."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from sshplay import Person, ServerProcess, make_key


async def _named(person: Person, room: str | None = None) -> Person:
    await person.connect(room, size=(120, 40))
    await person.wait_for("Choose the name")
    await person.type(person.name + "\r")
    return person


async def test_a_server_killed_mid_game_comes_back_with_the_room_as_it_was(tmp_path: Path) -> None:
    server = await ServerProcess(tmp_path).start()
    keys = {n: make_key(tmp_path, n) for n in ("Ada", "Bob")}
    try:
        ada = await _named(Person(server, keys["Ada"], "Ada"))
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday\r")  # two people, two bots, the Short Game
        await ada.wait_for("Waiting for 1 more person")
        bob = await _named(Person(server, keys["Bob"], "Bob"))
        await bob.wait_for("Friday")
        await bob.press("enter")
        await ada.wait_for("Ada's turn")
        await ada.press("r")
        await bob.wait_for("Ada rolled")
        rolled = re.search(r"Ada rolled \d and \d", bob.text())
        assert rolled is not None
        await asyncio.sleep(1.0)  # a room is saved a moment after every move
        server.kill()
        await asyncio.wait_for(server.proc.wait(), 10)  # type: ignore[union-attr]
        await ada.drop()
        await bob.drop()

        again = await ServerProcess(tmp_path).start()
        server = again
        ada = await Person(again, keys["Ada"], "Ada").connect("Friday", size=(120, 40))
        await ada.wait_for(rolled.group(0))
        await ada.wait_for("Friday" if "Friday" in ada.text() else "Short Game")
        bob = await Person(again, keys["Bob"], "Bob").connect(size=(120, 40))
        await bob.wait_for("* Friday")  # his seat followed his key
        await bob.press("enter")
        await bob.wait_for(rolled.group(0))
        await ada.leave()
        await bob.leave()
    finally:
        assert await server.stop() == 0
