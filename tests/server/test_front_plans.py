"""The front reads a room's plan from its registry again only when the plan has changed: making a room
checks it against every room without reading thousands of plans each time."""

from __future__ import annotations

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
