"""`landlords review GAME`: a saved game's review on screen: each player's chance to win and net worth
over the game, who paid whom, and the moves that changed the chances most; with `--plain`, the same review
told in sentences a page at a time (`lines.review_lines`).

The save is only read (a game in progress, even one open elsewhere, can be reviewed): it is checked here,
so that a file that is not a save, a damaged one or a game that is not there is refused in one line
before the screen is taken over."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cli import commands, launch
from cli.saved_games import ID_HELP, fail, store_for, summary_title
from room.chances import shared_pool
from room.review import ReviewJob, Source, taken_back
from saves import SaveError
from translation import _
from tui import terminal


def register(sub: Any) -> None:
    p = commands.parser(sub, "review")
    p.add_argument("id", metavar=_("GAME"), help=_(ID_HELP))
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    try:
        loaded = store.load(args.id)
    except SaveError as exc:
        return fail(exc)
    plain = getattr(args, "plain", False)
    if not plain and terminal.missing():
        return terminal.refuse()
    levels = [seat.level if seat.is_bot else None for seat in loaded.seats]
    source = Source.of_game(
        loaded.game, levels, taken_back(summary_title(loaded.summary), loaded.summary.takebacks)
    )
    job = ReviewJob(source, shared_pool())
    if plain:
        from lines.review_lines import tell

        return tell(job, sys.stdin, sys.stdout)
    return launch.run(args, "review", review=job)
