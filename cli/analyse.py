"""`landlords analyse GAME [--turn N] [--playouts K] [--json]`: each player's chance to win in a saved
game, at its last position or after turn N, worked out from what everyone at the table could see and who
sat where (each bot's level), as the chances panel works it out (`engine.chances.estimate`: the
learned value alone where the edition has one, else playouts) and shown as it shows it: whole percents,
and the range the playouts' luck, if any, and the model's measured error leave it in (`room.chance_words`).

The save is only read: nothing is written, and a game open elsewhere can be analysed all the same."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from cli import arguments, commands
from cli.output import Output
from cli.saved_games import (
    ID_HELP,
    add_saves_dir,
    edition_name,
    fail,
    say,
    store_for,
    summary_title,
    text,
)
from engine import Command, Event, Game, GameView
from engine.chances import SHOWN_PLAYOUTS, Chances, estimate
from room.chance_words import model_error, reading
from saves import SaveError, Seat
from translation import _

PLAYOUTS = SHOWN_PLAYOUTS
PLAYOUTS_MOST = 100_000


def register(sub: Any) -> None:
    p = commands.parser(sub, "analyse")
    p.add_argument("id", metavar=_("GAME"), help=_(ID_HELP))
    p.add_argument(
        "--turn",
        metavar="N",
        type=arguments.whole(0, arguments.TURNS_MAX, too_low=_("a turn is 0 or more")),
        default=None,
        help=_("the position once N turns were played (default: the game's last position)"),
    )
    p.add_argument(
        "--playouts",
        metavar="K",
        type=arguments.whole(1, PLAYOUTS_MOST, too_low=_("at least one playout")),
        default=PLAYOUTS,
        help=_(
            "how many times the position is played forward, where the figure is made of playouts (default "
            "{playouts})",
            playouts=PLAYOUTS,
        ),
    )
    p.add_argument(
        "--seed",
        metavar=_("SEED"),
        type=arguments.seed,
        default=0,
        help=_("the analysis's own seed (default 0)"),
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    add_saves_dir(p)
    p.set_defaults(run=run)


class PositionAt:
    """A replay watcher that records the table's view of the position once `turn` turns were played."""

    def __init__(self, turn: int | None) -> None:
        self.turn = turn
        self.view: GameView | None = None

    def begin(self, game: Game, seats: list[Seat]) -> None:
        return None

    def command(self, game: Game, cmd: Command) -> None:
        if self.view is None and game.state.turn == self.turn:
            self.view = game.view(None)

    def applied(self, events: list[Event]) -> None:
        return None


def run(args: argparse.Namespace) -> int:
    store = store_for(args)
    watcher = PositionAt(args.turn)
    try:
        loaded = store.load(args.id, watcher)
    except SaveError as exc:
        return fail(exc)
    game = loaded.game
    last = game.state.turn
    view: GameView | None = watcher.view
    if args.turn is None or args.turn == last:
        view = game.view(None)
    elif args.turn > last:
        return fail(
            _(
                "{title} has been played for {last} turns, not {turn}",
                title=summary_title(loaded.summary),
                last=last,
                turn=args.turn,
            )
        )
    if view is None:  # a game saved from a prepared position that began after turn N
        return fail(
            _("{title} begins after turn {turn}", title=summary_title(loaded.summary), turn=args.turn)
        )
    levels = [seat.level if seat.is_bot else None for seat in loaded.seats]
    figures = estimate(view, args.playouts, args.seed, levels)
    names = [p.name for p in view.players]
    if args.json:
        print(json.dumps(as_json(view.edition, figures, names, view.winner is not None)))
    else:
        _table(summary_title(loaded.summary), view, figures, names)
    return 0


def as_json(edition: str, figures: Chances, names: list[str], over: bool = False) -> dict[str, object]:
    """Return the result as a JSON object: `low` and `high` the range shown (the playouts' confidence interval
    widened by the model's measured error, `model_error`), `playouts_low` and `playouts_high` the playouts'
    interval alone."""
    players = []
    for c in figures.players:
        shown = reading(c.win, c.low, c.high, edition, settled=over)
        players.append(
            {
                "seat": c.seat,
                "name": names[c.seat],
                "win": c.win,
                "low": shown.low,
                "high": shown.high,
                "playouts_low": c.low,
                "playouts_high": c.high,
            }
        )
    return {
        "edition": edition,
        "turn": figures.turn,
        "playouts": figures.playouts,
        "model_error": 0.0 if over else model_error(edition),
        "players": players,
    }


def _table(title: str, view: GameView, figures: Chances, names: list[str]) -> None:
    say(
        _(
            "{title}: {edition} edition, after {turns} turns",
            title=title,
            edition=edition_name(view.edition),
            turns=figures.turn,
        )
    )
    table = Table(show_edge=False)
    table.add_column(_("Seat"), justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Chance to win"), justify="right")
    table.add_column(_("Range"), justify="right")
    over = view.winner is not None
    for c in figures.players:
        out = view.players[c.seat].bankrupt
        shown = reading(c.win, c.low, c.high, view.edition, settled=over)
        table.add_row(
            str(c.seat + 1),
            text(names[c.seat]),
            _("out") if out else shown.figure if over else _("about {figure}", figure=shown.figure),
            "" if out or over else shown.span,
        )
    Output().print(table)
    if view.winner is not None:
        say(_("The game is over: {name} won.", name=names[view.winner]))

    elif figures.playouts == 0:
        error = round(100 * model_error(view.edition))
        say(
            _(
                "Valued from what everyone at the table can see, with no playouts and so no luck. The range "
                "allows for the model's own error, {error} points measured on other games.",
                error=error,
            )
        )
    else:
        error = round(100 * model_error(view.edition))
        say(
            _(
                "From {playouts} playouts of what everyone at the table can see. The range allows for "
                "the playouts' luck and for the model's own error, {error} points measured on other games.",
                playouts=figures.playouts,
                error=error,
            )
        )
