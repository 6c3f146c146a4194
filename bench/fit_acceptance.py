"""Fit the acceptance model (`engine.learned.acceptance`) on the answers given to offers in self-play.

Two stages, each run by this one command unless told otherwise:

1. answers: the kept self-play games (`bench/train_value.py`'s shards) replayed, and every two-party offer
   answered by a bot written down from the answering seat's side: what accepting changes in each side's
   chance by the packaged learned value, the groups it completes, the cash against the printed prices,
   the seats' cash and the game's stage, the answer, and what the expert's earlier rule (a logistic curve
   of the partner's gain, shifted by what his answers so far in the game showed) made of it. Kept beside
   the shards as `answers-FIRST-COUNT.npz`.
2. fit: a logistic regression with an L2 penalty on the answers of `hard` seats, the last `--held-out`
   games' answers kept apart, scored against the earlier rule; `--write` packages the weights.

The self-play seats turn their own answer round on purpose at `DEVIATE` of their decisions, so the
answers are fitted as a mix: the seat's own answer, turned round at that rate. The model gives the seat's
own answer, which is what a partner who does not deviate gives.

    python bench/fit_acceptance.py --data /path/to/train-data --first 1400 --games 1500 [--held-out 300]
        [--stages answers,fit] [--write]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from engine.bots.judging import answer_figures  # noqa: E402
from engine.bots.position import Position  # noqa: E402
from engine.core.commands import AcceptTrade, RejectTrade  # noqa: E402
from engine.core.errors import IllegalCommand  # noqa: E402
from engine.core.state import TradeAnswer  # noqa: E402
from engine.learned.acceptance import NAMES, RAW, AcceptanceModel, as_json, terms  # noqa: E402
from engine.learned.moves import MARGIN, acceptance  # noqa: E402
from engine.learned.value import learned_for  # noqa: E402
from engine.play.game import Game  # noqa: E402
from engine.tools.positions import Played  # noqa: E402
from engine.tools.selfplay import DEVIATE  # noqa: E402

SHARD = 50
Array = np.ndarray[Any, np.dtype[np.float64]]


def shard_games(data: Path, edition: str, seed: int, first: int, count: int) -> list[Played]:
    """Kept games `first` .. `first + count - 1` of a self-play run."""
    out: list[Played] = []
    for k in range(first // SHARD, (first + count + SHARD - 1) // SHARD):
        with open(data / edition / f"seed-{seed}" / f"games-{k:05d}.pkl", "rb") as f:
            out.extend(g for g in pickle.load(f) if first <= g.index < first + count)
    return out


def game_answers(edition: str, played: Played) -> dict[str, list[Any]]:
    """Every two-party offer answered in one game, from the answering seat's side."""
    value = learned_for(edition)
    assert value is not None
    game = Game.from_state(played.initial)
    rows: dict[str, list[Any]] = {"raw": [], "accepted": [], "level": [], "pair": []}
    tables: list[Game] = []
    for cmd in played.log:
        pend = game.state.pending
        if isinstance(pend, TradeAnswer) and isinstance(cmd, AcceptTrade | RejectTrade):
            t = pend.trade
            r = pend.player
            before = Game(game.state.copy())
            done = Game(game.state.copy())
            try:
                done.apply(AcceptTrade(player=r, trade_id=t.id))
            except IllegalCommand:
                done = None
            if done is not None:
                pos = Position(game.view(r), r)
                rows["raw"].append(answer_figures(pos, t.proposer, t.give, t.take))
                rows["accepted"].append(isinstance(cmd, AcceptTrade))
                rows["level"].append(played.levels[r])
                rows["pair"].append((t.proposer, r))
                tables.extend([before, done])
        game.apply(cmd)
    if not tables:
        return {"raw": [], "accepted": [], "level": [], "pair": [], "chances": []}
    every = value.all_chances(tables)  # (members, 2 * answers, seats)
    rows["chances"] = [every[:, 2 * k : 2 * k + 2, :] for k in range(len(rows["raw"]))]
    return rows


def answers_path(args: argparse.Namespace) -> Path:
    return Path(args.out) / args.edition / f"seed-{args.seed}" / f"answers-{args.first}-{args.games}.npz"


def answers_stage(args: argparse.Namespace) -> None:
    """Replay the games and keep their answers."""
    games = shard_games(args.data, args.edition, args.seed, args.first, args.games)
    raw: list[list[float]] = []
    acc: list[bool] = []
    lev: list[str] = []
    idx: list[int] = []
    mine: list[float] = []  # the responder's change in chance (mean, least, most of the members)
    low: list[float] = []
    high: list[float] = []
    theirs: list[float] = []  # the proposer's
    rule: list[float] = []
    start = time.process_time()
    for n, played in enumerate(games):
        rows = game_answers(args.edition, played)
        demand: dict[tuple[int, int], float] = {}
        for k in range(len(rows["raw"])):
            p, r = rows["pair"][k]
            ch = rows["chances"][k]
            d_r = ch[:, 1, r] - ch[:, 0, r]
            d_p = ch[:, 1, p] - ch[:, 0, p]
            gain = float(d_r.mean())
            d = demand.get((p, r), 0.0)
            rule.append(acceptance(gain, d))
            if rows["accepted"][k]:
                demand[(p, r)] = min(d, gain)
            else:
                demand[(p, r)] = max(d, gain + MARGIN / 2)
            raw.append(rows["raw"][k])
            acc.append(rows["accepted"][k])
            lev.append(rows["level"][k])
            idx.append(played.index)
            mine.append(gain)
            low.append(float(d_r.min()))
            high.append(float(d_r.max()))
            theirs.append(float(d_p.mean()))
        if (n + 1) % 100 == 0:
            spent = time.process_time() - start
            print(f"answers: {n + 1} games, {len(acc)} answers, {spent:.0f} s CPU", flush=True)
    out = answers_path(args)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(
        out,
        raw=np.array(raw, dtype=np.float64),
        accepted=np.array(acc, dtype=np.bool_),
        level=np.array(lev),
        game=np.array(idx, dtype=np.int64),
        mine=np.array(mine, dtype=np.float64),
        mine_low=np.array(low, dtype=np.float64),
        mine_high=np.array(high, dtype=np.float64),
        theirs=np.array(theirs, dtype=np.float64),
        rule=np.array(rule, dtype=np.float64),
    )
    print(f"answers: {len(acc)} from {len(games)} games in {time.process_time() - start:.0f} s CPU -> {out}")


def sigmoid(z: Array) -> Array:
    out: Array = 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))
    return out


def observed(p: Array) -> Array:
    """The chance of an acceptance seen in self-play, where the seat's own is `p`: turned round at
    `DEVIATE`."""
    return DEVIATE + (1.0 - 2.0 * DEVIATE) * p


def fit_logistic(x: Array, y: Array, l2: float, steps: int = 3000) -> Array:
    """Weights (the last the intercept) of the seat's own answer under the mix, by full-batch Newton-free
    gradient descent with Adam: L2 on every weight but the intercept."""
    n, k = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(k + 1)
    m = np.zeros(k + 1)
    v = np.zeros(k + 1)
    lr, b1, b2 = 0.05, 0.9, 0.999
    pen = np.full(k + 1, l2)
    pen[-1] = 0.0
    for t in range(1, steps + 1):
        p = sigmoid(xb @ w)
        q = np.clip(observed(p), 1e-9, 1 - 1e-9)
        # d loss / d q, times dq/dp, times dp/dz
        dq = (q - y) / (q * (1 - q))
        dz = dq * (1.0 - 2.0 * DEVIATE) * p * (1 - p)
        g = xb.T @ dz / n + pen * w
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-9)
    return w


def log_loss(q: Array, y: Array) -> float:
    q = np.clip(q, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean())


def calibration(q: Array, y: Array, bins: int = 10) -> tuple[float, list[tuple[float, float, int]]]:
    """The largest gap between the mean chance and the share accepted among bins of the chance (bins of
    at least 50 answers), and the bins."""
    order = np.argsort(q)
    out = []
    worst = 0.0
    for part in np.array_split(order, bins):
        if len(part) < 50:
            continue
        mq, my = float(q[part].mean()), float(y[part].mean())
        out.append((mq, my, len(part)))
        worst = max(worst, abs(mq - my))
    return worst, out


def fit_stage(args: argparse.Namespace) -> None:
    """Fit on the `hard` seats' answers of all but the last `--held-out` games; score on those."""
    z = np.load(answers_path(args))
    keep = z["level"] == "hard"
    raw = z["raw"][keep]
    y = z["accepted"][keep].astype(np.float64)
    game = z["game"][keep]
    x = np.array(
        [
            terms(list(r), m, lo, hi, t)
            for r, m, lo, hi, t in zip(
                raw,
                z["mine"][keep],
                z["mine_low"][keep],
                z["mine_high"][keep],
                z["theirs"][keep],
                strict=True,
            )
        ],
        dtype=np.float64,
    )
    rule = z["rule"][keep]
    cut = args.first + args.games - args.held_out
    tr, te = game < cut, game >= cut
    mean = x[tr].mean(axis=0)
    spread = x[tr].std(axis=0)
    spread[spread < 1e-9] = 1.0
    xs = (x - mean) / spread
    print(f"fit: {int(tr.sum())} answers to fit ({y[tr].mean():.3f} accepted), {int(te.sum())} held out")
    best: tuple[float, float, Array] | None = None
    for l2 in (1e-5, 1e-4, 1e-3, 1e-2):
        # the penalty chosen on the last fifth of the fitting games, then refitted on them all
        inner = game[tr] < args.first + int(0.8 * (cut - args.first))
        w = fit_logistic(xs[tr][inner], y[tr][inner], l2)
        xb = np.hstack([xs[tr][~inner], np.ones((int((~inner).sum()), 1))])
        loss = log_loss(observed(sigmoid(xb @ w)), y[tr][~inner])
        print(f"  l2 {l2:g}: inner held-out log loss {loss:.4f}")
        if best is None or loss < best[0]:
            best = (loss, l2, w)
    assert best is not None
    l2 = best[1]
    w = fit_logistic(xs[tr], y[tr], l2)
    xb = np.hstack([xs[te], np.ones((int(te.sum()), 1))])
    own = sigmoid(xb @ w)
    base = float(y[tr].mean())
    yt = y[te]
    print(f"held out ({int(te.sum())} answers of hard seats, {yt.mean():.3f} accepted):")
    for name, q in (
        ("share accepted", np.full(len(yt), base)),
        ("earlier rule", rule[te]),
        ("earlier rule, with the deviations", observed(rule[te])),
        ("learned", observed(own)),
    ):
        worst, bins = calibration(q, yt)
        loss = log_loss(q, yt)
        print(f"  {name:36s} log loss {loss:.4f}  largest calibration error {100 * worst:.1f} points")
    for name, q in (("earlier rule", observed(rule[te])), ("learned", observed(own))):
        _, bins = calibration(q, yt)
        print(f"  {name} bins (mean chance, share accepted, answers):")
        print("   " + "  ".join(f"{a:.2f}/{b:.2f}/{c}" for a, b, c in bins))
    for name, coef in zip([*NAMES, "intercept"], w, strict=True):
        print(f"  {name:24s} {coef:+.3f}")
    if args.write:
        model = AcceptanceModel(
            tuple(float(a) for a in mean), tuple(float(a) for a in spread), tuple(float(a) for a in w)
        )
        raw_bytes = as_json(model).encode("utf-8")
        folder = ROOT / "engine" / "data" / "learned"
        (folder / f"{args.edition}-acceptance.json").write_bytes(raw_bytes)
        worst_l, _ = calibration(observed(own), yt)
        worst_r, _ = calibration(observed(rule[te]), yt)
        manifest = {
            "edition": args.edition,
            "features": list(NAMES),
            "raw_figures": list(RAW),
            "value_sha256": hashlib.sha256((folder / f"{args.edition}.npz").read_bytes()).hexdigest(),
            "games": {
                "seed": args.seed,
                "first": args.first,
                "count": args.games,
                "held_out": args.held_out,
                "maker": "engine.tools.selfplay",
                "answers_of": "hard",
                "deviate": DEVIATE,
            },
            "l2": l2,
            "figures": {
                "answers_fitted": int(tr.sum()),
                "answers_held_out": int(te.sum()),
                "held_out_log_loss": round(log_loss(observed(own), yt), 4),
                "held_out_log_loss_earlier_rule": round(log_loss(observed(rule[te]), yt), 4),
                "held_out_calibration_error": round(worst_l, 4),
                "held_out_calibration_error_earlier_rule": round(worst_r, 4),
            },
            "sha256": hashlib.sha256(raw_bytes).hexdigest(),
        }
        (folder / f"{args.edition}-acceptance.manifest.json").write_text(
            json.dumps(manifest, indent=1) + "\n", encoding="utf-8"
        )
        print(f"write: {folder / args.edition}-acceptance.json, {len(raw_bytes)} bytes; manifest beside it")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--data", type=Path, default=ROOT / "train-data", help="the self-play shards' folder")
    parser.add_argument("--out", type=Path, default=ROOT / "train-data", help="where the answers are kept")
    parser.add_argument("--first", type=int, default=1400, help="the first game (the value saw those before)")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--held-out", type=int, default=300)
    parser.add_argument("--stages", default="answers,fit")
    parser.add_argument("--write", action="store_true", help="package the fitted weights and manifest")
    args = parser.parse_args()
    stages = args.stages.split(",")
    if "answers" in stages:
        answers_stage(args)
    if "fit" in stages:
        fit_stage(args)


if __name__ == "__main__":
    main()
