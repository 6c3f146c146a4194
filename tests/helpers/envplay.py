"""Playing the learning environment in tests: random agents choosing among the actions the mask allows."""

from __future__ import annotations

import random

import numpy as np

from landlords_env import raw_env


def random_steps(table: raw_env, steps: int, seed: int) -> list[int]:
    """Play `steps` steps choosing uniformly among the allowed actions; the actions taken."""
    rng = random.Random(seed)
    taken: list[int] = []
    for _ in range(steps):
        if not table.agents:
            break
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
            continue
        allowed = np.flatnonzero(table.observe(agent)["action_mask"])
        action = int(allowed[rng.randrange(len(allowed))])
        taken.append(action)
        table.step(action)
    return taken
