"""Self-play games for the learned value: seeded, the same every time, and deviating from the bots' own
moves at the decisions that matter, never with a move the rules refuse."""

from __future__ import annotations

from engine.bots import make_bot
from engine.play.game import Game
from engine.play.setup import new_game
from engine.tools.selfplay import Explorer, lineup, replay, selfplay_game
from engine.tools.simulate import BotPlayer, play_game


def test_a_selfplay_game_is_the_same_every_time() -> None:
    first, again = selfplay_game("classic", 5, 2), selfplay_game("classic", 5, 2)
    assert first.log == again.log and first.winner == again.winner
    assert replay(first).state.winner == first.winner


def test_line_ups_are_mostly_hard() -> None:
    seats = [level for index in range(200) for level in lineup(index)]
    assert set(seats) == {"hard", "normal", "easy"}
    assert seats.count("hard") > seats.count("normal") > seats.count("easy")


def test_explorers_deviate_where_it_matters_and_only_legally() -> None:
    game = new_game("classic", ["A", "B", "C", "D"], seed=9)
    explorers = [Explorer(make_bot("hard", 9, k), 9, k, deviate=0.3) for k in range(4)]
    plain = [Explorer(make_bot("hard", 9, k), 9, k, deviate=0.0) for k in range(4)]
    play_game(game, [BotPlayer(e) for e in explorers], 400)  # every command went through Game.apply
    assert sum(e.deviations for e in explorers) > 10
    calm = new_game("classic", ["A", "B", "C", "D"], seed=9)
    play_game(calm, [BotPlayer(e) for e in plain], 400)
    assert sum(e.deviations for e in plain) == 0
    assert isinstance(calm, Game) and calm.log != game.log


def test_an_explorer_bids_only_where_the_rules_let_it() -> None:
    """In Finance a player with every ownership marker out may not bid for another lot: an explorer's other
    bid there was refused by the engine and stopped the game (game 1 of seed 21)."""
    played = selfplay_game("finance-1936", 21, 1)
    assert replay(played).state.winner == played.winner
