"""The turning points of a scripted game, judged by the packaged learned value as a review judges them: the
purchase that completes a group is one, told as such and without the throw that led there; the throw and
the rent that follow are not, and the rent is nobody's costliest decision."""

from __future__ import annotations

import asyncio

from engine import BuyProperty, EndTurn, RollDice
from room import review_words as words
from room.chances import ChancesPool
from room.review import Review, ReviewJob, Source

from reviewed import worth_judge
from scenario import (
    ADA,
    BOARDWALK,
    GRACE,
    LINUS,
    NEW_YORK,
    PARK_PLACE,
    SHORT_LINE,
    ST_JAMES,
    build,
    dice,
    own,
    place,
    play,
    settle,
    table,
    turn_of,
)


def _scripted() -> Source:
    """Ada holds two oranges, Linus the dark blues with two houses each; Ada throws onto Tennessee Avenue
    and buys it, then Grace throws onto Boardwalk and pays Linus $600 of rent."""
    game = table()
    own(game, ADA, ST_JAMES, NEW_YORK)
    own(game, LINUS, PARK_PLACE, BOARDWALK)
    build(game, PARK_PLACE, houses=2)
    build(game, BOARDWALK, houses=2)
    place(game, ADA, 10)
    place(game, GRACE, SHORT_LINE)
    turn_of(game, ADA)
    dice(game, (3, 5), (1, 3))
    settle(game)
    play(game, RollDice(player=ADA), BuyProperty(player=ADA), EndTurn(player=ADA), RollDice(player=GRACE))
    play(game, EndTurn(player=GRACE))
    return Source.of_game(game, [None, None, None], "scripted")


def _reviewed(source: Source) -> Review:
    async def run() -> Review:
        job = ReviewJob(source, ChancesPool(0), curve_playouts=2, judge=worth_judge)
        job.watch(lambda review: None)
        while not job.review.done:
            await asyncio.sleep(0)
        return job.review

    return asyncio.run(run())


def test_the_purchase_that_completes_a_group_is_the_turning_point_not_the_throw_or_the_rent() -> None:
    review = _reviewed(_scripted())
    told = [words.what_happened(step) for step in review.moves]
    assert told[0] == "Ada bought Tennessee Avenue for $180. Ada now holds the whole orange group."
    assert review.stage == "done" and review.exact  # judged by the learned value, without playouts
    first = review.moves[0]
    assert first.seat == ADA and first.against == "Against declining" and first.gain(ADA) > first.own_error()
    assert first.gain(ADA) >= 0.01
    for step, said in zip(review.moves, told, strict=True):
        assert step.kind not in ("roll_dice", "end_turn")
        assert "rolled" not in said and "rent" not in said and "$600" not in said
    costly = words.costliest(review)
    assert "No decision of Grace's cost a point or more beyond its error." in costly  # the rent was luck
