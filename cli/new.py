"""`landlords new [--quick]`: straight to a new game (the quick game: you and three bots, Short Game)."""

from __future__ import annotations

import argparse
from typing import Any

from cli import arguments, commands, launch
from translation import _


def register(sub: Any) -> None:
    p = commands.parser(sub, "new")
    p.add_argument(
        "--quick", action="store_true", help=_("you and three bots, the official Short Game rules")
    )
    launch.add_edition_option(p, _("the edition the form starts with"))
    p.add_argument(
        "--seed",
        metavar=_("SEED"),
        type=arguments.seed,
        default=None,
        help=_("seed of the game, for a game you can replay"),
    )
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    kind = "quick" if args.quick else "new"
    return launch.run(args, kind, edition=args.edition, seed=args.seed)
