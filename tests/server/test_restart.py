"""The server killed outright (SIGKILL) in the middle of a game and started again: the room is back as it
was, and its people sit down at it again."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tui.screens.game import GameScreen

from sshplay import Person, ServerProcess, ada_and_bob, make_key, seated, start_server


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


async def test_a_damaged_room_save_goes_on_from_its_backup_and_never_shows_a_server_path(
    tmp_path: Path,
) -> None:
    """After a restart a damaged room save showed its person the server's full path, and the good backup
    beside it went unused. Now the room goes on from the backup; with both damaged, a sentence says so."""
    running = await start_server(tmp_path)
    ada, bob = ada_and_bob(running, tmp_path)
    try:
        table = await seated(running, [ada, bob], "Friday", pace="slow")
        await ada.connect("Friday")
        await ada.wait_for("Ada's turn")
        room = table.room
        assert room is not None
        version = room.version
        await ada.press("r")
        await ada.wait_for(lambda: room.version > version)  # her throw (a card it brings may hide the log)
        await asyncio.sleep(0.5)  # saved a moment after the move
        await ada.leave()
    finally:
        await running.stop()
    (save,) = (tmp_path / "saves").glob("*.json")
    backup = save.with_name(save.name + ".bak")
    assert backup.is_file()
    save.write_text('{"format": "landlords-save", "cut short', encoding="utf-8")

    running = await start_server(tmp_path)
    ada = Person(running, ada.key, "Ada")
    try:
        await ada.connect("Friday", size=(120, 40))
        await ada.wait_for(lambda: ada.app().game_screen is not None)
        again = running.table("Friday")
        assert again is not None and again.room is not None and not again.room.finished
        game = ada.app().game_screen
        assert isinstance(game, GameScreen)

        def told() -> list[str]:  # her log says why her last move may be missing
            return [str(e) for e in game._entries if "could not be read" in str(e)]

        await ada.wait_for(lambda: bool(told()))
        assert told() == [
            "* The last save of this room could not be read: the game goes on from the save before it."
        ]
        assert str(tmp_path) not in ada.text() and ".json" not in ada.text()
        await ada.leave()
    finally:
        await running.stop()
    assert save.read_text(encoding="utf-8").startswith("{") and "cut short" not in save.read_text(
        encoding="utf-8"
    )

    for path in (save, backup):
        path.write_text("damaged", encoding="utf-8")
    running = await start_server(tmp_path)
    ada = Person(running, ada.key, "Ada")
    try:
        await ada.connect("Friday", size=(120, 40))
        await ada.wait_for("cannot be opened: its save is damaged")
        assert str(tmp_path) not in ada.text() and ".json" not in ada.text()
        await ada.leave()
    finally:
        await running.stop()
