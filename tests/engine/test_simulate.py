"""Headless simulation: reproducible runs, every roll's landing counted, the CLI's JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import partial

import pytest

from engine.tools.simulate import simulate


def test_a_run_is_reproducible_and_accounts_for_every_roll() -> None:
    a = simulate(6, players=4, seed=3)
    b = simulate(6, players=4, seed=3)
    assert a.as_dict() == b.as_dict()
    assert a.games == 6 and sum(a.wins) + a.capped == 6
    assert len(a.landings) == 40 and sum(a.landings) == a.rolls
    assert a.landings[30] == 0  # nobody ends a roll on Go To Jail: it is resolved to Jail
    assert a.landings[10] > max(a.landings[1:10])  # Jail is the most visited square


def test_a_turn_cap_ends_every_game() -> None:
    r = simulate(3, players=4, seed=1, max_turns=20)
    assert r.capped == 3 and r.longest == 20


def test_the_command_line_prints_one_json_object() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli.main",
            "simulate",
            "--games",
            "3",
            "--players",
            "3",
            "--seed",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    assert set(data) >= {"games", "rolls", "wins", "turns", "landings"}
    assert data["games"] == 3 and len(data["wins"]) == 3 and len(data["landings"]) == 40
    assert sum(data["landings"]) == data["rolls"]


def test_the_command_line_refuses_bad_arguments_in_one_line() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "cli.main", "simulate", "--games", "2", "--players", "1"],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 2 and "Traceback" not in res.stderr and "players" in res.stderr


@pytest.mark.parametrize("extra", [[], ["--bots", "hard,normal,easy"]], ids=["simple", "bots"])
def test_a_run_split_across_processes_gives_exactly_the_serial_figures(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from cli.main import main

    figures = []
    for jobs in ("1", "2"):
        assert main(["simulate", "--games", "12", "--seed", "8", "--json", "--jobs", jobs, *extra]) == 0
        figures.append(json.loads(capsys.readouterr().out))
    assert figures[0] == figures[1] and figures[0]["games"] == 12


def test_a_run_in_one_process_tells_its_progress_as_it_goes() -> None:
    """The progress bar of `--jobs 1` moves: each slice played is told, up to every game."""
    from cli import headless, parallel

    told: list[int] = []
    work = partial(headless.simulation, 4, 8, "classic", 1000, None)
    result = parallel.play(40, 1, work, told.append)
    assert told == sorted(told) and len(told) > 1 and told[-1] == 40
    assert result.as_dict() == simulate(40, players=4, seed=8).as_dict()


def test_the_slices_of_a_run_cover_every_game_once_in_order() -> None:
    from cli.parallel import slices

    for games in (1, 7, 100, 10_000):
        for jobs in (1, 2, 8):
            parts = slices(games, jobs)
            assert [f for f, _ in parts] == list(range(0, games, parts[0][1]))
            assert sum(n for _, n in parts) == games


def test_the_1904_game_always_ends_and_its_figures_are_counted() -> None:
    r = simulate(12, players=4, seed=8, edition="landlords-1904")
    data = r.as_dict()
    assert r.capped == 0 and sum(r.wins) == 12
    scores = data["scores"]
    assert isinstance(scores, dict) and len(scores["average_by_seat"]) == 4
    assert scores["winner_average"] >= scores["average"] > 0
    top = data["top_buyer"]
    assert isinstance(top, dict) and 0 <= top["wins"] <= top["games"] <= 12
    poorhouse = data["poorhouse"]
    assert isinstance(poorhouse, dict) and 0 <= poorhouse["games"] <= 12
    assert r.landings[4] == r.landings[30] == 0  # No Trespassing is resolved to the jail beside Coal


def test_the_classic_report_has_no_poorhouse() -> None:
    assert "poorhouse" not in simulate(2, players=2, seed=1, max_turns=50).as_dict()
