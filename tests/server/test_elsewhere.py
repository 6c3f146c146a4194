"""A host of several reads the other hosts' rooms every second: its registry takes again only the rooms whose
host, plan or lobby line changed, and the lobbies are told of those alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from server.base.config import ServerConfig
from server.network.front import Front
from server.network.leases import Listed, Present
from server.tables.plans import Plan, SeatPlan


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
        if front._push is not None:
            front._push.cancel()
        if front.store is not None:
            front.store.close()
        shutil.rmtree(front.runtime, ignore_errors=True)
