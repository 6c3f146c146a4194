"""Positions drawn from a view: everything the table can see kept, everything it cannot drawn afresh
from the analysis's own seed, and nothing of the game's own seed, deck order or face-down cards read."""

from __future__ import annotations

import pytest

from engine import Game, GameState
from engine.chances import chances
from engine.lookahead.sampling import Sampler
from engine.play.soundness import problem
from engine.rules.hands import FACE_DOWN, split_ref

from played_games import lookalike, played

EDITIONS = ["classic", "addon", "landlords-1904", "finance-1936", "modern", "darrow-1935"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_drawn_position_keeps_all_the_table_sees(edition: str) -> None:
    game = played(edition, 16)
    assert game.state.winner is None
    view = game.view(None)
    state = Sampler(view).draw(11)
    assert problem(state) is None  # a position the game could be in
    assert Game(state, initial=state).view(None) == view  # the table sees exactly what it saw
    for name, order in state.decks.items():  # every deck holds the cards it held, in some order
        assert sorted(order) != [] or not game.state.decks[name]
        assert len(order) == len(game.state.decks[name])


@pytest.mark.parametrize("edition", ["addon", "classic", "finance-1936"])
def test_two_positions_that_look_the_same_give_the_same_figures(edition: str) -> None:
    real = played(edition, 30)
    other = lookalike(real)
    assert other.state.seed != real.state.seed and other.state.decks != real.state.decks
    assert other.view(None) == real.view(None)
    assert Sampler(other.view(None)).draw(3) == Sampler(real.view(None)).draw(3)
    assert chances(other.view(None), 60, seed=9) == chances(real.view(None), 60, seed=9)
    assert chances(real.view(None), 60, seed=9) != chances(real.view(None), 60, seed=10)  # the seed is used


def test_face_down_cards_are_drawn_from_those_nobody_has_seen() -> None:
    game = played("addon", 60)
    view = game.view(None)
    hidden = {(p, i) for p, ps in enumerate(view.players) for i, r in enumerate(ps.hand) if r.endswith("/?")}
    assert hidden, "the add-on game of this seed has travel cards in hand by turn 60"
    drawn = [Sampler(view).draw(seed) for seed in range(30)]
    face_up = {split_ref(r)[1] for ps in view.players for r in ps.hand if split_ref(r)[0] == "travel"} - {
        FACE_DOWN
    }
    for state in drawn:
        for p, i in hidden:
            _, card = split_ref(state.players[p].hand[i])
            assert card != FACE_DOWN and card not in face_up
        cards = sorted(state.decks["travel"] + [split_ref(state.players[p].hand[i])[1] for p, i in hidden])
        assert cards == sorted(
            [*game.state.decks["travel"], *(split_ref(game.state.players[p].hand[i])[1] for p, i in hidden)]
        )
    assert len({tuple(s.players[p].hand[i] for p, i in sorted(hidden)) for s in drawn}) > 1  # drawn afresh


def test_a_players_own_face_down_cards_are_his_in_every_draw() -> None:
    game = played("addon", 60)
    me = next(p for p, ps in enumerate(game.state.players) if any(r.startswith("travel/") for r in ps.hand))
    view = game.view(me)
    for seed in range(10):
        assert Sampler(view).draw(seed).players[me].hand == game.state.players[me].hand


def test_the_games_seed_never_reaches_a_drawn_position() -> None:
    game = played("classic", 20)
    state: GameState = Sampler(game.view(None)).draw(4)
    assert state.seed == 4 and state.rng_state != game.state.rng_state
