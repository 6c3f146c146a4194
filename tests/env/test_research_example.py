"""The learning example (`examples/research/masked_ppo.py`): its command line is read and checked before
the `research` extra (stable-baselines3, sb3-contrib, PyTorch) is needed, so those tests run everywhere;
where the extra is installed it runs end to end on a tiny budget, and again to the same curve (skipped
where it is not)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research" / "masked_ppo.py"


TINY = ["--eval-every", "512", "--eval-games", "2", "--envs", "2", "--max-turns", "20"]


def curve(seed: int) -> list[list[str]]:
    """The example's final table, on a tiny budget, without its CPU minutes."""
    stages = ["--stages", "random,easy", "--steps", "500,1000", "--seed", f"{seed}"]
    run = [sys.executable, str(EXAMPLE), *stages, *TINY]
    out = subprocess.run(run, capture_output=True, text=True, check=True, timeout=300).stdout
    assert "opponent  steps  total  CPU min  won  capped" in out
    rows = out.split("opponent  steps  total  CPU min  won  capped\n")[1].splitlines()
    return [row.split()[:3] + row.split()[4:] for row in rows]


def test_the_masked_ppo_example_learns_its_steps_and_again_with_the_same_seed() -> None:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("torch")
    first = curve(7)
    # each stage evaluated at its start and its end; learning goes by whole rollouts (2 games x 500 steps),
    # so the first stage's 500 steps are 1,000
    assert [row[:3] for row in first] == [
        ["random", "0", "0"], ["random", "1000", "1000"],
        ["easy", "0", "1000"], ["easy", "1000", "2000"],
    ]  # fmt: skip
    assert curve(7) == first


def run_without_the_extra(*arguments: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys, runpy; sys.modules['sb3_contrib'] = None; sys.modules['torch'] = None; "
        f"sys.argv = [{str(EXAMPLE)!r}, *{list(arguments)!r}]; "
        f"runpy.run_path({str(EXAMPLE)!r}, run_name='__main__')"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_without_the_research_extra_the_example_says_what_to_install() -> None:
    run = run_without_the_extra("--steps", "100,100")
    cpu = "pip install torch --index-url https://download.pytorch.org/whl/cpu"
    assert run.returncode != 0 and f"{cpu} && pip install 'landlords[research]'" in run.stderr


def test_the_example_takes_steps_for_each_stage_and_says_what_is_wrong() -> None:
    assert "--steps" in run_without_the_extra("--help").stdout
    mismatch = run_without_the_extra("--stages", "random,easy", "--steps", "1000")
    assert mismatch.returncode == 2 and "--steps gives 1 figures for 2 stages" in mismatch.stderr
    words = run_without_the_extra("--steps", "5 minutes,10")
    assert words.returncode == 2 and "--steps takes whole numbers" in words.stderr
    gone = run_without_the_extra("--minutes", "5,15")
    assert gone.returncode == 2 and "unrecognized arguments: --minutes" in gone.stderr
