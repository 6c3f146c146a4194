"""The advisor at a server's table: a room may be made with it off (kept in the room's plan, said on the
lobby's line), and then nobody at the table can ask it; with it on, a person may ask it for his own seat
only, whatever seat the question names."""

from __future__ import annotations

from pathlib import Path

import pytest

from room.advice import AdvisorOff
from server.tables.lobby_line import TableStatus, line_of
from server.tables.plans import Plan

from sshplay import ada_and_bob, seated, start_server


@pytest.mark.slow
async def test_a_room_made_with_the_advisor_off_refuses_it_and_says_so_in_the_lobby(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Quiet", advisor=False)
        assert table.plan.advisor is False
        assert Plan.from_json(table.plan.to_json()).advisor is False
        with pytest.raises(AdvisorOff, match="advisor off"):
            table.advice(0, 0)
        line = line_of(table.plan, TableStatus("playing", turn=1, waiting_on="Ada"), bob.fingerprint)
        assert line.advisor is False
    finally:
        await running.stop()


@pytest.mark.slow
async def test_with_the_advisor_on_a_person_asks_for_his_own_seat_only(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Open")
        assert table.plan.advisor is True
        with pytest.raises(AdvisorOff, match="own seat"):
            table.advice(1, 0)  # Bob's session asks about Ada's seat
        with pytest.raises(AdvisorOff, match="waits on you"):
            table.advice(1, 1)  # Ada's turn: nothing is Bob's to decide
        advice = table.advice(0, 0).result(timeout=120)
        assert advice.command.player == 0 and advice.reason
    finally:
        await running.stop()


def test_a_plan_without_the_field_has_the_advisor_on() -> None:
    raw = {"id": "t1", "name": "Old", "edition": "classic", "seats": [{"kind": "person"}]}
    assert Plan.from_json(raw).advisor is True
