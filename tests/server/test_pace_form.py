"""The new-room form sets a room's pace: live unless a person chooses a turn-based one, kept in its plan;
and a worker's rooms made again after a restart takes a turn-based room up where its deadline left it.

The form runs in a Textual app holding a worker's real rooms; the front's part in making a room (checking
the request against every room, `make_plan`, and handing the plan to the worker) is done here in-process, as
the front does it between processes."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server.base.clock import SetClock
from server.base.config import Limits, ServerConfig
from server.screens.new_room import NewRoomScreen
from server.tables.lobby_index import IndexedRoom
from server.tables.plans import Plan, SeatPlan
from server.tables.room_files import plans_in
from server.tables.room_summary import RoomSummary
from server.tables.worker_rooms import WorkerRooms

from local_rooms import Front, RoomsSession


async def test_the_form_makes_a_turn_based_room_with_the_hours_chosen(tmp_path: Path) -> None:
    limits = Limits(waiting_rooms_per_player=2)
    config = ServerConfig(
        data_dir=tmp_path / "data", saves_dir=tmp_path / "saves", ratings=False, limits=limits
    )
    config.folder.mkdir(parents=True)
    front = Front(config.folder)
    worker_rooms = WorkerRooms(config, asyncio.get_running_loop(), front)
    front.worker_rooms = worker_rooms
    app = RoomsSession(worker_rooms, NewRoomScreen)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*"Duo")
            app.screen.query_one("#moves").focus()
            timing = app.screen.query("#timer, #clock")
            assert [field.disabled for field in timing] == [False, False], "a live room: timer, clock"
            await pilot.press("enter", "down", "down", "enter")  # live, 12 h, 24 h
            await pilot.pause()
            assert [field.disabled for field in timing] == [True, True], "its hours a move are its clock"
            await pilot.click("#make")
            await pilot.pause()
            assert app.entered, app.screen.query_one("#problem").render()
            plan = worker_rooms.tables[app.entered[0]].plan
            assert (plan.name, plan.move_hours, plan.turn_based) == ("Duo", 24, True)
            line = worker_rooms.tables[plan.id].line("key-Ada")
            assert "turn-based, 24 h a move" in line.edition_words

            app.push_screen(NewRoomScreen())
            await pilot.pause()
            await pilot.press(*"Live")
            await pilot.click("#make")
            await pilot.pause()
            assert len(app.entered) == 2 and worker_rooms.tables[app.entered[1]].plan.move_hours == 0, (
                "live by default"
            )
    finally:
        worker_rooms.close()


async def test_worker_rooms_made_again_after_a_restart_fires_the_deadline_that_fell_due_meanwhile(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    config = ServerConfig(data_dir=tmp_path / "data", saves_dir=tmp_path / "saves", ratings=False)
    seats = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")] + [SeatPlan("bot", "easy")]
    plan = Plan("t1", "Duo", "classic", {"short_game": True}, seats, move_hours=12)
    clock = SetClock(loop)
    config.folder.mkdir(parents=True)
    worker_rooms = WorkerRooms(config, loop, Front(config.folder), clock)
    table = worker_rooms.adopt(plan)  # every seat taken: it starts, and plays on with nobody here
    clock.advance(1.0)
    assert table.room is not None and table.deadline is not None
    waited = table.room.view(None).pending
    assert waited is not None and not table.room.seats[waited.player].is_bot
    due, moves = table.deadline.due, table.room.version
    worker_rooms.close()  # the server stops; it is down for a day

    later = SetClock(loop, wall=due + 12 * 3600)
    front = Front(config.folder)  # the front started again: its index made anew from the plans
    again = WorkerRooms(config, loop, front, later)
    front.worker_rooms = again
    [kept] = plans_in(config.folder)
    status = again.take(kept)  # as the front hands a worker its rooms on start, and writes how it stands
    front.put(RoomSummary.of(kept), status)
    assert "t1" not in again.tables, (
        "it waited on a person: it stays unloaded, no table held, until its deadline..."
    )
    name = kept.seats[waited.player].name
    found = again.find("Duo")
    assert isinstance(found, IndexedRoom) and found.status() == status
    assert (status.stage, status.seat, status.asked, status.due) == (
        "playing",
        waited.player,
        waited.kind,
        due,
    )
    assert [m.name for m in again.your_move(f"key-{name}")] == ["Duo"], "...and the lobby knows whose move"
    later.advance(1.0)
    back = again.tables["t1"]
    assert back.room is not None, "loaded at once: the deadline fell due while the server was down"
    assert back.room.version > moves and "time for this move ran out" in back.chat_lines[-1].text
    assert back.deadline is not None and back.deadline.due > due, "the next decision has its own time"
    again.close()
