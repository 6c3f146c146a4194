"""Engine speed: complete 4-player games between the simple players, on one core.

Prints games per second, dice rolls per second of full play (every command through `Game.apply`, the
players' decisions included), and microseconds per command, best of a few repeats.

    python bench/engine.py [--games 300] [--repeats 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from engine import new_game  # noqa: E402
from engine.players import SimplePlayer  # noqa: E402
from engine.simulate import game_seed, play_game  # noqa: E402


def run_once(games: int, seed: int) -> tuple[float, int, int, int]:
    """Seconds, rolls, commands and capped games for `games` complete games."""
    rolls = commands = capped = 0
    elapsed = 0.0
    for i in range(games):
        game = new_game("classic", ["A", "B", "C", "D"], seed=game_seed(seed, i))
        simple = SimplePlayer()
        start = time.perf_counter()
        rolls += play_game(game, [simple] * 4, max_turns=1000)
        elapsed += time.perf_counter() - start
        commands += len(game.log)
        capped += game.state.winner is None
    return elapsed, rolls, commands, capped


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    runs = [run_once(args.games, args.seed) for _ in range(args.repeats)]
    best = min(runs, key=lambda r: r[0])
    secs, rolls, commands, capped = best
    print(f"games            {args.games} (4 simple players, classic, turn cap 1000; {capped} capped)")
    print(f"games per second {args.games / secs:,.0f}   (target >= 300)")
    print(f"rolls per second {rolls / secs:,.0f}   (target >= 100,000)")
    print(f"us per command   {secs / commands * 1e6:.2f}   ({commands / rolls:.2f} commands per roll)")
    spread = statistics.pstdev(r[1] / r[0] for r in runs) if len(runs) > 1 else 0.0
    print(f"repeats          {args.repeats}, rolls/s spread {spread:,.0f}")


if __name__ == "__main__":
    main()
