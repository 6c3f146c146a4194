"""Judging courses of action under the same luck: a course is judged on the same drawn positions and
dice as every other, so the same course twice has no edge, and the rules' refusals are worth nothing."""

from __future__ import annotations

import pytest

from engine import Game
from engine.core.commands import BuyProperty, DeclineProperty, EndTurn, RollDice
from engine.core.state import BuyDecision
from engine.lookahead.judge import Course, judge

from played_games import until_buy


def a_buy_decision() -> tuple[Game, int]:
    """A classic position where someone is asked whether to buy the deed he stands on."""
    game = until_buy()
    pend = game.state.pending
    assert isinstance(pend, BuyDecision)
    return game, pend.player


def test_the_same_course_twice_has_no_edge_and_the_same_chance() -> None:
    game, me = a_buy_decision()
    view = game.view(me)
    buy = BuyProperty(player=me)
    first, again = judge(view, me, [[buy], [buy]], 20, seed=5)
    assert first.chance == again.chance and again.edge == 0.0 and again.error == 0.0
    assert 0.0 <= first.low <= first.chance <= first.high <= 1.0
    assert sum(first.others) == pytest.approx(1.0)


def test_courses_are_judged_apart_and_the_same_for_a_seed() -> None:
    game, me = a_buy_decision()
    view = game.view(me)
    courses: list[Course] = [[BuyProperty(player=me)], [DeclineProperty(player=me)]]
    buy, decline = judge(view, me, courses, 30, seed=2)
    assert judge(view, me, courses, 30, seed=2) == [buy, decline]
    assert decline.edge == pytest.approx(decline.chance - buy.chance)


def test_a_course_the_rules_refuse_is_worth_nothing() -> None:
    game, me = a_buy_decision()
    view = game.view(me)
    refused: Course = [RollDice(player=me), EndTurn(player=me)]  # neither allowed while a buy is awaited
    verdicts = judge(view, me, [[BuyProperty(player=me)], refused], 10, seed=1)
    assert verdicts[1].chance == 0.0 and verdicts[1].edge < 0
