"""The lobby of a server in lines and at the full screen, on a worker's rooms in the test's process: days away
for all of a person's turn-based rooms at once, the Spanish words of a new room, and the "Your move" line."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from server.base.clock import SetClock
from server.screens.lobby import LobbyScreen
from server.tables.plans import NO_BREAK, Plan, SeatPlan
from translation import ENGLISH, language, use

from local_rooms import Lines, RoomsSession, worker_rooms_here

ADA = "key-Ada"
DAY = 86400.0


def _room(table_id: str, name: str, hours: int, *people: str, free: int = 0, bots: int = 0) -> Plan:
    seats = [SeatPlan("person", name=p, owner=f"key-{p}") for p in people]
    seats += [SeatPlan("person") for _n in range(free)] + [SeatPlan("bot", "easy") for _n in range(bots)]
    return Plan(table_id, name, "classic", {"short_game": True}, seats, move_hours=hours)


async def test_away_in_the_lobby_moves_every_turn_based_room_and_is_said_back(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        duo = worker_rooms.adopt(_room("t1", "Duo", 24, "Ada", "Bob", bots=1))  # full: it starts and plays on
        worker_rooms.adopt(_room("t2", "Trio", 12, "Bob", "Ada", free=1))
        live = worker_rooms.adopt(_room("t3", "Live", 0, "Ada", free=1))
        other = worker_rooms.adopt(_room("t4", "Theirs", 24, "Bob", free=1))
        clock.advance(1.0)
        assert duo.deadline is not None
        due = duo.deadline.due
        ada = Lines(worker_rooms, ADA, "Ada")

        said = await ada.type("away 3")
        until = clock.wall() + 3 * DAY
        assert "You are away until" in said and "in your 2 turn-based rooms" in said, said
        assert [worker_rooms.tables[t].plan.away_until.get(ADA) for t in ("t1", "t2")] == [until, until]
        assert ADA not in live.plan.away_until and not other.plan.away_until, "her turn-based rooms only"
        if duo.deadline.seat == 0:  # the table waits on her: her time starts after her days away
            assert duo.deadline.due >= until + 24 * 3600 > due
        assert worker_rooms.away_until(ADA) == until
        said = await ada.type("away")
        assert "You are away until" in said and "Type away 0 when you are back." in said, "until when"
        assert "away 0 when you are back" in await ada.type("away soon")
        assert "from 0 to 30" in await ada.type("away 31")

        again = Lines(worker_rooms, ADA, "Ada")  # connecting again, the lobby says it first
        assert "You are away until" in again.text
        again.close()

        assert "You are back" in await ada.type("away 0")
        assert not any(ADA in t.plan.away_until for t in worker_rooms.tables.values())
        assert worker_rooms.away_until(ADA) == 0.0
        bob_alone = Lines(worker_rooms, "key-Cy", "Cy")
        assert "no seat at a turn-based room" in await bob_alone.type("away 2")

        await ada.type("idioma es")
        said = await ada.type("ausente 2")
        assert "Estás ausente hasta el" in said, said
        bob_alone.close()
        ada.close()
    finally:
        worker_rooms.close()


async def test_a_new_room_said_in_spanish_as_the_lobby_help_says_it(tmp_path: Path) -> None:
    worker_rooms = worker_rooms_here(tmp_path, SetClock(asyncio.get_running_loop()))
    try:
        ada = Lines(worker_rooms, ADA, "Ada")
        await ada.type("idioma es")
        help_words = await ada.type("ayuda")
        assert "reloj 3 más 15" in help_words
        said = await ada.type("nueva Viernes clásica 2 personas 2 difícil bots reloj 3 más 15")
        assert "Tienes asiento en Viernes" in said and "banco 3:00 +15s" in said, said
        [table] = worker_rooms.tables.values()
        assert (table.plan.bank, table.plan.bank_added, len(table.plan.seats)) == (180, 15, 4)
        await ada.type("dejar")
        said = await ada.type("nueva Sábado reloj 3 mas 15 turnos 24")  # the accent is optional
        assert "por turnos, 24 h por jugada" in said, said
        ada.close()
    finally:
        worker_rooms.close()


async def test_joining_a_turn_based_room_in_lines_puts_the_person_at_his_decision(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        duo = worker_rooms.adopt(
            _room("t1", "Duo", 24, "Ada", bots=1)
        )  # the bot moves at once: it waits on her
        clock.advance(1.0)
        room = duo.room
        assert room is not None and duo.deadline is not None and duo.deadline.seat == 0
        pending = room.view(None).pending
        assert pending is not None and pending.player == 0
        ada = Lines(worker_rooms, ADA, "Ada")
        assert "Your move: Duo (your move in turn 1, by Wed, Nov 15, 10:13 PM UTC)." in ada.text, ada.text
        said = await ada.type("join Duo")
        last = said.replace("\a", "").rstrip().splitlines()[-1]  # a bell rings for it, too
        assert last.startswith("Your turn: you are on Go") and "Type roll." in last, said  # her decision
        version = room.version
        said = await ada.type("roll")
        assert room.version > version, said  # taken at once, as her command
        ada.close()
    finally:
        worker_rooms.close()


async def test_the_full_screen_lobby_says_your_move_and_takes_days_away(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        worker_rooms.adopt(_room("t1", "Duo", 24, "Ada", bots=1))
        clock.advance(1.0)
        app = RoomsSession(worker_rooms, LobbyScreen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            note = str(app.screen.query_one("#note").render())
            assert "Your move: Duo (your move in turn 1, by Wed, Nov 15, 10:13 PM UTC)" in note, note
            await pilot.press("enter")
            assert app.entered == ["t1"], "Enter on the room waiting on her goes to it"
            await pilot.press("d")
            await pilot.pause()
            assert "You are not away" in str(app.screen.query_one("#away-said").render())
            await pilot.press("4", "enter")
            await pilot.pause()
            said = str(app.screen.query_one("#away-said").render())
            assert "You are away until" in said and "turn-based room:" in said, said
            assert worker_rooms.tables["t1"].plan.away_until[ADA] == clock.wall() + 4 * DAY
            await pilot.press("escape")
            clock.advance(1.0)  # the lobby hears the rooms changed
            await pilot.pause()
            note = str(app.screen.query_one("#note").render())
            assert "You are away until" in note and "Press d, then I am back, when you are back." in note
            assert "away 0" not in note, "a command of lines, where the lobby has keys"
            await pilot.press("d")
            await pilot.pause()
            said = str(app.screen.query_one("#away-said").render())
            assert said.endswith("(UTC). Press I am back when you are back."), said
    finally:
        worker_rooms.close()


async def test_at_80_columns_a_turn_based_rooms_pace_stays_whole_in_the_lobby(tmp_path: Path) -> None:
    """The Edition column wrapped "turn-based, 24 h a move" over three lines at 80 columns, "24 h" on one
    and "a move" on the next: the full screen says it short and whole; lines keep the long words."""
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        worker_rooms.adopt(_room("t1", "Duo", 24, "Ada", "Bob", bots=1))
        worker_rooms.adopt(_room("t2", "Friday night", 72, "Bob", "Cy", free=1))
        clock.advance(1.0)
        spanish = language("es")
        assert spanish is not None
        for speaking, paces in (
            (ENGLISH, ("24 h/move", "72 h/move")),
            (spanish, ("24 h/jugada", "72 h/jugada")),
        ):
            app = RoomsSession(worker_rooms, LobbyScreen)
            with use(speaking):
                async with app.run_test(size=(80, 24)) as pilot:
                    await pilot.pause()
                    table = app.screen.query_one(DataTable)
                    width = table.ordered_columns[1].width
                    cells = [str(table.get_row_at(row)[1]).split("\n") for row in range(table.row_count)]
                    for lines, pace in zip(cells, paces, strict=True):
                        assert any(pace.replace(" ", NO_BREAK) in line for line in lines), (lines, pace)
                        assert all(len(line) <= width for line in lines), (lines, width)
        assert worker_rooms.tables["t1"].line(ADA).edition_words == "Classic, turn-based, 24 h a move", (
            "lines: whole"
        )
    finally:
        worker_rooms.close()
