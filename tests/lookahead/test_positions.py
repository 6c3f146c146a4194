"""Positions of mixed bot games, kept as their commands and replayed: what the value of positions is
fitted on when its figures changed after the games were played (`bench/fit_value.py --from-games`)."""

from __future__ import annotations

import pickle

from engine.tools.positions import played, samples, samples_of


def test_games_kept_and_replayed_give_the_figures_of_games_played() -> None:
    kept = pickle.loads(pickle.dumps(played("classic", 5, 0, 2)))
    found = samples_of(kept, 8)
    assert found and found == samples("classic", 5, 0, 2, 8)
    assert {g.winner for g in kept} - {None} and all(g.log for g in kept)
