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

from cli.saved_games import ID_HELP, add_saves_dir, fail, say, store_for
from saves import SaveError
from saves.eventlog import EventLogError, event_lines, load_event_log, replay, write_event_log

BROKEN = 1


def register(sub: Any) -> None:
    p = sub.add_parser(
        "events", help="a saved game as an open event log (JSON Lines), or --check logs by replaying them"
    )
    p.add_argument("id", metavar="GAME", nargs="?", default=None, help=ID_HELP)
    p.add_argument("-o", "--out", metavar="FILE", help="write the log to FILE instead of the standard output")
    p.add_argument(
        "--check",
        metavar="LOG",
        nargs="+",
        help="read these logs back and replay each, checking every event (exit status 1 if one fails)",
    )
    add_saves_dir(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.check is not None:
        if args.id is not None or args.out is not None:
            return fail("--check reads logs: name no game and no --out with it")
        return check(args.check)
    if args.id is None:
        return fail("name the game to write (landlords saves list shows them), or --check logs")
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
    """Each log replayed: one line per log saying what it holds, or why it does not replay."""
    broken = 0
    for name in paths:
        try:
            log = load_event_log(Path(name))
            game = replay(log)
        except EventLogError as exc:
            print(f"landlords: {exc}", file=sys.stderr)
            broken += 1
            continue
        ending = "" if log.end is not None else " (cut short: no end line)"
        winner = game.state.winner
        result = "no winner yet" if winner is None else f"won by {game.state.players[winner].name}"
        say(f"{name}: {len(log.commands):,} commands, {len(log.events):,} events, {result}; replayed{ending}")
    return BROKEN if broken else 0
