"""The front keeps no summary or status of a turn-based room unloaded in its worker, only its id and worker:
it reads the rest back from the lobby's index where it needs it. An unloaded room is still routed to by its
name, listed by `mine` as waiting on its person, counted and named when a room is made, and its people are
seated; it survives the index being made again; and a room someone comes to is held again."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest

from room import Persistence
from server.base.clock import LoopClock
from server.base.config import Limits, ServerConfig
from server.base.state import write_json
from server.network.front import Front
from server.network.registry import Entry
from server.tables.keeping import Keeper
from server.tables.lobby_index import IndexedRoom, LobbyIndex
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan, RoomRequest, SeatPlan, TableError
from server.tables.room_files import ROOMS
from server.tables.room_summary import RoomSummary
from server.tables.table import Table

ADA, BOB, CY = "key-Ada", "key-Bob", "key-Cy"

pytestmark = pytest.mark.slow  # it starts a front and its worker


async def _unloaded_rooms(folder: Path, saves: Path, names: list[str]) -> list[float]:
    """Make turn-based rooms of Ada and Bob and a bot, each waiting on Ada's roll and let go (as a worker
    lets them go), their plans in the data folder; their deadlines (as their kept states keep them)."""
    loop = asyncio.get_running_loop()
    keeper, persistence = Keeper(folder, loop), Persistence(saves)
    due = []
    for n, name in enumerate(names):
        seats = [
            SeatPlan("person", name="Ada", owner=ADA),
            SeatPlan("person", name="Bob", owner=BOB),
            SeatPlan("bot", "easy"),
        ]
        plan = Plan(f"w{n}", name, "classic", {"short_game": True}, seats, move_hours=24 + n)
        plan.creator = ADA
        table = Table(plan, persistence, LoopClock(loop), lambda: None, keeper=keeper)
        table.start()
        deadline = table.deadline
        assert deadline is not None and table.unload(), "it waits on Ada"
        due.append(round(deadline.due, 3))
        table.close(keep=False)  # its deadline's timer stopped: the worker is to fire it
        write_json(folder / ROOMS / f"{plan.id}.json", plan.to_json())
    while keeper._writing:
        await asyncio.sleep(0.01)
    keeper.stop()
    return due


def _room_of(held: RoomSummary | Entry | IndexedRoom) -> str:
    return held.id if isinstance(held, RoomSummary) else held.plan.id


async def _told(front: Front) -> None:
    """Wait until the front has written what changed into the index and told the workers."""
    for _n in range(100):
        if not front._changed and front._push is None:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the front never wrote the index")


async def test_the_front_keeps_only_the_id_and_worker_of_an_unloaded_room(tmp_path: Path) -> None:
    data, saves = tmp_path / "server", tmp_path / "saves"
    due = await _unloaded_rooms(data, saves, ["Wait0", "Wait1", "Wait2"])
    limits = Limits(rooms=4, turn_based_rooms_per_player=3)
    config = ServerConfig(data_dir=data, saves_dir=saves, ratings=False, workers=1, limits=limits)
    front = Front(config, in_process=True)
    await front.start()
    try:
        await _told(front)
        assert not front.registry and sorted(front.unloaded) == ["w0", "w1", "w2"], "unloaded, each"
        gc.collect()
        held = [
            o
            for o in gc.get_objects()
            if (isinstance(o, (RoomSummary, Entry, IndexedRoom)) and _room_of(o) in front.unloaded)
            or (isinstance(o, TableStatus) and o.due in due)
        ]
        assert not held, f"{len(held)} summaries or statuses of unloaded rooms held"

        entry = front.entry_of("wait1")  # by its name, case-insensitive: read from the index
        assert entry is not None and entry.plan.id == "w1" and entry.status.waiting_on == "Ada"
        assert entry.status.due == due[1] and entry.status.asked == "roll"
        assert front.route("WAIT2") is front.workers[0] and front.holder_of("w0") is front.workers[0]
        assert front.entry_of("Nowhere") is None and front.holder_of("Nowhere") is None

        mine = front.waiting_on(ADA)
        assert [name for name, _asked in mine] == ["Wait0", "Wait1", "Wait2"], "the soonest deadline first"
        assert front.waiting_on(BOB) == [] and {ADA, BOB} <= set(front.seated())

        def asked(key: str, name: str, hours: int) -> RoomRequest:
            seats = [SeatPlan("person"), SeatPlan("person")]
            return RoomRequest(key, name[:3], name, "classic", {}, seats, 60, "normal", move_hours=hours)

        with pytest.raises(TableError, match="There is already a room called wait2"):
            await front.create(asked(CY, "wait2", 0))
        with pytest.raises(TableError, match="You sit at 3 turn-based rooms already"):
            await front.create(asked(ADA, "Fourth", 24))
        fourth, _worker = await front.create(asked(CY, "Fourth", 0))  # the fourth room of at most four
        with pytest.raises(TableError, match="as many rooms as it can hold"):
            await front.create(asked(BOB, "Fifth", 0))
        assert front.entry_of("Fourth") is front.registry[fourth], "a room made is held"

        lost = front.index.rebuild(front._index_rows(front.registry), front.unloaded) if front.index else None
        assert lost == set(), "every unloaded room carried over into the index made again"
        found = LobbyIndex(data).room("Wait1")
        assert found is not None and found.status().due == due[1]

        worker = front.workers[0].local
        assert worker is not None
        room = worker.worker_rooms.find("Wait0")
        assert room is not None
        worker.worker_rooms.wake(room)  # someone came: loaded, and held again
        for _n in range(100):
            if "w0" in front.registry:
                break
            await asyncio.sleep(0.05)
        assert "w0" in front.registry and "w0" not in front.unloaded
        assert [name for name, _asked in front.waiting_on(ADA)] == ["Wait0", "Wait1", "Wait2"]
    finally:
        await front.stop()
