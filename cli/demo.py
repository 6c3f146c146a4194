"""`landlords demo`: a game between the built-in bots, played on the board move by move at a pace you can
follow (space pauses, + and - change the pace, the arrows step back and forth through what was played);
with `--text` (or where there is no terminal to draw on), told move by move as text instead, by the
engine's simple players."""

from __future__ import annotations

import argparse
from typing import Any

import translation
from cli import arguments, commands, launch
from cli.output import Output
from engine import new_game
from engine.core.narration import narrate
from engine.lookahead.players import SimplePlayer
from room.board_words import edition_name
from translation import _, money

NAMES = ["Ada", "Grace", "Linus", "Ken"]
LEVELS = ["normal", "hard", "normal", "hard"]
"""The bots of the demo on the board: the levels people meet most, two of each."""


def register(sub: Any) -> None:
    p = commands.parser(sub, "demo")
    p.add_argument(
        "--seed",
        metavar=_("SEED"),
        type=arguments.seed,
        default=None,
        help=_("seed of the game, to watch it again (default random)"),
    )
    launch.add_edition_option(p, _("the edition played"))
    p.add_argument(
        "--turns",
        metavar=_("TURNS"),
        type=arguments.turns,
        default=None,
        help=_("stop after this many turns (default: the game's end; 60 with --text)"),
    )
    p.add_argument(
        "--text", action="store_true", help=_("tell the game as text instead of showing the board")
    )
    launch.add_display_options(p, defaults=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from tui import terminal

    if args.text or getattr(args, "plain", False) or terminal.missing():  # the text is what can be read
        return tell(args)
    from room.opponents import make_opponents
    from room.past_game import PastGame
    from saves import Seat

    game = new_game(args.edition, NAMES, seed=args.seed)
    seed = game.state.seed
    seats = [Seat(name=n, kind="bot", level=level) for n, level in zip(NAMES, LEVELS, strict=True)]
    opponents = make_opponents(seats, seed)
    past = PastGame(game.initial, NAMES, title=f"seed {seed}", levels=LEVELS, first_events=game.opening)
    turns = args.turns

    def grow() -> bool:
        if turns is not None and past.last_turn >= turns:
            return False
        return past.play_on(opponents)

    return launch.run(args, "replay", past=past, grow=grow)


def tell(args: argparse.Namespace) -> int:
    """Print a game between the engine's simple players as text."""
    plain = getattr(args, "plain", False)  # for a screen reader: no colour, no escape sequence, no wrapping
    console = Output(no_color=True, color_system=None, soft_wrap=True) if plain else Output()
    game = new_game(args.edition, NAMES, seed=args.seed)
    player = SimplePlayer()
    board = game.board
    turns = args.turns if args.turns is not None else 60
    title = "landlords — " + _(
        "{edition} edition, seed {seed}", edition=edition_name(board.edition), seed=game.state.seed
    )
    if plain:
        console.print(title, markup=False)
    else:
        console.print(f"[bold]landlords[/]{title[9:]}")
    for event in game.opening:  # the deal, if any, and "Turn 1"
        console.print(translation.say(narrate(event, NAMES, board)), markup=False)
    st = game.state
    while st.winner is None and st.turn < turns:
        p = st.pending.player  # type: ignore[union-attr]
        for event in game.apply(player.decide(game, p)):
            console.print(translation.say(narrate(event, NAMES, board)), markup=False, emoji=False)
    console.print()
    for p, ps in enumerate(st.players):
        status = _("bankrupt") if ps.bankrupt else money(ps.cash)

        console.print(f"{NAMES[p]:>6}: {status}", markup=False)
    return 0
