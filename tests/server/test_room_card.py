"""What a worker keeps of a room it does not hold is its card, not its plan: the lobby's line is the same as
the plan's, a room let go is read back whole from its plan on the disk when it is woken, and the cards of
thousands of rooms share their people's keys and names."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from server.base.clock import SetClock
from server.tables.lobby_line import TableStatus, line_of
from server.tables.plans import Plan, SeatPlan
from server.tables.room_card import RoomCard
from server.tables.turn_pace import UNLOAD_AFTER
from server.tables.your_move import waiting_on

from inhall import hall_here

ADA = "key-Ada"


def _duo(table_id: str = "t1", name: str = "Duo") -> Plan:
    """Ada, Bob and a bot, a day a move, a short game with its own turn timer: it waits on Ada's roll."""
    seats = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")] + [SeatPlan("bot", "easy")]
    plan = Plan(table_id, name, "classic", {"short_game": True}, seats, turn_timer=120, move_hours=24)
    plan.creator, plan.watchers, plan.bank = "key-Ada", ["key-Cy"], 0
    return plan


def test_a_card_gives_the_lobby_the_same_line_and_move_as_its_plan() -> None:
    plan = _duo()
    plan.save_id, plan.away_until = "0badcafe", {"key-Bob": 2e9}
    card = RoomCard.of(plan)
    status = TableStatus("playing", turn=1, waiting_on="Ada", present=False, seat=0, asked="roll", due=5.0)
    for key in (ADA, "key-Bob", "key-Cy", ""):
        assert line_of(card, status, key) == line_of(plan, status, key)
        assert card.played_or_watched(key) == plan.played_or_watched(key)
    room = type("Room", (), {"plan": card, "status": lambda self: status})()
    assert [m.name for m in waiting_on([room], ADA)] == ["Duo"], "Your move: from the card"
    assert card.away_until == {"key-Bob": 2e9} and card.turn_based
    assert not hasattr(card, "rules") and not hasattr(card, "turn_timer"), "not the plan's options"


def test_cards_read_apart_share_their_people_keys_and_names() -> None:
    one, two = (RoomCard.of(Plan.from_json(json.loads(json.dumps(_duo(t).to_json())))) for t in ("a", "b"))
    assert one.seats[0].owner == two.seats[0].owner
    assert one.seats[0].owner is two.seats[0].owner and one.seats[1].name is two.seats[1].name
    assert one.creator is two.creator and one.watchers[0] is two.watchers[0]


async def test_a_room_let_go_keeps_no_plan_and_is_read_back_whole_when_woken(tmp_path: Path) -> None:
    clock = SetClock(asyncio.get_running_loop())
    hall = hall_here(tmp_path, clock)
    try:
        hall.adopt(_duo())
        clock.advance(1.0)
        clock.advance(UNLOAD_AFTER + 1.0)
        assert "t1" in hall.resting and "t1" not in hall.tables, "let go"
        kept = hall.remote["t1"].plan
        assert isinstance(kept, RoomCard), "its card, not its plan"
        assert hall.find("Duo") is hall.remote["t1"]
        table = hall.wake(hall.remote["t1"])
        assert table is hall.tables["t1"] and "t1" not in hall.resting
        assert table.plan.rules == {"short_game": True} and table.plan.turn_timer == 120, "from the disk"
    finally:
        hall.close()


async def test_the_rooms_of_other_workers_are_kept_as_cards(tmp_path: Path) -> None:
    hall = hall_here(tmp_path, SetClock(asyncio.get_running_loop()))
    try:
        status = TableStatus("gathering", free=1)
        hall.registry([{"plan": _duo("r9", "Far").to_json(), "status": status.to_json(), "worker": 1}], 0)
        far = hall.remote["r9"]
        assert isinstance(far.plan, RoomCard) and far.worker == 1
        assert far.line(ADA).name == "Far" and far.line(ADA).mine
    finally:
        hall.close()
