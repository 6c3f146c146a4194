"""The front keeps each room's card, not its plan: making a room checks it against every room's card as held,
without reading thousands of plans each time; a report of the same plan keeps the card held, one of a
change replaces it."""

from __future__ import annotations

import shutil
from pathlib import Path

from server.base.config import ServerConfig
from server.network.front import Front
from server.tables.lobby_line import TableStatus
from server.tables.plans import Plan, SeatPlan
from server.tables.room_card import RoomCard


def _plan(table_id: str, name: str) -> Plan:
    return Plan(
        table_id, name, "classic", {"short_game": True}, [SeatPlan("person", name="Ada", owner="key-Ada")]
    )


async def test_the_front_holds_cards_and_replaces_one_only_where_its_plan_changed(tmp_path: Path) -> None:
    front = Front(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves"), in_process=True)
    try:
        handle = front.workers[0]
        status = TableStatus.of_plan(_plan("a", "One")).to_json()
        for plan in (_plan("a", "One"), _plan("b", "Two")):
            front._room_reported(handle, {"plan": plan.to_json(), "status": status})
        first = {p.id: p for p in front.plans()}
        assert all(isinstance(p, RoomCard) for p in first.values()), "cards, not plans"
        assert not hasattr(first["a"], "rules"), "not the plan's options"
        front._room_reported(handle, {"plan": _plan("a", "One").to_json(), "status": status})
        again = {p.id: p for p in front.plans()}
        assert again["a"] is first["a"] and again["b"] is first["b"], "unchanged: the card held is kept"

        front._room_reported(handle, {"plan": _plan("a", "Renamed").to_json(), "status": status})
        del front.registry["b"]
        front._room_reported(handle, {"plan": _plan("c", "Three").to_json(), "status": status})
        now = {p.id: p.name for p in front.plans()}
        assert now == {"a": "Renamed", "c": "Three"}, "a change, a room gone, a room made"
        assert front.entry_of("renamed") is front.registry["a"] and front.registry["a"].text == "", "one host"
    finally:
        if front._push is not None:
            front._push.cancel()
        if front.store is not None:
            front.store.close()
        shutil.rmtree(front.runtime, ignore_errors=True)
