"""`landlords clock`: move on the tables' clock of a server started with `--test-clock`, from another shell,
to try a turn-based room out by hand (`server.network.clock_moves`)."""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cli import commands
from translation import _
from translation.formats import long_day

WAIT = 10.0  # seconds the command waits for the server to take its request up


def length(text: str) -> float:
    """Parse a length of time ("25h", "1d12h", "90m"): an argparse `type`."""
    from server.network.clock_moves import duration

    try:
        return duration(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("give a time such as 25h, 1d12h, 90m or 30s, of 366 days at most")
        ) from None


def register(sub: Any) -> None:
    p = commands.parser(
        sub,
        "clock",
        description=_(
            "Move on the clock of a server started with landlords serve --test-clock, to try a turn-based "
            "room out by hand: the deadlines that fall due on the way fire at once, in their order. Never "
            "for real play."
        ),
    )
    p.add_argument(
        "--data-dir",
        metavar=_("DATA_DIR"),
        type=Path,
        default=None,
        help=_("the server's data folder, as given to landlords serve"),
    )
    moves = p.add_subparsers(dest="clock_command", metavar=_("ACTION"))
    advance = moves.add_parser("advance", help=_("move the clock on by a time such as 25h, 1d12h or 90m"))
    advance.add_argument("by", metavar=_("TIME"), type=length, help=_("how far: 25h, 1d12h, 90m, 30s"))
    moves.add_parser("show", help=_("say how far ahead of the real time the clock is"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from server.base.config import ServerConfig
    from server.network.clock_moves import ahead_of, ask_advance

    folder = ServerConfig(data_dir=args.data_dir).folder
    if args.clock_command == "advance":
        if not folder.is_dir():
            print(_("landlords clock: no server's data folder at {path}", path=folder))
            return 2
        request = ask_advance(folder, args.by)
        end = time.monotonic() + WAIT
        while request.exists() and time.monotonic() < end:
            time.sleep(0.05)
        if request.exists():
            request.unlink(missing_ok=True)
            print(
                _(
                    "landlords clock: no server took the request up: is one running with --test-clock "
                    "and --data-dir {path}?",
                    path=folder,
                )
            )
            return 1
    elif args.clock_command != "show":
        print(_("landlords clock: say advance TIME (25h, say) or show"))
        return 2
    print(said_ahead(ahead_of(folder)))
    return 0


def said_ahead(ahead: float) -> str:
    """Say how far ahead the clock is, and what time of day it shows."""
    shows = datetime.fromtimestamp(time.time() + ahead, UTC)
    hours = round(ahead / 3600.0, 1)
    return _(
        "The server's clock is {hours} h ahead of the real time: {day}, {time} (UTC).",
        hours=f"{hours:g}",
        day=long_day(shows),
        time=shows.strftime("%H:%M"),
    )
