"""The `landlords` command line. Each subcommand lives in its own module and registers itself here.
With no subcommand it opens the start screen."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from cli import demo, launch, new, replay, resume, saved_games, simulate

SUBCOMMANDS = (new, resume, saved_games, replay, simulate, demo)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="landlords",
        description="A property-trading board game for the terminal.",
    )
    launch.add_display_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)  # bots of your own (module:Class) are found from where you run the game
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return launch.run(args)
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
