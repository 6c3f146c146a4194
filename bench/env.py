"""The learning environment's speed (`landlords_env`), beside the engine's own, in CPU seconds.

Four figures, each the best of a few repeats, the environment's runs alternating with the engine's:

- steps per CPU second: four agents in the classic game choosing uniformly among the actions the mask
  allows (trade drafts included), turn cap 300;
- whole games per CPU second: one such agent against three of the engine's simple players, every game
  played to its end (or the cap of 1000 turns), and `landlords simulate`'s own games per CPU second;
- the wrapper's cost per command: the games of the first workload without trade drafts (each step then
  is one command) are played once untimed, keeping the actions the agents chose; then the same actions
  are played again through a fresh environment (`observe` and `step`, nothing else in the loop) and the
  same commands on the bare engine, which pays for each the legal commands of the seat that gives it and
  `Game.apply`. The ratio of the two is what the wrapper adds (target: at most 1.33). No agent chooses in
  either timed loop, so neither pays for choosing nor for what choosing leaves in the caches.

    python bench/env.py [--games 10] [--repeats 3] [--edition classic]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the packages.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import numpy as np  # noqa: E402

from engine import Command, Game, GameState  # noqa: E402
from engine.tools.simulate import simulate  # noqa: E402
from landlords_env import raw_env  # noqa: E402

Record = list[tuple[GameState, list[Command]]]
Actions = list[list[int]]


def agents_play(env: raw_env, games: int, seed: int) -> tuple[float, float, int, Record, Actions]:
    """Play `games` games with uniform random agents: CPU seconds in the environment, CPU seconds the
    agents took to choose, agent steps, each game's start and commands, and each game's actions. The
    clock is read once a game (reading it at every step would cost as much as what it measures); the
    agents' choosing is timed apart, by choosing again among the masks they were shown."""
    rng = random.Random(seed)
    spent = 0.0
    steps = 0
    record: Record = []
    actions: Actions = []
    masks: list[np.ndarray] = []
    clock = time.process_time
    env.reset(seed=seed)
    for game in range(games):
        start = clock()
        if game:
            env.reset()
        chosen: list[int] = []
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            allowed = np.flatnonzero(mask)
            action = int(allowed[rng.randrange(len(allowed))])
            env.step(action)
            masks.append(mask)
            chosen.append(action)
        spent += clock() - start
        steps = len(masks)
        assert env.game is not None
        record.append((env.game.initial, list(env.game.log)))
        actions.append(chosen)
    start = clock()
    for mask in masks:
        allowed = np.flatnonzero(mask)
        int(allowed[rng.randrange(len(allowed))])
    choosing = clock() - start
    return spent - choosing, choosing, steps, record, actions


def env_replay(env: raw_env, seed: int, actions: Actions, record: Record) -> tuple[float, int]:
    """The same games through the environment again, each agent giving the action it chose the first
    time: CPU seconds in `observe` and `step` alone (the games' resets are left out, as the engine's
    setting up is), and steps. Each game is checked to be the one recorded."""
    clock = time.process_time
    spent = 0.0
    steps = 0
    env.reset(seed=seed)
    for game, chosen in enumerate(actions):
        if game:
            env.reset()
        observe = env.observe
        step = env.step
        terminations = env.terminations
        truncations = env.truncations
        turn = iter(chosen)
        t0 = clock()
        while env.agents:
            agent = env.agent_selection
            if terminations[agent] or truncations[agent]:
                step(None)
                continue
            observe(agent)
            step(next(turn))
        spent += clock() - t0
        steps += len(chosen)
        assert env.game is not None and env.game.log == record[game][1], "not the game recorded"
    return spent, steps


def engine_replay(record: Record) -> tuple[float, int]:
    """The same commands on the bare engine: each with the legal commands of its seat, then applied."""
    games = [(Game.from_state(start), log) for start, log in record]
    clock = time.process_time
    spent = 0.0
    commands = 0
    for game, log in games:
        st = game.state
        legal = game.legal_commands
        apply = game.apply
        t0 = clock()
        for cmd in log:
            legal(st.pending.player)  # type: ignore[union-attr]
            apply(cmd)
        spent += clock() - t0
        commands += len(log)
    return spent, commands


def whole_games(games: int, seed: int, edition: str) -> tuple[float, int]:
    """One random agent against three simple players, every game to its end: CPU seconds and steps."""
    env = raw_env(edition=edition, opponents=["simple"] * 3, max_turns=1000)
    start = time.process_time()
    _inside, _choosing, steps, _record, _actions = agents_play(env, games, seed)
    return time.process_time() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="classic")
    args = parser.parse_args()
    best_steps = best_games = best_sim = 0.0
    best_env = best_engine = float("inf")
    commands = 0
    record: Record = []
    actions: Actions = []
    for _ in range(args.repeats):
        free = raw_env(edition=args.edition, max_turns=300)
        inside, choosing, steps, _, _ = agents_play(free, args.games, args.seed)
        best_steps = max(best_steps, steps / (inside + choosing))
        if not record:  # the games of the ratio, chosen once
            plain = raw_env(edition=args.edition, max_turns=300, offers_per_turn=0)
            _inside, _choosing, _steps, record, actions = agents_play(plain, args.games, args.seed)
        plain = raw_env(edition=args.edition, max_turns=300, offers_per_turn=0)
        inside, steps = env_replay(plain, args.seed, actions, record)
        spent, commands = engine_replay(record)
        assert commands == steps  # without drafts, each step is one command
        best_env = min(best_env, inside / steps)
        best_engine = min(best_engine, spent / commands)
        cpu, _steps = whole_games(args.games, args.seed, args.edition)
        best_games = max(best_games, args.games / cpu)
        start = time.process_time()
        simulate(args.games, players=4, seed=args.seed, edition=args.edition)
        best_sim = max(best_sim, args.games / (time.process_time() - start))
    print(f"edition              {args.edition}, {args.games} games a workload, best of {args.repeats}")
    print(f"steps per CPU s      {best_steps:,.0f}   (4 random agents, trade drafts included)")
    print(f"games per CPU s      {best_games:,.1f}   (1 random agent against 3 simple players)")
    print(f"engine games / CPU s {best_sim:,.1f}   (landlords simulate: 4 simple players)")
    print(f"engine per command   {1e6 * best_engine:,.1f} us   (legal commands and apply: {commands:,})")
    print(f"env per command      {1e6 * best_env:,.1f} us   (observe and step, the same commands)")
    print(f"wrapper ratio        {best_env / best_engine:.2f}   (target <= 1.33)")


if __name__ == "__main__":
    main()
