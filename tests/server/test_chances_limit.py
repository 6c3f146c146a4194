"""A table's figure of the chances at the server plays as many playouts as the chances panel does, the
server's limit bounding them: an operator may lower it, not raise it past what the panel shows."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from room.chances import PLAYOUTS
from server.base.clock import SetClock
from server.base.config import Limits
from server.tables.plans import Plan, SeatPlan

from local_rooms import worker_rooms_here


@pytest.mark.parametrize(("limit", "played"), [(400, PLAYOUTS), (100, 100)])
async def test_a_tables_figure_plays_the_panels_playouts_the_limit_bounding_them(
    tmp_path: Path, limit: int, played: int
) -> None:
    worker_rooms = worker_rooms_here(
        tmp_path, SetClock(asyncio.get_running_loop()), Limits(chances_playouts=limit)
    )
    seats = [SeatPlan("person", name="Ada", owner="key-Ada"), SeatPlan("bot", "hard", name="Bot")]
    try:
        worker_rooms.adopt(Plan("fri", "Friday", "finance-1936", {}, seats))
        assert worker_rooms.tables["fri"].chances_playouts == played
    finally:
        worker_rooms.close()
