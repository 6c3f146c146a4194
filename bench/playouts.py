"""Playout speed: how many of the expert's playouts (two rounds of a four-player table, from positions
of real games) one CPU second plays, by the simple players and by the shark's fast copy, per edition.

Positions are taken from seeded games between the simple players at several turns; every policy plays
the same playouts from them, alternating, so the figures compare in one sitting. Then the expert's whole
look-ahead from the same positions, as its decisions pay for it: two courses compared on 48 drawn
positions each (the draws, the copies, the shark's playouts and the values where they end), in
milliseconds of CPU. `--profile` prints the top lines of a profile of that look-ahead (where its time
goes).

    python bench/playouts.py [--positions 40] [--repeats 3] [--edition classic] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from engine import Game, new_game  # noqa: E402
from engine.bots.expert import PLAYOUTS  # noqa: E402
from engine.core.state import GameState  # noqa: E402
from engine.lookahead.judge import judge  # noqa: E402
from engine.lookahead.players import SimplePlayer  # noqa: E402
from engine.lookahead.playout import HORIZON_ROUNDS, play_forward, stop_turn  # noqa: E402
from engine.lookahead.shark import SharkPlayer  # noqa: E402

EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")
POLICIES: dict[str, type[SimplePlayer]] = {"simple": SimplePlayer, "shark": SharkPlayer}
TURNS = (20, 40, 60, 90)
"""The turns positions are taken at: the opening, the trading, the building, the long game."""


def positions(edition: str, count: int) -> list[GameState]:
    """`count` positions from seeded games between the simple players, games still on."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = new_game(edition, players=("a", "b", "c", "d"), seed=seed)
        for turn in TURNS:
            play_forward(game, turn)
            if game.state.winner is not None:
                break
            found.append(game.state.copy())
    return found[:count]


def run(states: list[GameState], policy: type[SimplePlayer]) -> tuple[float, int, int]:
    """CPU seconds, playouts and turns played: one two-round playout from each position (all of one
    edition, as the playouts of one look-ahead are)."""
    start = time.process_time()
    turns = 0
    player = policy()  # one a look-ahead, as the expert's judge keeps it
    for state in states:
        copy = state.copy()  # as the judge plays each course on a copy of its drawn position
        game = Game(copy, initial=copy)
        st = game.state
        first = st.turn
        play_forward(game, stop_turn(first, sum(not p.bankrupt for p in st.players), HORIZON_ROUNDS), player)
        turns += game.state.turn - first
    return time.process_time() - start, len(states), turns


def look_aheads(states: list[GameState]) -> float:
    """CPU seconds a look-ahead: two courses (both to play on as things stand) from each position, judged
    for the player on turn as the expert judges its choices."""
    start = time.process_time()
    for k, state in enumerate(states):
        game = Game(state, initial=state)
        judge(game.view(state.current), state.current, [[], []], PLAYOUTS, k, policy="shark")
    return (time.process_time() - start) / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--edition", choices=EDITIONS, action="append")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for edition in args.edition or EDITIONS:
        states = positions(edition, args.positions)
        best: dict[str, tuple[float, int, int]] = {}
        for _ in range(args.repeats):
            for name, policy in POLICIES.items():
                cpu, n, turns = run(states, policy)
                if name not in best or n / cpu > best[name][1] / best[name][0]:
                    best[name] = (cpu, n, turns)
        line = [f"{edition:15}"]
        for name, (cpu, n, turns) in best.items():
            line.append(f"{name} {n / cpu:7,.0f} playouts/CPU s ({1e6 * cpu / max(1, turns):4.0f} µs a turn)")
        ratio = (best["shark"][1] / best["shark"][0]) / (best["simple"][1] / best["simple"][0])
        print("   ".join(line) + f"   shark/simple {ratio:.2f}")
        few = states[: max(1, len(states) // 4)]
        each = min(look_aheads(few) for _ in range(args.repeats))
        print(f"{'':15}   look-ahead of 2 courses x {PLAYOUTS} playouts: {1000 * each:6.1f} ms of CPU")
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            look_aheads(few)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
