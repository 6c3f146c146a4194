"""The lobby's index of every room, written by the front and read by the workers: a lobby lists the
person's own rooms and a bounded number of the others, says how many more there are, and reaches one of
them by its name; the front makes the index again from the rooms' plans on starting, over a file from
before or a broken one, and a worker whose index is missing reads no rooms rather than failing."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from textual.widgets import DataTable

from server.base.clock import SetClock
from server.base.config import ServerConfig
from server.base.state import write_json
from server.network.front import Front
from server.screens.lobby import LobbyScreen
from server.tables.lobby_index import INDEX_FILE, IndexedRoom, IndexWriter, LobbyIndex
from server.tables.lobby_line import TableStatus
from server.tables.lobby_rooms import LOBBY_MOST
from server.tables.plans import Plan, SeatPlan
from server.tables.room_files import ROOMS
from server.tables.room_summary import RoomSummary

from local_rooms import Front as RoomsFront
from local_rooms import Lines, RoomsSession, worker_rooms_here

ADA = "key-Ada"


def _room(table_id: str, name: str, *people: str, free: int = 1) -> Plan:
    seats = [SeatPlan("person", name=p, owner=f"key-{p}") for p in people]
    seats += [SeatPlan("person") for _n in range(free)]
    return Plan(table_id, name, "classic", {"short_game": True}, seats)


async def test_a_lobby_lists_the_own_rooms_and_the_first_others_and_reaches_the_rest_by_name(
    tmp_path: Path,
) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    front = worker_rooms.front
    assert isinstance(front, RoomsFront)
    try:
        for n in range(LOBBY_MOST + 5):  # another worker's rooms, each waiting for one more person
            front.put(
                RoomSummary.of(_room(f"r{n}", f"Far{n:03d}", "Bob")), TableStatus("gathering", free=1), 1
            )
        worker_rooms.adopt(_room("t1", "Zeta", "Ada"))  # hers, here: listed first though last by name
        clock.advance(1.0)
        listed = worker_rooms.listed(ADA)
        assert len(listed.rooms) == LOBBY_MOST + 1 and listed.more == 5
        assert [t.name for t in listed.rooms[:3]] == ["Zeta", "Far000", "Far001"], "her own first"

        ada = Lines(worker_rooms, ADA, "Ada")
        assert f"{LOBBY_MOST + 6} rooms open" in ada.text, "the lobby counts every room"
        said = await ada.type("rooms")
        assert f"{LOBBY_MOST + 1}. Far{LOBBY_MOST - 1:03d}" in said and "Far100" not in said, said[-400:]
        assert "5 more rooms are not listed: type join and a room's whole name" in said
        said = await ada.type("join Far104")  # beyond the list: found by its name, on its worker
        assert ada.player.moving == ("r104", False), said
        ada.close()

        found = worker_rooms.find("far103")
        assert isinstance(found, IndexedRoom) and found.worker == 1, "any room, by its whole name"
        assert len(worker_rooms.listed("key-Cy").rooms) == LOBBY_MOST, (
            "one with no room of his own: the bound"
        )
    finally:
        worker_rooms.close()


async def test_the_full_screen_lobby_lists_the_bound_and_says_how_to_reach_the_rest(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    worker_rooms = worker_rooms_here(tmp_path, clock)
    front = worker_rooms.front
    assert isinstance(front, RoomsFront)
    try:
        for n in range(LOBBY_MOST + 2):
            front.put(
                RoomSummary.of(_room(f"r{n}", f"Far{n:03d}", "Bob")), TableStatus("gathering", free=1), 1
            )
        worker_rooms.adopt(_room("t1", "Zeta", "Ada"))
        clock.advance(1.0)
        app = RoomsSession(worker_rooms, LobbyScreen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            assert table.row_count == LOBBY_MOST + 1 and "Zeta" in str(table.get_row_at(0)[0])
            note = str(app.screen.query_one("#note").render())
            assert "2 more rooms are not listed: to go to one, connect again with its name" in note, note
    finally:
        worker_rooms.close()


def test_the_index_is_made_anew_and_a_missing_one_reads_as_no_rooms(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    reader = LobbyIndex(tmp_path)
    with caplog.at_level(logging.WARNING):
        assert reader.room("Duo") is None and reader.count() == 0, "no index yet: no rooms"
        assert reader.others(ADA, 10) == ([], 0)
    assert [r.levelname for r in caplog.records] == ["WARNING"], "said once"

    old = IndexWriter(tmp_path)
    old.write([(RoomSummary.of(_room("g1", "Ghost", "Ada")), TableStatus("gathering", free=1), 0, None)], [])
    old.close()
    (tmp_path / INDEX_FILE).write_bytes(b"not a database at all" * 100)  # broken
    writer = IndexWriter(tmp_path)
    duo = _room("t1", "Duo", "Ada", "Bob", free=0)
    writer.write([(RoomSummary.of(duo), TableStatus("resting"), 1, None)], [])
    found = reader.room("duo")
    assert isinstance(found, IndexedRoom) and found.plan.seats[1].owner == "key-Bob" and found.worker == 1
    assert reader.room("Ghost") is None and reader.count() == 1, "made anew: nothing from before"
    assert [r.id for r in reader.of_person("key-Bob")] == ["t1"] and reader.others("key-Bob", 10) == ([], 0)
    writer.write([], ["t1"])
    assert reader.room("Duo") is None and reader.of_person("key-Bob") == []
    writer.rebuild([(RoomSummary.of(duo), TableStatus("resting"), 0, None)])  # a new file, as after a failure
    assert reader.room("Duo") is not None, "the reader opens the new file"
    reader.close()
    writer.close()


@pytest.mark.slow  # it starts a front and its worker
async def test_the_front_makes_the_index_from_the_plans_on_starting_over_a_broken_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves", ratings=False, workers=1)
    for plan in (_room("t1", "Duo", "Ada"), _room("t2", "Trio", "Bob")):
        write_json(tmp_path / ROOMS / f"{plan.id}.json", plan.to_json())
    (tmp_path / INDEX_FILE).write_bytes(b"\x00broken" * 500)
    front = Front(config, in_process=True)
    with caplog.at_level(logging.WARNING):
        await front.start()
        try:
            worker = front.workers[0].local
            assert worker is not None
            worker_rooms = worker.worker_rooms
            for _n in range(40):  # the rooms' statuses as the worker reported them, written
                if not front._changed and front._push is None:
                    break
                await asyncio.sleep(0.05)
            assert [t.name for t in worker_rooms.ordered("key-Cy")] == ["Duo", "Trio"], "both, from the index"
            assert worker_rooms.index.count() == 2
            found = LobbyIndex(tmp_path).room("Trio")
            assert found is not None and found.status().stage == "gathering"
        finally:
            await front.stop()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
