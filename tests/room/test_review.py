"""A game's review: one replay finds where each turn began, every player's worth there and who paid whom;
the chances at each turn and the moves of the turns that mattered are worked out in pieces on a pool, no
more at a time than it has processes, and the moves that changed the chances most are told in words."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

import pytest

from engine import RollDice, new_game
from room import Room, Seat
from room.chances import ChancesPool
from room.review import Review, ReviewJob, Source, count_payments, sampled, survey
from room.turning_points import KEPT_MOST, LUCK, Step, costliest, judge_decisions, turning_points
from translation import language, use
from translation.context import speaking

from reviewed import golden, worth_appraiser, worth_judge


def test_the_survey_finds_each_turn_the_worth_there_and_who_paid_whom() -> None:
    source = golden("modern-short-finished-00000005.json")
    found = survey(source)
    game = source.replay()
    rent: dict[tuple[int, int], int] = {}
    starts = [0]
    for i, cmd in enumerate(source.log):
        turn = game.state.turn
        for e in game.apply(cmd):
            if e.kind == "rent_paid":
                rent[(e.payer, e.owner)] = rent.get((e.payer, e.owner), 0) + e.amount
        if game.state.turn != turn:
            starts.append(i + 1)
    assert list(found.positions) == [*starts, len(source.log)]  # each turn's start, and the end
    assert list(found.turns) == sorted(found.turns) and found.turns[-1] == game.state.turn + 1
    assert found.winner == game.state.winner == 1
    for (payer, owner), amount in rent.items():
        assert found.paid[payer][owner] >= amount  # rent, and any other money between them
    assert all(found.paid[p][p] == 0 for p in range(3))
    worth_now = [
        game.ruleset.ending.worth(game, p) if not game.state.players[p].bankrupt else 0 for p in range(3)
    ]
    assert list(found.worth[-1]) == worth_now


def test_money_between_players_and_to_the_bank_is_counted_apart() -> None:
    from engine.core.events import PropertyBought, RentPaid, TaxPaid

    paid = [[0, 0, 0], [0, 0, 0]]
    count_payments(
        paid,
        [
            RentPaid(payer=1, owner=0, space=3, amount=50),
            TaxPaid(player=0, space=4, amount=200),
            PropertyBought(player=1, space=5, price=200),  # a purchase: neither rent nor a tax
        ],
    )
    assert paid == [[0, 0, 200], [50, 0, 0]]


def test_a_long_game_is_sampled_evenly_to_the_end() -> None:
    found = survey(golden("classic-finished-00000001.json"))
    few = sampled(found, 20)
    assert len(few.positions) == 20 and few.positions[0] == 0 and few.positions[-1] == found.positions[-1]
    assert len(few.turns) == len(few.worth) == 20
    assert sampled(found, 1000) is found


def _game(source: Source) -> tuple[Any, ...]:
    return source.initial, source.log, source.names, source.levels


def test_every_decision_of_a_game_is_judged_and_no_throw_card_or_rent_is_one() -> None:
    source = golden("modern-short-finished-00000005.json")
    judged = judge_decisions(
        source.initial, source.log, source.names, source.levels, appraise=worth_appraiser
    )
    kinds = {s.kind for s in judged.steps}
    assert judged.exact and {"buy_property", "accept_trade", "declare_bankruptcy"} <= kinds
    assert not kinds & LUCK
    for step in judged.steps:
        assert step.lines and len(step.before) == len(step.after) == len(step.errors) == 3
        told = " ".join(str(line) for line in step.lines)
        assert "rolled" not in told and "drew" not in told and "moved to" not in told
    broke = next(s for s in judged.steps if s.kind == "declare_bankruptcy")
    assert (
        broke.lines[0] == "Ada owes Grace $1,400 for rent on Boardwalk and must raise the cash."
    )  # the debt
    assert broke.after[1] == 1.0  # the game is over: Grace has won


def _step(swing: float, turn: int, error: float = 0.0) -> Step:
    return Step(turn, 0, ("x",), (), (0.5, 0.5), (0.5 + swing, 0.5 - swing), errors=(error, error))


def test_the_turning_points_are_the_biggest_decisions_beyond_their_error_in_order() -> None:
    steps = [_step(0.005, 1), _step(0.1, 10), _step(0.3, 5), _step(0.4, 7, error=0.45), _step(-0.2, 3)]
    assert [s.turn for s in turning_points(steps)] == [3, 5, 10]  # never under a point, nor within its error
    many = [_step(0.05 * i, i) for i in range(1, 10)]
    assert [s.turn for s in turning_points(many)] == [5, 6, 7, 8, 9]
    assert turning_points([_step(0.005, 1)]) == ()  # a quiet game has none, rather than its luck


def test_a_players_costliest_decision_lowered_his_own_chance_beyond_its_error() -> None:
    steps = [_step(0.1, 4), _step(-0.05, 6), _step(-0.2, 8, error=0.3), _step(-0.02, 9)]
    assert [s.turn if s else None for s in costliest(steps, 2)] == [6, None]


async def _finished(job: ReviewJob, timeout: float = 60.0) -> list[Review]:
    seen: list[Review] = []
    job.watch(seen.append)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not job.review.done and loop.time() < end:
        await asyncio.sleep(0.01)
    assert job.review.done, job.review
    return seen


async def test_a_review_comes_in_stages_and_ends_with_its_turning_points() -> None:
    source = golden("modern-short-finished-00000005.json")
    job = ReviewJob(
        source, ChancesPool(0), curve_playouts=5, move_playouts=5, judge=worth_judge, appraise=worth_appraiser
    )
    seen = await _finished(job)
    stages = [r.stage for r in seen]
    assert stages[0] == "surveying" and stages[-1] == "done" and "curve" in stages
    done = [r.progress[0] for r in seen]
    assert done == sorted(done)  # progress only moves on
    review = job.review
    assert review.survey is not None and all(c is not None for c in review.curve)
    assert 1 <= len(review.moves) <= KEPT_MOST and all(m.beyond_error for m in review.moves)
    assert [m.turn for m in review.moves] == sorted(m.turn for m in review.moves)
    assert len(review.costliest) == 3
    assert review.moves[-1].after[1] == 1.0 and review.problem is None


async def test_the_pool_is_given_no_more_pieces_than_it_has_processes() -> None:
    class Held(ChancesPool):
        """Two processes, whose work is done only when the test lets one piece through."""

        def __init__(self) -> None:
            super().__init__(0)
            self.processes = 2
            self.waiting: list[tuple[Future[Any], Callable[[], Any]]] = []
            self.most = 0

        def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
            future: Future[Any] = Future()
            self.waiting.append((future, partial(fn, *args)))
            self.most = max(self.most, len(self.waiting))
            return future

    pool = Held()
    job = ReviewJob(
        golden("modern-short-finished-00000005.json"), pool, 3, 3, judge=worth_judge, appraise=worth_appraiser
    )
    job.watch(lambda review: None)
    pieces = 0
    while not job.review.done:
        await asyncio.sleep(0)
        if pool.waiting:
            future, work = pool.waiting.pop(0)
            future.set_result(work())
            pieces += 1
    assert job.review.stage == "done" and pieces > 2 * pool.processes
    assert pool.most == pool.processes  # the rest waited for room, whatever the stage


async def test_a_review_of_a_table_in_play_reads_its_room_and_changes_nothing() -> None:
    seats = [Seat(name="Vera", kind="human"), Seat(name="Ada", kind="bot", level="hard")]
    room = Room(new_game("classic", ["Vera", "Ada"], seed=2, dice=[(1, 2)]), seats, {})
    room.submit(0, RollDice(player=0), room.version)
    source = Source.of_room(room)
    assert source.levels == (None, "hard") and len(source.log) == 1 and "Vera, Ada" in source.title
    before = room.version
    job = ReviewJob(source, ChancesPool(0), 3, 3, judge=worth_judge, appraise=worth_appraiser)
    await _finished(job)
    review = job.review
    assert review.survey is not None and review.survey.winner is None
    assert room.version == before


async def test_a_review_that_fails_says_so() -> None:
    class Broken(ChancesPool):
        def submit(self, fn, /, *args):  # type: ignore[no-untyped-def]
            raise RuntimeError("no processes to be had")

    job = ReviewJob(
        golden("modern-short-finished-00000005.json"), Broken(0), judge=worth_judge, appraise=worth_appraiser
    )
    await _finished(job)
    assert job.review.stage == "failed" and job.review.problem


@pytest.mark.parametrize("name", ["classic-trade-open-00000002.json"])
async def test_the_real_look_ahead_reviews_a_game_in_another_process(name: str) -> None:
    pool = ChancesPool(1)
    try:
        job = ReviewJob(golden(name), pool, curve_playouts=10, move_playouts=10)
        await _finished(job, timeout=120)
        review = job.review
        assert review.stage == "done" and review.survey is not None
        for figure in review.curve:
            assert figure is not None and sum(c.win for c in figure.players) == pytest.approx(1.0)
    finally:
        pool.close()


async def test_a_review_speaks_to_each_watcher_in_the_watcher_s_language() -> None:
    """The pieces of a review come back from the pool's threads; each watcher is still told of them in the
    language it watched in (a Spanish player's headline in Spanish), whoever else watches the same job."""
    spanish = language("es")
    assert spanish is not None
    job = ReviewJob(
        golden("modern-short-finished-00000005.json"),
        ChancesPool(0),
        3,
        3,
        judge=worth_judge,
        appraise=worth_appraiser,
    )
    heard: dict[str, set[str]] = {"es": set(), "en": set()}
    with use(spanish):
        job.watch(lambda review: heard["es"].add(speaking().code))
    job.watch(lambda review: heard["en"].add(speaking().code))
    await _finished(job)
    assert heard == {"es": {"es"}, "en": {"en"}}
