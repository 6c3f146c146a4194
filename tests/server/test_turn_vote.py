"""A vote on repeated absence in a turn-based room: the table counts each person's moves in a row whose time
ran out; after three, the others may vote his seat to a bot. The vote lasts the room's hours a move, those
who answered decide at its end, and it outlasts a restart. Played over days on a clock the test moves."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from room import Persistence
from server.base.clock import SetClock
from server.tables.keeping import Keeper
from server.tables.plans import Plan, SeatPlan, TableError
from server.tables.table import Table
from server.tables.turn_vote import ABSENT_MOVES
from translation import Language, language, use

HOUR = 3600.0
ADA, BOB, CY = 0, 1, 2


def _plan() -> Plan:
    people = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob", "Cy")]
    return Plan("t1", "Trio", "classic", {"short_game": True}, people, move_hours=24)


def _table(tmp: Path, clock: SetClock, keeper: Keeper, plan: Plan) -> Table:
    table = Table(plan, Persistence(tmp / "saves"), clock, lambda: None, keeper=keeper)
    table.restore(keeper.read(plan.id, 200, 100))
    table.unload_after = 1e12
    return table


def _until_ada_ran_out(table: Table, clock: SetClock, times: int) -> None:
    """Let the days go by until Ada's time has run out on `times` moves in a row; Bob and Cy played theirs
    (they acted at the table: their counts start again)."""
    for _day in range(60):
        if table.timed_out.get(ADA, 0) >= times:
            break
        clock.advance(24 * HOUR)
    assert table.timed_out.get(ADA, 0) == times
    table.reclaim(BOB)
    table.reclaim(CY)
    assert BOB not in table.timed_out and CY not in table.timed_out


def spanish() -> Language:
    found = language("es")
    assert found is not None
    return found


def _said(table: Table) -> str:
    return "\n".join(said.text for said in table.chat_lines)


async def test_three_moves_out_of_time_then_a_vote_hands_the_seat_to_a_bot(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan())
    table.start()
    _until_ada_ran_out(table, clock, ABSENT_MOVES - 1)
    with pytest.raises(TableError, match=r"only once its time has run out on 3 moves in a row\. .* Ada 2\."):
        table.call_vote(BOB)
    assert table.vote is None, "refused: nothing called"
    assert table.clock_face().absent == (), "no vote on offer yet"
    _until_ada_ran_out(table, clock, ABSENT_MOVES)
    assert table.clock_face().absent == (ADA,), "the screens offer the vote on Ada's seat"
    with pytest.raises(TableError, match="Only the people playing"):
        table.call_vote(None)
    table.call_vote(BOB)
    vote = table.vote
    assert vote is not None and vote.target == ADA and vote.voters == {BOB, CY} and vote.needed == 2
    assert "Bob calls a vote to hand Ada's seat to a bot" in _said(table)
    with pytest.raises(TableError, match="when the vote was called"):
        table.answer_vote(ADA, False)
    face = table.clock_face().vote
    assert face is not None and face.turn_based
    assert face.tally == "1 yes, 0 no: 1 of the room's 2 people have answered", "nobody need be present"
    with use(spanish()):
        assert table.clock_face().vote == replace(
            face, tally="1 sí, 0 no, con respuesta de 1 de las 2 personas de la sala"
        )
    clock.advance(23 * HOUR)
    assert table.vote is vote, "open for the room's hours a move, not the live vote's seconds"
    table.answer_vote(CY, True)
    room = table.room
    assert room is not None
    assert table.vote is None and "The vote carried (2 yes, 0 no, of 2 asked)" in _said(table)
    assert ADA in room.stand_ins and ADA in table.voted_out
    ran_out = _said(table).count("Ada's time")
    for _day in range(5):
        clock.advance(24 * HOUR)
    assert _said(table).count("Ada's time") == ran_out, "the bot plays her seat: no time of hers runs out"
    assert table.deadline is None or table.deadline.seat != ADA
    table.reclaim(ADA)  # she comes back and plays
    assert ADA not in room.stand_ins and ADA not in table.voted_out and ADA not in table.timed_out
    table.close()
    keeper.stop()


async def test_a_vote_lives_through_a_restart_and_those_who_answered_decide_at_its_end(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan())
    table.start()
    _until_ada_ran_out(table, clock, ABSENT_MOVES)
    table.call_vote(CY)
    clock.advance(10 * HOUR)
    table.close()
    keeper.stop()

    later = SetClock(loop, wall=clock.wall() + 2 * HOUR)  # the server comes back two hours later
    keeper = Keeper(tmp_path, loop)
    again = _table(tmp_path, later, keeper, Plan.from_json(table.plan.to_json()))
    room = again.open()
    vote = again.vote
    assert vote is not None and vote.target == ADA and vote.yes == {CY}, "the vote came back"
    assert again.timed_out.get(ADA, 0) >= ABSENT_MOVES, "and Ada's count with it"
    later.advance(11 * HOUR)
    assert again.vote is vote, "its hours ran on while the server was down: 12 of 24 left"
    later.advance(1.5 * HOUR)
    assert again.vote is None, "Bob did not answer: he does not hold it up"
    assert "The vote carried (1 yes, 0 no, of 2 asked)" in _said(again)
    assert ADA in room.stand_ins
    again.close()
    keeper.stop()

    keeper = Keeper(tmp_path, loop)  # the seat voted away stays with the bot across a restart
    third = _table(tmp_path, SetClock(loop, wall=later.wall()), keeper, Plan.from_json(table.plan.to_json()))
    assert ADA in third.open().stand_ins and ADA in third.voted_out
    third.close()
    keeper.stop()


async def test_a_turn_based_vote_fails_with_a_no_and_ends_when_the_person_is_back(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    table = _table(tmp_path, clock, keeper, _plan())
    table.start()
    _until_ada_ran_out(table, clock, ABSENT_MOVES)
    table.call_vote(BOB)
    table.answer_vote(CY, False)
    room = table.room
    assert room is not None
    assert table.vote is None and "The vote failed (1 yes, 1 no, of 2 asked): Ada keeps the seat." in _said(
        table
    )
    assert ADA not in table.voted_out
    table.call_vote(BOB)
    table.reclaim(ADA)  # she is back before it ends
    assert table.vote is None and "The vote on Ada's seat is over: Ada is back." in _said(table)
    with pytest.raises(TableError, match="Nobody's time has run out on a move since they last played"):
        table.call_vote(BOB)
    table.close()
    keeper.stop()


async def test_the_vote_dialog_of_a_turn_based_room_says_why_and_who_counts() -> None:
    from textual.app import App

    from server.screens.vote import VoteDialog
    from server.tables.seat_clocks import VoteFace

    tally = "1 yes, 0 no: 1 of the room's 2 people have answered"
    face = VoteFace(
        1, "Bob", ADA, "Ada", frozenset({BOB, CY}), frozenset({BOB}), tally, 1, 2, turn_based=True
    )
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(VoteDialog(face))
        await pilot.pause()
        said = " ".join(str(w.render()) for w in app.screen.query("Static"))
        said = " ".join(said.split())
        assert "Ada's time ran out on moves in a row" in said and f"So far: {tally}." in said, said
        assert "present" not in said and "away or out of time" not in said
