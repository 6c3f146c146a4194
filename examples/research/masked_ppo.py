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

Needs the `research` extra (stable-baselines3, sb3-contrib and PyTorch), PyTorch's CPU build first:

    pip install torch --index-url https://download.pytorch.org/whl/cpu && pip install '.[research]'

Run it from the repository's root:

    python examples/research/masked_ppo.py [--stages random,easy] [--steps 20000,260000] [--seed 1]

Its budget is steps, a figure for each stage, and its run is fixed by its seed: PyTorch, NumPy and the
games are seeded from `--seed` and PyTorch computes on one thread, so the same command gives the same
curve again (on the same machine and library versions). It prints, at the start of each stage, every
`--eval-every` steps and at the stage's end, the steps learnt in the stage and in all, the CPU minutes
spent and the win rate over `--eval-games` games against the stage's opponent (the same games for every
seed), and at the end the curve as a table.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from landlords_env import SingleAgentEnv

INSTALL = (
    "pip install torch --index-url https://download.pytorch.org/whl/cpu && pip install 'landlords[research]'"
)
"""What installs the libraries it needs: PyTorch's CPU build first (PyPI's for Linux brings CUDA), then the
`research` extra."""

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


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, list[str], list[int]]:
    """The command line, with the stages and each stage's steps read and checked."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stages", default="random,easy", help="the opponents, one stage each, in turn")
    parser.add_argument("--steps", default="20000,260000", help="the steps learnt in each stage")
    parser.add_argument("--seed", type=int, default=1, help="seeds PyTorch, NumPy and the games learnt from")
    parser.add_argument("--envs", type=int, default=4, help="games played at once while learning")
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--shaping", type=float, default=1.0)
    parser.add_argument("--moves", choices=("all", "prudent"), default="prudent", help="what the mask offers")
    parser.add_argument("--eval-every", type=int, default=20_000, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=50)
    args = parser.parse_args(argv)
    stages = args.stages.split(",")
    try:
        steps = [int(n.replace("_", "")) for n in args.steps.split(",")]
    except ValueError:
        parser.error(f"--steps takes whole numbers separated by commas, not {args.steps!r}")
    if len(steps) != len(stages):
        parser.error(f"--steps gives {len(steps)} figures for {len(stages)} stages")
    if min(steps) < 0 or args.eval_every <= 0 or args.envs <= 0 or args.eval_games <= 0:
        parser.error("--steps may not be negative; --eval-every, --envs and --eval-games must be above 0")
    return args, stages, steps


def main(argv: list[str] | None = None) -> None:
    args, stages, steps = parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ModuleNotFoundError as missing:  # the research extra not installed
        raise SystemExit(
            f"this example needs {missing.name}; PyTorch's CPU build, then the research extra: {INSTALL}"
        ) from None
    torch.set_num_threads(1)  # one thread: the same seed gives the same sums, so the same run
    start = time.process_time()
    curve: list[tuple[str, int, int, float, float, float]] = []
    model: Any = None
    for k, level in enumerate(stages):
        seeds = [args.seed + 1000 * k + i for i in range(args.envs)]
        tables = DummyVecEnv([maker(level, seed, args.max_turns, args.shaping, args.moves) for seed in seeds])
        if model is None:
            # 500 steps a game between updates: with 4 games a rollout is 2,000 steps, so evaluations
            # every 20,000 fall on whole rollouts (learning goes by whole rollouts)
            model = MaskablePPO(
                "MlpPolicy", tables, seed=args.seed, n_steps=500, batch_size=250, learning_rate=3e-4,
                gamma=0.999, ent_coef=0.01, verbose=0,
            )  # fmt: skip
        else:
            model.set_env(tables)
        stage_start = model.num_timesteps
        stage_end = stage_start + steps[k]
        while True:
            rate, capped = win_rate(model, level, args.eval_games, 10_000 + k, args.max_turns, args.moves)
            spent = (time.process_time() - start) / 60
            learnt = model.num_timesteps
            curve.append((level, learnt - stage_start, learnt, spent, rate, capped))
            print(
                f"{level:>7} {learnt - stage_start:>9,} steps ({learnt:>9,} in all) {spent:6.1f} CPU min"
                f"  won {rate:4.0%}  capped {capped:4.0%}",
                flush=True,
            )
            if learnt >= stage_end:
                break
            model.learn(min(args.eval_every, stage_end - learnt), reset_num_timesteps=False)
    print("\nopponent  steps  total  CPU min  won  capped")
    for level, stage_steps, total, spent, rate, capped in curve:
        print(f"{level}  {stage_steps}  {total}  {spent:.1f}  {rate:.2f}  {capped:.2f}")


if __name__ == "__main__":
    main()
