"""How good and how fast the chances to win are (`engine.chances`).

Calibration: seeded mixes of easy, normal and hard bots (games the value of positions was not fitted on:
`bench/fit_value.py` uses seed 11, this seed 99 by default) are played to their end; at turns 20, 40, 60
and 80 (or the `--turns` given) the chances are worked out from what the table could see, each seat's
level known, and set against who went on to win. For each edition it prints the Brier score (the
squared distance between the chances and the outcome, summed over the players: 0.75 for a blind guess at
a table of four) and the expected calibration error in ten bins (how far, on average, "a 30 % chance" is
from winning 30 % of the time), beside a baseline that gives each player his share of the table's net
worth, in the same run; and how much better than that baseline the chances score, with the 95 % interval
of that gain (the games drawn again, `BOOTSTRAP` times): on 1,000 classic games it is some three points
either way, so two figures compared on different games differ by chance that much, and a change is
judged on the same games.

Speed: from turn 40 of a seeded classic bot game, the CPU time of a figure and the playouts it takes for
every interval to be within five points, on one process and shared by two (wall time); playouts per CPU
second beside the full games per CPU second of `landlords simulate`.

    python bench/analysis.py [--editions classic,addon,landlords-1904,finance-1936] [--games 1000]
        [--seed 99] [--playouts 100] [--value learned|linear|shown] [--horizon R] [--jobs 2] [--speed-only]
        [--calibration-only] [--turns 20,40,60,80]

`--value learned` (the default) ends the playouts on the learned value where the edition has one, else on
the fitted linear value; `--value linear` always on the linear one; `--playouts 0` takes that value alone,
with no playouts; `--value shown` works the chances out as the views show them (`estimate`), from
`--playouts` playouts (and more, up to `--most`, while an interval is wider than `--within` either side,
as the review's curve asks).

`--rows FILE` keeps each position's figures (JSON); `--paired FILE` judges the same games against the
figures an earlier run kept there and prints the difference of the Brier gains with its 95 % interval, the
games drawn again together: two ways of working the chances out compared on the same positions, where the
interval of each gain alone (some three points either way) would hide a real difference.

    python bench/analysis.py --calibration-only --editions finance-1936 --games 1000 --jobs 1 \
        --rows before.json
    python bench/analysis.py --calibration-only --editions finance-1936 --games 1000 --jobs 1 \
        --value shown --playouts 400 --paired before.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine.chances import SHOWN_HORIZON, Leaf, chances, estimate, summary, values  # noqa: E402
from engine.learned.value import learned_for  # noqa: E402
from engine.lookahead.playout import HORIZON_ROUNDS  # noqa: E402
from engine.lookahead.value import model_for  # noqa: E402
from engine.play.view import GameView  # noqa: E402
from engine.tools.positions import judged, mixed_game, positions_of  # noqa: E402
from engine.tools.simulate import simulate  # noqa: E402

TURNS = (20, 40, 60, 80)
SEED_EDITIONS = ("classic", "addon", "landlords-1904", "finance-1936")
SLICE = 10
BOOTSTRAP = 200
"""Resamples of the games behind the 95 % interval of the Brier gain: positions of one game rise and fall
together, so whole games are drawn again, not positions."""
Row = tuple[int, list[float], int, list[bool], list[int], int]
"""(turn, each player's chance, the winner, who was still in, each player's worth, the game's index)."""


def judge_slice(
    edition: str,
    seed: int,
    playouts: int,
    turns: tuple[int, ...],
    kind: str,
    horizon: int,
    within: float | None,
    most: int | None,
    part: tuple[int, int],
) -> list[Row]:
    rows: list[Row] = []
    for pos in judged(edition, seed, part[0], part[1], turns):
        if kind == "shown":
            figures = estimate(pos.view, playouts, pos.index, pos.levels, horizon, within, most)
            win = [c.win for c in figures.players]
        elif playouts == 0:
            players = len(pos.view.players)
            learned = learned_for(edition, players, pos.view.rules) if kind == "learned" else None
            if learned is not None:
                win = learned.chances(pos.view, pos.levels)
            else:
                win = model_for(edition).chances(pos.view, pos.levels)
        else:
            leaf: Leaf = "linear" if kind == "linear" else "learned"
            figures = chances(pos.view, playouts, pos.index, horizon, pos.levels, leaf)
            win = [c.win for c in figures.players]
        alive = [not p.bankrupt for p in pos.view.players]
        worth = [pos.view.ruleset.ending.worth(pos.view, p) if alive[p] else 0 for p in range(len(alive))]
        rows.append((pos.turn, win, pos.winner, alive, worth, pos.index))
    return rows


def brier(rows: list[tuple[list[float], int]]) -> float:
    return sum(sum((p - (1.0 if i == w else 0.0)) ** 2 for i, p in enumerate(ps)) for ps, w in rows) / len(
        rows
    )


def gain_interval(rows: list[Row], base: list[list[float]], draws: int = BOOTSTRAP) -> tuple[float, float]:
    """The 95 % interval of the Brier gain over the worth share (in percent), by drawing the games again."""
    games: dict[int, list[float]] = {}
    for r, shares in zip(rows, base, strict=True):
        sums = games.setdefault(r[5], [0.0, 0.0])
        sums[0] += brier([(r[1], r[2])])
        sums[1] += brier([(shares, r[2])])
    per_game = list(games.values())
    rng = random.Random(1)
    gains = []
    for _ in range(draws):
        drawn = [per_game[rng.randrange(len(per_game))] for _ in per_game]
        gains.append(100 * (1 - sum(d[0] for d in drawn) / (sum(d[1] for d in drawn) or 1.0)))
    gains.sort()
    return gains[int(0.025 * draws)], gains[int(0.975 * draws) - 1]


def calibration_error(rows: list[tuple[list[float], int, list[bool]]], bins: int = 10) -> float:
    """The expected calibration error: over every live player's chance, binned by the chance, the mean
    distance between the chances and the share of them that won, weighted by the bin's size."""
    filled: list[list[tuple[float, float]]] = [[] for _ in range(bins)]
    for ps, w, alive in rows:
        for i, p in enumerate(ps):
            if alive[i]:
                filled[min(int(p * bins), bins - 1)].append((p, 1.0 if i == w else 0.0))
    total = sum(len(b) for b in filled)
    return sum(abs(sum(p for p, _ in b) - sum(o for _, o in b)) / total for b in filled if b)


def calibration(
    edition: str,
    games: int,
    seed: int,
    playouts: int,
    jobs: int,
    turns: tuple[int, ...] = TURNS,
    kind: str = "linear",
    horizon: int | None = None,
    within: float | None = None,
    most: int | None = None,
    keep: Path | None = None,
    paired: Path | None = None,
) -> None:
    if horizon is None:
        horizon = SHOWN_HORIZON if kind == "shown" else HORIZON_ROUNDS
    start = time.perf_counter()
    slices = [(first, min(SLICE, games - first)) for first in range(0, games, SLICE)]
    work = partial(judge_slice, edition, seed, playouts, turns, kind, horizon, within, most)
    rows: list[Row] = []
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for part in pool.map(work, slices):
            rows.extend(part)
    ending = {"linear": "the fitted linear value", "learned": "the learned value (else the linear)"}
    if kind == "shown":
        upto = f", up to {most} while wider than +/- {100 * within:g} points" if within and most else ""
        how = f"as the views show it (a value alone, else {playouts} playouts of {horizon} rounds{upto})"
    elif playouts == 0:
        how = f"{ending[kind]} alone, no playouts"
    else:
        how = f"{playouts} playouts of {horizon} rounds a position ending on {ending[kind]}"
    print(f"\n{edition}: {games} games (seed {seed}), {how}, {len(rows)} positions")
    print(
        f"{'turn':>6} {'positions':>9} {'Brier':>7} {'share':>7} {'better':>7} {'95 % interval':>14} "
        f"{'ECE':>6} {'share':>6}"
    )
    for turn in [*turns, None]:
        chosen = [r for r in rows if turn is None or r[0] == turn]
        if not chosen:
            continue
        ours = [(r[1], r[2]) for r in chosen]
        shares = [[w / (sum(r[4]) or 1) for w in r[4]] for r in chosen]
        base = [(share, r[2]) for share, r in zip(shares, chosen, strict=True)]
        b1, b0 = brier(ours), brier(base)
        low, high = gain_interval(chosen, shares)
        e1 = calibration_error([(r[1], r[2], r[3]) for r in chosen])
        e0 = calibration_error([(base[k][0], r[2], r[3]) for k, r in enumerate(chosen)])
        label = "all" if turn is None else str(turn)
        print(
            f"{label:>6} {len(chosen):>9} {b1:>7.3f} {b0:>7.3f} {100 * (1 - b1 / b0):>6.1f}% "
            f"{f'{low:.1f}-{high:.1f}%':>14} {100 * e1:>5.1f} {100 * e0:>5.1f}"
        )
    print(f"(worked out in {time.perf_counter() - start:.0f} s of wall time on {jobs} processes)")
    if keep is not None:
        keep.write_text(json.dumps({"edition": edition, "seed": seed, "rows": rows}), encoding="utf-8")
    if paired is not None:
        print_paired(edition, seed, rows, paired)


def print_paired(edition: str, seed: int, rows: list[Row], path: Path) -> None:
    """Print the Brier gain of these figures minus that of the figures kept in `path` for the same positions,
    with the 95 % interval of that difference (whole games drawn again, the same games for both)."""
    kept = json.loads(path.read_text(encoding="utf-8"))
    if (kept["edition"], kept["seed"]) != (edition, seed):
        print(f"  (no paired figures: {path} holds {kept['edition']}, seed {kept['seed']})")
        return
    earlier = {(r[5], r[0]): r[1] for r in kept["rows"]}
    games: dict[int, list[float]] = {}
    for r in rows:
        other = earlier.get((r[5], r[0]))
        if other is None:
            continue
        shares = [w / (sum(r[4]) or 1) for w in r[4]]
        sums = games.setdefault(r[5], [0.0, 0.0, 0.0])
        sums[0] += brier([(r[1], r[2])])
        sums[1] += brier([(other, r[2])])
        sums[2] += brier([(shares, r[2])])
    per_game = list(games.values())
    if not per_game:
        print(f"  (no position of {path} matches these)")
        return

    def difference(drawn: list[list[float]]) -> float:
        base = sum(d[2] for d in drawn) or 1.0
        return 100 * (sum(d[1] for d in drawn) - sum(d[0] for d in drawn)) / base

    rng = random.Random(1)
    draws = sorted(
        difference([per_game[rng.randrange(len(per_game))] for _ in per_game]) for _ in range(BOOTSTRAP)
    )
    low, high = draws[int(0.025 * BOOTSTRAP)], draws[int(0.975 * BOOTSTRAP) - 1]
    print(
        f"  paired with {path.name} ({len(per_game)} games): Brier gain {difference(per_game):+.1f} points "
        f"against it, 95 % interval {low:+.1f} to {high:+.1f}"
    )


def speed(jobs: int) -> None:
    game, levels = mixed_game("classic", 1, 3)
    [(_, position)] = positions_of(game, [40])
    view: GameView = position.view(None)
    print("\nspeed: turn 40 of classic game 3 of the mixed run seeded 1")
    for playouts in (100, 200, 400):
        t = time.process_time()
        figures = chances(view, playouts, seed=1, levels=levels)
        cpu = time.process_time() - t
        print(
            f"  {playouts:>4} playouts, one process: {cpu:.3f} s of CPU, widest interval +/- "
            f"{100 * figures.widest:.1f} points, {playouts / cpu:,.0f} playouts per CPU second"
        )
    playouts = 400
    wall = time.perf_counter()
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(partial(_values, view, levels), [(0, 1)] * jobs))  # started and loaded, as a pool lives
        wall = time.perf_counter()
        share = playouts // jobs
        parts = pool.map(partial(_values, view, levels), [(k * share, share) for k in range(jobs)])
        outcomes = [o for part in parts for o in part]
    figures = summary(view, outcomes)
    print(
        f"  {playouts:>4} playouts on {jobs} processes: {time.perf_counter() - wall:.3f} s of wall time, "
        f"widest interval +/- {100 * figures.widest:.1f} points"
    )
    t = time.process_time()
    result = simulate(40, players=4, seed=1)
    cpu = time.process_time() - t
    print(
        f"  landlords simulate: {result.games / cpu:,.1f} full classic games per CPU second (simple players)"
    )


def _values(view: GameView, levels: list[str], part: tuple[int, int]) -> list[list[float]]:
    return values(view, part[0], part[1], seed=1, levels=levels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--editions", default=",".join(SEED_EDITIONS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument(
        "--value",
        choices=("linear", "learned", "shown"),
        default="learned",
        help="the value playouts end on: the fitted linear one or the learned one (the linear one where "
        "there is none); or the chances as the views show them (`estimate`). With --playouts 0, the value "
        "alone",
    )
    parser.add_argument(
        "--horizon",
        type=int,
        default=None,
        help=f"rounds a playout is played (default {HORIZON_ROUNDS}; {SHOWN_HORIZON} with --value shown)",
    )
    parser.add_argument(
        "--within",
        type=float,
        default=None,
        help="with --value shown: more playouts while an interval is wider than this (0.015: 1.5 points)",
    )
    parser.add_argument("--most", type=int, default=None, help="with --within: the most playouts a figure")
    parser.add_argument("--calibration-only", action="store_true")
    parser.add_argument("--rows", type=Path, default=None, help="keep each position's figures in this file")
    parser.add_argument(
        "--paired", type=Path, default=None, help="compare with the figures an earlier run kept (--rows)"
    )
    parser.add_argument(
        "--turns", default=",".join(map(str, TURNS)), help="the turns whose positions are judged"
    )
    args = parser.parse_args()
    turns = tuple(int(t) for t in args.turns.split(","))
    if not args.calibration_only:
        speed(args.jobs)
    if not args.speed_only:
        for edition in args.editions.split(","):
            calibration(
                edition,
                args.games,
                args.seed,
                args.playouts,
                args.jobs,
                turns,
                args.value,
                args.horizon,
                args.within,
                args.most,
                args.rows,
                args.paired,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
