"""`landlords resume [ID]`: take up a saved game (the most recently played when no id is given).

The save is opened here, so that a missing, damaged or locked game is refused in one line before the
screen is taken over; the game is then played from what that one opening replayed. `--status` prints where
the game stands instead of opening it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import translation
from cli import commands, launch
from cli.output import Output
from cli.saved_games import ID_HELP, describe_game, fail, store_for, text
from engine import Event
from engine.core.narration import narrate
from room import Persistence, PersistenceError, resume_room
from saves import LoadedGame, SaveError
from saves.history import Story, this_turn
from translation import _, ngettext
from tui import terminal


def register(sub: Any) -> None:
    p = commands.parser(sub, "resume")
    p.add_argument(
        "id", metavar=_("ID"), nargs="?", help=_("{id} (default: the latest played)", id=_(ID_HELP))
    )
    p.add_argument(
        "--status", action="store_true", help=_("print where the game stands instead of playing it")
    )
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.status and not getattr(args, "plain", False) and terminal.missing():
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
                ngettext(
                    "landlords: {n} damaged save skipped (see `landlords saves list`)",
                    "landlords: {n} damaged saves skipped (see `landlords saves list`)",
                    len(damaged),
                ),
                file=sys.stderr,
            )
        if not found:
            return fail(_("there are no saved games in {folder}", folder=store.root))
        save_id = str(found[0].path)
    if args.status:  # a question, not a game: no lock, so a read-only folder or a game open elsewhere is fine
        story = Story()
        try:
            loaded = store.load(save_id, story)
        except SaveError as exc:
            return fail(exc)
        _print_status(loaded, story.events)
        return 0
    try:
        room = resume_room(Persistence(store.root), save_id)  # refused in one line if it cannot open
    except PersistenceError as exc:
        return fail(str(exc))
    return launch.play_room(args, room)


def _print_status(loaded: LoadedGame, events: list[Event]) -> None:
    """Print where the game stands, and what has happened in the turn under way."""
    console = Output()
    game = loaded.game
    describe_game(console, loaded)
    names = [p.name for p in game.state.players]
    recent = this_turn(events)
    if recent:
        console.print()
        console.print(text(_("This turn so far:") if game.state.winner is None else _("The last turn:")))

        for event in recent:
            console.print(text("  " + translation.say(narrate(event, names, game.board))))
