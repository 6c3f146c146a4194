"""A game's review: one replay finds where each turn began, every player's worth there and who paid whom;
the chances at each turn and the moves of the turns that mattered are worked out in pieces on a pool, no
more at a time than it has processes, and the moves that changed the chances most are told in words."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

import pytest

from engine import RollDice, new_game
from room import Room, Seat
from room.chances import ChancesPool
from room.review import (
    KEPT_LEAST,
    KEPT_MOST,
    Review,
    ReviewJob,
    Source,
    Step,
    count_payments,
    judge_moves,
    sampled,
    survey,
    turning_points,
)

from reviewed import golden, worth_judge


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


def test_a_turn_is_told_move_by_move_with_the_chances_around_each() -> None:
    source = golden("modern-short-finished-00000005.json")
    found = survey(source)
    k = len(found.positions) - 2  # the last turn: the one that ended the game
    steps = judge_moves(source, found.positions[k], found.positions[k + 1], 25, 10, 0, worth_judge)
    assert steps and all(s.turn == 25 for s in steps)
    for a, b in itertools.pairwise(steps):
        assert a.after == b.before  # each move starts where the last ended
    assert steps[-1].after[1] == 1.0  # the game is over: Grace has won
    assert any("Boardwalk" in str(line) for s in steps for line in s.lines)
    assert all(s.lines for s in steps)


def _step(swing: float, turn: int, material: bool = True) -> Step:
    return Step(turn, 0, ("x",), (), (0.5, 0.5), (0.5 + swing, 0.5 - swing), material)


def test_the_turning_points_are_the_three_to_five_biggest_moves_in_order() -> None:
    steps = [_step(0.001 * i, i) for i in range(1, 4)] + [_step(0.1, 10), _step(0.3, 5), _step(0.4, 7, False)]
    kept = turning_points(steps)
    assert [s.turn for s in kept] == [3, 5, 10]  # a tiny one only to make up three; a still move never
    many = [_step(0.05 * i, i) for i in range(1, 10)]
    assert len(turning_points(many)) == KEPT_MOST and len(turning_points(many[:2])) == 2 < KEPT_LEAST


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
    job = ReviewJob(source, ChancesPool(0), curve_playouts=5, move_playouts=5, judge=worth_judge)
    seen = await _finished(job)
    stages = [r.stage for r in seen]
    assert stages[0] == "surveying" and stages[-1] == "done" and "curve" in stages and "moves" in stages
    done = [r.progress[0] for r in seen]
    assert done == sorted(done)  # progress only moves on
    review = job.review
    assert review.survey is not None and all(c is not None for c in review.curve)
    assert KEPT_LEAST <= len(review.moves) <= KEPT_MOST
    assert [m.turn for m in review.moves] == sorted(m.turn for m in review.moves)
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
    job = ReviewJob(golden("modern-short-finished-00000005.json"), pool, 3, 3, judge=worth_judge)
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
    job = ReviewJob(source, ChancesPool(0), 3, 3, judge=worth_judge)
    await _finished(job)
    review = job.review
    assert review.survey is not None and review.survey.winner is None
    assert room.version == before


async def test_a_review_that_fails_says_so() -> None:
    class Broken(ChancesPool):
        def submit(self, fn, /, *args):  # type: ignore[no-untyped-def]
            raise RuntimeError("no processes to be had")

    job = ReviewJob(golden("modern-short-finished-00000005.json"), Broken(0), judge=worth_judge)
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
