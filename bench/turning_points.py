"""The turning points of seeded games of four `hard`: for each game, every turning point the review finds
(turn, who, what, the swing and its error, against what) and the CPU time of finding them; with `--whole`,
the CPU time of the whole review too (the curve and the turning points, in this process).

The games are played as `landlords simulate --bots hard,hard,hard,hard --seed SEED --games N` plays them
(the same seeds, seats rotating), and each is reviewed as `landlords review` reviews a save. A turning
point must be a player's decision (never a throw, a card or a rent) and must have moved its player's own
chance by more than its error: the script says so of every game, and exits with 1 where one is not.

    python bench/turning_points.py [--games 10] [--first 0] [--seed 1] [--edition classic]
        [--rules '{"free_parking_pot": true}'] [--whole]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine import Game  # noqa: E402
from engine.core.options import RuleOptions  # noqa: E402
from engine.tools.tournament import run_tournament  # noqa: E402
from room import review_words as words  # noqa: E402
from room.chances import ChancesPool  # noqa: E402
from room.review import Review, ReviewJob, Source  # noqa: E402
from room.turning_points import LUCK, judge_decisions, turning_points  # noqa: E402
from translation import say  # noqa: E402

LINEUP = ("hard",) * 4


def played(seed: int, index: int, edition: str, rules: RuleOptions | None = None) -> Source:
    """Play the index-th game of the run seeded `seed` between four `hard`, as `landlords simulate` does."""
    kept: list[Source] = []

    def keep(i: int, game: Game, levels: object) -> None:
        kept.append(Source.of_game(game, list(LINEUP), f"game {i}"))

    run_tournament(LINEUP, 1, seed, edition, rules, first=index, keep=keep)
    return kept[0]


def whole(source: Source) -> Review:
    """Work out the whole review in this process, as `landlords review` does on its pool."""

    async def run() -> Review:
        job = ReviewJob(source, ChancesPool(0))
        job.watch(lambda review: None)
        while not job.review.done:
            await asyncio.sleep(0)
        return job.review

    return asyncio.run(run())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="the index of the first game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--rules", help="rule options, as JSON (the review then plays its figures out)")
    parser.add_argument("--whole", action="store_true", help="time the whole review as well")
    args = parser.parse_args()
    rules = RuleOptions.model_validate_json(args.rules) if args.rules else None
    wrong = 0
    spent: list[float] = []
    for index in range(args.first, args.first + args.games):
        source = played(args.seed, index, args.edition, rules)
        turns = Game.replay(source.initial, source.log).state.turn + 1
        start = time.process_time()
        judged = judge_decisions(source.initial, source.log, source.names, source.levels)
        cpu = time.process_time() - start
        spent.append(cpu)
        kept = turning_points(judged.steps)
        how = "learned value" if judged.exact else "playouts"
        print(
            f"game {index}: {turns} turns, {len(judged.steps)} decisions judged by {how}"
            f" in {cpu:.2f} s of CPU"
        )
        if args.whole:
            start = time.process_time()
            whole(source)
            print(f"  whole review: {time.process_time() - start:.1f} s of CPU")
        if not kept:
            print("  no turning point")
        for step in kept:
            ok = step.beyond_error and step.swing >= 0.01
            wrong += not ok
            mark = "" if ok else "  <- NOT BEYOND ITS ERROR"
            print(
                f"  turn {step.turn:3}, {source.names[step.seat]}: swing {step.swing * 100:4.1f} points, "
                f"own {step.gain(step.seat) * 100:+5.1f} +/- {step.own_error() * 100:.1f}, "
                f"{say(step.against).lower()} ({step.kind}){mark}"
            )
            print(f"    {words.what_happened(step)}")
    print(f"CPU of the turning points: {sum(spent):.2f} s in all, {max(spent):.2f} s at most a game")
    print(f"decision kinds never judged: {', '.join(sorted(LUCK))}")
    print(
        "every turning point beyond its error" if not wrong else f"{wrong} turning points within their error"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
