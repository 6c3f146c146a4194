"""How a table stands travels between the server's processes as a record, checked on arrival, and is put
in words only by the lobby that shows it."""

from __future__ import annotations

import json

import pytest

from engine.text import NAME_MAX
from server.lobby_line import TableStatus, line_of
from server.plans import Plan, SeatPlan


def _plan(save_id: str | None = None, finished: bool = False) -> Plan:
    seats = [SeatPlan("person", name="Ada", owner="key-a"), SeatPlan("person"), SeatPlan("bot", "hard")]
    return Plan("t1", "Friday", "classic", {}, seats, save_id=save_id, finished=finished)


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (TableStatus("gathering", free=2), "waiting for 2 more"),
        (TableStatus("playing", turn=5, waiting_on="Ann"), "turn 5: Ann"),
        (TableStatus("playing", turn=5, waiting_on="Ann", present=False), "turn 5: Ann, resting"),
        (TableStatus("resting"), "resting"),
        (TableStatus("over", winner="Ann"), "over: Ann won"),
        (TableStatus("over"), "over"),
    ],
)
def test_the_lobby_says_how_a_table_stands(status: TableStatus, words: str) -> None:
    assert status.words() == words
    assert TableStatus.from_json(json.loads(json.dumps(status.to_json()))) == status  # across the processes


def test_the_plan_alone_tells_how_a_table_stands_before_its_worker_says_more() -> None:
    assert TableStatus.of_plan(_plan()) == TableStatus("gathering", free=1)
    assert TableStatus.of_plan(_plan(save_id="s")) == TableStatus("resting")
    assert TableStatus.of_plan(_plan(save_id="s", finished=True)) == TableStatus("over")


def test_the_lobby_line_puts_the_status_in_words() -> None:
    line = line_of(_plan(save_id="s"), TableStatus("playing", turn=3, waiting_on="Ada"), "key-a")
    assert (line.status, line.mine, line.taken, line.free) == ("turn 3: Ada", True, 2, 1)


@pytest.mark.parametrize(
    "raw",
    [
        "turn 5: Ann",  # a ready-made sentence is not a status
        None,
        {"stage": "dancing"},
        {"stage": "gathering", "free": "2"},
        {"stage": "gathering", "free": -1},
        {"stage": "playing", "turn": True},
        {"stage": "playing", "turn": 2.0},
        {"stage": "playing", "waiting_on": 7},
        {"stage": "playing", "present": "yes"},
    ],
    ids=repr,
)
def test_a_status_that_is_not_one_is_refused(raw: object) -> None:
    with pytest.raises(ValueError):
        TableStatus.from_json(raw)


def test_names_in_a_status_arrive_as_plain_text_of_a_name_s_length() -> None:
    status = TableStatus.from_json({"stage": "over", "winner": "\x1b]0;pwned\x07" + "x" * 100})
    assert "\x1b" not in status.winner and "\x07" not in status.winner
    assert len(status.winner) == NAME_MAX
