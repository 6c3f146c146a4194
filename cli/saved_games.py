"""`landlords saves list | show ID | delete ID`: the saved games, and the helpers the other save commands
(`resume`, `replay`) share: the `--saves-dir` option, one-line errors, and how a save is described."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from cli import commands
from engine.core.text import plain
from translation import N_, _, local_moment, money, ngettext, number

if TYPE_CHECKING:  # the engine, the saves and rich load when a command runs, never for its arguments
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from engine import Game
    from saves import LoadedGame, SaveStore, SaveSummary, Seat

ERROR = 2
ID_HELP = N_("the save's id (or the start of its id or title), or its file")


def add_saves_dir(parser: argparse.ArgumentParser, default: Any = None) -> None:
    parser.add_argument(
        "--saves-dir",
        metavar=_("DIR"),
        default=default,
        help=_("the folder of saved games (default: $LANDLORDS_SAVES, else your data folder)"),
    )


def store_for(args: argparse.Namespace) -> SaveStore:
    from saves import SaveStore, saves_dir

    return SaveStore(saves_dir(args.saves_dir))


def text(value: object, style: str = "") -> Text:
    """Wrap a value for rich to print verbatim: never read as markup, and no control character in it (names,
    titles and paths come from files and from other people)."""
    from rich.text import Text

    return Text(plain(str(value)), style=style)


def say(line: object = "") -> None:
    """Print one line of plain text on stdout, sanitised whatever it contains."""
    print(plain(str(line)))


def fail(message: object) -> int:
    """Print one line on stderr and return the exit status of a failed command."""
    print(f"landlords: {plain(str(message))}", file=sys.stderr)
    return ERROR


def add_plain(parser: argparse.ArgumentParser) -> None:
    """Add `--plain` after `saves` or `saves list` too; SUPPRESS keeps `--plain` given before them."""
    parser.add_argument(
        "--plain",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("a sentence a game instead of a table (for screen readers)"),
    )


def register(sub: Any) -> None:
    p = commands.parser(sub, "saves")
    add_saves_dir(p)
    add_plain(p)
    p.set_defaults(run=run_list)
    actions = p.add_subparsers(dest="action", metavar=_("ACTION"))

    # On the actions too, where it reads naturally; SUPPRESS keeps a value given before the action.
    ls = actions.add_parser("list", help=_("the saved games, most recently played first"))
    add_saves_dir(ls, argparse.SUPPRESS)
    add_plain(ls)
    ls.set_defaults(run=run_list)

    show = actions.add_parser("show", help=_("everything about one saved game"))
    show.add_argument("id", metavar=_("ID"), help=_(ID_HELP))
    add_saves_dir(show, argparse.SUPPRESS)
    show.set_defaults(run=run_show)

    delete = actions.add_parser("delete", help=_("delete a saved game"))
    delete.add_argument("id", metavar=_("ID"), help=_(ID_HELP))
    delete.add_argument("-y", "--yes", action="store_true", help=_("do not ask for confirmation"))
    add_saves_dir(delete, argparse.SUPPRESS)
    delete.set_defaults(run=run_delete)


# --- describing saves ---------------------------------------------------------------------------------


def seat_text(seat: Seat) -> str:
    from room.levels import level_word

    if seat.kind == "human":
        return seat.name
    if seat.level:
        return _("{name} (bot, {level})", name=seat.name, level=level_word(seat.level))
    return _("{name} (bot)", name=seat.name)


def edition_name(edition: str) -> str:
    """Return an edition's name in the language spoken, without loading its whole data file (a list of saves
    names the edition of each): `room.titles.edition_name_of`, as the saves' titles name it."""
    from room.titles import edition_name_of

    return edition_name_of(edition)


def summary_title(summary: SaveSummary) -> str:
    """Return a save's title in the language spoken, whichever it was made in (`room.titles`)."""
    from room.titles import summary_title as title

    return title(summary)


def turns_text(turn: int, over: bool) -> str:
    """Return the number of turns played, counted from 1 as the game-over screen and the narration count them:
    a finished game played its last turn; one under way has played the turns before the one in play."""
    if over:
        return ngettext("{n} turn played", "{n} turns played", max(1, turn + 1))
    return ngettext(
        "{n} turn played, turn {next} under way",
        "{n} turns played, turn {next} under way",
        turn,
        next=number(turn + 1),
    )


def status(summary: SaveSummary) -> str:
    """Describe where a game stands, and whether moves were taken back in it."""
    if summary.winner is not None:
        where = _("over: {name} won", name=summary.seats[summary.winner].name)
    else:
        where = _("turn {turn}", turn=summary.turn)
    return f"{where}, {takebacks_text(summary.takebacks)}" if summary.takebacks else where


def takebacks_text(takebacks: int) -> str:
    return ngettext("moves taken back {n} time", "moves taken back {n} times", takebacks)


_RULE_WORDS = {
    "short_game": (N_("the Short Game"), N_("the full game")),
    "free_parking_pot": (N_("a Free Parking pot"), N_("no Free Parking pot")),
    "double_go_salary": (N_("double salary on GO"), N_("plain salary on GO")),
    "auctions": (N_("auctions"), N_("no auctions")),
    "rent_in_jail": (N_("rent collected in jail"), N_("no rent collected in jail")),
    "even_building": (N_("even building"), N_("building need not be even")),
}


def rules_text(changed: dict[str, object]) -> str:
    """Describe the rule options that differ from the printed rules ("the Short Game, no auctions")."""
    parts = []
    for key, value in changed.items():
        if key in _RULE_WORDS and isinstance(value, bool):
            parts.append(_(_RULE_WORDS[key][0 if value else 1]))
        elif key == "time_limit_rounds":
            parts.append(_("the Time Limit game of {rounds} rounds", rounds=value))
        elif key == "starting_cash":
            shown = money(value) if isinstance(value, int) else value
            parts.append(_("{amount} starting cash", amount=shown))
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts)


def standings_table(game: Game, seats: list[Seat]) -> Table:
    from rich.table import Table

    from engine import net_worth

    st = game.state
    table = Table(box=None, pad_edge=False)
    table.add_column(_("Player"))
    table.add_column(_("Cash"), justify="right")
    table.add_column(_("Deeds"), justify="right")
    table.add_column(_("Worth"), justify="right")
    table.add_column("")
    for p, ps in enumerate(st.players):
        deeds = sum(1 for d in st.deeds.values() if d.owner == p)
        note = _("bankrupt") if ps.bankrupt else _("in jail") if ps.in_jail else ""
        if st.winner == p:
            note = _("winner")
        elif st.winner is None and st.current == p:
            note = ", ".join(filter(None, (_("to play"), note)))
        table.add_row(
            text(seat_text(seats[p])),
            text(money(ps.cash)),
            text(deeds),
            text(money(net_worth(game, p))),
            text(note),
        )
    return table


def describe_game(console: Console, loaded: LoadedGame) -> None:
    """Describe where a saved game stands: title, edition, turn, the players' figures and whose move it is."""
    from engine import waiting_for

    s = loaded.summary
    game = loaded.game
    console.print(text(summary_title(s), style="bold"), text(f"({s.id})", style="dim"))
    console.print(
        text(
            _(
                "{edition} edition, {players} players; {status}, last played {when}",
                edition=edition_name(s.edition),
                players=len(s.seats),
                status=status(s),
                when=local_moment(s.updated),
            )
        )
    )
    console.print(standings_table(game, loaded.seats))
    if game.state.winner is None:
        console.print(text(_("Waiting for {who}.", who=waiting_for(game))))


# --- the subcommands ----------------------------------------------------------------------------------


def run_list(args: argparse.Namespace) -> int:
    from cli.output import Output
    from saves import SaveError

    store = store_for(args)
    console = Output()
    try:
        found, damaged = store.scan()
    except SaveError as exc:
        return fail(exc)
    if not found and not damaged:
        console.print(text(_("No saved games in {folder}.", folder=store.root)))
        return 0
    if found and getattr(args, "plain", False):  # for a screen reader: a sentence a game, no table
        say(_("Saved games in {folder}:", folder=store.root))
        for s in found:
            say(
                _(
                    "{id}: {title}; {edition}; {players}; {status}; last played {when}.",
                    id=s.id,
                    title=summary_title(s),
                    edition=edition_name(s.edition),
                    players=", ".join(seat_text(seat) for seat in s.seats),
                    status=status(s),
                    when=local_moment(s.updated),
                )
            )
    elif found:
        console.print(
            text(_("Saved games in {folder}", folder=store.root)), soft_wrap=True
        )  # a long path is not cut
        from rich.table import Table  # only to draw one: not for an empty folder, nor in plain lines

        table = Table()
        table.add_column(_("ID"), style="bold")
        table.add_column(_("Title"), overflow="fold")
        table.add_column(_("Edition"))
        table.add_column(_("Players"), overflow="fold")
        table.add_column(_("Turn"))
        table.add_column(_("Last played"))
        for s in found:
            table.add_row(
                text(s.id),
                text(summary_title(s)),
                text(edition_name(s.edition)),
                text(", ".join(seat_text(seat) for seat in s.seats)),
                text(status(s)),
                text(local_moment(s.updated)),
            )
        console.print(table)
    if damaged:
        console.print(
            text(
                ngettext("{n} file could not be read:", "{n} files could not be read:", len(damaged)),
                style="yellow",
            )
        )
        for problem in damaged:
            console.print(text(f"  {problem.named}"))
    return 0


def run_show(args: argparse.Namespace) -> int:
    from rich.table import Table

    from cli.output import Output
    from saves import SaveError

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
        (_("Rules"), rules_text(st.rules.model_dump(exclude_defaults=True)) or _("as printed")),
        (_("Players"), ", ".join(seat_text(seat) for seat in s.seats)),
        (_("Seed"), str(st.seed)),
        (
            _("Moves"),
            _(
                "{commands} commands, {turns}; {rounds} full rounds",
                commands=number(len(loaded.game.log)),
                turns=turns_text(st.turn, st.winner is not None),
                rounds=st.round,
            ),
        ),
        *(((_("Take-backs"), takebacks_text(s.takebacks)),) if s.takebacks else ()),
        (_("Created"), local_moment(s.created)),
        (_("Saved by"), f"landlords {loaded.saved_by}"),
        (_("File"), str(s.path)),
    ]
    for label, value in rows:
        details.add_row(text(label), text(value))
    console.print(details)
    return 0


def run_delete(args: argparse.Namespace) -> int:
    from room.titles import title_read
    from saves import SaveError
    from saves.store import read

    store = store_for(args)
    try:
        path = store.resolve(args.id)
        store.check_own(path)
    except SaveError as exc:
        return fail(exc)
    try:
        s = read(path)
        what = f"{title_read(s.title, s.edition, [seat.name for seat in s.players])!r} ({path})"
    except SaveError:
        what = _("{path} (unreadable)", path=path)
    what = plain(what)
    if not args.yes:
        if not sys.stdin.isatty():
            return fail(_("not deleting {what} without confirmation: add --yes", what=what))
        try:
            answer = input(_("Delete {what}? It cannot be undone. [y/N] ", what=what))
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes", "s", "si", "sí"):
            print(_("Nothing deleted."))
            return 1
    try:
        store.delete(str(path))
    except SaveError as exc:
        return fail(exc)
    say(_("Deleted {what}.", what=what))

    return 0
