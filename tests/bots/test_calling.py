"""Bots and calling the game: a stalled rich table of the add-on board is called and ends, and so is a
long game with a clear leader; a bot with a real chance refuses a call, and one the count makes the winner
agrees."""

from __future__ import annotations

import pytest

from engine import AgreeToCall, CallGame, Game, RefuseCall
from engine.bots.calling import CALL_AFTER_ROUNDS, DECIDED, LEADS, LONG_GAME_ROUNDS
from engine.core.events import Event, GameOver
from engine.lookahead.judge import chances_now
from engine.tools.simulate import BotPlayer, play_game

from positions import (
    ILLINOIS,
    INDIANA,
    KENTUCKY,
    NEW_YORK,
    ST_JAMES,
    TENNESSEE,
    ask,
    bot,
    roll,
    table,
)

LEVELS = ("easy", "normal", "hard")


def _stalled_addon() -> Game:
    """A late add-on game where every group is split between the four players and all are rich: nobody
    can build, and every rent is paid out of pocket."""
    game = table(edition="addon", cash=(20_000, 21_000, 19_000, 20_500))
    st = game.state
    for k, space in enumerate(game.board.deeds):
        st.deeds[space].owner = k % 4
    st.round = CALL_AFTER_ROUNDS + 20
    return game


def test_a_stalled_rich_addon_table_is_called_and_ends() -> None:
    game = _stalled_addon()
    seats = [BotPlayer(bot(level, seat)) for seat, level in enumerate(("hard", "normal", "normal", "easy"))]
    endings: list[GameOver] = []

    def watch(cmd: object, events: list[Event]) -> None:
        endings.extend(e for e in events if isinstance(e, GameOver))

    play_game(game, seats, game.state.turn + 200, watch=watch)
    assert [e.reason for e in endings] == ["called"]
    assert game.state.winner == endings[0].standings[0][0]


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_calls_a_stalled_table_on_its_own_turn(level: str) -> None:
    game = _stalled_addon()
    roll(game, 0)
    cmd = ask(bot(level, 0), game, 0)
    assert cmd == CallGame(player=0)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_with_a_real_chance_refuses_and_one_the_count_makes_the_winner_agrees(level: str) -> None:
    game = table(cash=(1500, 1600, 1400, 1450))
    game.state.round = CALL_AFTER_ROUNDS + 5
    roll(game, 0)
    game.apply(CallGame(player=0))
    answer = ask(bot(level, 1), game, 1)  # seat 1 is the richest: the call makes it the winner
    assert isinstance(answer, AgreeToCall) and answer.reason
    game.apply(answer)
    answer = ask(bot(level, 2), game, 2)
    assert isinstance(answer, RefuseCall) and answer.reason


def _long_game(rounds: int) -> Game:
    """Seat 0 with the oranges at three houses each, a clear leader but not a certain winner."""
    game = table(
        owners={0: (ST_JAMES, TENNESSEE, NEW_YORK), 1: (KENTUCKY, INDIANA, ILLINOIS)},
        houses={ST_JAMES: 3, TENNESSEE: 3, NEW_YORK: 3},
        cash=(3000, 1500, 1200, 1000),
        turn=4 * rounds,
    )
    game.state.round = rounds
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_a_long_game_with_a_clear_leader_is_called_and_the_others_agree(level: str) -> None:
    game = _long_game(LONG_GAME_ROUNDS)
    assert LEADS <= chances_now(game.view(0))[0] <= DECIDED  # clear, not certain
    roll(game, 0)
    assert ask(bot(level, 0), game, 0) == CallGame(player=0)
    game.apply(CallGame(player=0))
    answer = ask(bot(level, 1), game, 1)
    assert isinstance(answer, AgreeToCall) and "rounds" in answer.reason


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_table_earlier_plays_on(level: str) -> None:
    game = _long_game(LONG_GAME_ROUNDS - 1)
    roll(game, 2)
    assert ask(bot(level, 2), game, 2) != CallGame(player=2)
    roll(game, 0)
    game.apply(CallGame(player=0))
    game.apply(AgreeToCall(player=1))
    answer = ask(bot(level, 2), game, 2)
    assert isinstance(answer, RefuseCall)
