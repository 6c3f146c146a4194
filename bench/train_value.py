"""Train the learned value (`engine.learned`) by self-play, and package it with its manifest.

Four stages, each resumable, each run by this one command unless told otherwise:

1. play: self-play games (`engine.tools.selfplay`: bots that sometimes deviate on purpose) on `--jobs`
   processes, kept in shards of `SHARD` games under `--data` (never committed: they are made again from
   their seeds). An interrupted run takes up where it stopped: a shard on disk is never played again.
2. positions: every game replayed, and each position of it from every seat's view turned into features
   (`engine.learned.features`), kept beside the shards.
3. fit: an ensemble of small networks (`engine.learned.training`) on the games of the fitting seed, checked
   on the held-out games (the last `--held-out` of them); then TD(lambda) rounds, whose targets mix the
   game's outcome with the first model's own values further on in the game.
4. write: the weights and the manifest (edition, features, games, seeds, commit, figures) into
   `engine/data/learned/`.

    python bench/train_value.py --edition classic --games 8000 --jobs 2 [--seed 21] [--data DIR]
        [--stages play,positions,fit,write] [--members 3] [--td-rounds 1]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from engine.core.board import board_for  # noqa: E402
from engine.learned.features import encode, seat_names  # noqa: E402
from engine.learned.model import save_members  # noqa: E402
from engine.learned.network import Array, Network, chances, softmax_alive  # noqa: E402
from engine.learned.training import Positions, Settings, fit, td_targets  # noqa: E402
from engine.learned.value import fitted_on  # noqa: E402
from engine.tools.positions import Played, replayed  # noqa: E402
from engine.tools.selfplay import selfplay_game  # noqa: E402

MAX_TURNS = 1000
SHARD = 50
"""Games a shard keeps: a few minutes of play, so an interrupted run loses little."""


def shard_path(data: Path, edition: str, seed: int, shard: int) -> Path:
    return data / edition / f"seed-{seed}" / f"games-{shard:05d}.pkl"


def play_shard(edition: str, seed: int, shard: int, out: str) -> tuple[int, float]:
    """Play one shard's games and keep them; the CPU seconds it took."""
    start = time.process_time()
    games: list[Played] = [selfplay_game(edition, seed, i) for i in range(shard * SHARD, (shard + 1) * SHARD)]
    path = Path(out)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        pickle.dump(games, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)
    return shard, time.process_time() - start


def play(edition: str, seed: int, games: int, jobs: int, data: Path) -> None:
    """Play the shards not yet on disk."""
    shards = (games + SHARD - 1) // SHARD
    todo = [k for k in range(shards) if not shard_path(data, edition, seed, k).exists()]
    shard_path(data, edition, seed, 0).parent.mkdir(parents=True, exist_ok=True)
    print(f"play: {edition}, seed {seed}: {shards - len(todo)} of {shards} shards kept, {len(todo)} to play")
    wall = time.perf_counter()
    cpu = 0.0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(play_shard, edition, seed, k, str(shard_path(data, edition, seed, k))) for k in todo
        ]
        for n, fut in enumerate(futures, 1):
            k, spent = fut.result()
            cpu += spent
            print(f"  shard {k} done ({n}/{len(todo)}), {spent:.1f} s CPU", flush=True)
    if todo:
        print(f"play: {len(todo) * SHARD} games in {cpu:.1f} s CPU, {time.perf_counter() - wall:.0f} s wall")


def positions_path(data: Path, edition: str, seed: int, shard: int) -> Path:
    return data / edition / f"seed-{seed}" / f"positions-{shard:05d}.npz"


def positions_shard(games_file: str, out: str, every: int) -> int:
    """Replay one shard's finished games and keep the features of every `every` turns of each, with the
    winner; the positions kept."""
    with open(games_file, "rb") as f:
        games: list[Played] = pickle.load(f)
    blocks: list[list[list[float]]] = []
    tables: list[list[float]] = []
    winners: list[int] = []
    index: list[int] = []
    turns: list[int] = []
    for game in games:
        if game.winner is None:
            continue
        for turn, position in replayed(game.initial, game.log, range(every, MAX_TURNS + 1, every)):
            b, t = encode(position, game.levels)
            blocks.append(b)
            tables.append(t)
            winners.append(game.winner)
            index.append(game.index)
            turns.append(turn)
    path = Path(out)
    tmp = path.with_name(path.stem + ".tmp.npz")
    np.savez(
        tmp,
        blocks=np.array(blocks, dtype=np.float64),
        table=np.array(tables, dtype=np.float64),
        winner=np.array(winners, dtype=np.int64),
        game=np.array(index, dtype=np.int64),
        turn=np.array(turns, dtype=np.int64),
    )
    os.replace(tmp, path)
    return len(winners)


def positions(edition: str, seed: int, games: int, jobs: int, data: Path, every: int) -> None:
    """Work out the positions of every kept shard that has none yet."""
    shards = (games + SHARD - 1) // SHARD
    missing = [k for k in range(shards) if not shard_path(data, edition, seed, k).exists()]
    if missing:
        raise SystemExit(f"positions: {len(missing)} of {shards} shards are not played yet: play them first")
    todo = [k for k in range(shards) if not positions_path(data, edition, seed, k).exists()]
    print(f"positions: {edition}, seed {seed}: {len(todo)} shards to replay", flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(
                positions_shard,
                str(shard_path(data, edition, seed, k)),
                str(positions_path(data, edition, seed, k)),
                every,
            )
            for k in todo
        ]
        total = sum(f.result() for f in futures)
    print(f"positions: {total} new positions", flush=True)


def load_positions(data: Path, edition: str, seed: int, games: int) -> dict[str, Any]:
    """Every kept position of the first `games` games of a run, in game order."""
    parts: dict[str, list[Any]] = {}
    for k in range((games + SHARD - 1) // SHARD):
        with np.load(positions_path(data, edition, seed, k)) as z:
            for key in z.files:
                parts.setdefault(key, []).append(z[key])
    return {key: np.concatenate(v) for key, v in parts.items()}


def targets_of(winner: NDArray[np.int64], seats: int) -> Array:
    out = np.zeros((len(winner), seats))
    out[np.arange(len(winner)), winner] = 1.0
    return out


def dataset(data: Path, edition: str, seed: int, games: int) -> tuple[Positions, NDArray[np.int64]]:
    """The kept positions of a run as fitting data (targets: the winner), and each one's turn."""
    z = load_positions(data, edition, seed, games)
    seats = z["blocks"].shape[1]
    return Positions(z["blocks"], z["table"], targets_of(z["winner"], seats), z["game"]), z["turn"]


def linear_chances(pos: Positions, board_edition: str) -> tuple[Array, Array]:
    """The packaged linear value's chances and the worth share, worked out from the kept blocks (the
    position figures sit at the head of each block, the stage at the head of the table's)."""
    from engine.lookahead.features import LEVELS, NAMES, STAGE_CAP
    from engine.lookahead.value import model_for

    head = 2
    fig = pos.blocks[:, :, head : head + len(NAMES)]
    stage = np.minimum(pos.table[:, 0], STAGE_CAP)[:, None, None]
    names = seat_names(board_for(board_edition))
    level = pos.blocks[:, :, [names.index(f"level.{lv}") for lv in LEVELS]]
    rows = np.concatenate([fig, fig * stage, fig * stage * stage, level, level * stage], axis=2)
    weights = np.array(model_for(board_edition).weights)
    alive = pos.blocks[:, :, 0]
    linear = softmax_alive(rows @ weights, alive)
    worth = fig[:, :, NAMES.index("worth")] * alive
    share = worth / np.maximum(worth.sum(axis=1, keepdims=True), 1e-9)
    return linear, share


def scores(p: Array, target: Array) -> dict[str, float]:
    """Cross-entropy, Brier score, and the largest calibration error over ten bins of 100 or more."""
    brier = float(np.mean(np.sum((p - target) ** 2, axis=1)))
    xent = -float(np.mean(np.sum(target * np.log(np.maximum(p, 1e-12)), axis=1)))
    flat_p, flat_y = p.ravel(), target.ravel()
    worst = 0.0
    for k in range(10):
        inside = (flat_p >= k / 10) & (flat_p < (k + 1) / 10 if k < 9 else flat_p <= 1.0)
        if inside.sum() >= 100:
            worst = max(worst, abs(float(flat_p[inside].mean() - flat_y[inside].mean())))
    return {"xent": xent, "brier": brier, "calibration": worst}


def ensemble_chances(nets: list[Network], pos: Positions) -> Array:
    out: Array = np.mean([chances(net, pos.blocks, pos.table) for net in nets], axis=0)
    return out


def marks(edition: str) -> tuple[int, ...]:
    """The columns of a seat's block that mark its bot level."""
    names = seat_names(board_for(edition))
    return tuple(k for k, name in enumerate(names) if name.startswith("level."))


def fit_stage(args: argparse.Namespace) -> None:
    """Fit each design asked for, compare them on the held-out games, and keep the best as the model."""
    everything, turn = dataset(args.data, args.edition, args.seed, args.games)
    cut = args.games - args.held_out
    train = everything.take(np.flatnonzero(everything.game < cut))
    held = everything.take(np.flatnonzero(everything.game >= cut))
    print(f"fit: {len(train)} positions of {cut} games; held out {len(held)} of {args.held_out}", flush=True)
    linear, share = linear_chances(held, args.edition)
    base = scores(share, held.target)
    print(f"  worth share: {base}")
    lin = scores(linear, held.target)
    figures: dict[str, dict[str, float]] = {"worth_share": base, "linear": lin}
    print(f"  linear value: {lin}, Brier gain {100 * (1 - lin['brier'] / base['brier']):.1f} %", flush=True)
    results: dict[str, tuple[list[Network], dict[str, float]]] = {}
    for design in args.designs.split(","):
        hidden = tuple(int(h) for h in args.hidden.split("x"))
        nets = []
        start = time.process_time()
        for member in range(args.members):
            settings = Settings(
                design=design, hidden=hidden, seed=member, epochs=args.epochs, unknown=marks(args.edition)
            )
            net, history = fit(train, held, settings)
            nets.append(net)
            print(f"  {design} member {member}: held-out xent by epoch {[round(h, 4) for h in history]}")
        got = scores(ensemble_chances(nets, held), held.target)
        print(
            f"  {design} {args.hidden}: {got}, Brier gain {100 * (1 - got['brier'] / base['brier']):.1f} %,"
            f" {time.process_time() - start:.0f} s CPU",
            flush=True,
        )
        results[design] = (nets, got)
        figures[design] = got
    best = min(results, key=lambda d: results[d][1]["xent"])
    nets, kept = results[best]
    train_turn = turn[np.flatnonzero(everything.game < cut)]
    order = np.lexsort((train_turn, train.game))  # each game's positions together, in turn order
    bounds = np.flatnonzero(np.diff(train.game[order])) + 1
    games_rows = np.split(order, bounds)
    for round_ in range(args.td_rounds):
        values = ensemble_chances(nets, train)
        target = train.target.copy()
        for rows in games_rows:
            target[rows] = td_targets(values[rows], train.target[rows[-1]], args.lam)
        refit = Positions(train.blocks, train.table, target, train.game)
        hidden = tuple(int(h) for h in args.hidden.split("x"))
        refitted = [
            fit(
                refit,
                held,
                Settings(
                    design=best, hidden=hidden, seed=100 + m, epochs=args.epochs, unknown=marks(args.edition)
                ),
            )[0]
            for m in range(args.members)
        ]
        got = scores(ensemble_chances(refitted, held), held.target)
        gain = 100 * (1 - got["brier"] / base["brier"])
        print(f"  TD({args.lam}) round {round_ + 1}: {got}, Brier gain {gain:.1f} %", flush=True)
        figures[f"td_round_{round_ + 1}"] = got
        if got["xent"] < kept["xent"]:  # kept only where the held-out games say it is better
            nets, kept = refitted, got
    figures["kept"] = kept
    with open(args.data / args.edition / f"model-{args.seed}.pkl", "wb") as f:
        pickle.dump(
            {
                "design": best,
                "nets": nets,
                "games": args.games,
                "held_out": args.held_out,
                "lam": args.lam if args.td_rounds else None,
                "figures": figures,
            },
            f,
        )


def write_stage(args: argparse.Namespace) -> None:
    """Package the fitted model of a run with its manifest, and the figures it was judged by."""
    with open(args.data / args.edition / f"model-{args.seed}.pkl", "rb") as f:
        fitted = pickle.load(f)
    raw = save_members(fitted["nets"])
    folder = ROOT / "engine" / "data" / "learned"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{args.edition}.npz").write_bytes(raw)
    net = fitted["nets"][0]
    manifest = {
        "edition": args.edition,
        "design": fitted["design"],
        "hidden": [int(w.shape[1]) for w, _ in net.layers[:-1]],
        "members": len(fitted["nets"]),
        "weights_per_member": int(sum(w.size + b.size for w, b in net.layers)),
        **fitted_on(args.edition),
        "games": {
            "seed": args.seed,
            "count": fitted["games"],
            "held_out": fitted["held_out"],
            "every": args.every,
            "maker": "engine.tools.selfplay",
        },
        "td_lambda": fitted.get("lam"),
        "figures": fitted.get("figures", {}),
        "commit": commit(),
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    (folder / f"{args.edition}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"write: {folder / args.edition}.npz, {len(raw)} bytes; manifest beside it")


def kept_games(data: Path, edition: str, seed: int, games: int) -> list[Played]:
    """The first `games` kept games of a run, in order."""
    out: list[Played] = []
    for k in range((games + SHARD - 1) // SHARD):
        with open(shard_path(data, edition, seed, k), "rb") as f:
            out.extend(pickle.load(f))
    return out[:games]


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--data", type=Path, default=ROOT / "train-data")
    parser.add_argument("--stages", default="play")
    parser.add_argument("--every", type=int, default=2, help="keep a position every this many turns")
    parser.add_argument("--held-out", type=int, default=1000, help="the last games of the run, not fitted on")
    parser.add_argument("--designs", default="shared,joint")
    parser.add_argument("--hidden", default="64x32")
    parser.add_argument("--members", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--td-rounds", type=int, default=1)
    parser.add_argument("--lam", type=float, default=0.7)
    args = parser.parse_args()
    stages = args.stages.split(",")
    if "play" in stages:
        play(args.edition, args.seed, args.games, args.jobs, args.data)
    if "positions" in stages:
        positions(args.edition, args.seed, args.games, args.jobs, args.data, args.every)
    if "fit" in stages:
        fit_stage(args)
    if "write" in stages:
        write_stage(args)


if __name__ == "__main__":
    main()
