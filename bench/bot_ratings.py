"""The bots' ratings: each level's rating on the people's scale, measured from tournaments.

Plays seeded games of the classic edition between mixes of levels (the four levels that play to win at one
table; the three quicker ones without `expert`; the same with `expert` in `hard`'s seat, so that the two
strongest levels meet the same company; `random` with `easy` and `normal`), seats rotating, and ranks each
finished game as the server does (`server.people.places`: the winner, then the others by worth, the bankrupt
last out before earlier ones). Then fits each level's Plackett-Luce strength by maximum likelihood and puts it
on the model's scale (`server.people.rating`, at a table of four), `normal`, the default level, at a
newcomer's mu; sigma from refitting resampled games. Games stopped by the turn cap have no end and are left
out. Prints each level's mu, sigma and ordinal; `--write` keeps them in `server/people/bot_ratings.json`,
which the server ships and reads. About 8 minutes of CPU with the defaults (`expert` takes up to a second
a game); `--keep` keeps the ranked games, `--from` fits them again (the games of several files together),
`--out` writes the figures elsewhere. `--lineups` plays only some of the tables (`all`, `quick`, `expert`,
`weakest`, or any levels joined by `+`, such as `hard+normal+normal+normal`): the same games as in a run of
every table, by seed and number, so that the tables a change does not touch are played once, kept, and fitted
again with the new games of the others.

    python bench/bot_ratings.py [--games 200] [--seed 1] [--jobs 2] [--resamples 40] [--write | --out FILE]
        [--lineups all,quick,expert,weakest,LEVEL+LEVEL...] [--keep FILE | --from FILE [FILE ...]]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))  # this checkout's packages, before any installed copy

from engine import Command, Event, new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.tools.simulate import BotPlayer, game_seed, play_game  # noqa: E402
from engine.tools.tournament import seating  # noqa: E402
from room.heap import settle  # noqa: E402
from server.people.places import finishing_order  # noqa: E402
from server.people.rating import BOTS_FILE, MODEL, NEW, Rating  # noqa: E402

ALL = ("easy", "normal", "hard", "expert")
QUICK = ("easy", "normal", "hard")
EXPERT = ("easy", "normal", "expert")
WEAKEST = ("random", "easy", "normal")
NAMED = {"all": ALL, "quick": QUICK, "expert": EXPERT, "weakest": WEAKEST}
"""The tables by the names `--lineups` takes."""
LEVELS = ("random", *ALL)
MAX_TURNS = 1000
PACKAGED = ROOT / "server" / "people" / BOTS_FILE
"""Where the server reads the bots' ratings from (`server.people.rating`)."""


def play_slice(lineup: tuple[str, ...], first: int, games: int, seed: int) -> tuple[list[list[str]], float]:
    """Games `first`.. of a lineup: each finished one as its levels from first place to last."""
    settle()
    start = time.process_time()
    ranked: list[list[str]] = []
    for i in range(first, first + games):
        s = game_seed(seed, i)
        levels = seating(lineup, i)
        game = new_game("classic", [f"Bot {n + 1}" for n in range(len(levels))], seed=s)
        history: list[Event] = []

        def keep(cmd: Command, events: list[Event], history: list[Event] = history) -> None:
            history.extend(events)

        players = [BotPlayer(make_bot(level, s, seat)) for seat, level in enumerate(levels)]
        play_game(game, players, MAX_TURNS, watch=keep)
        order = finishing_order(history)
        if order is not None:
            ranked.append([levels[seat] for seat in order])
    return ranked, time.process_time() - start


def strengths(games: list[list[str]], rounds: int = 2000) -> dict[str, float]:
    """The maximum-likelihood Plackett-Luce strength of each level (Hunter's MM algorithm). Every level
    also wins and loses one game against a fixed player of strength 1, a weak prior that keeps a level
    that never wins (`random`) finite."""
    anchor = "(prior)"
    levels = sorted({level for game in games for level in game})
    every = [*games, *([lv, anchor] for lv in levels), *([anchor, lv] for lv in levels)]
    wins = dict.fromkeys(levels, 0.0)
    for game in every:
        for level in game[:-1]:  # each stage's choice: the best of those left (the last is never chosen)
            if level != anchor:
                wins[level] += 1
    gamma = dict.fromkeys([*levels, anchor], 1.0)
    for _ in range(rounds):
        spent = dict.fromkeys(levels, 0.0)
        for game in every:
            total = sum(gamma[lv] for lv in game)
            for stage in range(len(game) - 1):
                share = 1.0 / total
                for level in game[stage:]:
                    if level != anchor:
                        spent[level] += share
                total -= gamma[game[stage]]
        change = 0.0
        for level in levels:
            new = wins[level] / spent[level]
            change = max(change, abs(math.log(new / gamma[level])))
            gamma[level] = new
        if change < 1e-7:
            break
    return {level: math.log(gamma[level]) for level in levels}


def scale(table_size: int, sigma: float) -> float:
    """The model's c for a table of bots whose ratings are sure to within `sigma`: a strength's log times
    c is a difference of mu (P(first) is exp(mu / c) over the sum of the table's)."""
    return math.sqrt(table_size * (sigma**2 + MODEL.beta**2))


def fit(games: list[list[str]], resamples: int, seed: int, anchor: str = "normal") -> dict[str, Rating]:
    """Each level's rating: its maximum-likelihood strength on the model's scale at a table of four,
    `anchor` (the default level) put at a newcomer's mu; sigma from refitting resampled games."""
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {}
    for _ in range(resamples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        logs = strengths(sample, rounds=300)
        for level, value in logs.items():
            draws.setdefault(level, []).append(value - logs[anchor])
    logs = strengths(games)
    spread = {level: statistics.pstdev(values) for level, values in draws.items()}
    c = scale(4, 0.0)
    return {
        level: Rating(NEW.mu + c * (value - logs[anchor]), max(c * spread[level], 0.5))
        for level, value in logs.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each lineup (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--resamples", type=int, default=40, help="refits of resampled games, for sigma")
    parser.add_argument("--keep", type=Path, help="keep the ranked games in this JSON file")
    parser.add_argument(
        "--from", dest="source", type=Path, nargs="+", help="fit the games kept in these files instead"
    )
    parser.add_argument(
        "--lineups",
        default="all,quick,expert,weakest",
        help="the tables to play, of all, quick, expert and weakest",
    )
    parser.add_argument("--write", action="store_true", help="keep the figures in server/people/" + BOTS_FILE)
    parser.add_argument("--out", type=Path, help="keep the figures in this file instead (implies --write)")
    args = parser.parse_args()
    if args.source is not None:
        games = [g for path in args.source for g in json.loads(path.read_text(encoding="utf-8"))]
        report(games, fit(games, args.resamples, args.seed), args)
        return
    names = [name.strip() for name in args.lineups.split(",") if name.strip()]
    lineups = [NAMED.get(name) or tuple(name.split("+")) for name in names]
    if not lineups or any(len(lineup) < 2 or not set(lineup) <= set(LEVELS) for lineup in lineups):
        parser.error(
            f"--lineups names tables of {', '.join(NAMED)}, or levels of {', '.join(LEVELS)} joined by +"
        )
    slices = []
    for lineup in lineups:
        size = -(-args.games // args.jobs)
        for first in range(0, args.games, size):
            slices.append((lineup, first, min(size, args.games - first), args.seed))
    started = time.perf_counter()
    games: list[list[str]] = []
    cpu = 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for ranked, seconds in pool.map(play_slice, *zip(*slices, strict=True)):
            games.extend(ranked)
            cpu += seconds
    wall = time.perf_counter() - started
    played = len(lineups) * args.games
    print(f"{played} games ({played - len(games)} stopped by the turn cap, left out)")
    print(f"CPU {cpu:.0f} s in the games, {wall:.0f} s on the clock with {args.jobs} jobs")
    if args.keep is not None:
        args.keep.write_text(json.dumps(games), encoding="utf-8")
    report(games, fit(games, args.resamples, args.seed), args)


def report(games: list[list[str]], ratings: dict[str, Rating], args: argparse.Namespace) -> None:
    for lineup in dict.fromkeys(tuple(sorted(g, key=LEVELS.index)) for g in games):
        tables = [g for g in games if sorted(g) == sorted(lineup)]
        if not tables:
            continue
        levels = dict.fromkeys(lineup)
        firsts = {level: sum(1 for g in tables if g[0] == level) for level in levels}
        print(f"wins at the table of {'+'.join(lineup)} ({len(tables)} games): {firsts}")
        places = {lv: [sum(1 for g in tables if g[k] == lv) for k in range(len(lineup))] for lv in levels}
        print(f"  each level's places there, first to last: {places}")
    print(f"{'level':8} {'mu':>6} {'sigma':>6} {'ordinal':>8}")
    for level in LEVELS:
        if level in ratings:
            r = ratings[level]
            print(f"{level:8} {r.mu:6.2f} {r.sigma:6.2f} {r.ordinal:8.2f}")
    missing = [level for level in LEVELS if level not in ratings]
    if (args.write or args.out is not None) and missing:
        print(f"not written: no games of {', '.join(missing)}")
    elif args.write or args.out is not None:
        path = args.out or PACKAGED
        raw = {
            "about": "The bots' levels' Plackett-Luce ratings, measured by bench/bot_ratings.py.",
            "games": len(games),
            "seed": args.seed,
            "levels": {
                lv: {"mu": round(ratings[lv].mu, 3), "sigma": round(ratings[lv].sigma, 3)} for lv in LEVELS
            },
        }
        path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
