"""`landlords learn`: the tutorial game (you and two easy bots, the Short Game, explained as it
goes); run again, it takes up the lesson left unfinished."""

from __future__ import annotations

import argparse
from typing import Any

from cli import commands, launch


def register(sub: Any) -> None:
    p = commands.parser(sub, "learn")
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return launch.run(args, "learn")
