"""The advisor asked at seat 0's decisions in seeded games of four `hard`: whether it picks the option shown
with the highest chance, how often it says the options are too close to call, the trades it suggests (opened
as drafts, never sent), how much its figures move with the analysis seed, and its CPU time per answer.

Each game is played by four `hard` bots from its seed; at every `--every`th decision of seat 0 that offers
a choice (more than one legal command, or a trade the expert would propose) the advisor is asked, with every
seat's level known, as a table asks it, once with the analysis seed 0 and once with seed 1; the game then
goes on with the bot's own move. A suggested trade is checked against the offers its partner refused with a
price named earlier in the game. Prints one line per edition and the figures over all.

    python bench/advisor.py [--editions classic,finance-1936] [--games 12] [--decisions 100] [--every 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine import new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.bots.advice import advise  # noqa: E402
from engine.bots.advice_options import Refusal, refusals  # noqa: E402
from engine.core.commands import ProposeTrade  # noqa: E402
from engine.core.events import Event  # noqa: E402

SEATS = 4
LEVEL = "hard"


@dataclass
class Tally:
    asked: int = 0
    below: int = 0
    close: int = 0
    trades: int = 0
    refused_again: int = 0
    luck: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)


def _repeats_refusal(cmd: ProposeTrade, refused: tuple[Refusal, ...]) -> bool:
    """Whether a suggested trade gives its partner less than he named for the same deeds."""
    give, take = cmd.give, cmd.take
    for r in reversed(refused):
        if r.proposer == cmd.player and r.partner == cmd.to and r.take == take.deeds:
            return give.deeds == r.give and give.cash - take.cash < r.asking
    return False


def play(edition: str, seed: int, tally: Tally, decisions: int, every: int) -> None:
    game = new_game(edition, [f"Bot {i}" for i in range(SEATS)], seed=seed)
    bots = [make_bot(LEVEL, seed, s) for s in range(SEATS)]
    levels = [LEVEL] * SEATS
    history: list[Event] = list(game.opening)
    st = game.state
    seen = 0
    while st.winner is None and st.turn < 400 and tally.asked < decisions:
        pend = st.pending
        assert pend is not None
        p = pend.player
        view = game.view(p)
        legal = game.legal_commands(p)
        cmd = bots[p].choose(view, legal)
        if p == 0 and (len(legal) > 1 or cmd.kind == "propose_trade"):
            seen += 1
            if seen % every == 0:
                refused = refusals(history)
                start = time.process_time()
                first = advise(view, legal, 0, levels, refused)
                tally.cpu.append(time.process_time() - start)
                second = advise(view, legal, 1, levels, refused)
                tally.asked += 1
                kind = pend.kind
                tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
                top = max(o.chance for o in first.options)
                if first.options[0].command != first.command or first.options[0].chance < top:
                    tally.below += 1
                tally.close += first.close
                if first.draft is not None:
                    tally.trades += 1  # carried as a draft: this loop never applies it
                    tally.refused_again += _repeats_refusal(first.draft, refused)
                by = {o.command: o.chance for o in second.options}
                tally.luck += [abs(o.chance - by[o.command]) for o in first.options if o.command in by]
        events = game.apply(cmd)
        history += events
        for b in bots:
            b.observe(events)


def line(name: str, t: Tally) -> str:
    cpu = sorted(t.cpu)
    p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] if cpu else 0.0
    luck = 100 * statistics.fmean(t.luck) if t.luck else 0.0
    most = 100 * max(t.luck, default=0.0)
    return (
        f"{name:<15}{t.asked:>6}{t.below:>7}{t.close:>7}{t.trades:>7}{t.refused_again:>9}"
        f"{luck:>10.2f}{most:>9.2f}{statistics.median(cpu) if cpu else 0:>9.2f}{p95:>8.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--editions", default="classic,finance-1936", help="editions, comma-separated")
    parser.add_argument("--games", type=int, default=12, help="seeded games per edition at most")
    parser.add_argument("--decisions", type=int, default=100, help="decisions asked per edition")
    parser.add_argument("--every", type=int, default=3, help="ask at every this many of seat 0's choices")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()
    print(
        f"advisor at seat 0 of four {LEVEL} ({args.decisions} decisions an edition, every {args.every}th "
        f"choice, games seeded from {args.seed}; figures in points of chance, CPU in seconds)"
    )
    print(
        f"{'edition':<15}{'asked':>6}{'below':>7}{'close':>7}{'trades':>7}{'refused':>9}"
        f"{'luck avg':>10}{'luck max':>9}{'cpu med':>9}{'p95':>8}"
    )
    total = Tally()
    for edition in args.editions.split(","):
        t = Tally()
        for g in range(args.games):
            if t.asked >= args.decisions:
                break
            play(edition, args.seed + g, t, args.decisions, args.every)
        print(line(edition, t))
        print(f"{'':<15}asked at: " + ", ".join(f"{k} {n}" for k, n in sorted(t.kinds.items())))
        for name in ("asked", "below", "close", "trades", "refused_again"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
        total.luck += t.luck
        total.cpu += t.cpu
    print(line("all", total))


if __name__ == "__main__":
    main()
