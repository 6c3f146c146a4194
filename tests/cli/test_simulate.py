"""`landlords simulate`: one JSON object, bad arguments refused in one line, and a run shared among
processes (`--jobs`) giving exactly the figures of one."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import partial

import pytest

from engine.tools.simulate import simulate


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
    work = partial(headless.simulation, 4, 8, "classic", 1000, headless.Keeping())
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
