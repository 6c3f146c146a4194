"""Reasons kept back while a decision is open are told once it closes, with the moves they explain:
never after "Game over", nor in the next player's turn."""

from __future__ import annotations

from engine import new_game
from engine.core.events import CallAnswered, GameOver, ReasonGiven, TurnStarted
from saves.telling import Discretion


def test_reasons_released_by_a_closing_move_come_before_game_over_and_the_next_turn() -> None:
    game = new_game("classic", ["Ada", "Grace", "Linus"], seed=1)
    kept = ReasonGiven(rule="end.called", player=1, reason="I am ahead")
    discretion = Discretion([(3, kept)])
    answered = CallAnswered(player=2, agreed=True)
    own = ReasonGiven(rule="end.called", player=2, reason="I cannot win")
    over = GameOver(winner=1, reason="called", standings=((1, 2000), (2, 1500), (0, 900)))
    told = discretion.tell([answered, over, own], game.state, 4)
    assert [e.kind for e in told] == ["call_answered", "reason_given", "reason_given", "game_over"]
    assert told[1] == kept and told[2] == own
    discretion = Discretion([(3, kept)])
    told = discretion.tell([answered, TurnStarted(player=0, turn=9)], game.state, 4)
    assert [e.kind for e in told] == ["call_answered", "reason_given", "turn_started"]
