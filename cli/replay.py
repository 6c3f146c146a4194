"""`landlords replay ID [--to TURN]`: a saved game told turn by turn, from its first move."""

from __future__ import annotations

import argparse
from typing import Any

from cli import arguments
from cli.saved_games import ID_HELP, add_saves_dir, edition_name, fail, say, seat_text, store_for
from engine.events import TurnStarted
from engine.narration import describe
from saves import SaveError
from saves.history import Story


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="tell a saved game turn by turn")
    p.add_argument("id", metavar="ID", help=ID_HELP)
    p.add_argument(
        "--to",
        metavar="TURN",
        type=arguments.whole(1, arguments.TURNS_MAX, too_low="turns are counted from 1"),
        default=None,
        help="stop after this turn",
    )
    add_saves_dir(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    story = Story()
    try:
        loaded = store.load(args.id, story)  # the one replay that checks the save tells the story too
    except SaveError as exc:
        return fail(exc)
    game = loaded.game
    s = loaded.summary
    names = [p.name for p in game.state.players]
    say(f"{s.title} ({s.id}): {edition_name(s.edition)} edition")
    say("Players: " + ", ".join(seat_text(seat) for seat in loaded.seats))
    last = 0
    for event in story.events:
        if isinstance(event, TurnStarted):
            if args.to is not None and event.turn + 1 > args.to:
                say()
                say(f"(Stopped after turn {args.to}; the game is at turn {s.turn}.)")
                return 0
            last = event.turn + 1
            say()
            say(describe(event, names, game.board))
        else:
            say("  " + describe(event, names, game.board))
    if game.state.winner is None:
        say()
        say(f"(The game goes on from turn {last}.)")
    return 0
