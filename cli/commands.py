"""The subcommands of `landlords`: each one's module and its line of help. The help lines live here, so
that `landlords --help` lists every subcommand without loading any: a subcommand's module (and the engine,
the saves and the bots it uses) is loaded only when it is asked for."""

from __future__ import annotations

from typing import Any

from translation import N_, _

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "new": ("cli.new", N_("start a new game (--quick: you and three bots, at once)")),
    "learn": ("cli.learn", N_("a first game that explains each thing the first time it happens")),
    "resume": ("cli.resume", N_("take up a saved game where it was left")),
    "saves": ("cli.saved_games", N_("list, show or delete saved games")),
    "replay": ("cli.replay", N_("step through a saved game on the board (or --text: told turn by turn)")),
    "analyse": ("cli.analyse", N_("each player's chance to win in a saved game")),
    "verify": ("cli.verify", N_("check that a finished game's dice and cards all came from its seed")),
    "rules": ("cli.rules", N_("an edition's rules and where each comes from (--diff: two editions)")),
    "review": (
        "cli.review",
        N_("a game's review: chances and worth over time, who paid whom, its turning points"),
    ),
    "simulate": ("cli.simulate", N_("play many headless games and report the figures")),
    "merge": ("cli.merge", N_("put the shards of a run (simulate --shard I/N) together into its report")),
    "events": (
        "cli.events",
        N_("a saved game as an open event log (JSON Lines), or --check logs by replaying them"),
    ),
    "demo": ("cli.demo", N_("watch the built-in players play a game")),
    "serve": ("cli.serve", N_("serve games over SSH: ssh -p 2222 host")),
    "clock": ("cli.clock", N_("move on the clock of a server started with --test-clock (for trying it out)")),
}
"""Each subcommand: the module that registers it, and its line of help."""


def parser(sub: Any, name: str, **more: Any) -> Any:
    """Add the subcommand's parser, with its help line from here."""
    return sub.add_parser(name, help=_(SUBCOMMANDS[name][1]), **more)
