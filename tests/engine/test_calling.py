"""Calling the game: proposed on one's own turn before the throw or as it ends, every other player still
in agrees or play goes on, the richest by the count wins, and a player may ask again only rounds later."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import (
    AgreeToCall,
    BuyProperty,
    CallGame,
    EndTurn,
    Game,
    GameState,
    RefuseCall,
    RollDice,
)
from engine.core.events import CallAnswered, CallProposed, GameOver
from engine.core.state import CallAnswer
from engine.rules.calling import CALL_EVERY_ROUNDS, CALL_FROM_ROUND
from saves import SaveStore

from saved_games import seats_of
from scenario import (
    ADA,
    GRACE,
    LINUS,
    cash,
    dice,
    of_kind,
    pending,
    play,
    refusal,
    replays,
    settle,
    table,
    turn_of,
)


def _late(players: int = 3, throw: tuple[int, int] = (1, 2)) -> Game:
    """Ada about to throw `throw`, late enough in the game that it may be called; Grace the richest."""
    game = table(("Ada", "Grace", "Linus", "Ken")[:players])
    dice(game, throw)
    game.state.round = CALL_FROM_ROUND
    cash(game, ADA, 1000)
    cash(game, GRACE, 3000)
    cash(game, LINUS, 500)
    turn_of(game, ADA)
    return settle(game)


def test_the_game_cannot_be_called_in_its_first_rounds() -> None:
    game = table()
    game.state.round = CALL_FROM_ROUND - 1
    settle(game)
    assert CallGame(player=ADA) not in game.legal_commands(ADA)
    assert "from round" in refusal(game, CallGame(player=ADA)).reason


def test_a_call_asks_every_other_player_in_turn_and_all_agreeing_ends_the_game() -> None:
    game = _late()
    assert CallGame(player=ADA) in game.legal_commands(ADA)
    events = play(game, CallGame(player=ADA))
    assert of_kind(events, CallProposed) == [CallProposed(player=ADA, leader=GRACE)]
    assert pending(game) == CallAnswer(player=GRACE, caller=ADA, left=(LINUS,))
    assert game.legal_commands(GRACE)[:2] == [AgreeToCall(player=GRACE), RefuseCall(player=GRACE)]
    assert "Not your move" in refusal(game, AgreeToCall(player=LINUS)).reason
    play(game, AgreeToCall(player=GRACE))
    assert pending(game) == CallAnswer(player=LINUS, caller=ADA, left=())
    over = of_kind(play(game, AgreeToCall(player=LINUS, reason="fair enough")), GameOver)
    assert over[0].reason == "called" and over[0].winner == GRACE
    assert game.state.winner == GRACE
    assert replays(game)


def test_one_refusal_and_play_goes_on_where_it_stood() -> None:
    game = _late()
    play(game, CallGame(player=ADA), AgreeToCall(player=GRACE))
    events = play(game, RefuseCall(player=LINUS, reason="I can still win"))
    assert of_kind(events, CallAnswered) == [
        CallAnswered(player=LINUS, agreed=False, reason="I can still win")
    ]
    assert game.state.winner is None
    assert pending(game).kind == "roll" and pending(game).player == ADA
    play(game, RollDice(player=ADA))  # the throw he had not made yet
    assert game.state.players[ADA].position == 3
    assert replays(game)


def test_a_player_may_call_again_only_rounds_later_and_others_meanwhile() -> None:
    game = _late()
    play(game, CallGame(player=ADA), RefuseCall(player=GRACE))
    reason = refusal(game, CallGame(player=ADA)).reason
    assert f"again in {CALL_EVERY_ROUNDS} rounds" in reason
    assert CallGame(player=ADA) not in game.legal_commands(ADA)
    game.state.round += CALL_EVERY_ROUNDS - 1
    assert "again in 1 round." in refusal(game, CallGame(player=ADA)).reason
    game.state.round += 1
    assert CallGame(player=ADA) in game.legal_commands(ADA)
    turn_of(game, GRACE)
    assert CallGame(player=GRACE) in game.legal_commands(GRACE)


def test_only_on_ones_own_turn_before_the_throw_or_as_it_ends() -> None:
    game = _late()
    assert "own turn" in refusal(game, CallGame(player=GRACE)).reason
    play(game, RollDice(player=ADA))  # lands on Baltic, for sale
    assert pending(game).kind == "buy"
    assert "own turn" in refusal(game, CallGame(player=ADA)).reason
    play(game, BuyProperty(player=ADA))
    assert pending(game).kind == "end_turn"
    play(game, CallGame(player=ADA), RefuseCall(player=GRACE))
    assert pending(game).kind == "end_turn" and pending(game).player == ADA
    play(game, EndTurn(player=ADA))
    assert pending(game).player == GRACE


def test_a_bankrupt_player_is_not_asked() -> None:
    game = _late(players=4)
    game.state.players[GRACE].bankrupt = True
    game.state.players[GRACE].cash = 0
    settle(game)
    play(game, CallGame(player=ADA))
    assert pending(game) == CallAnswer(player=LINUS, caller=ADA, left=(3,))


def test_a_game_waiting_on_a_call_saves_and_goes_on_the_same(tmp_path: Path) -> None:
    game = _late()
    play(game, CallGame(player=ADA), AgreeToCall(player=GRACE))
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "called") as session:
        save_id = session.id
    loaded = store.load(save_id).game
    assert loaded.state == game.state
    assert GameState.from_json(game.state.to_json()) == game.state
    assert loaded.state.players[ADA].called_round == CALL_FROM_ROUND
    for g in (game, loaded):
        play(g, RefuseCall(player=LINUS))
    assert loaded.state == game.state


@pytest.mark.parametrize("answer", [AgreeToCall, RefuseCall])
def test_an_answer_with_no_call_open_is_refused(answer: type[AgreeToCall] | type[RefuseCall]) -> None:
    game = _late()
    assert "Not now" in refusal(game, answer(player=ADA)).reason
