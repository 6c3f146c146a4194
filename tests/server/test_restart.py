"""The server killed outright (SIGKILL) in the middle of a game and started again: the room is back as it
was (its game, its time banks, its chat and its vote under way), and its people sit down at it again."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from server.screens.vote import VoteDialog
from server.tables.keeping import KEEP_EVERY
from tui.screens.game import GameScreen

from sshplay import Person, ServerProcess, ada_and_bob, make_key, play_until, seated, start_server

pytestmark = pytest.mark.slow


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


def _clock(person: Person, name: str) -> int | None:
    """The seconds the status line shows for `name`'s bank (marked or not, away or not), or None."""
    found = re.search(rf"{name}(?: away)? (\d+):(\d\d)", person.text().splitlines()[0])
    return int(found[1]) * 60 + int(found[2]) if found else None


async def test_every_bank_chat_line_and_the_vote_come_back_after_a_sigkill_of_every_process(
    tmp_path: Path,
) -> None:
    # Some play in a server of this process: Ada spends part of her bank, and the table waits on another.
    running = await start_server(tmp_path, workers=1)
    people = [Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Bob", "Cy")]
    table = await seated(running, people, "Friday", bots=1, pace="instant", turn_timer=600, bank=180)
    room = table.room
    assert room is not None and table.clocks is not None
    try:
        for p in people:
            await p.connect("Friday")
        await asyncio.sleep(1.2)

        def on_bob_or_cy() -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.player in (1, 2)

        await play_until(people, on_bob_or_cy)
        pending = room.view(None).pending
        assert pending is not None
        held_up, voter = (people[1], people[2]) if pending.player == 1 else (people[2], people[1])
        now = asyncio.get_running_loop().time()
        ada_left = table.clocks.left(0, now)
        voter_left = table.clocks.left(people.index(voter), now)
        assert ada_left is not None and ada_left < 179 and voter_left is not None
        for p in people:
            await p.leave()
    finally:
        await running.stop()

    # `landlords serve` on the same folders: the clock runs, people talk, a vote is called; then SIGKILL.
    server = await ServerProcess(tmp_path, workers=1).start()
    ada, bob, cy = (Person(server, p.key, p.name) for p in people)
    held_up, voter = (bob, cy) if held_up.name == "Bob" else (cy, bob)
    try:
        for p in (ada, bob, cy):
            await p.connect("Friday", size=(120, 40))
        for p in (ada, bob, cy):
            await p.wait_until(lambda p: _clock(p, held_up.name) is not None)
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("[b]first[/b] words\r")
        await voter.wait_for("Ada: [b]first[/b] words")
        await voter.press("slash")
        await voter.wait_for("Say to the table")
        await voter.type("second words\r")
        await ada.wait_for(f"{voter.name}: second words")
        await held_up.drop()
        await voter.wait_for(f"{held_up.name} away")
        await voter.press("a")
        await ada.wait_for(f"asks to hand {held_up.name}'s seat to a bot")
        await ada.press("escape")  # she will answer later
        await voter.wait_for(f"vote {held_up.name}: 1/2 yes")
        await asyncio.sleep(0.3)
        shown = _clock(voter, held_up.name)
        assert shown is not None
        server.crash()
        await asyncio.wait_for(server.proc.wait(), 10)  # type: ignore[union-attr]
        for p in (ada, bob, cy):
            await p.drop()
    finally:
        await server.stop()

    # Back: every bank (the running one to `KEEP_EVERY` seconds, never less), every line, the vote.
    running = await start_server(tmp_path, workers=1)
    try:
        again = running.table("Friday")
        assert again is not None
        calls = f"* {voter.name} calls a vote to hand {held_up.name}'s seat to a bot "
        calls += "(2 of 2 present must say yes)."
        assert [(s.who, s.text) for s in again.chat_lines] == [
            ("Ada", "[b]first[/b] words"),
            (voter.name, "second words"),
            ("", calls),
        ]
        again.open()
        clocks = again.clocks
        assert clocks is not None
        now = asyncio.get_running_loop().time()
        seat_of = {"Ada": 0, "Bob": 1, "Cy": 2}
        assert clocks.left(0, now) == round(ada_left, 2)
        assert clocks.left(seat_of[voter.name], now) == round(voter_left, 2)
        back = clocks.left(seat_of[held_up.name], now)
        assert back is not None and shown - 1.5 <= back <= shown + KEEP_EVERY + 0.5, (shown, back)
        vote = again.vote
        assert vote is not None and (vote.target, vote.caller) == (seat_of[held_up.name], seat_of[voter.name])
        assert (vote.voters, vote.yes, vote.no) == (frozenset({0, vote.caller}), {vote.caller}, set())

        ada = Person(running, ada.key, "Ada")
        await ada.connect("Friday", size=(120, 40))
        await ada.wait_for(lambda: isinstance(ada.app().screen, VoteDialog))  # asked again
        await ada.press("y")
        await ada.wait_for(lambda: again.vote is None)
        assert "The vote carried (2 yes, 0 no, of 2 present)" in again.chat_lines[-1].text
        await ada.leave()
    finally:
        await running.stop()
