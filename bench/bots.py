"""Bot strength and speed: seeded 4-player tournaments, seats rotating, and the time of every decision.

Runs `hard` against three `normal` and `normal` against three `easy`, and prints wins per level with a 95 %
interval, the share of games stopped by the turn cap, and the median, 99th percentile and slowest bot
decision (a decision is all a seat costs: building its view, listing its legal commands, choosing).

    python bench/bots.py [--games 2000] [--seed 1] [--jobs 2] [--max-turns 1000] [--edition addon]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from array import array
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from engine import Command, Game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.simulate import BotPlayer  # noqa: E402
from engine.tournament import Tournament, run_tournament  # noqa: E402

MATCHES = (("hard", "normal", "normal", "normal"), ("normal", "easy", "easy", "easy"))


class TimedPlayer:
    """A bot seat that records how long each of its decisions takes, in microseconds."""

    def __init__(self, player: BotPlayer, times: array[int]) -> None:
        self.player = player
        self.times = times

    def decide(self, game: Game, player: int) -> Command:
        start = time.perf_counter_ns()
        cmd = self.player.decide(game, player)
        self.times.append((time.perf_counter_ns() - start) // 1000)
        return cmd


def play_slice(
    lineup: tuple[str, ...], first: int, games: int, seed: int, max_turns: int, edition: str = "classic"
) -> tuple[Tournament, bytes]:
    times: array[int] = array("q")

    def seat(level: str, game_seed: int, seat: int) -> TimedPlayer:
        return TimedPlayer(BotPlayer(make_bot(level, game_seed, seat)), times)

    result = run_tournament(
        lineup, games, seed=seed, edition=edition, max_turns=max_turns, first=first, make_player=seat
    )
    return result, times.tobytes()


def run(
    lineup: tuple[str, ...], games: int, seed: int, jobs: int, max_turns: int, edition: str = "classic"
) -> tuple[Tournament, list[int]]:
    """The whole run, split into one slice of consecutive games per process."""
    size = -(-games // jobs)
    slices = [
        (lineup, start, min(size, games - start), seed, max_turns, edition) for start in range(0, games, size)
    ]
    total = Tournament(lineup)
    times: array[int] = array("q")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result, raw in pool.map(play_slice, *zip(*slices, strict=True)):
            total.merge(result)
            times.frombytes(raw)
    return total, sorted(times)


def percentile(ordered: list[int], share: float) -> int:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(result: Tournament, seconds: float, max_turns: int) -> None:
    print(f"{' v '.join(dict.fromkeys(result.lineup))}: {', '.join(result.lineup)}, seats rotating")
    for level in dict.fromkeys(result.lineup):
        lo, hi = result.interval(level)
        seats = result.seats(level)
        wins = result.wins_by_level[level]
        even = 100 * seats / len(result.lineup)
        print(
            f"  {level:7s} {seats} seat{'s' if seats > 1 else ' '}  wins {wins:5d} of {result.games}  "
            f"{100 * result.share(level):5.1f}%  (95% interval {100 * lo:.1f}-{100 * hi:.1f}%; "
            f"even share {even:.0f}%)"
        )
    print(
        f"  capped   {result.capped} games ({100 * result.capped_share:.2f}%) at {max_turns} turns   "
        f"average length {result.average_turns:.1f} turns   {seconds:.0f}s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--edition", default="classic")
    args = parser.parse_args()
    games = f"{args.games} seeded 4-player {args.edition} games per match"
    print(f"{games}, seed {args.seed}, {args.jobs} processes")
    every: list[int] = []
    for lineup in MATCHES:
        start = time.perf_counter()
        result, times = run(lineup, args.games, args.seed, args.jobs, args.max_turns, args.edition)
        report(result, time.perf_counter() - start, args.max_turns)
        every.extend(times)
    every.sort()
    print(
        f"decisions {len(every):,}: median {percentile(every, 0.5) / 1000:.3f} ms, "
        f"99th percentile {percentile(every, 0.99) / 1000:.3f} ms, slowest {every[-1] / 1000:.1f} ms"
    )
    print("targets: the stronger level wins >= 45%; < 2% capped; median < 1 ms; 99th percentile < 20 ms")


if __name__ == "__main__":
    main()
