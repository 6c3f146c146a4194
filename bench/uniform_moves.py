"""What a learner starting from scratch sees: an agent choosing uniformly among the actions it may take, at
the table of the PPO example (examples/research/masked_ppo.py: seat 0 of two against `easy`, the classic
game, 200 turns, no trade drafts, `shaping=1`), with five sets of actions:

- `all`: every legal command (`moves="all"`);
- `all, no losing call`: the same less proposing or agreeing to call the game while the count does not
  put the agent first;
- `all, no needless cash`: the same less mortgaging and selling outside a need of cash, and lifting a
  mortgage taken out the same turn (the prudent moves with calls left in);
- `prudent`: the environment's prudent moves (`moves="prudent"`);
- `rule of thumb`: buy, build, lift a mortgage, roll, pay the jail fine, end the turn, the first of these
  allowed (uniformly among its actions), otherwise anything allowed but bankruptcy or a call.

The second, third and last filter the actions in the agent's own loop (with `prudent_commands`' tests
for cash needed and for the lead). For each it prints the games won (with a 95 % Wilson interval), the
agent's steps a game, how its games ended (which of the two went bankrupt, a call the agent won or lost,
cut short at the turn cap), the share of its steps that mortgage a deed or lift a mortgage, and the
reward a game (the result and the shaping). The games are
the same seeded games for every set.

    python bench/uniform_moves.py [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder comes first on the path and its name would hide the packages.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))  # this checkout's packages, before any installed copy

from engine import Command  # noqa: E402
from landlords_env import SingleAgentEnv  # noqa: E402
from landlords_env.actions import CALLING, prudent_commands  # noqa: E402

LEARNER = "player_0"
THUMB = ("buy_property", "build", "unmortgage", "roll_dice", "pay_jail_fine", "end_turn")
"""The rule of thumb's commands, the first allowed taken."""

Chooser = Callable[[list[tuple[int, Command]], SingleAgentEnv, frozenset[int], random.Random], int]


def uniform(
    pairs: list[tuple[int, Command]], table: SingleAgentEnv, lifts: frozenset[int], rng: random.Random
) -> int:
    return rng.choice(pairs)[0]


def kept_by_prudence(
    pairs: list[tuple[int, Command]], table: SingleAgentEnv, lifts: frozenset[int]
) -> set[int]:
    """The actions whose commands `prudent_commands` keeps, `lifts` the deeds mortgaged this turn."""
    game = table.table.game
    assert game is not None
    kept = prudent_commands(game, 0, [cmd for _a, cmd in pairs], lifts)
    ids = {id(cmd) for cmd in kept}
    return {a for a, cmd in pairs if id(cmd) in ids}


def no_losing_call(
    pairs: list[tuple[int, Command]], table: SingleAgentEnv, lifts: frozenset[int], rng: random.Random
) -> int:
    kept = kept_by_prudence(pairs, table, lifts)
    return rng.choice([(a, c) for a, c in pairs if c.kind not in CALLING or a in kept])[0]


def no_needless_cash(
    pairs: list[tuple[int, Command]], table: SingleAgentEnv, lifts: frozenset[int], rng: random.Random
) -> int:
    kept = kept_by_prudence(pairs, table, lifts)
    return rng.choice([(a, c) for a, c in pairs if c.kind in CALLING or a in kept])[0]


def rule_of_thumb(
    pairs: list[tuple[int, Command]], table: SingleAgentEnv, lifts: frozenset[int], rng: random.Random
) -> int:
    for kind in THUMB:
        these = [p for p in pairs if p[1].kind == kind]
        if these:
            return rng.choice(these)[0]
    others = [p for p in pairs if p[1].kind not in CALLING and p[1].kind != "declare_bankruptcy"]
    return rng.choice(others or pairs)[0]


SETS: list[tuple[str, str, Chooser]] = [
    ("all", "all", uniform),
    ("all, no losing call", "all", no_losing_call),
    ("all, no needless cash", "all", no_needless_cash),
    ("prudent", "prudent", uniform),
    ("rule of thumb", "all", rule_of_thumb),
]


def play(moves: str, choose: Chooser, games: int, seed: int) -> dict[str, Any]:
    """Play `games` games of the agent choosing by `choose`; what became of them."""
    table = SingleAgentEnv(
        seats=2, opponents=["easy"], seed=seed, max_turns=200, shaping=1.0, offers_per_turn=0, moves=moves
    )
    rng = random.Random(seed)
    won = steps = cash_steps = 0
    reward = 0.0
    ends: Counter[str] = Counter()
    for _ in range(games):
        table.reset()
        lifts: tuple[int, frozenset[int]] = (-1, frozenset())
        while True:
            game = table.table.game
            assert game is not None
            turn = game.state.turn
            mortgaged = lifts[1] if lifts[0] == turn else frozenset()
            allowed = table.action_masks().nonzero()[0]
            pairs = [(int(a), table.table.command_for(LEARNER, int(a))) for a in allowed]
            action = choose(pairs, table, mortgaged, rng)  # type: ignore[arg-type]
            cmd = dict(pairs)[action]
            if cmd.kind in ("mortgage", "unmortgage"):  # type: ignore[union-attr]
                cash_steps += 1
            if cmd.kind == "mortgage":  # type: ignore[union-attr]
                lifts = (turn, mortgaged | {cmd.space})  # type: ignore[union-attr]
            _obs, r, terminated, truncated, info = table.step(action)
            steps += 1
            reward += r
            if terminated or truncated:
                won += info.get("winner") == 0
                ends[ending(info)] += 1
                break
    return {"won": won, "steps": steps, "cash_steps": cash_steps, "reward": reward, "ends": ends}


def ending(info: dict[str, Any]) -> str:
    """How a game ended for the agent, in words, from its last step's info."""
    end, winner = info.get("end"), info.get("winner")
    if end == "last_player":  # a table of two: one of them went bankrupt
        return "the agent bankrupt" if winner != 0 else "easy bankrupt"
    if end == "called":
        return "called, won" if winner == 0 else "called, lost"
    return "cut short at the cap" if end == "turn_cap" else str(end)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of k successes in n."""
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        "| what the agent may do | won (95 %) | steps a game | how its games end "
        "| steps mortgaging or lifting | reward a game |\n|---|---|---|---|---|---|"
    )
    for name, moves, choose in SETS:
        got = play(moves, choose, args.games, args.seed)
        low, high = wilson(got["won"], args.games)
        ends = "; ".join(f"{n} {end}" for end, n in got["ends"].most_common())
        won = f"{got['won']} of {args.games} ({100 * low:.0f} % to {100 * high:.0f} %)"
        cash = got["cash_steps"] / max(1, got["steps"])
        print(
            f"| {name} | {won} | {got['steps'] / args.games:.0f} | {ends} | {100 * cash:.0f} % "
            f"| {got['reward'] / args.games:+.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
