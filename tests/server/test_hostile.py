"""Strangers' text and strangers' terminals: a hostile name, room name and chat line reach other screens
as plain text; an absurd window and a flood of keys cost their own session only."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from server.screens.lobby import LobbyScreen
from server.tables.plans import RoomRequest, SeatPlan
from tui.screens.game import GameScreen

from sshplay import Person, ada_and_bob, make_key, seated, start_server

pytestmark = pytest.mark.slow

TITLE = "\x1b]0;pwned\x07"  # an escape sequence that retitles a terminal's window
CLEAR = "\x1b[2J\x1b[H"
BIDI = "\u202e"


async def test_a_hostile_name_room_and_chat_line_reach_the_other_screens_harmlessly(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        eve = await Person(running, make_key(tmp_path, "e"), "Eve").connect()
        await eve.wait_for("Choose the name")
        await eve.type(f"\x1b[200~Eve{BIDI}{TITLE}\x1b[201~\r")  # pasted: a direction override, an escape
        await eve.wait_for("may not contain")
        assert eve.app().player_name == ""
        for _ in range(20):
            await eve.press("\x7f")  # rub it out
        await eve.type("[b]Eve[/b]\r")  # markup is only text
        await eve.wait_for(lambda: isinstance(eve.app().screen, LobbyScreen))
        assert eve.app().player_name == "[b]Eve[/b]"

        bob = Person(running, make_key(tmp_path, "b"), "Bob")
        running.front.players.choose(bob.fingerprint, "Bob")
        eve_person = Person(running, eve.key, "[b]Eve[/b]")
        table = await seated(running, [eve_person, bob], "[red]Den[/red]", pace="slow")
        await bob.connect()
        await bob.wait_for("[red]Den[/red]")
        await bob.wait_for("[b]Eve[/b], Bob + 2 bots")
        await bob.press("enter")
        await bob.wait_for(lambda: isinstance(bob.app().game_screen, GameScreen))

        bob_raw_before = len(bob.view.raw)  # type: ignore[union-attr]
        line = table.say("[b]Eve[/b]", f"hello {TITLE}{CLEAR}{BIDI}[blink]all[/blink]", 200)
        assert line is not None and "\x1b" not in line and BIDI not in line
        await bob.wait_for("[blink]all[/blink]")
        after = bytes(bob.view.raw[bob_raw_before:])  # type: ignore[union-attr]
        assert b"\x1b]0;pwned" not in after and b"pwned\x07" not in after
        assert "\x1b]0;" not in bob.app().title

        await eve.wait_for("* [red]Den[/red]")  # her lobby lists the room (a moment after it was made)
        await eve.press("enter")  # Eve goes from the lobby to her seat and says something herself
        await eve.wait_for(lambda: isinstance(eve.app().game_screen, GameScreen))
        await eve.press("slash")
        await eve.wait_for("Say to the table")
        await eve.type("[i]see you[/i]\r")
        await bob.wait_for("[b]Eve[/b]: [i]see you[/i]")
        await eve.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_an_oversized_window_and_a_key_flood_are_survived(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Flood", pace="slow")
        await ada.connect("Flood", size=(100_000, 100_000))
        await bob.connect("Flood", size=(100, 30))
        await ada.wait_for(lambda: ada.app().game_screen is not None)
        limits = running.limits
        assert ada.app().size == (limits.max_width, limits.max_height)
        assert ada.chan is not None
        ada.chan.change_terminal_size(1, 1)
        await ada.wait_for(lambda: ada.app().size == (limits.min_width, limits.min_height))
        ada.chan.change_terminal_size(5_000, 3)
        await ada.wait_for(lambda: ada.app().size == (limits.max_width, limits.min_height))
        ada.chan.change_terminal_size(100, 30)

        # a megabyte of keys, arrows and half sequences from Ada, while Bob plays
        flood = (b"rrrree\x1b[A\x1b[B\x1b[" + b"x" * 50 + b"\x1b") * 16_000
        loop = asyncio.get_running_loop()
        begin = loop.time()
        ada.chan.write(flood)
        server_session = next(s for s in running.sessions() if s.connection.fingerprint == ada.fingerprint)
        worker_session = ada.worker_session()  # the bytes are counted in the front, the keys in the worker
        await bob.wait_for(
            lambda: (
                server_session.dropped > 0
                and worker_session.terminal is not None
                and worker_session.terminal.dropped_keys > 0
            )
        )
        room = table.room
        assert room is not None
        await bob.wait_for(lambda: (waiting := room.view(None).pending) is not None and waiting.player == 0)
        # Bob's screen still answers at once: a key of his shows within a second or two
        await bob.press("h")
        await bob.wait_for("Holdings", timeout=10)
        assert loop.time() - begin < 30
        assert server_session.dropped > len(flood) // 2, "most of the flood was dropped"
        assert ada.app().is_running
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_a_flood_of_window_sizes_reaches_the_app_as_a_few_and_costs_the_others_nothing(
    tmp_path: Path,
) -> None:
    """10,000 window changes each cost the app a new layout and another person's key took 0.75 s to
    show: sizes now reach the app at most ten times a second, the latest one last."""
    running = await start_server(tmp_path, workers=1)  # Ada and Bob share a worker
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Resize", pace="slow")
        await ada.connect("Resize", size=(100, 30))
        await bob.connect("Resize", size=(100, 30))
        await ada.wait_for(lambda: ada.app().game_screen is not None)
        await bob.wait_for(lambda: bob.app().game_screen is not None)
        terminal = ada.worker_session().terminal
        assert terminal is not None and ada.chan is not None
        sizes: list[tuple[int, int]] = []
        resize = terminal.resize

        def counted(width: int, height: int) -> None:  # each size that reaches Ada's app
            sizes.append((width, height))
            resize(width, height)

        terminal.resize = counted  # type: ignore[method-assign]
        loop = asyncio.get_running_loop()
        begin = loop.time()
        for n in range(5_000):
            ada.chan.change_terminal_size(80 + n % 40, 24 + n % 10)
            if n % 500 == 0:
                await asyncio.sleep(0)
        ada.chan.change_terminal_size(90, 28)
        await bob.press("h")
        await bob.wait_for("Holdings", timeout=5)
        await ada.wait_for(lambda: ada.app().size == (90, 28))
        elapsed = loop.time() - begin
        assert sizes[-1] == (90, 28)
        assert len(sizes) <= 10 * elapsed + 2, f"{len(sizes)} sizes in {elapsed:.1f} s"
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_keys_beyond_the_rate_wait_their_turn_and_a_flood_beyond_that_is_told(tmp_path: Path) -> None:
    """A held Backspace lost keys and an Enter after it could vanish: keys beyond the rate now wait in a
    short queue; only past it are they dropped, and the person is told so."""
    running = await start_server(tmp_path)
    try:
        ada = await Person(running, make_key(tmp_path, "a"), "Ada").connect()
        await ada.wait_for("Choose the name")
        await ada.type("x" * 30 + "\x7f" * 30 + "Ada\r")  # 64 keys at once, over the burst of 40
        await ada.wait_for(lambda: isinstance(ada.app().screen, LobbyScreen))
        assert ada.app().player_name == "Ada"
        assert ada.worker_session().terminal.dropped_keys == 0  # type: ignore[union-attr]
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("y" * 300)  # far past the queue
        await ada.wait_for("Keys came faster than the server takes them")
        assert ada.worker_session().terminal.dropped_keys > 0  # type: ignore[union-attr]
        await ada.leave()
    finally:
        await running.stop()


@pytest.mark.parametrize(
    "pasted",
    [
        "\x1b]0;PWNED\x07Evil",  # a window title: OSC ended by BEL
        "Eve\x1b[2J\x1b[31mred",  # a screen clear and a colour: CSI sequences no key sends
        "Eve\x1bP1;2|x\x1b\\z",  # a device control string
        "E\u009b31mve",  # a C1 control
    ],
)
async def test_a_name_pasted_without_brackets_with_escape_sequences_is_refused(
    tmp_path: Path, pasted: str
) -> None:
    """A terminal that does not bracket a paste sends its escape sequences as if typed: they were read as
    keys and the name kept what was left (`]0;PWNEDEvil`). Now it is refused as typed text with them is,
    and the field shows it as plain text."""
    running = await start_server(tmp_path)
    try:
        eve = await Person(running, make_key(tmp_path, "e"), "Eve").connect()
        await eve.wait_for("Choose the name")
        before = len(eve.view.raw)  # type: ignore[union-attr]
        await eve.type(pasted + "\r")
        await eve.wait_for("may not contain")
        assert eve.app().player_name == "" and running.front.players.name_of(eve.fingerprint) is None
        drawn = bytes(eve.view.raw[before:])  # type: ignore[union-attr]
        assert b"PWNED\x07" not in drawn and b"\x1bP1;2" not in drawn and b"\x1b[31mred" not in drawn
        for _ in range(len(pasted)):
            await eve.press("\x7f")
        await eve.type("Eve\r")
        await eve.wait_for(lambda: isinstance(eve.app().screen, LobbyScreen))
        assert eve.app().player_name == "Eve"
        await eve.leave()
    finally:
        await running.stop()


@pytest.mark.parametrize(
    "packets",
    [
        ["\x1b[200~\x1b]0;PWNED\x07Evil\x1b[201~"],  # a bracketed paste with a window title in it
        ["\x1b[200~\x1b]0;PWN", "ED\x07Evil\x1b[20", "1~"],  # the same, over three packets
        ["\x1b]0;PWNED\x07", "Evil"],  # unbracketed, the sequence alone in its packet, then typed
        ["\x1b]0;PWNED", "\x07Evil"],  # the sequence split over two packets
    ],
)
async def test_a_name_pasted_with_an_escape_sequence_is_refused_with_no_error_logged(
    tmp_path: Path, packets: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Textual's parser read an Escape inside a bracketed paste as the start of a key's sequence and
    typed the text as keys besides (the name kept as `^]0;PWNEDilEv`); a packet holding only the sequence
    broke the parser (an ERROR with a traceback) and lost the Enter after it."""
    running = await start_server(tmp_path)
    try:
        eve = await Person(running, make_key(tmp_path, "e"), "Eve").connect()
        await eve.wait_for("Choose the name")
        for packet in packets:
            await eve.type(packet)
            await asyncio.sleep(0.2)
        await eve.type("\r")
        await eve.wait_for("may not contain")
        assert eve.app().player_name == "" and running.front.players.name_of(eve.fingerprint) is None
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "nothing went wrong"
        await eve.type("\x15")  # Ctrl+U: the line emptied
        await eve.type("Eve\r")
        await eve.wait_for(lambda: isinstance(eve.app().screen, LobbyScreen))
        assert eve.app().player_name == "Eve"
        await eve.leave()
    finally:
        await running.stop()


async def test_the_waiting_rooms_command_to_copy_never_carries_a_rooms_name_a_shell_would_act_on(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        running.front.players.choose(ada.fingerprint, "Ada")
        table_id, _ = await running.front.create(
            RoomRequest(
                ada.fingerprint, "Ada", "Fri;rm$(x)", "classic", {}, [SeatPlan("person")] * 2, 60, "slow"
            )
        )
        await ada.connect(table_id)
        await ada.wait_for("Waiting for 1 more person")
        line = next(row for row in ada.text().splitlines() if "ssh -t" in row).strip(" │")
        assert line.split() == ["ssh", "-t", "-p", str(running.port), "127.0.0.1", table_id]
        await ada.leave()
    finally:
        await running.stop()
