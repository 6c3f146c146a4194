"""`--plain`: a game started from the command line, played in the line mode (`lines.local`) instead of
full screen, for screen readers and braille displays. Every command that starts a game routes here."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from room import pacing
from translation import _

if TYPE_CHECKING:
    from room import Persistence, Room, TableSetup


def wanted(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "plain", False))


def _persistence(args: argparse.Namespace) -> Persistence:
    from room import Persistence

    return Persistence(getattr(args, "saves_dir", None))


def _fail(message: str) -> int:
    print(f"landlords: {message}", file=sys.stderr)
    return 1


def refuse(kind: str) -> int:
    """Refuse what the line mode does not support yet, with a one-line error (status 2) rather than the full
    screen."""
    print(
        _("landlords: the {what} is not available in plain lines yet; see docs/line-mode.md", what=kind),
        file=sys.stderr,
    )

    return 2


def play_room(args: argparse.Namespace, room: Room) -> int:
    """Play a room already open (a resumed saved game) in the line mode at this terminal."""
    from lines.local import play

    return play(room, getattr(args, "speed", pacing.DEFAULT_SPEED))


def start(args: argparse.Namespace, kind: str, edition: str = "classic", seed: int | None = None) -> int:
    """Start a game in the line mode: `menu` (the start's choices, asked in lines), `quick` (you and three
    bots, the Short Game), `new` (the edition asked for, its full rules), `learn` (the lesson left unfinished,
    else a new one)."""
    from room import PersistenceError, SavedGame, TableSetup, lesson_setup, quick_seats, quick_setup

    persistence = _persistence(args)
    name = getattr(args, "name", None)
    setup: TableSetup
    if kind == "menu":  # the start screen's choices, asked in lines
        from lines.local import choose
        from lines.menu import StartMenu

        def saved() -> list[SavedGame]:
            try:
                return persistence.saved_games()
            except PersistenceError:
                return []

        choice = choose(StartMenu(_write, saved, name, _problem))
        if choice.kind == "quit":
            return 0
        if choice.kind == "resume" and choice.save_id is not None:
            return _resume(args, persistence, choice.save_id)
        if choice.setup is not None:
            return _open(args, choice.setup, persistence)
        kind = choice.kind
    if kind == "learn":
        try:
            unfinished = [g for g in persistence.saved_games() if g.lesson and not g.finished]
        except PersistenceError:
            unfinished = []
        if unfinished:
            return _resume(args, persistence, unfinished[0].id)
        setup = lesson_setup(name)
    elif kind == "new":
        setup = TableSetup(edition, tuple(quick_seats(name)), seed=seed)
    else:
        setup = quick_setup(name, seed)
    return _open(args, setup, persistence)


def _open(args: argparse.Namespace, setup: TableSetup, persistence: Persistence) -> int:
    from engine import SetupError
    from room import PersistenceError, open_room

    try:
        room = open_room(setup, persistence)
    except (SetupError, PersistenceError) as exc:
        return _fail(str(exc))
    return play_room(args, room)


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _resume(args: argparse.Namespace, persistence: Persistence, save_id: str) -> int:
    from room import PersistenceError, resume_room

    try:
        room = resume_room(persistence, save_id)
    except PersistenceError as exc:
        return _fail(str(exc))
    return play_room(args, room)


def _problem(setup: TableSetup) -> str | None:
    """Return why the game set up cannot be played, in one sentence (the engine's), or None."""
    from engine import SetupError, new_game

    try:
        new_game(setup.edition, [s.name for s in setup.seats], seed=setup.seed, rules=setup.rules)
    except SetupError as exc:
        return str(exc)
    return None
