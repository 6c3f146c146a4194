"""The benchmark scripts run: each once, at a tiny size, printing its figures (the figures are not judged
here; speed targets belong to the benchmarks themselves)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.lookahead.features import WIDTH

from pgserver import binaries

BENCH = Path(__file__).resolve().parent.parent / "bench"

CASES: dict[str, tuple[list[str], str | tuple[str, ...]]] = {
    "engine.py": (["--games", "3", "--repeats", "1"], ("to the floor", "the checks take")),
    "env.py": (["--games", "1", "--repeats", "1", "--seconds", "0.2", "--vector", "2"], "vector of 2"),
    "env_copies.py": (["--steps", "30", "--copies", "2", "--repeats", "1"], "two agents, easy and hard"),
    "identical_games.py": (
        ["--games", "1", "--editions", "classic", "--lineups", "simple"],
        "classic simple 0",
    ),
    "eventlog.py": (["--games", "1", "--repeats", "1"], "jsonschema lines / CPU s"),
    "floor.py": (["--games", "2", "--repeats", "1"], "+ state"),
    "jobs.py": (["--games", "4"], "wall ratio"),
    "saves.py": (["--commands", "200", "--repeats", "2"], "file size"),
    "replay.py": (["--commands", "100", "--steps", "5"], "quicker than from the start"),
    "bots.py": (
        ["--games", "4", "--jobs", "1", "--match", "hard-normal", "--match", "expert-hard"],
        "decisions",
    ),
    "playouts.py": (["--positions", "4", "--repeats", "1", "--edition", "classic"], "playouts/CPU s"),
    "blunders.py": (["--levels", "easy,hard", "--edition", "classic"], "accepted 0 of 15"),
    "probe_trades.py": (["--games", "2", "--probes", "3", "--playouts", "4", "--rounds", "4"], "correlation"),
    "probe_prices.py": (
        ["--games", "1", "--probes", "1", "--playouts", "4", "--rounds", "4", "--full", "1"],
        "whole games at the shark's price",
    ),
    "turning_points.py": (["--games", "1"], "every turning point beyond its error"),
    "chance_luck.py": (["--games", "1", "--turns", "20", "--editions", "addon"], "largest"),
    "analysis.py": (["--games", "3", "--playouts", "4", "--editions", "classic", "--jobs", "1"], "Brier"),
    "startup.py": (["--runs", "1"], "saves list (a game)"),
    "make_room.py": (["--rooms", "50", "--tries", "2"], "making a room, median of 2"),
    "host_rooms.py": (["--rooms", "50", "--calls", "2", "--changed", "3"], "3 rooms changed (median)"),
    "lobby_fill.py": (["--rooms", "150", "--tries", "2"], "30 more not listed"),
    "tui.py": (
        ["--starts", "1", "--commands", "6", "--panel-rounds", "1", "--panel-commands", "4"],
        "panel open",
    ),
    "serve.py": (
        ["--sessions", "2", "--seconds", "5", "--chances", "1"],
        ("chances open", "in the first 10 s of play"),
    ),
    "uniform_moves.py": (["--games", "2"], ("| all, no losing call |", "| rule of thumb | ")),
}


@pytest.mark.parametrize("script", sorted(CASES))
def test_the_benchmark_runs_and_prints_its_figures(script: str) -> None:
    args, expected = CASES[script]
    run_and_expect(script, args, expected)


@pytest.mark.slow
def test_the_server_bench_runs_two_hosts_on_one_postgresql_and_times_a_killed_hosts_tables() -> None:
    if binaries() is None:
        pytest.skip("PostgreSQL's initdb, pg_ctl and postgres are not installed")
    run_and_expect(
        "serve.py",
        ["--hosts", "2", "--sessions", "4", "--seconds", "5", "--kill-host"],
        ("on 2 hosts sharing one PostgreSQL", "sessions held    4 of 4", "at their table on the second"),
    )


@pytest.mark.slow
def test_the_hosts_round_bench_runs_two_hosts_on_its_own_postgresql() -> None:
    if binaries() is None:
        pytest.skip("PostgreSQL's initdb, pg_ctl and postgres are not installed")
    run_and_expect(
        "host_round.py",
        ["--rooms", "30", "--rounds", "2", "--changed", "2"],
        ("30 rooms held by host a", "a round's mean", "2 rooms changed"),
    )


@pytest.mark.slow
def test_the_turn_based_rooms_bench_times_entering_starting_and_deadlines_after_a_restart() -> None:
    run_and_expect(
        "turn_rooms.py",
        ["--rooms", "40", "--seconds", "1", "--fired", "4"],
        ("40 turn-based rooms", "entering a room", "4 of 4 fired", "(0 early)"),
    )


def test_the_value_of_positions_is_fitted_into_a_file_of_ones_choosing(tmp_path: Path) -> None:
    """And fitted the same on the games it kept, replayed (as after a change of the figures)."""
    out, again, kept = tmp_path / "value.json", tmp_path / "again.json", tmp_path / "games"
    fitting = ["--games", "3", "--editions", "classic", "--jobs", "1"]
    run_and_expect("fit_value.py", [*fitting, "--out", str(out), "--keep-games", str(kept)], "log loss")
    data = json.loads(out.read_text())
    assert list(data["editions"]) == ["classic"] and len(data["editions"]["classic"]["weights"]) == WIDTH
    run_and_expect("fit_value.py", [*fitting, "--out", str(again), "--from-games", str(kept)], "log loss")
    assert json.loads(again.read_text()) == data


def test_the_bots_ratings_are_fitted_into_a_file_of_ones_choosing(tmp_path: Path) -> None:
    """Fitted from ranked games kept by an earlier run, into the file `--out` names, in the shape of the
    file the server ships and reads (which `--write` alone writes)."""
    kept = tmp_path / "games.json"
    lineups = [["expert", "hard", "normal", "easy"], ["hard", "normal", "easy"], ["normal", "easy", "random"]]
    kept.write_text(json.dumps(lineups * 20 + [list(reversed(g)) for g in lineups] * 4))
    out = tmp_path / "ratings.json"
    run_and_expect("bot_ratings.py", ["--from", str(kept), "--resamples", "3", "--out", str(out)], "written")
    written = json.loads(out.read_text())
    shipped = json.loads((BENCH.parent / "server" / "people" / "bot_ratings.json").read_text())
    assert written.keys() == shipped.keys() and written["levels"].keys() == shipped["levels"].keys()
    mu = {level: figures["mu"] for level, figures in written["levels"].items()}
    assert mu["expert"] > mu["hard"] > mu["normal"] > mu["easy"] > mu["random"]


def run_and_expect(script: str, args: list[str], expected: str | tuple[str, ...]) -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for words in (expected,) if isinstance(expected, str) else expected:
        assert words in result.stdout, result.stdout


def test_the_bots_bench_refuses_a_use_the_expert_does_not_know() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "bots.py"), "--games", "1", "--expert-uses", "answers,swapz"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "unknown uses: swapz" in done.stderr
