"""The bots' ratings: each level's rating on the people's scale, measured from tournaments.

Plays seeded games of the classic edition between mixes of levels (every level at one table, and the
three quicker ones without `expert`), seats rotating, and ranks each finished game as the server does
(`server.places`: the winner, then the others by worth, the bankrupt last out before earlier ones). Then
fits each level's Plackett-Luce rating (`server.rating`'s model) by rating the games one after another
from the newcomer's rating, over several random orders of the games, and averages them. Games stopped by
the turn cap have no end and are left out. Prints each level's mu, sigma and ordinal; `--write` keeps
them in `server/bot_ratings.json`, which the server ships and reads.

    python bench/bot_ratings.py [--games 240] [--seed 1] [--jobs 2] [--orders 20] [--write]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.append(str(ROOT))

from engine import Command, Event, new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.tools.simulate import BotPlayer, game_seed, play_game  # noqa: E402
from engine.tools.tournament import seating  # noqa: E402
from room.heap import settle  # noqa: E402
from server.places import SeatResult, finishing_order  # noqa: E402
from server.rating import BOTS_FILE, MODEL, NEW, Rating  # noqa: E402

ALL = ("easy", "normal", "hard", "expert")
QUICK = ("easy", "normal", "hard")
MAX_TURNS = 1000


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


def fit(games: list[list[str]], orders: int, seed: int) -> dict[str, Rating]:
    """Each level's rating, rating the games in `orders` random orders and averaging."""
    rng = random.Random(seed)
    sums: dict[str, list[float]] = {}
    for _ in range(orders):
        shuffled = games[:]
        rng.shuffle(shuffled)
        now = {level: NEW for game in games for level in game}
        for game in shuffled:
            results = [SeatResult(place, key=level) for place, level in enumerate(game, start=1)]
            teams = [[MODEL.rating(mu=now[r.key].mu, sigma=now[r.key].sigma)] for r in results if r.key]
            rated = MODEL.rate(teams, ranks=[float(r.place) for r in results])
            for level, team in zip(game, rated, strict=True):
                now[level] = Rating(team[0].mu, team[0].sigma)
        for level, rating in now.items():
            total = sums.setdefault(level, [0.0, 0.0])
            total[0] += rating.mu
            total[1] += rating.sigma
    return {level: Rating(mu / orders, sigma / orders) for level, (mu, sigma) in sums.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240, help="games of each lineup (default 240)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--orders", type=int, default=20, help="random orders to rate the games in")
    parser.add_argument("--write", action="store_true", help="keep the figures in server/" + BOTS_FILE)
    args = parser.parse_args()
    slices = []
    for lineup in (ALL, QUICK):
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
    played = 2 * args.games
    print(f"{played} games ({played - len(games)} stopped by the turn cap, left out)")
    print(f"CPU {cpu:.0f} s in the games, {wall:.0f} s on the clock with {args.jobs} jobs")
    for lineup in (ALL, QUICK):
        tables = [g for g in games if len(g) == len(lineup)]
        firsts = {level: sum(1 for g in tables if g[0] == level) for level in lineup}
        print(f"wins at {len(lineup)}-seat tables ({len(tables)} games): {firsts}")
    ratings = fit(games, args.orders, args.seed)
    print(f"{'level':8} {'mu':>6} {'sigma':>6} {'ordinal':>8}")
    for level in ALL:
        r = ratings[level]
        print(f"{level:8} {r.mu:6.2f} {r.sigma:6.2f} {r.ordinal:8.2f}")
    if args.write:
        path = ROOT / "server" / BOTS_FILE
        raw = {
            "about": "The bots' levels' Plackett-Luce ratings, measured by bench/bot_ratings.py.",
            "games": len(games),
            "seed": args.seed,
            "levels": {
                lv: {"mu": round(ratings[lv].mu, 3), "sigma": round(ratings[lv].sigma, 3)} for lv in ALL
            },
        }
        path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
