"""The chances the views show move by what happened, not by the estimate's own luck: the same position
worked out with two analysis seeds, at the settings of the chances panel and of the review's curve, gives
figures within a point (where two seeds of the earlier curve, 100 playouts of two rounds, differed by 1.2
to 3 points on these positions of Finance); where a value alone is shown, the very same figure.
`bench/chance_luck.py` measures it over many positions."""

from __future__ import annotations

import pytest

from room.chances import PLAYOUTS, figure_of
from room.review import CURVE_PLAYOUTS, curve_look_ahead

from played_games import played

POINT = 0.01


def apart(one: list[float], two: list[float]) -> float:
    return max(abs(a - b) for a, b in zip(one, two, strict=True))


@pytest.mark.parametrize("turn", [10, 20, 30])
def test_two_seeds_give_the_curve_the_same_figure_within_a_point(turn: int) -> None:
    view = played("finance-1936", turn).view(None)
    one, two = (curve_look_ahead(view, CURVE_PLAYOUTS, seed, levels=None) for seed in (0, 1))
    assert one.playouts >= CURVE_PLAYOUTS
    assert apart([c.win for c in one.players], [c.win for c in two.players]) < POINT


def test_two_seeds_give_the_panel_the_same_figure_within_a_point() -> None:
    view = played("finance-1936", 20).view(None)
    one, two = (figure_of(view, PLAYOUTS, None, seed) for seed in (0, 1))
    assert apart([c.win for c in one.players], [c.win for c in two.players]) < POINT


@pytest.mark.parametrize("edition", ["classic", "landlords-1904", "addon"])
def test_a_value_alone_gives_every_view_one_figure_whatever_the_seed(edition: str) -> None:
    view = played(edition, 40).view(None)
    figures = [figure_of(view, PLAYOUTS, None, seed) for seed in (0, 1)]
    figures += [curve_look_ahead(view, CURVE_PLAYOUTS, seed, levels=None) for seed in (0, 1)]
    assert all(f == figures[0] for f in figures) and figures[0].playouts == 0
