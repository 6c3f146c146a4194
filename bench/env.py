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

Then, side by side in the same sitting, the same random agents' loop (each game's own `env()`, as a
researcher plays it) in landlords (four agents, the classic game, every game to its end or the cap of
1000 turns) and in two of PettingZoo's classic games, `connect_four_v3` and `texas_holdem_v4`: steps and
whole games per CPU second, and landlords' as a share of theirs, which hold from machine to machine as
the absolute figures do not. They need PettingZoo's classic games (`pip install pygame rlcard`); without
them the comparison is left out. Last, a vector of N games of the single-agent face stepped in one
process (`gymnasium.vector.SyncVectorEnv`, stacked observations and masks) against one game at a time.

    python bench/env.py [--games 10] [--repeats 3] [--edition classic] [--seconds 3] [--vector 8]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the packages.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))  # this checkout's packages, before any installed copy

import numpy as np  # noqa: E402

from engine import Command, Game, GameState  # noqa: E402
from engine.tools.simulate import simulate  # noqa: E402
from landlords_env import SingleAgentEnv, env, raw_env  # noqa: E402

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


def random_agents(make: Callable[[], Any], seconds: float, seed: int) -> tuple[int, int, float]:
    """Uniform random agents among the allowed actions, game after game, for about `seconds` of CPU:
    steps, whole games, and the CPU seconds they took (the clock read once a game)."""
    rng = random.Random(seed)
    table = make()
    steps = games = 0
    spent = 0.0
    clock = time.process_time
    while spent < seconds:
        start = clock()
        table.reset(seed=rng.randrange(1 << 30))
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            table.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
        games += 1
        spent += clock() - start
    return steps, games, spent


def classic_games() -> dict[str, Callable[[], Any]]:
    """PettingZoo's classic games to compare with, those installed."""
    out: dict[str, Callable[[], Any]] = {}
    try:
        from pettingzoo.classic import connect_four_v3, texas_holdem_v4
    except ImportError:
        return out
    out["connect_four_v3"] = connect_four_v3.env
    out["texas_holdem_v4"] = texas_holdem_v4.env
    return out


def vector_steps(n: int, steps: int, seed: int) -> tuple[float, float]:
    """Steps per CPU second of `n` single-agent games stepped together in one process (stacked
    observations and masks), and of one game stepped alone: random masked actions, against three
    simple players."""
    import gymnasium

    def make() -> SingleAgentEnv:
        return SingleAgentEnv(opponents=["simple"] * 3, max_turns=1000)

    rng = np.random.default_rng(seed)
    clock = time.process_time
    vector = gymnasium.vector.SyncVectorEnv([make] * n)
    vector.reset(seed=seed)
    start = clock()
    for _ in range(steps // n):
        masks = np.stack(vector.call("action_masks"))
        # a game just ended shows no allowed action: the vector starts it again at this step
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        vector.step(np.array(actions))
    batched = (steps // n) * n / (clock() - start)
    alone = make()
    alone.reset(seed=seed)
    start = clock()
    for _ in range(steps):
        mask = alone.action_masks()
        _o, _r, terminated, truncated, _i = alone.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            alone.reset()
    return batched, steps / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a game of the comparison")
    parser.add_argument("--vector", type=int, default=8, help="games in the vector (0: leave it out)")
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
    compare(args.seconds, args.seed, args.repeats)
    if args.vector:
        batched, alone = vector_steps(args.vector, max(200, int(2000 * args.seconds)), args.seed)
        print(
            f"vector of {args.vector}          {batched:,.0f} steps / CPU s, one game alone {alone:,.0f}: "
            f"ratio {batched / alone:.2f}   (1 random agent against 3 simple players)"
        )


def compare(seconds: float, seed: int, repeats: int) -> None:
    """Landlords beside PettingZoo's classic games, each best of `repeats`, alternating."""
    others = classic_games()
    if not others:
        print("beside PettingZoo    left out: pip install pygame rlcard for connect_four_v3, texas_holdem_v4")
        return
    games: dict[str, Callable[[], Any]] = {"landlords": lambda: env(max_turns=1000), **others}
    best = dict.fromkeys(games, (0.0, 0.0))
    lengths: dict[str, float] = {}
    for _ in range(repeats):
        for name, make in games.items():
            steps, played, spent = random_agents(make, seconds, seed)
            old_steps, old_games = best[name]
            best[name] = (max(old_steps, steps / spent), max(old_games, played / spent))
            lengths[name] = steps / played
    ours_steps, ours_games = best["landlords"]
    print(f"beside PettingZoo    random agents, each game's own env(), best of {repeats}:")
    print(f"  {'game':<17}{'steps / CPU s':>15}{'games / CPU s':>15}{'steps a game':>14}")
    for name, (steps_s, games_s) in best.items():
        print(f"  {name:<17}{steps_s:>15,.0f}{games_s:>15,.2f}{lengths[name]:>14,.0f}")
    for name in others:
        steps_s, games_s = best[name]
        print(f"  landlords / {name}: steps {ours_steps / steps_s:.2f}, games {ours_games / games_s:.5f}")


if __name__ == "__main__":
    main()
