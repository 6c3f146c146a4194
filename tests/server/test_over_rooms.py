"""A room whose game is over stays in the lobby a while (`Limits.over_room_kept`, not while someone is at it),
then leaves it for good: its past game is still there for its people, it does not count toward the server's
rooms, and one over before a restart whose time has passed leaves the lobby at start-up."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from server.base.clock import SetClock
from server.base.config import Limits
from server.people.places import SeatResult
from server.tables.making import make_plan
from server.tables.past_rooms import PAST_ROOMS
from server.tables.plans import Plan, RoomRequest, SeatPlan, TableError
from server.tables.room_files import ROOMS, plans_in

from local_rooms import Front, Lines, worker_rooms_here

ADA = "key-Ada"
HOUR = 3600.0


def _over(table_id: str, name: str, ended: float) -> Plan:
    """A room of Ada's and a bot whose game is over (Ada won), ended at `ended` (0: not kept)."""
    seats = [SeatPlan("person", name="Ada", owner=ADA), SeatPlan("bot", "easy", name="Bot")]
    result = [SeatResult(1, key=ADA), SeatResult(2, level="easy")]
    save = f"s-{table_id}"
    return Plan(table_id, name, "classic", {}, seats, save_id=save, finished=True, result=result, ended=ended)


def _asked(name: str, who: str = "Bob") -> RoomRequest:
    seats = [SeatPlan("person"), SeatPlan("bot", "easy")]
    return RoomRequest(f"key-{who}", who, name, "classic", {}, seats, 60, "normal")


async def test_a_room_over_leaves_the_lobby_after_its_time_and_its_past_game_stays(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    ada = Lines(worker_rooms, ADA, "Ada")
    try:
        table = worker_rooms.adopt(_over("t1", "Done", clock.wall()))
        plan_file = worker_rooms.folder / ROOMS / "t1.json"
        assert plan_file.exists() and worker_rooms.find("Done") is table
        clock.advance(HOUR - 60)
        assert worker_rooms.find("Done") is table, "still in the lobby, its people see how it ended"
        table.arrive(None)  # someone comes to look at it
        clock.advance(120)
        assert worker_rooms.find("Done") is table, "not while someone is at it"
        table.depart(None)
        clock.advance(1)
        assert worker_rooms.find("Done") is None and "t1" not in worker_rooms.tables, "gone once he left"
        assert not plan_file.exists()
        assert isinstance(worker_rooms.front, Front) and worker_rooms.front.gone_rooms == ["t1"], (
            "the front is told"
        )
        assert (worker_rooms.folder / PAST_ROOMS / "t1.json").exists()
        assert "Done" not in [t.name for t in worker_rooms.ordered(ADA)]
        said = await ada.type("past")
        assert "1. Done: " in said and "over" in said, said
    finally:
        ada.close()
        worker_rooms.close()

    again = worker_rooms_here(
        tmp_path, SetClock(asyncio.get_running_loop())
    )  # another worker, or after a restart
    bob = Lines(again, ADA, "Ada")
    try:
        assert plans_in(again.folder) == [], "no room in the lobby after a restart"
        assert "1. Done: " in await bob.type("past"), "its past game read from the kept plan"
    finally:
        bob.close()
        again.close()


async def test_rooms_over_before_a_restart_leave_at_start_up_once_their_time_has_passed(
    tmp_path: Path,
) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock, Limits(over_room_kept=HOUR))
    try:
        worker_rooms.adopt(_over("old", "Old", clock.wall() - 2 * HOUR))
        worker_rooms.adopt(_over("new", "New", clock.wall() - 60))
        worker_rooms.adopt(
            _over("unkept", "Unkept", 0.0)
        )  # over before the end was kept: its file's time is taken
    finally:
        worker_rooms.close()
    unkept = worker_rooms.folder / ROOMS / "unkept.json"
    os.utime(unkept, (clock.wall() - 3 * HOUR, clock.wall() - 3 * HOUR))

    clock = SetClock(asyncio.get_running_loop())
    again = worker_rooms_here(tmp_path, clock, Limits(over_room_kept=HOUR))
    try:
        for plan in plans_in(again.folder):
            again.take(plan)  # as the front hands a worker its rooms on start
        clock.advance(0.1)
        assert sorted(again.tables) == ["new"], "the two whose time had passed left at once"
        assert sorted(p.name for p in again.past.plans()) == ["Old", "Unkept"]
        assert [p.id for p in plans_in(again.folder)] == ["new"]
        clock.advance(HOUR)
        assert not again.tables
    finally:
        again.close()


def test_rooms_over_do_not_count_toward_the_servers_rooms() -> None:
    limits = Limits(rooms=2)
    over = [_over("a", "A", 1.0), _over("b", "B", 1.0)]
    made = make_plan(over, limits, _asked("Fresh"))
    assert made.name == "Fresh", "two rooms over, none live: there is room for one"
    live = [made, make_plan([made], limits, _asked("Other", "Cy"))]
    try:
        make_plan([*over, *live], limits, _asked("Third", "Di"))
    except TableError as exc:
        assert "as many rooms as it can hold" in str(exc)
    else:
        raise AssertionError("two live rooms fill a server of two")
