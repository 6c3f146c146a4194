"""`landlords analyse GAME [--turn N] [--playouts K] [--json]`: each player's chance to win in a saved
game, at its last position or after turn N, worked out from what everyone at the table could see.

The save is only read: nothing is written, and a game open elsewhere can be analysed all the same."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from cli import arguments
from cli.output import Output
from cli.saved_games import ID_HELP, add_saves_dir, edition_name, fail, say, store_for, text
from engine import Command, Event, Game, GameView
from engine.lookahead.chances import Chances, chances
from saves import SaveError, Seat

PLAYOUTS = 400
PLAYOUTS_MOST = 100_000


def register(sub: Any) -> None:
    p = sub.add_parser("analyse", help="each player's chance to win in a saved game")
    p.add_argument("id", metavar="GAME", help=ID_HELP)
    p.add_argument(
        "--turn",
        metavar="N",
        type=arguments.whole(0, arguments.TURNS_MAX, too_low="a turn is 0 or more"),
        default=None,
        help="the position once N turns were played (default: the game's last position)",
    )
    p.add_argument(
        "--playouts",
        metavar="K",
        type=arguments.whole(1, PLAYOUTS_MOST, too_low="at least one playout"),
        default=PLAYOUTS,
        help=f"how many times the position is played forward (default {PLAYOUTS})",
    )
    p.add_argument("--seed", type=arguments.seed, default=0, help="the analysis's own seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_saves_dir(p)
    p.set_defaults(run=run)


class PositionAt:
    """A replay watcher that keeps the table's view of the position once `turn` turns were played."""

    def __init__(self, turn: int | None) -> None:
        self.turn = turn
        self.view: GameView | None = None

    def begin(self, game: Game, seats: list[Seat]) -> None:
        return None

    def command(self, game: Game, cmd: Command) -> None:
        if self.view is None and game.state.turn == self.turn:
            self.view = game.view(None)

    def applied(self, events: list[Event]) -> None:
        return None


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    watcher = PositionAt(args.turn)
    try:
        loaded = store.load(args.id, watcher)
    except SaveError as exc:
        return fail(exc)
    game = loaded.game
    last = game.state.turn
    view: GameView | None = watcher.view
    if args.turn is None or args.turn == last:
        view = game.view(None)
    elif args.turn > last:
        return fail(f"{loaded.summary.title} has been played for {last} turns, not {args.turn}")
    if view is None:  # a game saved from a prepared position that began after turn N
        return fail(f"{loaded.summary.title} begins after turn {args.turn}")
    figures = chances(view, args.playouts, seed=args.seed)
    names = [p.name for p in view.players]
    if args.json:
        print(json.dumps(as_json(view.edition, figures, names)))
    else:
        _table(loaded.summary.title, view, figures, names)
    return 0


def as_json(edition: str, figures: Chances, names: list[str]) -> dict[str, object]:
    return {
        "edition": edition,
        "turn": figures.turn,
        "playouts": figures.playouts,
        "players": [
            {"seat": c.seat, "name": names[c.seat], "win": c.win, "low": c.low, "high": c.high}
            for c in figures.players
        ],
    }


def _table(title: str, view: GameView, figures: Chances, names: list[str]) -> None:
    say(f"{title}: {edition_name(view.edition)} edition, after {figures.turn} turns")
    table = Table(show_edge=False)
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Chance to win", justify="right")
    table.add_column("95% interval", justify="right")
    for c in figures.players:
        out = view.players[c.seat].bankrupt
        table.add_row(
            str(c.seat + 1),
            text(names[c.seat]),
            "out" if out else f"{100 * c.win:.1f}%",
            "" if out else f"{100 * c.low:.1f}% - {100 * c.high:.1f}%",
        )
    Output().print(table)
    if view.winner is not None:
        say(f"The game is over: {names[view.winner]} won.")
    else:
        say(f"From {figures.playouts} playouts of what everyone at the table can see.")
