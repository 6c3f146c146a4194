"""The benchmark scripts run: each once, at a tiny size, printing its figures (the figures are not judged
here; speed targets belong to the benchmarks themselves)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

CASES = {
    "engine.py": (["--games", "3", "--repeats", "1"], "rolls per CPU s"),
    "floor.py": (["--games", "2", "--repeats", "1"], "+ state"),
    "jobs.py": (["--games", "4"], "wall ratio"),
    "saves.py": (["--commands", "200", "--repeats", "2"], "file size"),
    "bots.py": (["--games", "4", "--jobs", "1"], "decisions"),
    "tui.py": (["--starts", "1", "--commands", "6"], "first screen"),
    "serve.py": (["--sessions", "2", "--seconds", "5"], "sessions held"),
}


@pytest.mark.parametrize("script", sorted(CASES))
def test_the_benchmark_runs_and_prints_its_figures(script: str) -> None:
    args, expected = CASES[script]
    result = subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert expected in result.stdout, result.stdout
