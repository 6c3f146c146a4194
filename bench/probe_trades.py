"""Probe offers: what the learned value says a trade changes, against what paired long playouts measure.

Plays games of the expert against three `hard` and, at some of the expert's chances to make an offer, keeps
the offers it weighs (every group it could complete, every form, prices around the shark's): the shark's own
offer, and the one the learned value rates best. For each kept offer it then measures, from the same
position, the offer made and accepted against no offer, by paired playouts of many rounds (every seat played
by the fast copy of the shark's plan; where a playout stops, the learned value), and prints the value's
change beside the measured one: their correlation, how often their signs agree, and the slope of the
measured change on the value's.

    python bench/probe_trades.py [--games 12] [--probes 40] [--playouts 160] [--rounds 30] [--seed 5]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.bots.expert import USES, ExpertBot
from engine.bots.judging import answer_figures
from engine.bots.position import Position
from engine.bots.proposing import Candidate
from engine.core.commands import AcceptTrade, Command, ProposeTrade
from engine.learned.moves import repriced, weigh_offers
from engine.lookahead.judge import judge
from engine.play.view import GameView
from engine.tools.simulate import BotPlayer
from engine.tools.tournament import run_tournament


@dataclass
class Probe:
    view: GameView
    me: int
    offer: ProposeTrade
    which: str  # "shark" or "value"
    by_value: float  # the value's change in the expert's chance if accepted (members' mean)
    low: float  # the least of the members


PROBES: list[Probe] = []
EVERY = 3
"""Keep one chance to offer in this many."""


class ProbingExpert(ExpertBot):
    """The expert, keeping what it weighs at some of its chances to make an offer."""

    uses = USES | {"acceptance"}
    """The acceptance model too, which the expert as it plays does not ask."""
    seen = 0

    def compose(self, pos: Position) -> ProposeTrade | None:
        value, model = self.value(pos), self.acceptance(pos)
        found = self.candidates(pos, every=True)
        if value is not None and model is not None and found:
            ProbingExpert.seen += 1
            if ProbingExpert.seen % EVERY == 0:
                self._keep(pos, found)
        return super().compose(pos)

    def _keep(self, pos: Position, found: list[Candidate]) -> None:
        value, model = self.value(pos), self.acceptance(pos)
        assert value is not None and model is not None
        me = pos.me
        priced = [replace(c, offer=o) for c in found for o in repriced(pos.view, me, c.offer, wide=True)]
        offers = [c.offer for c in priced]
        figures = [answer_figures(Position(pos.view, o.to), me, o.give, o.take) for o in offers]
        weighed = {w.offer: w for w in weigh_offers(value, pos.view, me, offers, 0.0, model, figures)}
        passing = [c for c in found if c.passes]
        if passing:
            shark = max(passing, key=lambda c: c.rank).offer
            if shark in weighed:
                w = weighed[shark]
                PROBES.append(Probe(pos.view, me, shark, "shark", w.mine, w.mine_low))
        if weighed:
            best = max(weighed.values(), key=lambda w: w.mine)
            PROBES.append(Probe(pos.view, me, best.offer, "value", best.mine, best.mine_low))
            worst = min(weighed.values(), key=lambda w: w.mine)
            PROBES.append(Probe(pos.view, me, worst.offer, "least", worst.mine, worst.mine_low))


def measured(probe: Probe, playouts: int, rounds: int, seed: int) -> tuple[float, float]:
    """Return the playouts' change in the expert's chance with the offer made and accepted, and its error."""
    view = probe.view
    accept = AcceptTrade(player=probe.offer.to, trade_id=view.next_trade_id)
    courses: list[list[Command]] = [[], [probe.offer, accept]]
    value = ExpertBot(0, probe.me).value(Position(view, probe.me))
    verdicts = judge(view, probe.me, courses, playouts, seed, horizon=rounds, policy="shark", value=value)
    return verdicts[1].edge, verdicts[1].error


SMALL = 0.05
"""Changes smaller than this (five points of chance) are the ones the expert's choices among offers turn
on; a trade that completes a group moves a chance more."""
SETTLED = 0.005
"""Measured changes smaller than this count as no change where signs are compared."""


def correlation(xs: list[float], ys: list[float]) -> float:
    """Return the correlation of two lists of figures (nan where either does not vary)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def agreement(rows: list[tuple[str, float, float, float]], label: str) -> None:
    """Print how well the value's changes follow the measured ones over these rows."""
    n = len(rows)
    if n < 3:
        return
    xs, ys = [r[1] for r in rows], [r[2] for r in rows]
    corr = correlation(xs, ys)
    moved = [(x, y) for x, y in zip(xs, ys, strict=True) if abs(y) >= SETTLED]
    agree = sum(1 for x, y in moved if (x > 0) == (y > 0)) / len(moved) if moved else float("nan")
    off = sum(abs(x - y) for x, y in zip(xs, ys, strict=True)) / n
    print(
        f"{label}: {n} offers, correlation {corr:.2f}, the same sign {100 * agree:.0f} % "
        f"(of {len(moved)} that moved), {100 * off:.1f} points apart on average"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--probes", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    def seat(level: str, game_seed: int, seat: int) -> BotPlayer:
        bot = ProbingExpert(game_seed, seat) if level == "expert" else make_bot(level, game_seed, seat)
        return BotPlayer(bot)

    run_tournament(("expert", "hard", "hard", "hard"), args.games, seed=args.seed, make_player=seat)
    step = max(1, len(PROBES) // args.probes)
    chosen = PROBES[::step][: args.probes]
    print(f"{len(PROBES)} offers kept from {args.games} games (seed {args.seed}); {len(chosen)} measured")
    print(f"{args.playouts} paired playouts each, {args.rounds} rounds, the learned value where they stop")
    rows: list[tuple[str, float, float, float]] = []
    start = time.process_time()
    for k, probe in enumerate(chosen):
        edge, error = measured(probe, args.playouts, args.rounds, args.seed * 1000 + k)
        rows.append((probe.which, probe.by_value, edge, error))
        print(
            f"  {probe.which:5} turn {probe.view.turn:3}  value {100 * probe.by_value:+6.1f}  "
            f"playouts {100 * edge:+6.1f} +- {100 * error:4.1f} points",
            flush=True,
        )
    seconds = time.process_time() - start
    agreement(rows, "every offer")
    points = f"{100 * SMALL:.0f} points"
    agreement([row for row in rows if abs(row[1]) < SMALL], f"where the value's change is under {points}")
    agreement([row for row in rows if abs(row[1]) >= SMALL], f"where it is {points} or more")
    noise = math.sqrt(sum(row[3] ** 2 for row in rows) / len(rows))
    print(f"the playouts' own error: {100 * noise:.1f} points")
    for which in ("shark", "value", "least"):
        picked = [row for row in rows if row[0] == which]
        if picked:
            v = sum(row[1] for row in picked) / len(picked)
            m = sum(row[2] for row in picked) / len(picked)
            print(f"  {which:5} {len(picked):3} offers: value {100 * v:+.1f}, playouts {100 * m:+.1f} points")
    print(f"{seconds:.0f} s of CPU for the playouts ({os.cpu_count()} cores here, one used)")


if __name__ == "__main__":
    main()
