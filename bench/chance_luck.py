"""How much the chances shown move by the estimate's own luck: the same position worked out with two analysis
seeds.

Positions at the `--turns` of seeded mixed bot games (`engine.tools.positions.mixed_game`: game i of the run
seeded `--seed`, four bots of easy, normal and hard drawn from its seed) are worked out as each view works
them out, once with analysis seed `--seeds`' first and once with its second: the chances panel (and the line
mode's `chances`, and a server's table, which ask the same), the review's curve, and `landlords analyse` at
its default. For each view and edition it prints over every live player at every position the mean and the
largest difference between the two figures, in points, and the CPU time of one figure.

    python bench/chance_luck.py [--editions classic,addon,landlords-1904,finance-1936] [--games 10]
        [--seed 5] [--turns 10,25,40,55,70] [--seeds 0,1] [--views panel,curve,analyse]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from cli.analyse import PLAYOUTS as ANALYSE_PLAYOUTS  # noqa: E402
from engine.chances import Chances, estimate  # noqa: E402
from engine.play.view import GameView  # noqa: E402
from engine.tools.positions import mixed_game, positions_of  # noqa: E402
from room.chances import PLAYOUTS as PANEL_PLAYOUTS  # noqa: E402
from room.chances import figure_of  # noqa: E402
from room.review import CURVE_PLAYOUTS, curve_look_ahead  # noqa: E402

EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")
Levels = Sequence[str | None]
View = Callable[[GameView, int, Levels], Chances]


def panel(view: GameView, seed: int, levels: Levels) -> Chances:
    return figure_of(view, PANEL_PLAYOUTS, list(levels), seed)


def curve(view: GameView, seed: int, levels: Levels) -> Chances:
    return curve_look_ahead(view, CURVE_PLAYOUTS, seed, levels=levels)


def analyse(view: GameView, seed: int, levels: Levels) -> Chances:
    return estimate(view, ANALYSE_PLAYOUTS, seed, levels)


VIEWS: dict[str, View] = {"panel": panel, "curve": curve, "analyse": analyse}


def positions(edition: str, seed: int, games: int, turns: Sequence[int]) -> list[tuple[GameView, list[str]]]:
    """Return the positions at `turns` of mixed games 0 .. `games` - 1 of the run seeded `seed` that are still
    going there, with the seats' levels."""
    out: list[tuple[GameView, list[str]]] = []
    for index in range(games):
        game, levels = mixed_game(edition, seed, index)
        out.extend((position.view(None), levels) for _, position in positions_of(game, turns))
    return out


def measure(
    view_of: View, found: list[tuple[GameView, list[str]]], seeds: tuple[int, int]
) -> tuple[float, float, float, int]:
    """Return the mean and largest difference between the two seeds' figures (in points, over every live
    player), the CPU seconds of one figure, and the players counted."""
    diffs: list[float] = []
    cpu = 0.0
    for view, levels in found:
        start = time.process_time()
        one = view_of(view, seeds[0], levels)
        two = view_of(view, seeds[1], levels)
        cpu += time.process_time() - start
        for a, b in zip(one.players, two.players, strict=True):
            if not view.players[a.seat].bankrupt:
                diffs.append(100 * abs(a.win - b.win))
    figures = 2 * len(found)
    return sum(diffs) / max(1, len(diffs)), max(diffs, default=0.0), cpu / max(1, figures), len(diffs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--turns", default="10,25,40,55,70")
    parser.add_argument("--seeds", default="0,1", help="the two analysis seeds compared")
    parser.add_argument("--views", default=",".join(VIEWS))
    args = parser.parse_args()
    turns = [int(t) for t in args.turns.split(",")]
    first, second = (int(s) for s in args.seeds.split(","))
    views = args.views.split(",")
    print(
        f"analysis seeds {first} and {second}; positions at turns {args.turns} of {args.games} mixed games "
        f"(seed {args.seed}); panel {PANEL_PLAYOUTS} playouts, curve {CURVE_PLAYOUTS}, analyse "
        f"{ANALYSE_PLAYOUTS} at most"
    )
    print(
        f"{'edition':<15} {'view':<8} {'positions':>9} {'players':>7} {'mean':>6} {'largest':>7} "
        f"{'CPU/figure':>10}"
    )
    for edition in args.editions.split(","):
        found = positions(edition, args.seed, args.games, turns)
        for name in views:
            mean, most, cpu, players = measure(VIEWS[name], found, (first, second))
            print(
                f"{edition:<15} {name:<8} {len(found):>9} {players:>7} {mean:>6.2f} {most:>7.2f} "
                f"{1000 * cpu:>8.1f}ms"
            )
    print("(mean and largest difference between the two seeds' figures, in points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
