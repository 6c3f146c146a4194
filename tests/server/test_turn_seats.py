"""A person sits at a bounded number of turn-based rooms, made or joined (a limit of its own, apart from
the live rooms): a seat at one more is refused with why, in the lobby in lines and in Spanish."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server.base.clock import SetClock
from server.base.config import Limits
from server.session.line_words import new_room_request
from server.tables.making import make_plan
from server.tables.plans import Plan, SeatPlan, TableError
from translation import language, use

from local_rooms import Lines, worker_rooms_here

ADA = "key-Ada"


def _gathering(table_id: str, name: str, hours: int, *owners: str) -> Plan:
    """A room still gathering: a seat for each owner taken, one more free."""
    seats = [SeatPlan("person", name=o.removeprefix("key-"), owner=o) for o in owners]
    return Plan(table_id, name, "classic", {}, [*seats, SeatPlan("person")], move_hours=hours)


async def test_a_seat_at_one_turn_based_room_too_many_is_refused_with_why(tmp_path: Path) -> None:
    worker_rooms = worker_rooms_here(
        tmp_path, SetClock(asyncio.get_running_loop()), Limits(turn_based_rooms_per_player=2)
    )
    try:
        for n in (1, 2):  # Ada joined two turn-based rooms Bob made
            worker_rooms.adopt(_gathering(f"t{n}", f"Far{n}", 24, "key-Bob", ADA))
        third = worker_rooms.adopt(_gathering("t3", "Third", 24, "key-Cy"))
        live = worker_rooms.adopt(_gathering("t4", "Live", 0, "key-Cy"))
        with pytest.raises(TableError, match="You sit at 2 turn-based rooms already"):
            worker_rooms.admit(third, ADA, "Ada", watch=False)
        assert third.seat_of(ADA) is None, "no seat taken"
        assert worker_rooms.admit(third, ADA, "Ada", watch=True).seat is None, "watching is not sitting"
        assert worker_rooms.admit(live, ADA, "Ada", watch=False).seat == 1, "a live room counts apart"
        assert worker_rooms.admit(worker_rooms.tables["t1"], ADA, "Ada", watch=False).seat == 1, (
            "his own seat again"
        )

        ada = Lines(worker_rooms, ADA, "Ada")
        said = await ada.type("join Third")
        assert "You sit at 2 turn-based rooms already" in said and "Traceback" not in said
        spanish = language("es")
        assert spanish is not None
        with use(spanish), pytest.raises(TableError, match="Ya te sientas en 2 salas por turnos"):
            worker_rooms.admit(third, ADA, "Ada", watch=False)

        others = [t.plan for t in worker_rooms.tables.values()]
        with pytest.raises(TableError, match="You sit at 2 turn-based rooms"):  # made counts as joined
            make_plan(others, worker_rooms.limits, new_room_request("Fourth turns 24", ADA, "Ada"))
        ada.close()
    finally:
        worker_rooms.close()
