"""A turn-based room that only waits on a person is not held by its worker: the worker keeps its deadline
alone (its line in the lobby is the index's), loads it again when someone comes to it or its deadline falls
due, and, started again over the same folders, fires the deadlines that fell due meanwhile; a stop writes
only the rooms' states that changed; the rooms of other workers are read from the lobby's index as the front
writes it."""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from pathlib import Path

from server.base.clock import SetClock
from server.people.places import SeatResult
from server.tables.keeping import Keeper
from server.tables.lobby_index import IndexedRoom
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan, SeatPlan
from server.tables.room_files import plan_of
from server.tables.room_summary import RoomSummary
from server.tables.turn_pace import UNLOAD_AFTER
from server.tables.worker_rooms import WorkerRooms

from local_rooms import Front, Lines, worker_rooms_here

ADA = "key-Ada"
HOUR = 3600.0
RAN_OUT = "Ada's time for this move ran out"


def _duo(table_id: str = "t1", name: str = "Duo") -> Plan:
    """Ada, Bob and a bot, a day a move: it starts at once, and waits on Ada's first roll."""
    seats = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")] + [SeatPlan("bot", "easy")]
    return Plan(table_id, name, "classic", {"short_game": True}, seats, move_hours=24)


def _waiting_on_ada(worker_rooms: WorkerRooms, clock: SetClock, table_id: str = "t1") -> float:
    """Let a room just made wait on Ada with nobody at it until its worker lets it go; her deadline."""
    table = worker_rooms.tables[table_id]
    clock.advance(1.0)
    assert table.deadline is not None and table.deadline.seat == 0, "it waits on Ada"
    clock.advance(UNLOAD_AFTER + 1.0)
    assert table_id not in worker_rooms.tables, "let go: nobody at it, a day for Ada's move"
    return table.deadline.due if table.deadline is not None else table.status().due


async def test_a_waiting_room_is_not_held_and_is_loaded_at_its_deadline_and_when_someone_comes(
    tmp_path: Path,
) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        worker_rooms.adopt(_duo())
        worker_rooms.adopt(_duo("t2", "Trio"))
        due = _waiting_on_ada(worker_rooms, clock, "t1")
        assert not worker_rooms.tables, "neither room is held by the worker"
        assert worker_rooms.unloaded == {"t1", "t2"} and len(worker_rooms.alarms) == 2, (
            "their deadlines alone"
        )
        assert [t.name for t in worker_rooms.ordered(ADA)][:2] == ["Duo", "Trio"], (
            "the lobby still lists them"
        )
        assert [m.asked for m in worker_rooms.your_move(ADA)] == ["roll", "roll"], "Your move: both"
        found = worker_rooms.find("t1")
        assert isinstance(found, IndexedRoom), "its line is the lobby index's"
        status = found.status()
        assert (status.stage, status.seat, status.due > clock.wall()) == ("playing", 0, True)

        clock.advance(due - clock.wall() - 1.0)
        assert not worker_rooms.tables, "not before"
        clock.advance(2.0)  # her deadlines: each room is loaded, the bot rolls for her, it goes on
        fired = [worker_rooms.tables.get(t) for t in ("t1", "t2")]
        assert all(t is not None for t in fired), "loaded at their deadlines"
        for table in fired:
            assert table is not None and any(RAN_OUT in said.text for said in table.chat_lines)
        clock.advance(4 * 24 * HOUR + 2 * UNLOAD_AFTER)  # it goes on, a deadline a day, let go between them
        for _day in range(4):  # a room whose auction waits on one person while a stand-in bids for the
            if not worker_rooms.tables:  # other is held until the auction ends (the games are not seeded)
                break
            clock.advance(24 * HOUR + 2 * UNLOAD_AFTER)
        assert not worker_rooms.tables and worker_rooms.unloaded == {"t1", "t2"}
        while worker_rooms.keeper._writing:  # the states as let go, written off the loop
            await asyncio.sleep(0.01)
        kept = (tmp_path / "data" / "room-state" / "t1.json").read_text()
        assert kept.count("time for this move ran out") >= 4, "a move a day, each loaded at its deadline"

        ada = Lines(worker_rooms, ADA, "Ada")
        said = await ada.type("join Duo")  # she comes: loaded again, at her decision
        table = worker_rooms.tables.get("t1")
        assert table is not None and table.room is not None and "t1" not in worker_rooms.unloaded, said
        assert table.presence.seated == {0: 1}
        ada.close()
    finally:
        worker_rooms.close()


async def test_a_room_let_go_before_a_stop_stays_unloaded_and_fires_its_deadline_once_started_again(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    clock = SetClock(loop)
    worker_rooms = worker_rooms_here(tmp_path, clock)
    worker_rooms.adopt(_duo())
    worker_rooms.adopt(_duo("t2", "Trio"))
    due = _waiting_on_ada(worker_rooms, clock)
    worker_rooms.close()
    plans = {t: plan_of(tmp_path / "data", t) for t in ("t1", "t2")}

    later = SetClock(loop, wall=due - 10.0)  # started again ten seconds before the deadlines
    again = worker_rooms_here(tmp_path, later)
    try:
        for plan in plans.values():
            assert plan is not None
            status = again.take(plan)
            assert (status.seat, status.asked, status.due) == (0, "roll", due), "as kept"
        assert not again.tables and again.unloaded == {"t1", "t2"}, "unloaded, not loaded again"
        later.advance(9.0)
        assert not again.tables, "not yet due"
        later.advance(1.0)
        for table_id in ("t1", "t2"):
            table = again.tables.get(table_id)
            assert table is not None and any(RAN_OUT in said.text for said in table.chat_lines), "on time"
    finally:
        again.close()


async def test_a_stop_writes_only_the_states_that_changed(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    worker_rooms.adopt(_duo())
    clock.advance(1.0)
    worker_rooms.close()
    kept = tmp_path / "data" / "room-state" / "t1.json"
    written = kept.stat().st_mtime_ns

    again = worker_rooms_here(tmp_path, clock)
    table = again.adopt(Plan.from_json(worker_rooms.tables["t1"].plan.to_json()))
    assert table.room is not None, "loaded: it goes on with nobody here"
    while again.keeper._writing:  # its deadline, taken back as kept, written once more as it loads
        await asyncio.sleep(0.01)
    written = kept.stat().st_mtime_ns
    again.close()
    assert kept.stat().st_mtime_ns == written, "nothing changed since: not written again on stopping"

    third = worker_rooms_here(tmp_path, clock)
    table = third.adopt(Plan.from_json(worker_rooms.tables["t1"].plan.to_json()))
    table.say("Ada", "still here", 200)
    third.keeper.stop()  # the write of that line not begun: the stop writes it
    third.close()
    assert kept.stat().st_mtime_ns != written and "still here" in kept.read_text()


async def test_a_worker_reads_the_rooms_of_others_from_the_index_as_the_front_writes_them(
    tmp_path: Path,
) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    front = worker_rooms.front
    assert isinstance(front, Front)
    try:
        worker_rooms.adopt(_duo())
        _waiting_on_ada(worker_rooms, clock)
        others = [_duo(f"o{n}", f"Other{n}") for n in range(3)]
        status = TableStatus("resting")
        for plan in others:
            front.put(RoomSummary.of(plan), status, worker=1)
        assert {t.id for t in worker_rooms.ordered(ADA)} == {"t1", "o0", "o1", "o2"}
        moved = TableStatus("playing", turn=3, waiting_on="Bob", seat=1, asked="roll", due=5.0)
        front.put(RoomSummary.of(others[1]), moved, worker=1)
        front.gone("o0")
        assert {t.id for t in worker_rooms.ordered(ADA)} == {"t1", "o1", "o2"}, (
            "one gone; its own let go stays"
        )
        one, two, own = (worker_rooms.find(t) for t in ("o1", "o2", "t1"))
        assert one is not None and two is not None and own is not None
        assert one.status() == moved and two.status() == status
        assert own.status().seat == 0, "its own room's line as it reported it"
    finally:
        worker_rooms.close()


def test_a_plan_is_written_as_dataclasses_writes_it() -> None:
    plan = _duo()
    plan.rules = {"short_game": True, "time_limit_rounds": None, "deep": [1, {"two": 2}]}
    plan.result = [SeatResult(1, "key-Ada"), SeatResult(2, None, "easy", True)]
    plan.watchers, plan.away_until, plan.save_id = ["key-Cy"], {ADA: 5.0}, "0badcafe"
    written = plan.to_json()
    assert written == asdict(plan) and list(written) == list(asdict(plan))
    written["rules"]["deep"][1]["two"] = 3
    assert plan.rules["deep"] == [1, {"two": 2}], "a copy"
    assert Plan.from_json(written).seats == plan.seats


async def test_a_state_waiting_for_a_write_under_way_is_written_on_stopping(tmp_path: Path) -> None:
    """A room let go has no table left for the stop to write its state from: the keeper writes what
    waited."""
    keeper = Keeper(tmp_path, asyncio.get_running_loop())
    keeper.keep("t1", lambda: {"chat": [], "moves": 1})  # under way, off the loop
    keeper.keep("t1", lambda: {"chat": [], "moves": 2})  # waits for it
    keeper.stop()
    assert json.loads(keeper.path("t1").read_text())["moves"] == 2
    assert keeper.read("t1", 200, 100).found == "found"
