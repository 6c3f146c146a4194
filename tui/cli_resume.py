"""`landlords resume [ID]`: take up a saved game (the most recently played when no id is given).

The save is opened here first, so that a missing, damaged or locked game is refused in one line before the
screen is taken over; `--status` prints where the game stands instead of opening it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console

from engine.narration import describe
from saves import LoadedGame, SaveError
from saves.history import this_turn
from tui import launch, terminal
from tui.cli_saves import ID_HELP, describe_game, fail, store_for, text


def register(sub: Any) -> None:
    p = sub.add_parser("resume", help="take up a saved game where it was left")
    p.add_argument("id", metavar="ID", nargs="?", help=ID_HELP + " (default: the latest played)")
    p.add_argument("--status", action="store_true", help="print where the game stands instead of playing it")
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.status and terminal.missing():
        return terminal.refuse()
    store = store_for(args)
    save_id = args.id
    if save_id is None:
        try:
            found, damaged = store.scan()
        except SaveError as exc:
            return fail(exc)
        if damaged:
            print(
                f"landlords: {len(damaged)} damaged save{'s' if len(damaged) > 1 else ''} skipped "
                "(see `landlords saves list`)",
                file=sys.stderr,
            )
        if not found:
            return fail(f"there are no saved games in {store.root}")
        save_id = str(found[0].path)
    if args.status:  # a question, not a game: no lock, so a read-only folder or a game open elsewhere is fine
        try:
            loaded = store.load(save_id)
        except SaveError as exc:
            return fail(exc)
        _print_status(loaded)
        return 0
    try:
        loaded, session = store.open(save_id)  # refused here, in one line, if missing, damaged or locked
    except SaveError as exc:
        return fail(exc)
    session.close()
    return launch.play_resumed(args, str(loaded.summary.path))


def _print_status(loaded: LoadedGame) -> None:
    """Where the game stands, and what has happened in the turn under way."""
    console = Console()
    game = loaded.game
    describe_game(console, loaded)
    names = [p.name for p in game.state.players]
    recent = this_turn(game)
    if recent:
        console.print()
        console.print(text("This turn so far:" if game.state.winner is None else "The last turn:"))
        for event in recent:
            console.print(text("  " + describe(event, names, game.board)))
