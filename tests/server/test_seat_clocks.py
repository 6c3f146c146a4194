"""The arithmetic of a table's clocks, told the time by the test (a fake clock): banks run only while the
table waits on their person, each new decision tops them up to at most the start, the away are held to the
turn timer as well; and the vote's count, the room's clock in its plan and in the form."""

from __future__ import annotations

import pytest

from server.screens.clock_line import clock_tail
from server.tables.lobby_line import TableStatus, line_of
from server.tables.move_words import MoveAsked
from server.tables.plans import Plan, RoomRequest, SeatPlan, TableError, bounded_clock, minutes, read_clock
from server.tables.seat_clocks import (
    RECLAIM_GRACE,
    ClockFace,
    DueMove,
    SeatClocks,
    SeatTime,
    VoteFace,
    Waiting,
)
from server.tables.seat_vote import SeatVote
from tui.styles.glyphs import ASCII

ADA, BOB = 0, 1


def clocks(bank: int = 180, added: int = 15, turn_timer: float = 60) -> SeatClocks:
    return SeatClocks(bank, added, turn_timer, [ADA, BOB])


def test_a_bank_runs_only_while_the_table_waits_on_its_person() -> None:
    c = clocks()
    c.follow(100.0, ("ada", "roll"), Waiting(ADA))
    assert c.left(ADA, 130.0) == 150.0 and c.left(BOB, 130.0) == 180.0
    c.follow(130.0, ("grace", "buy"), None)  # a bot decides: nobody's bank runs
    assert c.left(ADA, 500.0) == 150.0
    c.follow(500.0, ("bob", "roll"), Waiting(BOB))
    assert c.left(BOB, 510.0) == 170.0 and c.left(ADA, 510.0) == 150.0
    assert c.time_up_in(510.0) == 170.0


def test_each_new_decision_adds_seconds_but_never_above_the_start() -> None:
    c = clocks()
    c.follow(0.0, ("ada", "roll"), Waiting(ADA))
    c.follow(5.0, ("ada", "roll"), Waiting(ADA))  # the same decision (she mortgaged a deed meanwhile)
    assert c.left(ADA, 5.0) == 175.0, "no top-up within one decision"
    c.follow(5.0, ("ada", "buy"), Waiting(ADA))
    assert c.left(ADA, 5.0) == 180.0, "a new decision tops up, to the start at most"
    c.follow(65.0, ("ada", "end"), Waiting(ADA))
    assert c.left(ADA, 65.0) == 135.0  # 180 - 60 + 15


def test_the_bank_runs_out_and_the_time_is_up() -> None:
    c = clocks(bank=30, added=5)
    c.follow(0.0, 1, Waiting(ADA))
    assert c.time_up_in(10.0) == 20.0 and not c.out_of_time(ADA, 10.0)
    assert c.time_up_in(31.0) == 0.0 and c.out_of_time(ADA, 31.0)
    c.follow(31.0, 1, None)  # a stand-in plays the seat
    c.reclaim(ADA)
    assert c.left(ADA, 31.0) == max(5, RECLAIM_GRACE), "back at the table, not out of time at once"


def test_the_away_are_held_to_the_turn_timer_or_their_bank_whichever_is_first() -> None:
    c = clocks(bank=180, added=0, turn_timer=60)
    c.follow(0.0, 1, Waiting(ADA))
    c.follow(100.0, 1, Waiting(ADA, away=True))  # she dropped 100 s into the decision
    assert c.time_up_in(100.0) == 60.0, "80 s of bank left, 60 s of turn timer"
    c.follow(130.0, 1, Waiting(ADA, away=True))  # the table changed meanwhile: the timer runs on
    assert c.time_up_in(130.0) == 30.0
    c.follow(140.0, 1, Waiting(ADA))  # back
    assert c.time_up_in(140.0) == 40.0, "her bank alone again"


def test_without_banks_only_the_away_are_timed() -> None:
    c = clocks(bank=0, added=0, turn_timer=60)
    c.follow(0.0, 1, Waiting(ADA))
    assert c.time_up_in(1000.0) is None and c.left(ADA, 1000.0) is None
    c.follow(1000.0, 1, Waiting(ADA, away=True))
    assert c.time_up_in(1010.0) == 50.0


def test_the_face_names_the_seat_that_holds_the_table_up() -> None:
    here = SeatTime(ADA, "Ada", 20.0, waited=True, away=False, bot=False)
    assert ClockFace((here,)).holder is None
    away = SeatTime(ADA, "Ada", 20.0, waited=True, away=True, bot=False)
    assert ClockFace((away,)).holder == away
    out = SeatTime(ADA, "Ada", 0.0, waited=True, away=False, bot=False)
    assert ClockFace((out,)).holder == out
    played = SeatTime(ADA, "Ada", 0.0, waited=True, away=True, bot=True)
    assert ClockFace((played,)).holder is None


@pytest.mark.parametrize(
    ("present", "yes", "no", "outcome"),
    [
        (1, [], [], "carried"),  # the caller alone
        (2, [], [], None),
        (2, [2], [], "carried"),
        (2, [], [2], "failed"),
        (3, [2], [], "carried"),
        (4, [2], [3], None),
        (4, [2, 3], [], "carried"),
        (4, [], [2, 3], "failed"),
    ],
)
def test_a_vote_carries_with_a_majority_of_those_present(
    present: int, yes: list[int], no: list[int], outcome: str | None
) -> None:
    vote = SeatVote(1, caller=1, target=0, voters=frozenset(range(1, present + 1)))
    for seat in yes:
        vote.answer(seat, True)
    for seat in no:
        vote.answer(seat, False)
    assert vote.outcome() == outcome


@pytest.mark.parametrize(
    ("kind", "bank", "added", "kept"),
    [
        ("none", "9:99", "x", (0, 0)),
        ("bank", "3:00", "15", (180, 15)),
        ("bank", "3", "+15s", (180, 15)),
        ("bank", " 0:30 ", "0", (30, 0)),
        ("bank", "60:00", "120", (3600, 120)),
    ],
)
def test_the_form_reads_the_clock(kind: str, bank: str, added: str, kept: tuple[int, int]) -> None:
    assert read_clock(kind, bank, added) == kept


@pytest.mark.parametrize(
    ("bank", "added", "words"),
    [
        ("0:29", "15", "The time bank"),
        ("61:00", "15", "The time bank"),
        ("3:60", "15", "The time bank"),
        ("three", "15", "The time bank"),
        ("", "15", "The time bank"),
        ("3:00", "121", "seconds added"),
        ("3:00", "-1", "seconds added"),
        ("3:00", "1.5", "seconds added"),
    ],
)
def test_a_clock_out_of_bounds_is_refused_in_words(bank: str, added: str, words: str) -> None:
    with pytest.raises(TableError, match=words):
        read_clock("bank", bank, added)


def test_a_plan_keeps_its_clock_and_an_old_plan_without_one_loads() -> None:
    plan = Plan("t1", "Friday", "classic", {}, [SeatPlan("person")], bank=180, bank_added=15)
    again = Plan.from_json(plan.to_json())
    assert (again.bank, again.bank_added) == (180, 15)
    old = plan.to_json()
    del old["bank"], old["bank_added"]
    assert (Plan.from_json(old).bank, Plan.from_json(old).bank_added) == (0, 0)
    edited = {**plan.to_json(), "bank": 10**9, "bank_added": "lots"}
    assert (Plan.from_json(edited).bank, Plan.from_json(edited).bank_added) == (3600, 0)
    seats = [SeatPlan("person")]
    asked = RoomRequest("k", "Ada", "Friday", "classic", {}, seats, 60, "normal", True, 150, 10)
    assert RoomRequest.from_json(asked.to_json()) == asked
    assert bounded_clock(-5, 30) == (0, 0)


def test_the_lobby_line_shows_the_clock() -> None:
    plan = Plan("t1", "Friday", "classic", {}, [SeatPlan("person")], save_id="s", bank=180, bank_added=15)
    line = line_of(plan, TableStatus("resting"), "k")
    assert line.clock == "bank 3:00 +15s" and line.edition_words == "Classic, bank 3:00 +15s"
    plan.bank, plan.advisor = 0, False
    assert line_of(plan, TableStatus("resting"), "k").edition_words == "Classic, no advisor"
    assert minutes(0.2) == "0:01" and minutes(0) == "0:00" and minutes(61) == "1:01"


def test_the_status_line_tells_the_clocks_in_few_words() -> None:
    seats = (
        SeatTime(ADA, "Ada", 45.0, waited=True, away=True, bot=False),
        SeatTime(BOB, "Bob", 180.0, waited=False, away=False, bot=False),
        SeatTime(2, "Cy", 0.0, waited=False, away=False, bot=True),
    )
    assert clock_tail(ClockFace(seats), ASCII).plain == ">Ada away 0:45 | Bob 3:00 | Cy bot"
    vote = VoteFace(
        1, "Bob", ADA, "Ada", frozenset({1, 2}), frozenset({1}), "1 yes, 0 no, of 2 present", 1, 2
    )
    assert clock_tail(ClockFace(seats, vote), ASCII).plain.startswith("vote Ada: 1/2 yes (a) | >Ada away")
    no_clock = (SeatTime(BOB, "Bob", None, waited=True, away=False, bot=False),)
    assert clock_tail(ClockFace(no_clock), ASCII).plain == "", "nothing timed, nothing said"


def test_a_turn_based_tables_status_line_says_the_move_it_waits_on_and_by_when() -> None:
    away = (SeatTime(BOB, "Bob", None, waited=True, away=True, bot=False),)
    due = DueMove(BOB, "Bob", MoveAsked("auction", "Baltic Avenue", 4, 1_700_000_000.0))
    face = ClockFace(away, due=due)
    by = "by Tue, Nov 14, 10:13 PM UTC | >Bob away"
    assert clock_tail(face, ASCII, ADA).plain == f">Bob's bid in the auction of Baltic Avenue, {by}"
    assert clock_tail(face, ASCII, BOB, "Asia/Tokyo").plain.startswith(
        ">the auction of Baltic Avenue, by Wed, Nov 15, 7:13 AM JST"
    ), "to him, his own move, in his time zone"
