"""`landlords saves list | show ID | delete ID`: the saved games, and the helpers the other save commands
(`resume`, `replay`) share: the `--saves-dir` option, one-line errors, and how a save is described."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cli.output import Output
from engine import Game, load_edition, net_worth, waiting_for
from engine.text import plain
from saves import LoadedGame, SaveError, SaveStore, SaveSummary, Seat, saves_dir
from saves.store import read

ERROR = 2
ID_HELP = "the save's id (or the start of its id or title), or its file"


def add_saves_dir(parser: argparse.ArgumentParser, default: Any = None) -> None:
    parser.add_argument(
        "--saves-dir",
        metavar="DIR",
        default=default,
        help="the folder of saved games (default: $LANDLORDS_SAVES, else your data folder)",
    )


def store_for(args: argparse.Namespace) -> SaveStore:
    return SaveStore(saves_dir(args.saves_dir))


def text(value: object, style: str = "") -> Text:
    """Anything for rich to print as it is: never read as markup, and no control character in it (names,
    titles and paths come from files and from other people)."""
    return Text(plain(str(value)), style=style)


def say(line: object = "") -> None:
    """One line of plain text on stdout, safe to print whatever it holds."""
    print(plain(str(line)))


def fail(message: object) -> int:
    """One line on stderr, and the status of a command that could not do its job."""
    print(f"landlords: {plain(str(message))}", file=sys.stderr)
    return ERROR


def register(sub: Any) -> None:
    p = sub.add_parser("saves", help="list, show or delete saved games")
    add_saves_dir(p)
    p.set_defaults(run=run_list)
    actions = p.add_subparsers(dest="action", metavar="ACTION")

    # On the actions too, where it reads naturally; SUPPRESS keeps a value given before the action.
    ls = actions.add_parser("list", help="the saved games, most recently played first")
    add_saves_dir(ls, argparse.SUPPRESS)
    ls.set_defaults(run=run_list)

    show = actions.add_parser("show", help="everything about one saved game")
    show.add_argument("id", metavar="ID", help=ID_HELP)
    add_saves_dir(show, argparse.SUPPRESS)
    show.set_defaults(run=run_show)

    delete = actions.add_parser("delete", help="delete a saved game")
    delete.add_argument("id", metavar="ID", help=ID_HELP)
    delete.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")
    add_saves_dir(delete, argparse.SUPPRESS)
    delete.set_defaults(run=run_delete)


# --- describing saves ---------------------------------------------------------------------------------


def when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def seat_text(seat: Seat) -> str:
    if seat.kind == "human":
        return seat.name
    return f"{seat.name} (bot{', ' + seat.level if seat.level else ''})"


def edition_name(edition: str) -> str:
    try:
        return load_edition(edition).name
    except ValueError:
        return edition


def turns_text(turn: int, over: bool) -> str:
    """The turns of a game as the game-over screen and the narration count them (from 1): a finished
    game played its last turn; one under way has played the turns before the one in play."""
    if over:
        return "1 turn played" if turn == 0 else f"{turn + 1:,} turns played"
    played = "1 turn" if turn == 1 else f"{turn:,} turns"
    return f"{played} played, turn {turn + 1:,} under way"


def status(summary: SaveSummary) -> str:
    """Where a game stands, and whether moves were taken back in it."""
    if summary.winner is not None:
        where = f"over: {summary.seats[summary.winner].name} won"
    else:
        where = f"turn {summary.turn}"
    return f"{where}, {takebacks_text(summary.takebacks)}" if summary.takebacks else where


def takebacks_text(takebacks: int) -> str:
    return f"moves taken back {takebacks} time{'s' if takebacks > 1 else ''}"


_RULE_WORDS = {
    "short_game": ("the Short Game", "the full game"),
    "free_parking_pot": ("a Free Parking pot", "no Free Parking pot"),
    "double_go_salary": ("double salary on GO", "plain salary on GO"),
    "auctions": ("auctions", "no auctions"),
    "rent_in_jail": ("rent collected in jail", "no rent collected in jail"),
    "even_building": ("even building", "building need not be even"),
}


def rules_text(changed: dict[str, object]) -> str:
    """The rule options that differ from the printed rules, in words ("the Short Game, no auctions")."""
    parts = []
    for key, value in changed.items():
        if key in _RULE_WORDS and isinstance(value, bool):
            parts.append(_RULE_WORDS[key][0 if value else 1])
        elif key == "time_limit_rounds":
            parts.append(f"the Time Limit game of {value} rounds")
        elif key == "starting_cash":
            parts.append(f"${value:,} starting cash" if isinstance(value, int) else f"{value} starting cash")
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts)


def standings_table(game: Game, seats: list[Seat]) -> Table:
    st = game.state
    table = Table(box=None, pad_edge=False)
    table.add_column("Player")
    table.add_column("Cash", justify="right")
    table.add_column("Deeds", justify="right")
    table.add_column("Worth", justify="right")
    table.add_column("")
    for p, ps in enumerate(st.players):
        deeds = sum(1 for d in st.deeds.values() if d.owner == p)
        note = "bankrupt" if ps.bankrupt else "in jail" if ps.in_jail else ""
        if st.winner == p:
            note = "winner"
        elif st.winner is None and st.current == p:
            note = ", ".join(filter(None, ("to play", note)))
        table.add_row(
            text(seat_text(seats[p])),
            text(f"${ps.cash:,}"),
            text(deeds),
            text(f"${net_worth(game, p):,}"),
            text(note),
        )
    return table


def describe_game(console: Console, loaded: LoadedGame) -> None:
    """Where a saved game stands: title, edition, turn, the players' figures and whose move it is."""
    s = loaded.summary
    game = loaded.game
    console.print(text(s.title, style="bold"), text(f"({s.id})", style="dim"))
    console.print(
        text(
            f"{edition_name(s.edition)} edition, {len(s.seats)} players; {status(s)}, "
            f"last played {when(s.updated)}"
        )
    )
    console.print(standings_table(game, loaded.seats))
    if game.state.winner is None:
        console.print(text(f"Waiting for {waiting_for(game)}."))


# --- the subcommands ----------------------------------------------------------------------------------


def run_list(args: argparse.Namespace) -> int:
    store = store_for(args)
    console = Output()
    try:
        found, damaged = store.scan()
    except SaveError as exc:
        return fail(exc)
    if not found and not damaged:
        console.print(text(f"No saved games in {store.root}."))
        return 0
    if found:
        console.print(text(f"Saved games in {store.root}"), soft_wrap=True)  # a long path is not cut
        table = Table()
        table.add_column("ID", style="bold")
        table.add_column("Title", overflow="fold")
        table.add_column("Edition")
        table.add_column("Players", overflow="fold")
        table.add_column("Turn")
        table.add_column("Last played")
        for s in found:
            table.add_row(
                text(s.id),
                text(s.title),
                text(edition_name(s.edition)),
                text(", ".join(seat_text(seat) for seat in s.seats)),
                text(status(s)),
                text(when(s.updated)),
            )
        console.print(table)
    if damaged:
        console.print(
            text(f"{len(damaged)} file{'s' if len(damaged) > 1 else ''} could not be read:", style="yellow")
        )
        for problem in damaged:
            console.print(text(f"  {problem.named}"))
    return 0


def run_show(args: argparse.Namespace) -> int:
    store = store_for(args)
    try:
        loaded = store.load(args.id)
    except SaveError as exc:
        return fail(exc)
    console = Output()
    s = loaded.summary
    st = loaded.game.state
    describe_game(console, loaded)
    details = Table.grid(padding=(0, 2))
    details.add_column(style="dim")
    details.add_column()
    rows = [
        ("Rules", rules_text(st.rules.model_dump(exclude_defaults=True)) or "as printed"),
        ("Players", ", ".join(seat_text(seat) for seat in s.seats)),
        ("Seed", str(st.seed)),
        (
            "Moves",
            f"{len(loaded.game.log):,} commands, {turns_text(st.turn, st.winner is not None)}; "
            f"{st.round} full rounds",
        ),
        *((("Take-backs", takebacks_text(s.takebacks)),) if s.takebacks else ()),
        ("Created", when(s.created)),
        ("Saved by", f"landlords {loaded.saved_by}"),
        ("File", str(s.path)),
    ]
    for label, value in rows:
        details.add_row(text(label), text(value))
    console.print(details)
    return 0


def run_delete(args: argparse.Namespace) -> int:
    store = store_for(args)
    try:
        path = store.resolve(args.id)
        store.check_own(path)
    except SaveError as exc:
        return fail(exc)
    try:
        s = read(path)
        what = f"{s.title!r} ({path})"
    except SaveError:
        what = f"{path} (unreadable)"
    what = plain(what)
    if not args.yes:
        if not sys.stdin.isatty():
            return fail(f"not deleting {what} without confirmation: add --yes")
        try:
            answer = input(f"Delete {what}? It cannot be undone. [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return 1
    try:
        store.delete(str(path))
    except SaveError as exc:
        return fail(exc)
    say(f"Deleted {what}.")
    return 0
