"""Fit the value of positions (`engine.lookahead.value`) per edition and write `engine/data/value.json`.

Plays seeded mixes of easy, normal and hard bots (`engine.tools.positions`), takes every few turns of
each finished game as a position with its winner, and fits the conditional logit's weights to them
(`engine.lookahead.fitting`). The figures are judged by `bench/analysis.py` on games of another seed.

    python bench/fit_value.py [--editions classic,addon,...] [--games 2000] [--seed 11] [--every 4]
        [--jobs 2] [--ridge 1e-4] [--out FILE]

The classic edition takes about 20 minutes of CPU on this kind of machine (its 2,000 games played in about
15, the fit in about 4; 7 minutes on the clock with two jobs); fit again whenever the features, the bots or
the rules change.

The bots call a game by the value of its positions, so once the figures change they cannot play until
fitted again: keep the games (`--keep-games DIR`, a file an edition) before the change, and fit the new
figures on them after it (`--from-games DIR`): the games are replayed, not played again.

    python bench/fit_value.py --keep-games DIR   # on the tree before the change of figures
    python bench/fit_value.py --from-games DIR   # on the tree after it
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pickle
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine.core.catalogue import EDITIONS  # noqa: E402
from engine.lookahead.fitting import Sample, fit, loss  # noqa: E402
from engine.lookahead.value import fitted_on, same_head, worth_share  # noqa: E402
from engine.tools.positions import Played, played, samples_of  # noqa: E402

T = TypeVar("T")
R = TypeVar("R")
VALUE_FILE = ROOT / "engine" / "data" / "value.json"
SLICE = 25


def gather(
    edition: str, games: int, seed: int, every: int, jobs: int, keep: Path | None, kept: Path | None
) -> list[Sample]:
    """The positions of `games` mixed games, in game order: played on `jobs` processes (and kept in
    `keep`), or replayed from the games kept in `kept`."""
    if kept is not None:
        with open(_games_file(kept, edition, seed), "rb") as f:
            found: list[Played] = pickle.load(f)
        if len(found) < games:
            raise SystemExit(f"{kept} keeps {len(found)} games of {edition}, not {games}")
        found = found[:games]
    else:
        slices = [(first, min(SLICE, games - first)) for first in range(0, games, SLICE)]
        found = [g for part in _map(jobs, partial(_play, edition, seed), slices) for g in part]
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            with open(_games_file(keep, edition, seed), "wb") as f:
                pickle.dump(found, f)
    parts = [found[first : first + SLICE] for first in range(0, len(found), SLICE)]
    return [s for part in _map(jobs, partial(samples_of, every=every), parts) for s in part]


def _map(jobs: int, work: Callable[[T], R], parts: list[T]) -> list[R]:
    if jobs <= 1:
        return [work(p) for p in parts]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(work, parts))


def _play(edition: str, seed: int, part: tuple[int, int]) -> list[Played]:
    return played(edition, seed, part[0], part[1])


def _games_file(folder: Path, edition: str, seed: int) -> Path:
    return folder / f"{edition}-seed{seed}.pickle"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument("--keep-games", type=Path, help="keep the games played in this folder")
    parser.add_argument("--from-games", type=Path, help="replay the games kept in this folder, not play them")
    parser.add_argument(
        "--out", type=Path, default=VALUE_FILE, help="the file to write (default: the packaged one)"
    )
    args = parser.parse_args()
    out: Path = args.out
    data = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    if not same_head(data):
        data = {**fitted_on(), "editions": {}}
    for edition in args.editions.split(","):
        start = time.process_time()
        wall = time.perf_counter()
        found = gather(
            edition, args.games, args.seed, args.every, args.jobs, args.keep_games, args.from_games
        )
        gathering = time.perf_counter() - wall
        how = "played" if args.from_games is None else "replayed"
        weights = fit(found, ridge=args.ridge)
        before = loss(list(worth_share()), found, args.ridge)[0]
        after = loss(list(weights), found, args.ridge)[0]
        # new weights: whether they judge as well alone as with playouts ("alone") is measured again
        # (bench/analysis.py --playouts 0 --value linear) before it is written back by hand
        data["editions"][edition] = {
            "weights": [round(w, 6) for w in weights],
            "games": args.games,
            "seed": args.seed,
            "every": args.every,
            "ridge": args.ridge,
            "positions": len(found),
        }
        print(
            f"{edition}: {len(found)} positions of {args.games} games (seed {args.seed}, every {args.every} "
            f"turns) {how} in {gathering:.0f} s; log loss {before:.4f} (worth share) -> {after:.4f}; "
            f"fitting took {time.process_time() - start:.0f} s of CPU here",
            flush=True,
        )
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
