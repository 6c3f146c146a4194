"""An agent against three bots in the learning environment, for a few games: it learns nothing, but shows
the loop a learner runs (observe, choose among the actions the mask allows, step) and what it is told.

The agent is a rule of thumb written against the action layout: buy what it lands on, build where it
may, otherwise do what the game waits for, choosing uniformly. Run it from the repository's root:

    python examples/research/agent_against_bots.py [--games 3] [--level normal] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from landlords_env import env

PREFERRED = ("buy_property", "build", "roll_dice", "end_turn")
"""The agent's order of preference among the families of actions allowed; anything else at random."""


def choose(mask: np.ndarray, family: dict[int, str], rng: random.Random) -> int:
    allowed = [int(i) for i in np.flatnonzero(mask)]
    for name in PREFERRED:
        mine = [i for i in allowed if family[i] == name]
        if mine:
            return rng.choice(mine)
    calm = [i for i in allowed if family[i] not in ("offer_to", "declare_bankruptcy")]
    return rng.choice(calm or allowed)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument(
        "--level", default="normal", help="the three bots' level (easy, normal, hard, expert)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args()
    table = env(seats=4, opponents=[args.level] * 3, seed=args.seed, max_turns=args.max_turns)
    raw = table.unwrapped
    family = {i: f.name for f in raw.actions.families for i in range(f.start, f.start + f.size)}
    rng = random.Random(args.seed)
    for game in range(args.games):
        table.reset()
        steps, total = 0, 0.0
        start = time.process_time()
        for _agent in table.agent_iter():
            observation, reward, terminated, truncated, _info = table.last()
            total += reward
            if terminated or truncated:
                table.step(None)
                continue
            table.step(choose(observation["action_mask"], family, rng))
            steps += 1
        seconds = time.process_time() - start
        st = raw.game.state
        outcome = {1.0: "won", -1.0: "lost"}.get(total, f"no winner by turn {st.turn} (reward {total:g})")
        print(
            f"game {game + 1} (seed {raw.game_seed}): the agent {outcome} after {steps} steps, "
            f"{st.turn} turns; {seconds:.1f} CPU s with the bots' thinking"
        )


if __name__ == "__main__":
    main()
