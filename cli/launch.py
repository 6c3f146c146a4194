"""Launching the Textual app from the command line: the display options every entry point shares, and the
run."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cli import arguments
from room import pacing
from translation import _

if TYPE_CHECKING:
    from room import Room

THEMES = ("auto", "dark", "light", "ansi")


def edition_choice(text: str) -> str:
    """Parse an edition argument: its id or its name, in any case ("Classic", "darrow-1935")."""
    from engine import EDITIONS, edition_named

    edition = edition_named(text)
    if edition is not None:
        return edition
    raise argparse.ArgumentTypeError(
        _("no edition {text!r}; choose from {editions}", text=text, editions=", ".join(EDITIONS))
    )


def add_edition_option(parser: Any, help_text: str) -> None:
    from engine import EDITIONS

    parser.add_argument(
        "--edition",
        type=edition_choice,
        default="classic",
        metavar=_("EDITION"),
        help=_(
            "{what}: {editions} (names in any case do too; default classic)",
            what=help_text,
            editions=", ".join(EDITIONS),
        ),
    )


def add_display_options(parser: Any, *, defaults: bool = True) -> None:
    """Add the --theme, --ascii, --speed, --saves-dir and --name options. Subcommands add them without
    defaults so that options given before the subcommand still count."""

    def default(value: object) -> object:
        return value if defaults else argparse.SUPPRESS

    group = parser.add_argument_group(_("display"))
    group.add_argument(
        "--theme",
        choices=THEMES,
        default=default("auto"),
        help=_("colours: auto (ANSI on 16-colour terminals), dark, light or ansi"),
    )
    group.add_argument(
        "--ascii",
        action="store_true",
        default=default(False),
        help=_("plain ASCII symbols instead of Unicode"),
    )
    group.add_argument(
        "--speed",
        choices=pacing.ORDER,
        default=default(pacing.DEFAULT_SPEED),
        help=_("how fast bots move (default normal)"),
    )
    group.add_argument(
        "--saves-dir",
        metavar=_("SAVES_DIR"),
        type=Path,
        default=default(None),
        help=_("where games are saved"),
    )
    group.add_argument(
        "--name",
        metavar=_("NAME"),
        type=arguments.name,
        default=default(None),
        help=_("your name at the table"),
    )
    group.add_argument(
        "--plain",
        action="store_true",
        default=default(False),
        help=_(
            "play in plain lines of text instead of full screen (for screen readers; see docs/line-mode.md)"
        ),
    )
    group.add_argument(
        "--cursor",
        action="store_true",
        default=default(False),
        help=_("show the terminal's cursor on the focused control (for braille displays and magnifiers)"),
    )


def options_from(args: argparse.Namespace) -> Any:
    from tui.app import AppOptions

    return AppOptions(
        theme=getattr(args, "theme", "auto"),
        ascii=True if getattr(args, "ascii", False) else None,
        speed=getattr(args, "speed", pacing.DEFAULT_SPEED),
        saves_dir=getattr(args, "saves_dir", None),
        name=getattr(args, "name", None),
        cursor=bool(getattr(args, "cursor", False)),
    )


def run(args: argparse.Namespace, kind: str = "menu", **opening: Any) -> int:
    """Run the app full screen and return its exit code; without a terminal, print an error instead (status
    2).

    The heap is settled (`room.heap`) a moment after the first screen is shown rather than before it: the
    person does not wait for that full pass of the collector, and it sets the start screen aside too."""
    from cli import plain

    if plain.wanted(args):
        if kind in ("menu", "quick", "new", "learn"):
            return plain.start(args, kind, opening.get("edition", "classic"), opening.get("seed"))
        return plain.refuse(kind)
    from tui import terminal  # the full screen's own: loaded only to draw it

    if terminal.missing():
        return terminal.refuse()
    from room.heap import keep_settled
    from tui import patches
    from tui.app import LandlordsApp, Opening

    patches.install()  # Textual's classes as the app runs best with them (see `tui.patches`)
    app = LandlordsApp(
        options_from(args),
        Opening(kind=kind, **opening),  # type: ignore[arg-type]
        when_shown=keep_settled,
    )
    code = app.run()
    return int(code or 0)


def play_room(args: argparse.Namespace, room: Room) -> int:
    """Run the app on a room already open (a resumed saved game), at this terminal."""
    from cli import plain

    if plain.wanted(args):
        return plain.play_room(args, room)
    from tui.client import LocalClient

    return run(args, "client", client=LocalClient(room))
