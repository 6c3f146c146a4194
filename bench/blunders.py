"""Scripted blunder offers: how many each level of play accepts (0 is the target for every level that
claims to trade well).

The offers are fixed and written down in `engine/tools/blunders.py`: offers any sensible player refuses
(the last lot of a group handed to its rival for a small sum, a deed far below or far above its worth, a lot
of the bot's own complete group for a stray, a jail card or a card in hand and cash for nothing, a mortgaged
lot at full price, deals among three that complete another player's group, and the same in the add-on,
1904 and Finance editions where their trading allows). Each is put on a table of its own to the bot in its
own seat (seat 0), and every level answers it; the expert looks ahead with the budget it plays with. Prints
the table of answers (offer x level: A accepted, . refused), the count accepted per level, and the CPU time
of the answers. Seeded and deterministic: the same table on every machine.

    python bench/blunders.py [--levels easy,normal,hard,expert] [--edition classic] [--seed 7] [--reasons]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine.tools.blunders import BLUNDERS, LEVELS, run  # noqa: E402

WIDTH = 72


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma-separated")
    parser.add_argument("--edition", action="append", help="only this edition's offers (may repeat)")
    parser.add_argument("--seed", type=int, default=7, help="the bots' seed")
    parser.add_argument("--reasons", action="store_true", help="print each answer's reason too")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    blunders = [b for b in BLUNDERS if not args.edition or b.edition in args.edition]
    results = run(levels, blunders, args.seed, time.process_time)
    by = {(a.blunder.what, a.level): a for a in results.answers}
    print(
        f"{len(blunders)} scripted blunder offers, answered by each level in its own seat (seed {args.seed})"
    )
    print(f"{'edition':<15}{'offer':<{WIDTH}}" + "".join(f"{lv:>8}" for lv in levels))
    for b in blunders:
        cells = "".join(f"{'A' if by[(b.what, lv)].accepted else '.':>8}" for lv in levels)
        print(f"{b.edition:<15}{b.what[: WIDTH - 1]:<{WIDTH}}{cells}")
        if args.reasons:
            for lv in levels:
                print(f"{'':<17}{lv}: {getattr(by[(b.what, lv)].command, 'reason', '')}")
    print(f"{'':<15}{'accepted':<{WIDTH}}" + "".join(f"{len(results.accepted(lv)):>8}" for lv in levels))
    for lv in levels:
        cpu = sorted(a.cpu * 1000 for a in results.answers if a.level == lv)
        print(
            f"{lv:>8}: accepted {len(results.accepted(lv))} of {len(blunders)}; CPU an answer "
            f"median {statistics.median(cpu):.1f} ms, max {cpu[-1]:.1f} ms"
        )
        for what in results.accepted(lv):
            print(f"          accepted: {what}")


if __name__ == "__main__":
    main()
