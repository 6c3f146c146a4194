"""Tournaments: seats rotate, wins are counted per level with a 95 % interval, runs split and merge."""

from __future__ import annotations

import math

import pytest

from engine.tools.tournament import Tournament, check_lineup, run_tournament, seating, wilson


def test_seats_rotate_so_every_level_sits_in_every_seat_equally_often() -> None:
    lineup = ["hard", "normal", "normal", "easy"]
    counts: dict[tuple[int, str], int] = {}
    for game in range(8):
        for seat, level in enumerate(seating(lineup, game)):
            counts[seat, level] = counts.get((seat, level), 0) + 1
    for seat in range(4):
        assert counts[seat, "hard"] == 2 and counts[seat, "easy"] == 2 and counts[seat, "normal"] == 4


def test_the_wilson_interval_matches_the_formula() -> None:
    lo, hi = wilson(45, 100)
    assert lo == pytest.approx(0.3561, abs=1e-4) and hi == pytest.approx(0.5475, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    lo, hi = wilson(500, 1000)
    assert math.isclose(0.5 - lo, hi - 0.5)


def test_a_short_tournament_counts_every_game() -> None:
    result = run_tournament(["hard", "easy", "random"], games=6, seed=3, max_turns=300)
    assert result.games == 6 == len(result.turns)
    assert sum(result.wins_by_level.values()) + result.capped == 6
    assert set(result.wins_by_level) == {"hard", "easy", "random"}
    assert result.wins_by_level["random"] <= 1
    out = result.as_dict()
    assert out["games"] == 6 and out["wins_by_level"] == result.wins_by_level
    assert set(out["levels"]["hard"]) == {"seats", "wins", "share", "ci95", "fair_share"}  # type: ignore[index]


def test_a_run_split_in_slices_adds_up_to_the_whole_run() -> None:
    whole = run_tournament(["normal", "easy"], games=4, seed=9, max_turns=300)
    first = run_tournament(["normal", "easy"], games=2, seed=9, max_turns=300)
    second = run_tournament(["normal", "easy"], games=2, seed=9, max_turns=300, first=2)
    first.merge(second)
    assert (first.games, first.wins_by_level, first.turns, first.capped) == (
        whole.games,
        whole.wins_by_level,
        whole.turns,
        whole.capped,
    )


def test_games_stopped_by_the_turn_cap_have_no_winner() -> None:
    result = run_tournament(["random", "random"], games=2, seed=1, max_turns=10)
    assert result.capped == 2 and sum(result.wins_by_level.values()) == 0
    assert result.capped_share == 1.0


@pytest.mark.parametrize(
    ("lineup", "message"), [(["hard"], "at least 2"), (["hard", "grandmaster"], "unknown")]
)
def test_bad_lineups_are_refused(lineup: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_lineup(lineup)


def test_an_empty_tournament_reports_zeroes() -> None:
    t = Tournament(("easy", "hard"))
    assert t.share("easy") == 0.0 and t.average_turns == 0.0 and t.interval("hard") == (0.0, 1.0)
