"""Probe prices: what paying more for the lots that complete a group is worth, measured by long playouts.

Plays games of the expert against three `hard` and keeps the shark's offers (lots that complete one of the
expert's groups) at some of its chances to make one. For each kept offer it weighs the same offer at the
shark's price and dearer (more cash to the partner, by shares of the printed price of the lots asked), and
for each price: whether a `hard` partner accepts it (asked afresh, so without the memory of this game's
offers), the chance the acceptance model gives, the value's change in the expert's chance if accepted, and
the change measured by paired playouts of many rounds from the same position (every price under the same
luck; every seat the fast copy of the shark's plan; the learned value where a playout stops). With
`--full N` it also plays, from the same position, N pairs of whole games to their end with the offer at
the shark's price made and accepted and with no offer, every seat a `hard` bot (the expert's seat one
that makes no offers, as the short playouts' seats make none), each pair under the same seed: the change
in the expert's share of wins, beside the value's and the short playouts'.

It prints, for each price step, how many are accepted, the mean change by the value and by the playouts,
and what making the offer is worth (accepted times the measured change); and how often a dearer price is
worth more than the shark's.

    python bench/probe_prices.py [--games 20] [--probes 30] [--playouts 300] [--rounds 40] [--seed 5]
        [--full 0]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.probe_trades import correlation
from engine.bots import make_bot
from engine.bots.expert import USES, ExpertBot
from engine.bots.judging import answer_figures
from engine.bots.normal import NormalBot
from engine.bots.position import Position
from engine.core.commands import AcceptTrade, Command, ProposeTrade
from engine.core.errors import IllegalCommand
from engine.core.state import TradeAnswer
from engine.learned.moves import after, weigh_offers
from engine.lookahead.judge import judge
from engine.lookahead.sampling import Sampler
from engine.play.game import Game
from engine.play.view import GameView
from engine.tools.simulate import BotPlayer, play_game
from engine.tools.tournament import run_tournament

STEPS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0)
"""The prices weighed: the shark's net cash to the partner plus these shares of the printed price of the
lots asked."""


@dataclass
class Probe:
    view: GameView
    me: int
    offer: ProposeTrade


PROBES: list[Probe] = []
EVERY = 2
"""Keep one chance to offer in this many."""


class ProbingExpert(ExpertBot):
    """The expert, keeping the shark's offer at some of its chances to make one."""

    seen = 0

    def compose(self, pos: Position) -> ProposeTrade | None:
        found = [c for c in self.candidates(pos) if c.passes]
        if found and self.value(pos) is not None:
            ProbingExpert.seen += 1
            if ProbingExpert.seen % EVERY == 0:
                shark = max(found, key=lambda c: c.rank).offer
                if shark.take.deeds:
                    PROBES.append(Probe(pos.view, pos.me, shark))
        return super().compose(pos)


def dearer(view: GameView, me: int, offer: ProposeTrade) -> list[tuple[float, ProposeTrade]]:
    """Return the offer at each of `STEPS` within the expert's cash, with its step."""
    board = view.board
    scale = max(sum(board.price[s] for s in offer.take.deeds), 50)
    net = offer.give.cash - offer.take.cash
    out: list[tuple[float, ProposeTrade]] = []
    for step in STEPS:
        n = net + 10 * round(step * scale / 10)
        if n > view.players[me].cash:
            break
        out.append(
            (
                step,
                offer.model_copy(
                    update={
                        "give": replace(offer.give, cash=max(n, 0)),
                        "take": replace(offer.take, cash=max(-n, 0)),
                    }
                ),
            )
        )
    return out


def hard_accepts(view: GameView, offer: ProposeTrade, seed: int) -> bool:
    """Return whether a `hard` bot in the partner's seat accepts the offer."""
    game = after(view, [offer])
    if game is None or not isinstance(game.state.pending, TradeAnswer):
        return False
    to = offer.to
    bot = make_bot("hard", seed, to)
    cmd = bot.choose(game.view(to), game.legal_commands(to))
    return isinstance(cmd, AcceptTrade)


TURN_CAP = 1000
"""Whole games stop here (as the tournaments' games do); one stopped counts as won by nobody."""


def full_games(view: GameView, me: int, course: list[Command], pairs: int, seed: int) -> tuple[float, float]:
    """Return the change in `me`'s share of wins that `course` makes, over `pairs` pairs of whole games
    played by `hard` bots from the position (with and without it, each pair under one seed), and its
    standard error. `me`'s bot makes no offers of its own: else, without the course, it would make the
    same offer at once and the pair would play the same game."""
    diffs: list[float] = []
    for k in range(pairs):
        won: list[float] = []
        for moves in ([], course):
            game = Game(Sampler(view).draw(seed * 7919 + k))
            try:
                for cmd in moves:
                    game.apply(cmd)
            except IllegalCommand:
                return 0.0, 0.0
            players = [BotPlayer(make_bot("hard", seed * 7919 + k, p)) for p in range(len(view.players))]
            mine = players[me].bot
            assert isinstance(mine, NormalBot)
            mine.compose = lambda pos: None  # type: ignore[method-assign]
            play_game(game, players, TURN_CAP)
            won.append(1.0 if game.state.winner == me else 0.0)
        diffs.append(won[1] - won[0])
    mean = sum(diffs) / pairs
    spread = sum((d - mean) ** 2 for d in diffs) / max(pairs - 1, 1)
    return mean, (spread / pairs) ** 0.5


@dataclass
class Row:
    step: float
    accepted: bool
    model: float
    by_value: float
    measured: float


def print_fulls(fulls: list[tuple[float, float, float, float]]) -> None:
    """Print how the value's and the short playouts' changes follow the whole games' at the shark's price."""
    by_value, short, whole = ([f[i] for f in fulls] for i in range(3))
    n = len(fulls)
    noise = (sum(f[3] ** 2 for f in fulls) / n) ** 0.5
    print(f"whole games at the shark's price, {n} offers (their own error {100 * noise:.1f} points):")
    for name, xs in (("the value", by_value), ("the short playouts", short)):
        same = sum(1 for x, y in zip(xs, whole, strict=True) if (x > 0) == (y > 0)) / n
        off = sum(abs(x - y) for x, y in zip(xs, whole, strict=True)) / n
        print(
            f"  {name}: correlation {correlation(xs, whole):.2f}, the same sign {100 * same:.0f} %, "
            f"{100 * off:.1f} points apart on average; mean {100 * sum(xs) / n:+.1f} against "
            f"{100 * sum(whole) / n:+.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--probes", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--full", type=int, default=0, help="pairs of whole games at the shark's price")
    args = parser.parse_args()

    def seat(level: str, game_seed: int, seat: int) -> BotPlayer:
        bot = ProbingExpert(game_seed, seat) if level == "expert" else make_bot(level, game_seed, seat)
        return BotPlayer(bot)

    run_tournament(("expert", "hard", "hard", "hard"), args.games, seed=args.seed, make_player=seat)
    step = max(1, len(PROBES) // args.probes)
    chosen = PROBES[::step][: args.probes]
    kept = f"{len(PROBES)} shark offers kept from {args.games} games (seed {args.seed})"
    print(f"{kept}; {len(chosen)} weighed")
    print(f"{args.playouts} paired playouts each, {args.rounds} rounds, the learned value where they stop")
    rows: list[list[Row]] = []
    fulls: list[tuple[float, float, float, float]] = []
    start = time.process_time()
    for k, probe in enumerate(chosen):
        view, me = probe.view, probe.me
        bot = ExpertBot(0, me)
        bot.uses = USES | {"acceptance"}  # the acceptance model, which the expert as it plays does not ask
        pos = Position(view, me)
        value, model = bot.value(pos), bot.acceptance(pos)
        assert value is not None and model is not None
        priced = dearer(view, me, probe.offer)
        offers = [o for _, o in priced]
        figures = [answer_figures(Position(view, o.to), me, o.give, o.take) for o in offers]
        weighed = {w.offer: w for w in weigh_offers(value, view, me, offers, 0.0, model, figures)}
        accept = AcceptTrade(player=probe.offer.to, trade_id=view.next_trade_id)
        courses: list[list[Command]] = [[]]
        courses.extend([o, accept] for o in offers)
        verdicts = judge(
            view,
            me,
            courses,
            args.playouts,
            args.seed * 1000 + k,
            horizon=args.rounds,
            policy="shark",
            value=value,
        )
        line: list[Row] = []
        for c, (st, offer) in enumerate(priced):
            w = weighed.get(offer)
            if w is None:
                continue
            taken = hard_accepts(view, offer, args.seed * 1000 + k)
            line.append(Row(st, taken, w.accepted, w.mine, verdicts[c + 1].edge))
        rows.append(line)
        shown = "  ".join(
            f"{r.step:+.2f}:{'A' if r.accepted else '-'} {100 * r.by_value:+5.1f}/{100 * r.measured:+5.1f}"
            for r in line
        )
        print(f"  turn {view.turn:3}  {shown}", flush=True)
        if args.full and line and line[0].step == 0.0:
            edge, error = full_games(view, me, courses[1], args.full, args.seed * 1000 + k)
            fulls.append((line[0].by_value, line[0].measured, edge, error))
            print(f"      whole games: {100 * edge:+5.1f} +- {100 * error:4.1f} points", flush=True)
    seconds = time.process_time() - start
    print("step  offers  hard accepts  model  value  playouts  worth (accepted x playouts)")
    for st in STEPS:
        at = [r for line in rows for r in line if r.step == st]
        if not at:
            continue
        n = len(at)
        acc = sum(r.accepted for r in at) / n
        print(
            f"{st:+.2f}  {n:6}  {100 * acc:11.0f} %  {100 * sum(r.model for r in at) / n:4.0f} %"
            f"  {100 * sum(r.by_value for r in at) / n:+5.1f}  {100 * sum(r.measured for r in at) / n:+8.1f}"
            f"  {100 * sum(r.measured * r.accepted for r in at) / n:+8.2f}"
        )
    best_dearer = 0
    compared = 0
    for line in rows:
        if len(line) < 2:
            continue
        compared += 1
        worth = [r.measured * r.accepted for r in line]
        if max(worth[1:]) > worth[0] + 0.005:
            best_dearer += 1
    print(f"a dearer price worth more than the shark's (by half a point): {best_dearer} of {compared}")
    if fulls:
        print_fulls(fulls)
    print(f"{seconds:.0f} s of CPU for the playouts ({os.cpu_count()} cores here, one used)")


if __name__ == "__main__":
    main()
