"""The luck of a playout's throws, and the figures that take out what it explains: zero on average, exactly,
so the figures stay true; narrower where the dice decide; the same however the playouts are shared out."""

from __future__ import annotations

import math

import pytest

from engine.chances import Playouts, estimate, played, summary, values
from engine.lookahead.luck import Luck, adjusted

from played_games import played as played_game
from scenario import BOARDWALK, PARK_PLACE, build, own, settle, table

EDITIONS = ["classic", "addon", "landlords-1904", "finance-1936"]
DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_throw_s_luck_is_zero_over_the_36_throws_from_anywhere(edition: str) -> None:
    game = played_game(edition, 30)
    luck = Luck(game.view(None))
    seats = len(game.state.players)
    for player in range(seats):
        for space in range(game.board.size):
            luck.reset()
            for dice in DICE:
                luck.add(game.state.deeds, player, space, dice)
            assert all(math.isclose(x, 0.0, abs_tol=1e-9) for x in luck.sums), (player, space, luck.sums)


def test_a_throw_onto_a_rival_s_hotel_is_the_rent_less_its_chance_and_the_salary_missed() -> None:
    game = table(("Ada", "Grace"))
    own(game, 1, BOARDWALK, PARK_PLACE)
    build(game, BOARDWALK, hotel=True)
    settle(game)
    rent = 2000  # Boardwalk with a hotel
    luck = Luck(game.view(None))
    deeds = game.state.deeds
    luck.add(deeds, 0, PARK_PLACE, (1, 1))  # two to Boardwalk; three or more pass GO
    expected = 200 * 35 / 36 - rent / 36
    assert luck.sums[0] == pytest.approx(-rent - expected)
    assert luck.sums[1] == pytest.approx(rent - rent / 36)
    luck.reset()
    luck.add(deeds, 0, PARK_PLACE, (3, 4))  # past GO to Chance
    assert luck.sums[0] == pytest.approx(200 - expected)
    assert luck.sums[1] == pytest.approx(-rent / 36)


def test_the_luck_s_fit_keeps_a_true_mean_and_narrows_its_error() -> None:
    # outcomes of two seats that the first seat's luck explains, with a little noise the luck does not
    luck = [[(k % 7 - 3) * 100.0, 0.0] for k in range(140)]
    noise = [((k * 37) % 11 - 5) / 1000 for k in range(140)]
    outcomes = [[0.4 + r[0] / 2000 + e, 0.6 - r[0] / 2000 - e] for r, e in zip(luck, noise, strict=True)]
    fitted = adjusted(outcomes, luck)
    assert fitted is not None
    (mean_a, error_a, _), (mean_b, error_b, _) = fitted
    plain = sum(o[0] for o in outcomes) / len(outcomes)
    plain_error = math.sqrt(sum((o[0] - plain) ** 2 for o in outcomes) / (len(outcomes) - 1) / len(outcomes))
    assert mean_a + mean_b == pytest.approx(1.0)
    assert mean_a == pytest.approx(0.4 + sum(noise) / len(noise) - sum(r[0] for r in luck) / len(luck) / 2000)
    assert error_a < plain_error / 10 and error_a == pytest.approx(error_b)


def test_without_luck_the_fit_is_the_plain_mean() -> None:
    outcomes = [[0.1 * (k % 5), 1 - 0.1 * (k % 5)] for k in range(30)]
    fitted = adjusted(outcomes, [[0.0, 0.0]] * 30)
    assert fitted is not None
    mean = sum(o[0] for o in outcomes) / 30
    error = math.sqrt(sum((o[0] - mean) ** 2 for o in outcomes) / 29 / 30)
    assert fitted[0][:2] == pytest.approx((mean, error))
    assert adjusted(outcomes[:4], [[1.0, 2.0]] * 4) is None  # too few playouts to fit the luck on


def test_counting_the_luck_changes_no_playout_and_slices_give_the_same_figure() -> None:
    view = played_game("finance-1936", 30).view(None)
    whole = played(view, 0, 40, seed=3, horizon=1)
    assert whole.outcomes == values(view, 0, 40, seed=3, horizon=1, value="linear")
    assert played(view, 0, 15, seed=3, horizon=1) + played(view, 15, 25, seed=3, horizon=1) == whole
    assert any(any(row) for row in whole.luck)


def test_the_shown_figure_takes_out_the_luck_it_explains() -> None:
    view = played_game("finance-1936", 24).view(None)  # groups complete, houses up
    done = played(view, 0, 200, seed=1, horizon=1)
    plain, fitted = summary(view, done.outcomes), summary(view, done.outcomes, done.luck)
    assert fitted == estimate(view, 200, seed=1)
    assert fitted.playouts == plain.playouts == 200
    assert math.isclose(sum(c.win for c in fitted.players), 1.0)
    assert fitted.widest < 0.8 * plain.widest
    for a, b in zip(plain.players, fitted.players, strict=True):
        assert a.low <= b.win <= a.high  # within the plain figure's own interval
        assert 0.0 <= b.low <= b.win <= b.high <= 1.0


def test_a_finished_game_keeps_its_winner_s_certainty() -> None:
    game = played_game("finance-1936", 10_000)
    assert game.state.winner is not None
    view = game.view(None)
    done = played(view, 0, 20)
    assert isinstance(done, Playouts)
    figure = summary(view, done.outcomes, done.luck)
    assert [c.win for c in figure.players] == [1.0 if p == game.state.winner else 0.0 for p in range(4)]
