"""The learning example (`examples/research/masked_ppo.py`) runs end to end on a tiny budget, where the
`research` extra (stable-baselines3, sb3-contrib, PyTorch) is installed; skipped where it is not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research" / "masked_ppo.py"


def test_the_masked_ppo_example_learns_and_prints_its_curve() -> None:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("torch")
    run = [
        sys.executable, str(EXAMPLE), "--stages", "random,easy", "--minutes", "0.01,0.01",
        "--eval-every", "512", "--eval-games", "2", "--envs", "2", "--max-turns", "20",
    ]  # fmt: skip
    out = subprocess.run(run, capture_output=True, text=True, check=True, timeout=300).stdout
    assert "opponent  steps  CPU min  won  capped" in out
    rows = out.split("opponent  steps  CPU min  won  capped")[1].split()
    assert "random" in rows and "easy" in rows and "512" in rows


def test_without_the_research_extra_the_example_says_what_to_install() -> None:
    code = (
        "import sys, runpy; sys.modules['sb3_contrib'] = None; "
        f"runpy.run_path({str(EXAMPLE)!r}, run_name='__main__')"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0 and "pip install 'landlords[research]'" in run.stderr
