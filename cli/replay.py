"""`landlords replay [GAME]`: a saved game on the board, to step through move by move and turn by turn;
with `--text` (or where there is no terminal to draw on), printed turn by turn from its first move instead.
With no game named, the saved games are offered to choose from. With `--plain`, the game is told a turn
at a time in lines, as the person asks, with the line mode's questions at each turn.

The save is only read (a game in progress, even one open elsewhere, can be replayed): it is checked
before the screen is taken over, so that a damaged file, one that is not a save or a game that is not
there gets one line and status 2."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import translation
from cli import arguments, commands, launch
from cli.saved_games import ID_HELP, edition_name, fail, say, seat_text, store_for, summary_title
from engine.core.events import TurnStarted
from engine.core.narration import narrate
from room.past_game import from_save
from saves import SaveError
from saves.history import Story
from translation import _
from tui import terminal


def register(sub: Any) -> None:
    p = commands.parser(sub, "replay")
    p.add_argument(
        "id", metavar=_("GAME"), nargs="?", default=None, help=_("{id} (none: choose one)", id=_(ID_HELP))
    )
    p.add_argument("--text", action="store_true", help=_("tell the game turn by turn as text instead"))
    p.add_argument(
        "--to",
        metavar=_("TURN"),
        type=arguments.whole(1, arguments.TURNS_MAX, too_low=_("turns are counted from 1")),
        default=None,
        help=_("with --text: stop after this turn; on the board or with --plain: start at this turn"),
    )
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.id is None:
        if args.text or getattr(args, "plain", False):
            return fail(_("name the game to tell as text (landlords saves list shows them)"))
        return launch.run(args, "replay")
    if getattr(args, "plain", False):
        return told_in_lines(args)
    if args.text or terminal.missing():  # piped or redirected: the text is what can be read there
        return tell(args)
    try:
        past = from_save(store_for(args), args.id)
    except SaveError as exc:
        return fail(exc)
    return launch.run(args, "replay", past=past, turn=args.to)


def told_in_lines(args: argparse.Namespace) -> int:
    """Run `--plain`: print the game a turn at a time as the person asks (`lines.replay_lines`)."""
    from lines.replay_lines import ReplayLines

    try:
        past = from_save(store_for(args), args.id)
    except SaveError as exc:
        return fail(exc)

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    replay = ReplayLines(past, write)
    replay.start(args.to)
    while not replay.quitting:
        line = sys.stdin.readline()
        if not line:
            break
        replay.feed(line)
    return 0


def tell(args: argparse.Namespace) -> int:
    """Print the game as text, turn by turn (`--to`: up to a turn)."""
    store = store_for(args)
    story = Story()
    try:
        loaded = store.load(args.id, story)  # the one replay that checks the save tells the story too
    except SaveError as exc:
        return fail(exc)
    game = loaded.game
    s = loaded.summary
    names = [p.name for p in game.state.players]
    say(
        _(
            "{title} ({id}): {edition} edition",
            title=summary_title(s),
            id=s.id,
            edition=edition_name(s.edition),
        )
    )
    say(_("Players: {players}", players=", ".join(seat_text(seat) for seat in loaded.seats)))
    last = 0
    for event in story.events:
        if isinstance(event, TurnStarted):
            if args.to is not None and event.turn + 1 > args.to:
                say()
                say(_("(Stopped after turn {to}; the game is at turn {turn}.)", to=args.to, turn=s.turn))
                return 0
            last = event.turn + 1
            say()
            say(translation.say(narrate(event, names, game.board)))
        else:
            say("  " + translation.say(narrate(event, names, game.board)))
    if game.state.winner is None:
        say()
        say(_("(The game goes on from turn {turn}.)", turn=last))

    return 0
