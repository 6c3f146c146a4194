"""Bot strength, manners and speed: seeded 4-player tournaments, seats rotating, and the CPU time of every
decision.

Runs `hard` against three `normal`, `normal` against three `easy`, `easy` against three `random`, and `hard`
against three of the example bot from outside (`examples/prudent_bot.py`, written from the published bot
interface alone), among others (`--match`), and prints for each: wins per level with a 95 % interval, the
share of games stopped by the turn cap, and what each level did at the table (offers a game, how often the
same lot was asked, auction prices against the printed price, the share of its complete groups that stood
built). Then the median, 99th percentile and
slowest bot decision in CPU time (a decision is all a seat costs: building its view, listing its legal
commands, choosing).

    python bench/bots.py [--games 2000] [--seed 1] [--jobs 2] [--max-turns 1000] [--match hard-normal]
        [--edition addon] [--expert-own]
"""

from __future__ import annotations

import argparse
import gc
import heapq
import os
import sys
import time
from array import array
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the engine package;
# the project's folder goes on it instead, for the example bot in `examples`.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine import Command, Event, Game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.bots.expert import LAB_USES, ExpertBot  # noqa: E402
from engine.bots.levels import plays_below  # noqa: E402
from engine.tools.simulate import BotPlayer  # noqa: E402
from engine.tools.tournament import Tournament, run_tournament  # noqa: E402
from room.heap import settle  # noqa: E402

OUTSIDE = "examples.prudent_bot:PrudentBot"
STEADY = "examples.steady_bot:SteadyBot"
KEEP_SLOWEST = 5
MATCHES = {
    "hard-normal": ("hard", "normal", "normal", "normal"),
    "normal-easy": ("normal", "easy", "easy", "easy"),
    "easy-random": ("easy", "random", "random", "random"),
    "hard-outside": ("hard", OUTSIDE, OUTSIDE, OUTSIDE),
    "normal-outside": ("normal", OUTSIDE, OUTSIDE, OUTSIDE),
    "hard-steady": ("hard", STEADY, STEADY, STEADY),
    "normal-steady": ("normal", STEADY, STEADY, STEADY),
    "expert-hard": ("expert", "hard", "hard", "hard"),
    "expert-outside": ("expert", OUTSIDE, OUTSIDE, OUTSIDE),
    "expert-steady": ("expert", STEADY, STEADY, STEADY),
}


class GcClock:
    """The CPU time the interpreter's garbage collector has taken in this process, in nanoseconds: a
    decision that happens to trigger a full collection pays for the whole heap, not for its own work."""

    def __init__(self) -> None:
        self.spent = 0
        self._start = 0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        now = time.process_time_ns()
        if phase == "start":
            self._start = now
        else:
            self.spent += now - self._start


Slow = tuple[int, int, str, int, int, str]
"""A slow decision: (microseconds, those in the garbage collector, level, game seed, turn, what was asked)."""


class TimedPlayer:
    """A bot seat that records the CPU time each of its decisions takes, in microseconds, and keeps the
    slowest few with what was asked, so that they can be looked into."""

    def __init__(
        self, player: BotPlayer, times: array[int], slowest: list[Slow], clock: GcClock, level: str, seed: int
    ) -> None:
        self.player = player
        self.times = times
        self.slowest = slowest
        self.clock = clock
        self.level = level
        self.seed = seed

    def decide(self, game: Game, player: int) -> Command:
        gc_before = self.clock.spent
        start = time.process_time_ns()
        cmd = self.player.decide(game, player)
        took = (time.process_time_ns() - start) // 1000
        self.times.append(took)
        if len(self.slowest) < KEEP_SLOWEST or took > self.slowest[0][0]:
            pending = game.state.pending
            asked = pending.kind if pending is not None else "-"
            entry = (
                took,
                (self.clock.spent - gc_before) // 1000,
                self.level,
                self.seed,
                game.state.turn,
                asked,
            )
            if len(self.slowest) < KEEP_SLOWEST:
                heapq.heappush(self.slowest, entry)
            else:
                heapq.heapreplace(self.slowest, entry)
        return cmd

    def observe(self, cmd: Command, events: list[Event]) -> None:
        self.player.observe(cmd, events)


def play_slice(
    lineup: tuple[str, ...], first: int, games: int, seed: int, max_turns: int, edition: str = "classic"
) -> tuple[Tournament, dict[str, bytes], list[Slow]]:
    settle()  # as `landlords simulate` does in each of its processes
    times: dict[str, array[int]] = {level: array("q") for level in lineup}
    slowest: list[Slow] = []
    clock = GcClock()

    def seat(level: str, game_seed: int, seat: int) -> TimedPlayer:
        return TimedPlayer(
            BotPlayer(make_bot(level, game_seed, seat)), times[level], slowest, clock, level, game_seed
        )

    result = run_tournament(
        lineup, games, seed=seed, edition=edition, max_turns=max_turns, first=first, make_player=seat
    )
    return result, {level: t.tobytes() for level, t in times.items()}, slowest


def run(
    lineup: tuple[str, ...], games: int, seed: int, jobs: int, max_turns: int, edition: str = "classic"
) -> tuple[Tournament, dict[str, list[int]], list[Slow]]:
    """The whole run, split into one slice of consecutive games per process; each level's decision times,
    in order."""
    size = -(-games // jobs)
    slices = [
        (lineup, start, min(size, games - start), seed, max_turns, edition) for start in range(0, games, size)
    ]
    total = Tournament(lineup)
    times: dict[str, array[int]] = {level: array("q") for level in lineup}
    slowest: list[Slow] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result, raw, slow in pool.map(play_slice, *zip(*slices, strict=True)):
            total.merge(result)
            for level, part in raw.items():
                times[level].frombytes(part)
            slowest.extend(slow)
    ordered = {level: sorted(t) for level, t in times.items()}
    return total, ordered, sorted(slowest, reverse=True)[:KEEP_SLOWEST]


def percentile(ordered: list[int], share: float) -> int:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def short(level: str) -> str:
    return {OUTSIDE: "prudent", STEADY: "steady"}.get(level, level)


def race(f: dict[str, object]) -> str:
    """How often a level won the race to three houses on a group, and then the game: "36% (won 66%)"."""
    first, won = f["first_to_three_houses"], f["won_when_first"]
    if not isinstance(first, float) or not isinstance(won, float):  # never first: no share of wins
        return "0%"
    return f"{100 * first:.0f}% (won {100 * won:.0f}%)"


def report(result: Tournament, seconds: float, max_turns: int) -> None:
    print(f"{' v '.join(short(lv) for lv in dict.fromkeys(result.lineup))}: seats rotating")
    figures = result.card.as_dict()
    for level in dict.fromkeys(result.lineup):
        lo, hi = result.interval(level)
        seats = result.seats(level)
        wins = result.wins_by_level[level]
        even = 100 * seats / len(result.lineup)
        print(
            f"  {short(level):7s} {seats} seat{'s' if seats > 1 else ' '}  wins {wins:5d} of {result.games}  "
            f"{100 * result.share(level):5.1f}%  (95% interval {100 * lo:.1f}-{100 * hi:.1f}%; "
            f"even share {even:.0f}%)"
        )
    for level in dict.fromkeys(result.lineup):
        f = figures[level]
        assert isinstance(f, dict)
        auction = f["auction_price_to_printed"] or {"median": 0.0, "p90": 0.0, "max": 0.0}
        built = f["complete_groups_built"]
        taken = 100 * f["offers_accepted"]
        print(
            f"  {short(level):7s} offers {f['offers_per_game']:.1f}/game ({taken:.0f}% taken, same lot at "
            f"most {f['same_lot_asked_most']}x, {f['offers_at_named_price']} at a named price); "
            f"auction/printed median {auction['median']:.2f} p90 {auction['p90']:.2f} "
            f"most {auction['max']:.2f}; "
            f"complete groups built {'-' if built is None else f'{100 * built:.0f}%'}; "
            f"first to three houses on a group {race(f)}"
        )
    print(
        f"  capped   {result.capped} games ({100 * result.capped_share:.2f}%) at {max_turns} turns   "
        f"average length {result.average_turns:.1f} turns   {seconds:.0f}s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--match", choices=sorted(MATCHES), action="append", help="only these match-ups")
    parser.add_argument("--edition", default="classic")
    parser.add_argument(
        "--expert-uses",
        help="where the expert decides by the learned value, comma-separated (answers, offers, acceptance, "
        "auctions, leaf; empty: nowhere); as packaged if not given",
    )
    parser.add_argument(
        "--expert-own",
        action="store_true",
        help="the expert plays its own decisions also where it plays hard's (engine/data/levels.json)",
    )
    args = parser.parse_args()
    games = f"{args.games} seeded 4-player {args.edition} games per match"
    print(f"{games}, seed {args.seed}, {args.jobs} processes")
    if args.expert_own:  # set before the processes start, which inherit it
        ExpertBot.own_play = True
        print("the expert plays its own decisions in every edition")
    elif plays_below("expert", args.edition):
        print(f"the expert plays hard's decisions in {args.edition} (engine/data/levels.json)")
    if args.expert_uses is not None:  # set before the processes start, which inherit it
        uses = frozenset(u for u in args.expert_uses.split(",") if u)
        if uses - LAB_USES:
            unknown, known = ", ".join(sorted(uses - LAB_USES)), ", ".join(sorted(LAB_USES))
            parser.error(f"unknown uses: {unknown}; known: {known}")
        ExpertBot.uses = uses
        print(f"the expert decides by the learned value: {', '.join(sorted(ExpertBot.uses)) or 'nowhere'}")
    every: list[int] = []
    per_level: dict[str, list[int]] = {}
    slowest: list[Slow] = []
    for name in args.match or MATCHES:
        start = time.perf_counter()
        result, times, slow = run(
            MATCHES[name], args.games, args.seed, args.jobs, args.max_turns, args.edition
        )
        report(result, time.perf_counter() - start, args.max_turns)
        for level, t in times.items():
            every.extend(t)
            per_level.setdefault(level, []).extend(t)
        slowest.extend(slow)
    every.sort()
    print(
        f"decisions {len(every):,} (CPU time): median {percentile(every, 0.5) / 1000:.3f} ms, "
        f"99th percentile {percentile(every, 0.99) / 1000:.3f} ms, slowest {every[-1] / 1000:.1f} ms"
    )
    for level, t in per_level.items():
        t.sort()
        print(
            f"  {short(level):<7} {len(t):,} decisions: median {percentile(t, 0.5) / 1000:.3f} ms, "
            f"99th percentile {percentile(t, 0.99) / 1000:.3f} ms, slowest {t[-1] / 1000:.1f} ms"
        )
    for took, in_gc, level, game_seed, turn, asked in sorted(slowest, reverse=True)[:KEEP_SLOWEST]:
        print(
            f"  slow: {took / 1000:.1f} ms ({in_gc / 1000:.1f} ms of it collecting garbage), {short(level)}, "
            f"game seed {game_seed}, turn {turn}, asked: {asked}"
        )
    print(
        "targets: the stronger level wins >= 45%; < 2% capped; "
        "median < 1 ms; 99th percentile < 20 ms; slowest < 50 ms"
    )


if __name__ == "__main__":
    main()
