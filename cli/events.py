"""`landlords events GAME`: a saved game (played here or at a server, whose saves folder holds it) as the
open event log, JSON Lines (`saves.eventlog`, described in docs/research.md); `landlords events --check
LOG...`: read logs back and replay them, checking every event.

The save is only read. The log holds the game's seed: for a game still in play, it tells the dice to come.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cli import commands
from cli.saved_games import ID_HELP, add_saves_dir, fail, say, store_for
from saves import SaveError
from saves.eventlog import EventLogError, event_lines, load_event_log, replay, write_event_log
from translation import _, number

BROKEN = 1


def register(sub: Any) -> None:
    p = commands.parser(sub, "events")
    p.add_argument("id", metavar=_("GAME"), nargs="?", default=None, help=_(ID_HELP))
    p.add_argument(
        "-o", "--out", metavar=_("FILE"), help=_("write the log to FILE instead of the standard output")
    )
    p.add_argument(
        "--check",
        metavar=_("LOG"),
        nargs="+",
        help=_("read these logs back and replay each, checking every event (exit status 1 if one fails)"),
    )
    add_saves_dir(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.check is not None:
        if args.id is not None or args.out is not None:
            return fail(_("--check reads logs: name no game and no --out with it"))
        return check(args.check)
    if args.id is None:
        return fail(_("name the game to write (landlords saves list shows them), or --check logs"))

    try:
        loaded = store_for(args).load(args.id)
    except SaveError as exc:
        return fail(exc)
    try:
        if args.out is not None:
            write_event_log(Path(args.out), loaded.game, loaded.seats, loaded.reasons)
        else:
            for line in event_lines(loaded.game, loaded.seats, loaded.reasons):
                sys.stdout.write(line + "\n")
    except (SaveError, EventLogError) as exc:
        return fail(exc)
    return 0


def check(paths: list[str]) -> int:
    """Replay each log; print one line per log describing it, or why it does not replay."""
    broken = 0
    for name in paths:
        try:
            log = load_event_log(Path(name))
            game = replay(log)
        except EventLogError as exc:
            print(f"landlords: {exc}", file=sys.stderr)
            broken += 1
            continue
        winner = game.state.winner
        if winner is None:
            result = _("no winner yet")
        else:
            result = _("won by {name}", name=game.state.players[winner].name)
        values = {
            "name": name,
            "commands": number(len(log.commands)),
            "events": number(len(log.events)),
            "result": result,
        }
        if log.end is not None:
            say(_("{name}: {commands} commands, {events} events, {result}; replayed", **values))
        else:
            say(
                _(
                    "{name}: {commands} commands, {events} events, {result}; "
                    "replayed (cut short: no end line)",
                    **values,
                )
            )

    return BROKEN if broken else 0
