"""What the environment's copies for search cost (`raw_env.clone`, `determinised`, `copy.deepcopy`), in
CPU milliseconds a copy, and as shares of a deep copy's, which hold from machine to machine as the
absolute figures do not.

Two classic tables of four, each seeded and played `--steps` steps into a game by agents choosing
uniformly among the allowed actions (trade drafts included): one of four agents, one of two agents with
an `easy` and a `hard` bot in seats 2 and 3 (whose memories a copy takes along). Each kind of copy is
made `--copies` times in a row, best of `--repeats`.

    python bench/env_copies.py [--steps 300] [--copies 200] [--repeats 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the packages.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))  # this checkout's packages, before any installed copy

import numpy as np  # noqa: E402

from landlords_env import raw_env  # noqa: E402


def played(opponents: dict[int, str] | None, steps: int, seed: int) -> raw_env:
    """A classic table of four, `steps` agent steps into its first game (a game over before is replaced)."""
    rng = random.Random(seed)
    table = raw_env("classic", 4, opponents, seed=seed)
    table.reset(seed=seed)
    done = 0
    while done < steps:
        if not table.agents:
            table.reset()
            continue
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
            continue
        allowed = np.flatnonzero(table.observe(agent)["action_mask"])
        table.step(int(allowed[rng.randrange(len(allowed))]))
        done += 1
    return table


def cost(make: Callable[[], Any], copies: int, repeats: int) -> float:
    """CPU milliseconds a copy, best of `repeats` runs of `copies` copies."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(copies):
            make()
        best = min(best, time.process_time() - start)
    return 1000 * best / copies


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--copies", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| table | clone | determinised | deepcopy | clone / deepcopy | determinised / deepcopy |")
    print("|---|---|---|---|---|---|")
    for name, opponents in (("four agents", None), ("two agents, easy and hard", {2: "easy", 3: "hard"})):
        table = played(opponents, args.steps, args.seed)
        clone = cost(table.clone, args.copies, args.repeats)
        drawn = cost(partial(table.determinised, table.agent_selection, args.seed), args.copies, args.repeats)
        deep = cost(partial(copy.deepcopy, table), max(1, args.copies // 10), args.repeats)
        print(
            f"| {name} | {clone:.2f} ms | {drawn:.2f} ms | {deep:.1f} ms | {clone / deep:.3f} "
            f"| {drawn / deep:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
