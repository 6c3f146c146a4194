"""`landlords simulate --jobs`: the same run played by one process and by several, timed from outside.

Runs `landlords simulate --games N --seed 1 --json` with `--jobs 1` and with `--jobs J` (default 2), each
in a fresh interpreter, alternating, and prints for each the wall-clock time, the CPU time of the run and
every process it started, and the load average around it; then whether both printed the same figures and
the ratio of the wall-clock times. Target: `--jobs 2` in half the time of `--jobs 1` on two free cores.

The wall clock is what `--jobs` is for, so it is what is compared here, and it is only as good as the
cores are free: the load average is printed beside it. The CPU times say what splitting the run costs
(starting the workers, loading the engine in each) whatever the load.

    python bench/jobs.py [--games 10000] [--jobs 2] [--repeats 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

_RUN = "import sys; from cli.main import main; sys.exit(main(sys.argv[1:]))"


def run(games: int, jobs: int) -> tuple[float, float, str, str]:
    """(wall seconds, CPU seconds of the run and its workers, its JSON, the load average before it)."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    args = ["simulate", "--games", str(games), "--seed", "1", "--json", "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _RUN, *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out, load


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    best: dict[int, tuple[float, float]] = {}
    outputs: dict[int, str] = {}
    for _ in range(args.repeats):
        for jobs in (1, args.jobs):
            wall, cpu, out, load = run(args.games, jobs)
            print(
                f"--jobs {jobs:<3} wall {wall:7.2f} s   CPU {cpu:7.2f} s   load average before {load}",
                flush=True,
            )
            if jobs not in best or wall < best[jobs][0]:
                best[jobs] = (wall, cpu)
            outputs[jobs] = out
    same = "the same figures" if outputs[1] == outputs[args.jobs] else "DIFFERENT figures"
    (serial, serial_cpu), (split, split_cpu) = best[1], best[args.jobs]
    print(f"figures          {same}   ({args.games:,} games)")
    print(
        f"wall ratio       {split / serial:.2f}   (--jobs {args.jobs} / --jobs 1, best of {args.repeats}; "
        f"target <= 0.5 for --jobs 2 on two free cores; load now {os.getloadavg()[0]:.2f})"
    )
    print(f"CPU ratio        {split_cpu / serial_cpu:.2f}   (what splitting the run costs in all)")


if __name__ == "__main__":
    main()
