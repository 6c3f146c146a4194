"""`landlords demo`: a game between the built-in players, told move by move in the terminal."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from cli import arguments, launch
from engine import new_game
from engine.lookahead.players import SimplePlayer
from engine.narration import describe


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help="watch the built-in players play a game")
    p.add_argument(
        "--seed",
        type=arguments.seed,
        default=None,
        help="seed of the game, to watch it again (default random)",
    )
    launch.add_edition_option(p, "the edition played")
    p.add_argument(
        "--turns", type=arguments.turns, default=60, help="stop after this many turns (default 60)"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    console = Console()
    names = ["Ada", "Grace", "Linus", "Ken"]
    game = new_game(args.edition, names, seed=args.seed)
    player = SimplePlayer()
    board = game.board
    console.print(f"[bold]landlords[/] — {board.edition.name} edition, seed {game.state.seed}")
    for event in game.opening:  # the deal, if any, and "Turn 1"
        console.print(describe(event, names, board), markup=False)
    st = game.state
    while st.winner is None and st.turn < args.turns:
        p = st.pending.player  # type: ignore[union-attr]
        for event in game.apply(player.decide(game, p)):
            console.print(describe(event, names, board), markup=False, emoji=False)
    console.print()
    for p, ps in enumerate(st.players):
        status = "bankrupt" if ps.bankrupt else f"${ps.cash:,}"
        console.print(f"{names[p]:>6}: {status}", markup=False)
    return 0
