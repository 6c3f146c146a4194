"""Each player's chance to win from a position: figures that sum to one, are the same for the same
analysis seed however the playouts are shared out, and say 100 % for the winner of a finished game."""

from __future__ import annotations

import math

import pytest

from engine import Game, new_game
from engine.chances import SHOWN_HORIZON, alone, chances, estimate, summary, valued_alone, values
from engine.chances import played as played_out
from engine.core.options import RuleOptions
from engine.learned.value import manifest_of
from engine.lookahead import value
from engine.lookahead.features import LEVELS, NAMES, WIDTH, design
from engine.lookahead.value import ValueModel, model_for, softmax, worth_share

from played_games import played


def test_the_chances_add_up_and_their_intervals_hold_the_figure() -> None:
    view = played("classic", 40).view(None)
    figures = chances(view, 120, seed=1)
    assert figures.playouts == 120 and figures.turn == 40
    assert math.isclose(sum(c.win for c in figures.players), 1.0)
    for c in figures.players:
        assert 0.0 <= c.low <= c.win <= c.high <= 1.0


def test_more_playouts_narrow_the_interval() -> None:
    view = played("classic", 40).view(None)
    assert chances(view, 400, seed=1).widest < chances(view, 25, seed=1).widest


def test_playouts_shared_out_in_slices_give_the_same_figure() -> None:
    view = played("addon", 30).view(None)
    whole = values(view, 0, 40, seed=3)
    assert values(view, 0, 15, seed=3) + values(view, 15, 25, seed=3) == whole
    assert summary(view, whole) == chances(view, 40, seed=3)


def test_the_winner_of_a_finished_game_has_every_chance() -> None:
    game = played("finance-1936", 10_000)
    assert game.state.winner is not None
    figures = chances(game.view(None), 30)
    for c in figures.players:
        expected = 1.0 if c.seat == game.state.winner else 0.0
        assert (c.win, c.low, c.high) == (expected, expected, expected)


@pytest.mark.parametrize("edition", ["classic", "landlords-1904"])
def test_a_figure_shown_with_a_learned_value_is_the_same_whatever_the_seed(edition: str) -> None:
    """Where the edition has a learned value, the views show it alone: two analysis seeds give the very same
    figure, where playouts ending on it differed by up to 3 points at the panel's 400 and 7 at the curve's
    100 (`bench/chance_luck.py`)."""
    view = played(edition, 40).view(None)
    assert valued_alone(view)
    one, two = estimate(view, 400, seed=0), estimate(view, 400, seed=1)
    assert one == two and one.playouts == 0
    assert all(c.low == c.win == c.high for c in one.players)
    assert math.isclose(sum(c.win for c in one.players), 1.0, abs_tol=1e-6)
    assert one == alone(view)


def test_the_add_on_board_is_shown_by_its_linear_value_alone() -> None:
    view = played("addon", 40).view(None)
    assert valued_alone(view)
    figures = estimate(view, 30, seed=1)
    assert figures.playouts == 0 and figures == estimate(view, 30, seed=2)
    assert [c.win for c in figures.players] == model_for("addon").chances(view)


def test_finance_and_rule_options_are_shown_from_playouts() -> None:
    view = played("finance-1936", 20).view(None)
    assert not valued_alone(view) and alone(view) is None
    figures = estimate(view, 30, seed=1)
    assert figures.playouts == 30
    done = played_out(view, 0, 30, seed=1, horizon=SHOWN_HORIZON)
    assert done.outcomes == values(view, 0, 30, seed=1, horizon=SHOWN_HORIZON, value="linear")
    assert figures == summary(view, done.outcomes, done.luck)  # less what the playouts' luck explains
    short = new_game("addon", ["Ada", "Grace"], seed=3, rules=RuleOptions(short_game=True)).view(None)
    assert not valued_alone(short) and estimate(short, 20, seed=1).playouts == 20


def test_a_figure_wide_of_its_mark_gets_more_playouts_up_to_the_most() -> None:
    view = played("finance-1936", 10).view(None)
    assert estimate(view, 50, seed=0).widest > 0.015
    more = estimate(view, 50, seed=0, within=0.015, most=150)
    assert more.playouts == 150 and more == estimate(view, 150, seed=0)  # the same playouts, in steps


# The figures of one position and analysis seed, pinned: the same on every machine and Python version
# the project supports (the PRNG is the game's own PCG32; no `random`, no hash of a str).
# Fitting the value of positions again (`bench/fit_value.py`) changes them: pin the new ones then.
PINNED = {
    "classic": [0.482172322414, 0.220835668155, 0.139631554586, 0.157360454844],
}


PINNED_LEARNED = {
    "sha256": "61d0c09ff0169ce6128bce2f5b1097f8b63ad3cf4d4ec8b852852a62403beebe",
    "classic": [0.572087409569, 0.189459137197, 0.087006261129, 0.151447192105],
}
"""The same figure with the playouts ending on the learned value, for the weights of this digest (weights
trained again are pinned again)."""


def test_the_figure_for_a_seed_is_pinned() -> None:
    view = played("classic", 40).view(None)
    got = [round(c.win, 12) for c in chances(view, 50, seed=2024, value="linear").players]
    assert got == pytest.approx(PINNED["classic"], abs=1e-12)


def test_the_figure_ending_on_the_learned_value_is_pinned() -> None:
    manifest = manifest_of("classic")
    assert manifest is not None
    assert manifest["sha256"] == PINNED_LEARNED["sha256"], "the weights changed: pin their figure again"
    view = played("classic", 40).view(None)
    got = [round(c.win, 12) for c in chances(view, 50, seed=2024).players]
    assert got == pytest.approx(PINNED_LEARNED["classic"], abs=1e-12)


def test_the_worth_share_is_the_value_of_an_edition_without_figures() -> None:
    game: Game = played("classic", 40)
    rows, alive = design(game)
    worth = [game.ruleset.ending.worth(game, p) if alive[p] else 0 for p in range(len(alive))]
    share = softmax(worth_share(), rows, alive)
    assert share == pytest.approx([w / sum(worth) for w in worth])
    assert model_for("no such edition").weights == worth_share()


def test_a_dead_player_has_no_chance_and_weights_are_whole() -> None:
    game = played("finance-1936", 40)
    rows, alive = design(game)
    assert not all(alive), "someone is out by turn 40 in this Finance game"
    probs = ValueModel("finance-1936", model_for("finance-1936").weights).chances(game)
    assert all(p == 0.0 for p, a in zip(probs, alive, strict=True) if not a)
    assert all(len(row) == WIDTH == 3 * len(NAMES) + 2 * len(LEVELS) for row in rows)


def test_figures_fitted_on_other_features_are_refused() -> None:
    value.packaged()  # the packaged file passes its own check
    ours = {"features": list(NAMES), "levels": list(LEVELS), "stage_rounds": 25, "stage_cap": 2.0}
    for other in (
        {"features": ["cash"]},
        {"levels": ["easy"]},
        {"stage_rounds": 10},
        {"stage_cap": 3.0},
        {"levels": None},
    ):
        with pytest.raises(ValueError, match="fit it again"):
            value.checked({**ours, **other, "editions": {}})
    with pytest.raises(ValueError, match="weights"):
        value.checked({**ours, "editions": {"classic": {"weights": [1.0]}}})
