"""`landlords review GAME`: a saved game's review on screen: each player's chance to win and net worth
over the game, who paid whom, and the moves that changed the chances most.

The save is only read (a game in progress, even one open elsewhere, can be reviewed): it is checked here,
so that a file that is not a save, a damaged one or a game that is not there is refused in one line
before the screen is taken over."""

from __future__ import annotations

import argparse
from typing import Any

from cli import launch
from cli.saved_games import ID_HELP, fail, store_for
from room.chances import shared_pool
from room.review import ReviewJob, Source
from saves import SaveError
from tui import terminal


def register(sub: Any) -> None:
    p = sub.add_parser(
        "review", help="a game's review: chances and worth over time, who paid whom, its turning points"
    )
    p.add_argument("id", metavar="GAME", help=ID_HELP)
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    try:
        loaded = store.load(args.id)
    except SaveError as exc:
        return fail(exc)
    if terminal.missing():
        return terminal.refuse()
    levels = [seat.level if seat.is_bot else None for seat in loaded.seats]
    source = Source.of_game(loaded.game, levels, loaded.summary.title)
    return launch.run(args, "review", review=ReviewJob(source, shared_pool()))
