"""`landlords simulate`: many headless games between built-in players, and their figures."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from engine import EDITIONS, SetupError, board_for
from engine.simulate import Simulation, simulate


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many headless games and report the figures")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; the run is reproducible")
    p.add_argument("--edition", choices=EDITIONS, default="classic")
    p.add_argument("--max-turns", type=int, default=1000, help="turn cap per game (default 1000)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    if args.games < 1 or args.max_turns < 1:
        err.print("[red]--games and --max-turns must be at least 1.[/]")
        return 2
    try:
        with Progress(
            TextColumn("Playing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=args.games)
            result = simulate(
                args.games,
                players=args.players,
                seed=args.seed,
                edition=args.edition,
                max_turns=args.max_turns,
                progress=lambda done: bar.update(task, completed=done),
            )
    except SetupError as exc:
        err.print(f"[red]{exc}[/]")
        return 2
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        _report(Console(), result, args.edition)
    return 0


def _report(console: Console, r: Simulation, edition: str) -> None:
    console.print(
        f"{r.games} games, {r.rolls:,} dice rolls; average {r.average_turns:.1f} turns, longest {r.longest}; "
        f"{r.capped} hit the turn cap."
    )
    wins = Table(title="Wins by seat")
    wins.add_column("Seat", justify="right")
    wins.add_column("Wins", justify="right")
    wins.add_column("Share", justify="right")
    for seat, w in enumerate(r.wins):
        wins.add_row(str(seat + 1), str(w), f"{100 * w / r.games:.1f}%")
    console.print(wins)
    board = board_for(edition)
    total = sum(r.landings) or 1
    land = Table(title="Where the rolls ended")
    land.add_column("#", justify="right")
    land.add_column("Space")
    land.add_column("Rolls", justify="right")
    land.add_column("Share", justify="right")
    for space, n in enumerate(r.landings):
        land.add_row(str(space), board.name(space), f"{n:,}", f"{100 * n / total:.2f}%")
    console.print(land)
