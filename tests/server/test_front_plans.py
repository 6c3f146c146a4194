"""The front reads a room's plan from its registry again only when the plan has changed: making a room
checks it against every room without reading thousands of plans each time; and a host of several encodes
its rooms for PostgreSQL every second, again only those whose plan or lobby line changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from server.base.config import ServerConfig
from server.network.front import Front
from server.network.registry import Entry
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan, SeatPlan


def _entry(table_id: str, name: str) -> Entry:
    plan = Plan(table_id, name, "classic", {}, [SeatPlan("person", name="Ada", owner="key-Ada")])
    return Entry(plan.to_json(), TableStatus.of_plan(plan), 0)


def test_the_fronts_plans_are_read_again_only_where_they_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        front.registry["a"], front.registry["b"] = _entry("a", "One"), _entry("b", "Two")
        first = {p.id: p for p in front.plans()}
        again = {p.id: p for p in front.plans()}
        assert again["a"] is first["a"] and again["b"] is first["b"], "unchanged: not read again"

        entry = front.registry["a"]
        front.registry["a"] = Entry(dict(entry.plan, name="Renamed"), entry.status, 0)  # reported changed
        del front.registry["b"]
        front.registry["c"] = _entry("c", "Three")
        now = {p.id: p.name for p in front.plans()}
        assert now == {"a": "Renamed", "c": "Three"}, "a change, a room gone, a room made"
        assert set(front._parsed) == {"a", "c"}, "nothing kept of the room gone"
    finally:
        if front.store is not None:
            front.store.close()
        shutil.rmtree(front.runtime, ignore_errors=True)


def test_a_hosts_rooms_are_encoded_again_only_where_they_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        front.registry["a"], front.registry["b"] = _entry("a", "One"), _entry("b", "Two")
        theirs = _entry("x", "Theirs")
        front.registry["x"] = Entry(theirs.plan, theirs.status, -1, "host-2")  # another host's room
        first = front.local_rooms()
        assert set(first) == {"a", "b"}, "this host's rooms alone"
        assert json.loads(first["a"][0]) == front.registry["a"].plan
        assert json.loads(first["a"][1]) == front.registry["a"].status.to_json()
        again = front.local_rooms()
        assert again["a"][0] is first["a"][0] and again["b"][1] is first["b"][1], "unchanged: not encoded"

        entry = front.registry["a"]
        front.registry["a"] = Entry(dict(entry.plan, name="Renamed"), entry.status, 0)  # reported changed
        front.registry["b"] = Entry(front.registry["b"].plan, TableStatus("playing", turn=2), 0)  # a new line
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
