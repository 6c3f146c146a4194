"""The `landlords` command line. Each subcommand lives in its own module and registers itself here."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tui import cli_demo, cli_replay, cli_resume, cli_saves, cli_simulate

SUBCOMMANDS = (cli_simulate, cli_demo, cli_saves, cli_resume, cli_replay)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="landlords",
        description="A property-trading board game for the terminal.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["demo", *(argv or [])])
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
