"""A room's summary, not its plan, is what the lobby reads of a room a worker does not hold (from the lobby's
index, for one reading): the lobby's line is the same as the plan's, a room let go is read back whole from
its plan on the disk when it is woken, the worker keeps no summary of it, and the summaries the front holds of
thousands of rooms share their people's keys and names."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

import pytest

from room.pacing import DEFAULT_SPEED
from server.base.clock import SetClock
from server.people.places import SeatResult
from server.tables.lobby_index import IndexedRoom
from server.tables.lobby_line import TableStatus, line_of
from server.tables.plans import DEFAULT_TURN_TIMER, Plan, SeatPlan
from server.tables.room_summary import RoomSummary
from server.tables.turn_pace import UNLOAD_AFTER
from server.tables.your_move import waiting_on

from local_rooms import Front, worker_rooms_here

ADA = "key-Ada"


def _duo(table_id: str = "t1", name: str = "Duo") -> Plan:
    """Ada, Bob and a bot, a day a move, a short game with its own turn timer: it waits on Ada's roll."""
    seats = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")] + [SeatPlan("bot", "easy")]
    plan = Plan(table_id, name, "classic", {"short_game": True}, seats, turn_timer=120, move_hours=24)
    plan.creator, plan.watchers, plan.bank = "key-Ada", ["key-Cy"], 0
    return plan


def test_a_card_gives_the_lobby_the_same_line_and_move_as_its_plan() -> None:
    plan = _duo()
    plan.save_id, plan.away_until = "0badcafe", {"key-Bob": 2e9}
    summary = RoomSummary.of(plan)
    status = TableStatus("playing", turn=1, waiting_on="Ada", present=False, seat=0, asked="roll", due=5.0)
    for key in (ADA, "key-Bob", "key-Cy", ""):
        assert line_of(summary, status, key) == line_of(plan, status, key)
        assert summary.played_or_watched(key) == plan.played_or_watched(key)
    room = type("Room", (), {"plan": summary, "status": lambda self: status})()
    assert [m.name for m in waiting_on([room], ADA)] == ["Duo"], "Your move: from the summary"
    assert summary.away_until == {"key-Bob": 2e9} and summary.turn_based
    assert not hasattr(summary, "rules") and not hasattr(summary, "turn_timer"), "not the plan's options"


def test_a_card_is_read_back_from_the_lobby_index_as_it_was_written() -> None:
    plan = _duo()
    plan.save_id, plan.away_until, plan.finished, plan.ended = "0badcafe", {"key-Bob": 2e9}, True, 1.7e9
    plan.result = [SeatResult(1, "key-Ada"), SeatResult(2, "key-Bob"), SeatResult(3, None, "easy", True)]
    for summary in (RoomSummary.of(plan), RoomSummary.of(_duo())):
        assert RoomSummary.from_json(json.loads(json.dumps(summary.to_json()))) == summary
    for broken in ({"seats": [{"kind": "ghost"}]}, {**_duo().to_json(), "bank": "3:00"}, {"seats": 5}):
        with pytest.raises((ValueError, KeyError, TypeError)):
            RoomSummary.from_json(broken)


def test_a_card_writes_its_plans_json_but_the_rules_pace_and_timer() -> None:
    """A summary and its plan write a room's fields alike: a field the plan writes is the summary's too, but
    the rules, pace and turn timer (and a bot's level), which a plan read from the summary has as their
    defaults."""
    plan = _duo()
    plan.save_id, plan.away_until, plan.finished, plan.ended = "0badcafe", {"key-Bob": 2e9}, True, 1.7e9
    plan.result = [SeatResult(1, "key-Ada"), SeatResult(2, "key-Bob"), SeatResult(3, None, "easy", True)]
    written = plan.to_json()
    summary = RoomSummary.of(plan).to_json()
    assert written.keys() - summary.keys() == {"rules", "pace", "turn_timer"}
    assert summary == {
        **{key: value for key, value in written.items() if key in summary},
        "seats": [{**seat, "level": None} for seat in written["seats"]],
    }
    read = Plan.from_json(json.loads(json.dumps(summary)))
    assert (read.rules, read.pace, read.turn_timer) == ({}, DEFAULT_SPEED, DEFAULT_TURN_TIMER)
    assert RoomSummary.of(read) == RoomSummary.of(plan)


def test_cards_read_apart_share_their_people_keys_and_names() -> None:
    one, two = (RoomSummary.of(Plan.from_json(json.loads(json.dumps(_duo(t).to_json())))) for t in ("a", "b"))
    assert one.seats[0].owner == two.seats[0].owner
    assert one.seats[0].owner is two.seats[0].owner and one.seats[1].name is two.seats[1].name
    assert one.creator is two.creator and one.watchers[0] is two.watchers[0]


async def test_a_room_let_go_keeps_no_plan_and_is_read_back_whole_when_woken(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    try:
        worker_rooms.adopt(_duo())
        clock.advance(1.0)
        clock.advance(UNLOAD_AFTER + 1.0)
        assert "t1" in worker_rooms.unloaded and "t1" not in worker_rooms.tables, "let go"
        found = worker_rooms.find("Duo")
        assert isinstance(found, IndexedRoom) and isinstance(found.plan, RoomSummary), (
            "its summary, from the index"
        )
        assert found is not worker_rooms.find("Duo"), "read for each look-up, not kept"
        table = worker_rooms.wake(found)
        assert table is worker_rooms.tables["t1"] and "t1" not in worker_rooms.unloaded
        assert table.plan.rules == {"short_game": True} and table.plan.turn_timer == 120, "from the disk"
    finally:
        worker_rooms.close()


async def test_the_rooms_of_other_workers_are_read_from_the_index(tmp_path: Path) -> None:
    worker_rooms = worker_rooms_here(tmp_path, SetClock(asyncio.get_running_loop()))
    front = worker_rooms.front
    assert isinstance(front, Front)
    try:
        front.put(RoomSummary.of(_duo("r9", "Far")), TableStatus("gathering", free=1), worker=1)
        far = worker_rooms.find("far")
        assert isinstance(far, IndexedRoom) and isinstance(far.plan, RoomSummary) and far.worker == 1
        assert far.line(ADA).name == "Far" and far.line(ADA).mine
    finally:
        worker_rooms.close()


async def test_a_worker_keeps_no_card_of_a_room_it_does_not_hold(tmp_path: Path) -> None:
    """Neither another worker's rooms nor its own let go: only their ids and deadlines, the index the rest."""
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    front = worker_rooms.front
    assert isinstance(front, Front)
    try:
        worker_rooms.adopt(_duo())
        clock.advance(1.0)
        clock.advance(UNLOAD_AFTER + 1.0)
        assert worker_rooms.unloaded == {"t1"} and not worker_rooms.tables, "its own, let go"
        for n in range(50):
            front.put(RoomSummary.of(_duo(f"r{n}", f"Far{n}")), TableStatus("resting"), worker=1)
        clock.advance(1.0)
        assert len(worker_rooms.ordered(ADA)) == 51 and worker_rooms.find("Far7") is not None, (
            "all listed and found"
        )
        front.registry.clear()  # the front's registry: another process's memory in a real server
        gc.collect()
        summaries = [o for o in gc.get_objects() if isinstance(o, (RoomSummary, IndexedRoom))]
        assert not summaries, f"{len(summaries)} summaries held"
    finally:
        worker_rooms.close()
