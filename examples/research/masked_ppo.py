"""A learner that learns: sb3-contrib's `MaskablePPO` at one seat of a table of two (`SingleAgentEnv`),
first against the `random` bot, then against the `easy` bot, its win rate measured as it goes.

Par is a half (two seats); the win rate counts games won outright among games played to the end or to
the turn cap. The agent sees the observation scaled (`ScaledObservation`: money in thousands, counts in
hundreds) and is paid the game's result plus the optional shaping (its change of share of the table's
worth, `raw_env`'s `shaping`), which gives it something to learn from before it has won a game. Trade
drafts are left out (`offers_per_turn=0`): composing offers at random is most of a random agent's steps.
The mask offers the prudent moves (`moves="prudent"`): no mortgaging while no cash is needed, no lifting
of a mortgage taken out the same turn, no call of the game that another player would win; offered every
legal command (`--moves all`), an agent learning from scratch spends most of its steps mortgaging and
lifting mortgages, and calls games it is losing.

Needs the `research` extra (`pip install '.[research]'`: stable-baselines3, sb3-contrib and PyTorch; a
CPU build of PyTorch is enough). Run it from the repository's root:

    python examples/research/masked_ppo.py [--minutes 20] [--stages random,easy] [--seed 1]

It prints, at each evaluation, the steps learnt, the CPU minutes spent and the win rate over
`--eval-games` games against the stage's opponent, and at the end the curve as a table.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from landlords_env import SingleAgentEnv

try:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv
except ModuleNotFoundError as missing:  # the research extra not installed
    raise SystemExit(
        f"this example needs {missing.name}: pip install 'landlords[research]' (stable-baselines3, "
        "sb3-contrib, torch)"
    ) from None

MONEY = 1000.0
"""Money is seen in thousands of dollars."""


class ScaledObservation(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The observation divided, element by element, by a fixed scale: money by `MONEY`, counts that
    grow with the game by 100, flags, seats and spaces as they are (their bounds are small)."""

    def __init__(self, env: SingleAgentEnv) -> None:
        super().__init__(env)
        high = env.table.layout.high
        scale = np.ones_like(high)
        scale[high >= 1e8] = MONEY  # money and the open-ended counts share the top bound
        clock = env.table.layout.by_name["clock"]
        scale[clock.start : clock.start + 3] = 100.0  # turns, rounds, doubles
        self.scale = scale
        box = env.observation_space
        assert isinstance(box, gymnasium.spaces.Box)
        self.observation_space = gymnasium.spaces.Box(box.low / scale, box.high / scale, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        scaled: np.ndarray = (observation / self.scale).astype(np.float32)
        return scaled

    def action_masks(self) -> np.ndarray:
        table = self.env.unwrapped
        assert isinstance(table, SingleAgentEnv)
        masks: np.ndarray = table.action_masks()
        return masks


def make_table(level: str, seed: int, max_turns: int, shaping: float, moves: str) -> ScaledObservation:
    table = SingleAgentEnv(
        seats=2,
        opponents=[level],
        seed=seed,
        max_turns=max_turns,
        shaping=shaping,
        offers_per_turn=0,
        moves=moves,
    )
    return ScaledObservation(table)


def maker(
    level: str, seed: int, max_turns: int, shaping: float, moves: str
) -> Callable[[], ScaledObservation]:
    """What makes one of the games played at once while learning."""
    return lambda: make_table(level, seed, max_turns, shaping, moves)


def win_rate(
    model: Any, level: str, games: int, seed: int, max_turns: int, moves: str
) -> tuple[float, float]:
    """The share of `games` won and the share cut short at the turn cap, the agent choosing by its
    policy among the allowed actions (sampling, as it plays while learning)."""
    table = make_table(level, seed, max_turns, 0.0, moves)
    won = capped = 0
    for _ in range(games):
        observation, _info = table.reset()
        while True:
            action, _state = model.predict(observation, action_masks=table.action_masks())
            observation, reward, terminated, truncated, _info = table.step(int(action))
            if terminated or truncated:
                won += float(reward) > 0
                capped += truncated
                break
    return won / games, capped / games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stages", default="random,easy", help="the opponents, one stage each, in turn")
    parser.add_argument("--minutes", default="5,15", help="CPU minutes of each stage, evaluations included")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=4, help="games played at once while learning")
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--shaping", type=float, default=1.0)
    parser.add_argument("--moves", choices=("all", "prudent"), default="prudent", help="what the mask offers")
    parser.add_argument("--eval-every", type=int, default=20_000, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=50)
    args = parser.parse_args()
    torch.set_num_threads(1)
    stages = args.stages.split(",")
    minutes = [float(m) for m in args.minutes.split(",")]
    if len(minutes) != len(stages):
        raise SystemExit(f"--minutes gives {len(minutes)} figures for {len(stages)} stages")
    start = time.process_time()
    curve: list[tuple[str, int, float, float, float]] = []
    model: Any = None
    for k, level in enumerate(stages):
        seeds = [args.seed + 1000 * k + i for i in range(args.envs)]
        tables = DummyVecEnv([maker(level, seed, args.max_turns, args.shaping, args.moves) for seed in seeds])
        if model is None:
            model = MaskablePPO(
                "MlpPolicy", tables, seed=args.seed, n_steps=512, batch_size=256, learning_rate=3e-4,
                gamma=0.999, ent_coef=0.01, verbose=0,
            )  # fmt: skip
        else:
            model.set_env(tables)
        steps = 0
        stage_start = time.process_time()
        while True:
            rate, capped = win_rate(model, level, args.eval_games, 10_000 + k, args.max_turns, args.moves)
            spent = (time.process_time() - start) / 60
            curve.append((level, steps, spent, rate, capped))
            print(
                f"{level:>7} {steps:>9,} steps {spent:6.1f} CPU min  won {rate:4.0%}  capped {capped:4.0%}",
                flush=True,
            )
            if time.process_time() - stage_start >= 60 * minutes[k]:
                break
            model.learn(args.eval_every, reset_num_timesteps=False)
            steps += args.eval_every
    print("\nopponent  steps  CPU min  won  capped")
    for level, steps, spent, rate, capped in curve:
        print(f"{level}  {steps}  {spent:.1f}  {rate:.2f}  {capped:.2f}")


if __name__ == "__main__":
    main()
