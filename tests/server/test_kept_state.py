"""What a table keeps beside its save across a restart (its banks, chat and vote), written as it changes
and read back checked: the arithmetic of the banks and the vote kept, a file missing, damaged or holding
hostile text, and a table made again from its files as a restart makes it (the server itself killed with
SIGKILL is in test_restart)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from room import Persistence
from server.base.clock import LoopClock
from server.tables.keeping import Keeper, read_kept
from server.tables.plans import Plan, SeatPlan
from server.tables.restart_words import Lost
from server.tables.seat_clocks import SeatClocks, Waiting
from server.tables.seat_vote import VOTE_SECONDS, SeatVote
from server.tables.table import DAMAGED_STATE, MISSING_STATE, Table

ADA, BOB, CY = 0, 1, 2
TITLE = "\x1b]0;pwned\x07"


def test_banks_kept_come_back_as_they_were_and_a_decision_under_way_is_not_topped_up_twice() -> None:
    before = SeatClocks(180, 15, 60, [ADA, BOB])
    before.follow(0.0, (ADA, "roll", 0), Waiting(ADA))
    before.follow(40.0, (BOB, "buy", 0), Waiting(BOB))  # Ada's decision over at 140 (no top-up above 180)
    kept = json.loads(json.dumps(before.kept(52.5)))  # Bob's bank runs: 12.5 s spent of his
    assert kept["left"] == {"0": 140.0, "1": 167.5}

    after = SeatClocks(180, 15, 60, [ADA, BOB])
    assert after.take_back(kept)
    assert after.left(ADA, 1000.0) == 140.0 and after.left(BOB, 1000.0) == 167.5, "nobody's runs meanwhile"
    after.follow(1000.0, (BOB, "buy", 0), Waiting(BOB))  # the same decision, Bob back at the table
    assert after.left(BOB, 1010.0) == 157.5, "no second top-up for the decision under way"
    after.follow(1010.0, (ADA, "roll", 1), Waiting(ADA))
    assert after.left(ADA, 1010.0) == 155.0, "a new decision tops up as before"


def test_banks_that_are_not_this_tables_are_refused_and_leave_them_full() -> None:
    damaged: list[object] = [
        None,
        [],
        {"left": {"7": 10.0}},  # no such person
        {"left": {"0": "ten"}},
        {"left": {"0": float("nan")}},
        {"left": {"0": True}},
        {"left": {"0": 10.0}, "decision": {"x": 1}},
        {"left": {"0": 10.0}, "decision": ["x" * 500]},
    ]
    for broken in damaged:
        clocks = SeatClocks(180, 15, 60, [ADA, BOB])
        assert not clocks.take_back(broken), broken
        assert clocks.left(ADA, 0.0) == 180.0
    clocks = SeatClocks(180, 15, 60, [ADA, BOB])
    assert clocks.take_back({"left": {"0": -5, "1": 1e9}})  # out of bounds: held to them
    assert (clocks.left(ADA, 0.0), clocks.left(BOB, 0.0)) == (0.0, 180.0)


def test_a_vote_kept_comes_back_open_and_a_vote_that_cannot_be_is_refused() -> None:
    vote = SeatVote(3, caller=BOB, target=ADA, voters=frozenset({BOB, CY, 3}))
    vote.answer(CY, False)
    back, left = SeatVote.from_json(json.loads(json.dumps(vote.to_json(12.25))), [ADA, BOB, CY, 3])
    assert (back.number, back.caller, back.target, back.voters) == (3, BOB, ADA, frozenset({BOB, CY, 3}))
    assert (back.yes, back.no, left) == ({BOB}, {CY}, 12.25)
    raw = vote.to_json(12.25)
    for change in (
        {"target": 9},  # not a person's seat
        {"target": BOB},  # among the voters
        {"caller": ADA},
        {"yes": [BOB, CY], "no": [CY]},
        {"yes": [BOB, CY, 3], "no": []},  # carried: not open any more
        {"no": [BOB]},
        {"voters": "all"},
        {"left": "soon"},
        {"number": -1},
    ):
        try:
            SeatVote.from_json({**raw, **change}, [ADA, BOB, CY, 3])
        except ValueError:
            continue
        raise AssertionError(f"{change} was taken")
    _, left = SeatVote.from_json({**raw, "left": 1e9}, [ADA, BOB, CY, 3])
    assert left == VOTE_SECONDS


def test_a_missing_file_a_damaged_one_and_hostile_chat_lines(tmp_path: Path) -> None:
    path = tmp_path / "room.json"
    assert read_kept(path, 200, 100).found == "missing"
    path.write_text('{"format": 1, "chat": [{"who": "Ada", "te', encoding="utf-8")  # cut short
    damaged = read_kept(path, 200, 100)
    assert damaged.found == "damaged" and damaged.chat == []
    assert not path.exists() and (tmp_path / "room.json.damaged").is_file(), "set aside for the operator"

    lines = [
        {"who": "E\u202eve", "text": f"[b]bold[/b] {TITLE}\n next", "at": 60.0, "after": 3},
        {"who": "Ada", "text": "x" * 5000, "at": 61.0},
        {"who": "", "text": "* Ada's time ran out", "at": 62.0, "after": 4},
        {"who": "Bob", "text": "never", "at": float("nan")},
        {"who": "Bob", "text": "never", "at": 1e300},
        {"who": "Bob", "text": "never", "at": 1.0, "after": -1},
        {"who": "Bob", "text": "   ", "at": 1.0},
        "a line",
    ]
    path.write_text(json.dumps({"format": 1, "chat": lines, "votes": "many"}), encoding="utf-8")
    kept = read_kept(path, 200, 100)
    assert kept.found == "found" and kept.votes == 0 and kept.lost == Lost(lines=5)
    assert kept.lost.words == ["5 chat lines"]
    assert [(s.who, s.text, s.after) for s in kept.chat] == [
        ("Eve", "[b]bold[/b] \ufffd]0;pwned\ufffd next", 3),  # plain text on one line, shown as such
        ("Ada", "x" * 200, 0),
        ("", "* Ada's time ran out", 4),
    ]
    assert kept.chat[0].line() == "00:01 Eve: [b]bold[/b] \ufffd]0;pwned\ufffd next"
    assert len(read_kept(path, 200, 2).chat) == 2, "no more than a room keeps"


def _plan(table_id: str = "t1") -> Plan:
    seats = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob", "Cy")]
    return Plan(
        table_id, "Friday", "classic", {"short_game": True}, [*seats, SeatPlan("bot", "normal")], bank=180
    )


def _table(tmp: Path, keeper: Keeper, plan: Plan) -> Table:
    table = Table(
        plan, Persistence(tmp / "saves"), LoopClock(asyncio.get_running_loop()), lambda: None, keeper=keeper
    )
    table._keep_every = 0.1
    table.restore(keeper.read(plan.id, 200, 100))
    return table


def _killed(table: Table, keeper: Keeper) -> None:
    """The table's process ends with no goodbye: no last write; what its thread was writing lands."""
    table._stop_clocks()
    assert table.driver is not None and table.room is not None
    table.driver.stop()
    table.room.close()
    keeper.stop()


async def test_a_table_written_as_it_changes_comes_back_from_its_files(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    keeper = Keeper(tmp_path, loop)
    plan = _plan()
    table = _table(tmp_path, keeper, plan)
    table.start()
    for seat in (ADA, BOB, CY):
        table.arrive(seat)  # the table waits on Ada's first roll: her bank runs
    await asyncio.sleep(0.3)
    table.say("Bob", f"[b]hi[/b] {TITLE}", 200)
    table.depart(ADA)
    table.call_vote(BOB)
    assert table.vote is not None and table.vote.outcome() is None
    await asyncio.sleep(0.35)  # no change: only the writes on the schedule keep Ada's bank
    assert table.clocks is not None
    left = table.clocks.left(ADA, loop.time())
    assert left is not None and left < 179.5
    lines = [s.line() for s in table.chat_lines]
    assert "Bob calls a vote" in lines[-1]
    _killed(table, keeper)

    keeper = Keeper(tmp_path, loop)
    again = _table(tmp_path, keeper, Plan.from_json(table.plan.to_json()))
    assert [s.line() for s in again.chat_lines] == lines, "the chat is back before the room is loaded"
    again.open()
    assert again.clocks is not None
    back = again.clocks.left(ADA, loop.time())
    assert back is not None and left <= back <= left + 0.1 + 0.05, (left, back)
    assert again.clocks.left(BOB, loop.time()) == 180.0
    vote = again.vote
    assert vote is not None and (vote.number, vote.caller, vote.target) == (1, BOB, ADA)
    assert (vote.voters, vote.yes, vote.no) == (frozenset({BOB, CY}), {BOB}, set())
    assert again.chat_lines[-1].line() == lines[-1], "no notice: nothing was lost"
    again.arrive(CY)
    again.answer_vote(CY, True)  # the vote carries as if nothing had happened
    assert again.vote is None and "The vote carried (2 yes, 0 no, of 2 present)" in again.chat_lines[-1].text
    again.close()
    keeper.stop()


async def test_a_damaged_or_missing_file_loses_the_clocks_and_chat_alone_with_one_line_said(
    tmp_path: Path,
) -> None:
    loop = asyncio.get_running_loop()
    keeper = Keeper(tmp_path, loop)
    table = _table(tmp_path, keeper, _plan())
    table.start()
    table.arrive(ADA)
    table.say("Ada", "hello", 200)
    table.close()
    path = keeper.path("t1")
    for damage, notice in (
        (lambda: path.write_bytes(b"\x00\xff{"), DAMAGED_STATE),
        (path.unlink, MISSING_STATE),
    ):
        damage()
        keeper = Keeper(tmp_path, loop)
        again = _table(tmp_path, keeper, Plan.from_json(table.plan.to_json()))
        room = again.open()
        assert not room.finished
        assert [s.text for s in again.chat_lines] == [f"* {notice}"], "one line, and the game goes on"
        assert again.clocks is not None and again.clocks.left(ADA, loop.time()) == 180.0
        again.close()
        assert path.is_file(), "written afresh"
    kept = json.loads(path.read_text(encoding="utf-8"))
    kept["vote"] = {"number": 1, "caller": 0, "target": 3, "voters": [0], "yes": [0], "no": [], "left": 5}
    path.write_text(json.dumps(kept), encoding="utf-8")
    keeper = Keeper(tmp_path, loop)
    again = _table(tmp_path, keeper, Plan.from_json(table.plan.to_json()))
    again.open()
    assert again.vote is None
    assert again.chat_lines[-1].text == (
        "* After the server restarted, this room's vote under way could not be read back; "
        "the rest is as it was."
    )
    assert [s.text for s in again.chat_lines[:-1]] == [f"* {MISSING_STATE}"], "the chat kept is back"
    again.close()


async def test_what_a_restart_lost_is_told_in_each_readers_language(tmp_path: Path) -> None:
    """The banks, the vote and some chat lines could not be read back: one line says so, kept once for
    the table as its message, a count and a plural form, and each reader reads it whole in their own
    language (a Spanish reader meets no English word of what was lost), here and when read back again."""
    from server.people.chat import Said
    from translation import language, use

    spanish = language("es")
    assert spanish is not None and spanish.code == "es"
    loop = asyncio.get_running_loop()
    keeper = Keeper(tmp_path, loop)
    table = _table(tmp_path, keeper, _plan())
    table.start()
    table.arrive(ADA)
    table.say("Ada", "hola", 200)
    table.close()
    path = keeper.path("t1")
    kept = json.loads(path.read_text(encoding="utf-8"))
    kept["chat"] += ["a line", {"who": "Bob", "text": "   ", "at": 1.0}]  # two lines that cannot be read
    kept["clocks"] = {"left": {"7": 10.0}}  # no such person: not this table's banks
    kept["vote"] = {"number": 1, "caller": 0, "target": 3, "voters": [0], "yes": [0], "no": [], "left": 5}
    path.write_text(json.dumps(kept), encoding="utf-8")
    keeper = Keeper(tmp_path, loop)
    again = _table(tmp_path, keeper, Plan.from_json(table.plan.to_json()))
    again.open()
    told = again.chat_lines[-1]
    english = (
        "* After the server restarted, this room's 2 chat lines, vote under way and banks could not be read "
        "back; the rest is as it was."
    )
    assert told.text == english and told.line() == english
    spoken = (
        "* Tras reiniciarse el servidor no se pudieron recuperar ni 2 líneas de la charla, ni la votación en "
        "curso, ni los bancos de tiempo de esta sala; el resto está como estaba."
    )
    with use(spanish):
        assert told.line() == spoken
        assert Said.from_json(json.loads(json.dumps(told.to_json())), 500).line() == spoken
        for word in ("chat line", "vote under way", "banks", " and "):
            assert word not in told.line()
    again.close()
    keeper.stop()
