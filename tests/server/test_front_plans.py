"""The front keeps each room's summary, not its plan: making a room checks it against every room's summary as
held, without reading thousands of plans each time; a report of the same plan keeps the summary held, one of a
change replaces it. A host of several encodes its rooms for PostgreSQL every second, again only those whose
plan or lobby line changed, and reads the other hosts' rooms again only where their host, plan or line
changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from server.base.config import ServerConfig
from server.network.front import Front
from server.network.leases import Listed, Present
from server.network.registry import Entry
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan, SeatPlan
from server.tables.room_summary import RoomSummary


def _plan(table_id: str, name: str) -> Plan:
    return Plan(
        table_id, name, "classic", {"short_game": True}, [SeatPlan("person", name="Ada", owner="key-Ada")]
    )


def _entry(table_id: str, name: str) -> Entry:
    plan = Plan(table_id, name, "classic", {}, [SeatPlan("person", name="Ada", owner="key-Ada")])
    return Entry(RoomSummary.of(plan), TableStatus.of_plan(plan), 0, text=json.dumps(plan.to_json()))


async def test_the_front_holds_cards_and_replaces_one_only_where_its_plan_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        handle = front.workers[0]
        status = TableStatus.of_plan(_plan("a", "One")).to_json()
        for plan in (_plan("a", "One"), _plan("b", "Two")):
            front._room_reported(handle, {"plan": plan.to_json(), "status": status})
        first = {p.id: p for p in front.plans()}
        assert all(isinstance(p, RoomSummary) for p in first.values()), "summaries, not plans"
        assert not hasattr(first["a"], "rules"), "not the plan's options"
        front._room_reported(handle, {"plan": _plan("a", "One").to_json(), "status": status})
        again = {p.id: p for p in front.plans()}
        assert again["a"] is first["a"] and again["b"] is first["b"], "unchanged: the summary held is kept"

        front._room_reported(handle, {"plan": _plan("a", "Renamed").to_json(), "status": status})
        del front.registry["b"]
        front._room_reported(handle, {"plan": _plan("c", "Three").to_json(), "status": status})
        now = {p.id: p.name for p in front.plans()}
        assert now == {"a": "Renamed", "c": "Three"}, "a change, a room gone, a room made"
        assert front.entry_of("renamed") is front.registry["a"] and front.registry["a"].text == "", "one host"
    finally:
        _close(front)


def test_a_hosts_rooms_are_encoded_again_only_where_they_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        front.registry["a"], front.registry["b"] = _entry("a", "One"), _entry("b", "Two")
        theirs = _entry("x", "Theirs")
        front.registry["x"] = Entry(theirs.plan, theirs.status, -1, "host-2")  # another host's room
        first = front.local_rooms()
        assert set(first) == {"a", "b"}, "this host's rooms alone"
        assert first["a"][0] == front.registry["a"].text, "the plan's JSON as kept with its entry"
        assert json.loads(first["a"][1]) == front.registry["a"].status.to_json()
        again = front.local_rooms()
        assert again["a"][0] is first["a"][0] and again["b"][1] is first["b"][1], "unchanged: not encoded"

        entry = front.registry["a"]
        renamed = _entry("a", "Renamed")  # reported changed
        front.registry["a"] = Entry(renamed.plan, entry.status, 0, text=renamed.text)
        b = front.registry["b"]
        front.registry["b"] = Entry(b.plan, TableStatus("playing", turn=2), 0, text=b.text)  # a new line
        del front.registry["x"]
        front.registry["c"] = _entry("c", "Three")
        now = front.local_rooms()
        assert json.loads(now["a"][0])["name"] == "Renamed" and now["a"][1] == first["a"][1]
        assert now["b"][0] == first["b"][0] and json.loads(now["b"][1])["turn"] == 2
        assert set(now) == {"a", "b", "c"}, "a room made"
        del front.registry["b"]
        assert set(front.local_rooms()) == {"a", "c"} and set(front._encoded) == {"a", "c"}, "b forgotten"
    finally:
        if front.store is not None:
            front.store.close()
        shutil.rmtree(front.runtime, ignore_errors=True)


def _listed(room: str, host: str, name: str, turn: int = 1) -> Listed:
    plan = Plan(room, name, "classic", {}, [SeatPlan("person", name="Ada", owner="key-Ada")])
    return Listed(
        room, host, False, json.dumps(plan.to_json()), json.dumps({"stage": "playing", "turn": turn})
    )


async def test_the_other_hosts_rooms_are_read_again_only_where_they_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        hosts = [Present("b", "127.0.0.1:1", ["Bob"])]
        rooms = [_listed("r1", "b", "One"), _listed("r2", "b", "Two"), _listed("r3", "c", "Three")]
        front.elsewhere(rooms, hosts)
        first = dict(front.registry)
        assert sorted(first) == ["r1", "r2", "r3"] and first["r3"].host == "c"
        assert front.people_up == ["Bob"]
        told = front._changed
        told.clear()

        front.elsewhere(rooms, hosts)  # the same reading: nothing read, nobody told
        assert all(front.registry[r] is first[r] for r in first) and told == set()

        rooms = [rooms[0], _listed("r2", "b", "Two", turn=2), _listed("r4", "c", "Four")]
        front.elsewhere(rooms, hosts)
        assert sorted(front.registry) == ["r1", "r2", "r4"]
        assert front.registry["r1"] is first["r1"], "unchanged: the entry held is kept"
        assert front.registry["r2"].status.turn == 2
        assert told == {"r2", "r3", "r4"}, "the lobbies hear of the rooms changed, made and gone alone"

        told.clear()
        front.elsewhere(rooms, [Present("b", "127.0.0.1:1", ["Bob", "Cy"])])
        assert front.people_up == ["Bob", "Cy"] and told == set()
        assert front._push is not None, "the lobbies are told of the people"

        broken = Listed("r2", "b", False, "not json", "")
        front.elsewhere([rooms[0], broken, rooms[2]], hosts)  # a room that cannot be read leaves the list
        assert sorted(front.registry) == ["r1", "r4"] and told == {"r2"}
    finally:
        _close(front)


def _close(front: Front) -> None:
    """Stop what a front made in this process opened: its push to the workers, its store, its folder."""
    if front._push is not None:
        front._push.cancel()
    if front.store is not None:
        front.store.close()
    shutil.rmtree(front.runtime, ignore_errors=True)
