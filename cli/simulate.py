"""`landlords simulate`: run many headless games and report their statistics.

Without `--bots` the seats are the engine's simple players and the report covers wins by seat and where
the rolls ended. With `--bots hard,normal,normal,normal` it is a tournament between bot levels, seats
rotating from game to game, reporting wins per level with a 95 % confidence interval and what each level
did at the table (offers, auction prices, building). A seat may be a bot from outside: `module:Class`
(found from the current folder too) or an installed bot's name.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, Literal

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from cli import arguments, commands, headless, launch, parallel
from cli.output import Output
from engine import SetupError, board_for
from engine.bots import LEVELS
from engine.core.text import plain
from engine.tools.shards import share, simulation_record, tournament_record
from engine.tools.simulate import Simulation
from engine.tools.tournament import Tournament, check_lineup
from saves import SaveError
from translation import N_, _, money, ngettext, number


def register(sub: Any) -> None:
    p = commands.parser(sub, "simulate")
    p.add_argument(
        "--games",
        metavar=_("GAMES"),
        type=arguments.games,
        default=100,
        help=_("how many games (default 100)"),
    )
    p.add_argument(
        "--players",
        metavar=_("PLAYERS"),
        type=arguments.players,
        default=None,
        help=_("seats per game (default 4, or one per bot)"),
    )
    p.add_argument(
        "--seed",
        metavar=_("SEED"),
        type=arguments.seed,
        default=0,
        help=_("seed of the first game; the run is reproducible"),
    )
    launch.add_edition_option(p, _("the edition played"))
    p.add_argument(
        "--max-turns",
        metavar=_("MAX_TURNS"),
        type=arguments.turns,
        default=1000,
        help=_("turn cap per game (default 1000)"),
    )
    p.add_argument(
        "--bots",
        metavar=_("LEVELS"),
        help=_(
            "a tournament between bots, one level per seat, comma-separated ({levels}, "
            "an installed bot, or module:Class for a bot of your own); seats rotate between games",
            levels=", ".join(LEVELS),
        ),
    )
    p.add_argument(
        "--jobs",
        metavar=_("JOBS"),
        type=arguments.jobs,
        default=None,
        help=_("processes to share the games between (default: every core); the figures are the same"),
    )
    p.add_argument(
        "--save-games",
        metavar=_("DIR"),
        help=_("write every game played as a save file in DIR (game-00000.json, ...), to analyse or review"),
    )
    p.add_argument(
        "--events",
        metavar=_("DIR"),
        help=_(
            "write every game played as an open event log in DIR (game-00000.jsonl, ...; docs/research.md)"
        ),
    )
    p.add_argument(
        "--shard",
        metavar="I/N",
        type=arguments.shard,
        default=None,
        help=_(
            "play only the I-th of N shares of the games (the same seeds) and print its record as JSON, "
            "for `landlords merge`"
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of tables"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    err = Output(stderr=True)
    for option, folder in (("--save-games", args.save_games), ("--events", args.events)):
        if folder is not None:
            problem = _folder_problem(Path(folder))
            if problem is not None:
                return _refuse(err, f"{option}: {problem}")
    if args.bots is not None:
        return _tournament(args, err)
    players = 4 if args.players is None else args.players
    run = Run("simulation", args.games, args.seed, args.edition, args.max_turns, players)
    work = partial(headless.simulation, players, args.seed, args.edition, args.max_turns, _keeping(args))
    return _play(args, err, run, work)


def _keeping(args: argparse.Namespace) -> headless.Keeping:
    return headless.Keeping(saves=args.save_games, events=args.events)


def _play(args: argparse.Namespace, err: Console, run: Run, work: Callable[[int, int], Any]) -> int:
    """Play the run (or its shard), then report it (or print the shard's record)."""
    first, games = 0, run.games
    if args.shard is not None:
        index, count = args.shard
        if count > run.games:
            return _refuse(
                err,
                _(
                    "--shard {index}/{count}: {count} shards of {games} leave some empty.",
                    index=index,
                    count=count,
                    games=_games(run.games),
                ),
            )
        first, games = share(run.games, index, count)
        work = partial(headless.shifted, first, work)
    try:
        with _progress(err) as bar:
            task = bar.add_task("games", total=games)
            result = parallel.play(games, _jobs(args), work, lambda done: bar.update(task, completed=done))
    except SetupError as exc:
        return _refuse(err, str(exc))
    except SaveError as exc:
        return _refuse(err, _("the games could not be kept: {reason}", reason=exc))
    if args.shard is not None:
        print(json.dumps(shard_record(run, args.shard, first, result)))
    else:
        show(run, result, args.json)
    return 0


@dataclass(frozen=True)
class Run:
    """The parameters of a run: its kind, games, seed, edition, turn cap, seats and (a tournament) line-up.
    Two shards belong to one run when their runs are equal."""

    kind: Literal["simulation", "tournament"]
    games: int
    seed: int
    edition: str
    max_turns: int
    players: int
    bots: tuple[str, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["bots"] = None if self.bots is None else list(self.bots)
        return out


SHARD_FORMAT = "landlords-shard"
SHARD_VERSION = 1


def shard_record(
    run: Run, shard: tuple[int, int], first: int, result: Simulation | Tournament
) -> dict[str, Any]:
    """Return what `simulate --shard` prints: the run, which share of it this is, and its figures whole."""
    found = tournament_record(result) if isinstance(result, Tournament) else simulation_record(result)
    return {
        "format": SHARD_FORMAT,
        "version": SHARD_VERSION,
        "run": run.as_dict(),
        "shard": {"index": shard[0], "of": shard[1], "first": first, "games": result.games},
        "result": found,
    }


def show(run: Run, result: Simulation | Tournament, as_json: bool) -> None:
    """Print the report of a whole run: tables, or one JSON object."""
    if isinstance(result, Tournament):
        if as_json:
            out = result.as_dict()
            out.update(edition=run.edition, seed=run.seed, max_turns=run.max_turns)
            print(json.dumps(out))
        else:
            _standings(Output(), result, run.max_turns, run.edition)
    elif as_json:
        print(json.dumps(result.as_dict()))
    else:
        _report(Output(), result, run.edition, run.players)


def _folder_problem(folder: Path) -> str | None:
    """Return why the games cannot be written in `folder` (created if need be); None if they can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _("{folder} cannot be made: {reason}", folder=folder, reason=exc.strerror or exc)
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("{folder} is not a folder that can be written in", folder=folder)
    return None


def _jobs(args: argparse.Namespace) -> int:
    return parallel.default_jobs() if args.jobs is None else int(args.jobs)


def _refuse(err: Console, message: str) -> int:
    """Print the one-line error for a bad request (never markup: it can quote what was typed), and status
    2."""
    err.print(Text(plain(message), style="red"))
    return 2


def _progress(err: Console) -> Progress:
    return Progress(
        TextColumn(_("Playing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )


def _tournament(args: argparse.Namespace, err: Console) -> int:
    lineup = [_level(name) for name in args.bots.split(",") if name.strip()]
    try:
        check_lineup(lineup)
    except ValueError as exc:
        return _refuse(err, f"--bots: {exc}.")
    if args.players is not None and args.players != len(lineup):
        return _refuse(
            err,
            _(
                "--players {players} does not match the {levels} levels given to --bots.",
                players=args.players,
                levels=len(lineup),
            ),
        )
    run = Run("tournament", args.games, args.seed, args.edition, args.max_turns, len(lineup), tuple(lineup))
    work = partial(headless.tournament, lineup, args.seed, args.edition, args.max_turns, _keeping(args))
    return _play(args, err, run, work)


def _level(name: str) -> str:
    """Parse a bot level: a built-in level in any case; a bot from outside exactly as written (module and
    class names keep their case)."""
    name = name.strip()
    return name.lower() if name.lower() in LEVELS else name


def _games(n: int) -> str:
    return ngettext("{n} game", "{n} games", n)


def _played(edition: str) -> str:
    """Return the edition's description, as the report opens with it: "Classic (classic)"."""
    return f"{board_for(edition).edition.name} ({edition})"


def _standings(console: Console, r: Tournament, max_turns: int, edition: str) -> None:
    table = Table(title=_("Wins by level: {lineup} (seats rotate)", lineup=", ".join(r.lineup)))
    table.add_column(_("Level"))
    table.add_column(_("Seats"), justify="right")
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Share"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    table.add_column(_("Even share"), justify="right")
    for level in dict.fromkeys(r.lineup):
        lo, hi = r.interval(level)
        table.add_row(
            level,
            str(r.seats(level)),
            str(r.wins_by_level[level]),
            f"{100 * r.share(level):.1f}%",
            f"{100 * lo:.1f}% - {100 * hi:.1f}%",
            f"{100 * r.seats(level) / len(r.lineup):.1f}%",
        )
    console.print(table)
    console.print(
        _(
            "{games} of {edition}; average length {turns} turns; "
            "{capped} ({share}%) stopped at the cap of {cap} turns.",
            games=_games(r.games),
            edition=_played(edition),
            turns=f"{r.average_turns:.1f}",
            capped=r.capped,
            share=f"{100 * r.capped_share:.1f}",
            cap=max_turns,
        )
    )
    figures = r.card.as_dict()
    race = _race(r, figures)
    if race:
        console.print(_("First to three houses on every lot of a group: {race}.", race=race))
    _manners(console, r, figures)


def _race(r: Tournament, figures: dict[str, object]) -> str:
    """Describe who won the building race that decides most games, and how often that won the game: "hard in
    39% of its games, winning 66% of those; normal in 20%, winning 45% of those"."""
    parts: list[str] = []
    for level in dict.fromkeys(r.lineup):
        f = figures.get(level)
        if not isinstance(f, dict) or not f["first_to_three_houses"]:
            continue
        won = f["won_when_first"]
        values = {
            "level": level,
            "first": f"{100 * f['first_to_three_houses']:.0f}",
            "won": f"{100 * won:.0f}",
        }
        if not parts:
            parts.append(_("{level} in {first}% of its games, winning {won}% of those", **values))
        else:
            parts.append(_("{level} in {first}%, winning {won}% of those", **values))
    return "; ".join(parts)


def _manners(console: Console, r: Tournament, figures: dict[str, object]) -> None:
    """Describe what each level did at the table besides winning: offers, auctions, building."""
    table = Table(title=_("At the table (per seat and game)"))
    for name, justify in (
        (_("Level"), "left"),
        (_("Offers"), "right"),
        (_("Taken"), "right"),
        (_("Same lot"), "right"),
        (_("Auction / printed (median)"), "right"),
        (_("Groups built"), "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for level in dict.fromkeys(r.lineup):
        f = figures.get(level)
        if not isinstance(f, dict):
            continue
        auction = f["auction_price_to_printed"]
        built = f["complete_groups_built"]
        table.add_row(
            level,
            f"{f['offers_per_game']:.1f}",
            f"{100 * f['offers_accepted']:.0f}%",
            _("at most {n}", n=f["same_lot_asked_most"]),
            "-"
            if not auction
            else _(
                "{median}x, most {most}x", median=f"{auction['median']:.2f}", most=f"{auction['max']:.2f}"
            ),
            "-" if built is None else f"{100 * built:.0f}%",
        )
    console.print(table)


SIMPLE_PLAYERS = N_(
    "the engine's simple players (they buy what they can afford, build whenever they can, pay to leave "
    "jail at once and raise cash before going bankrupt; --bots plays the bot levels)"
)


def _report(console: Console, r: Simulation, edition: str, players: int) -> None:
    console.print(
        _(
            "{games} of {edition} between {players} of {who}.",
            games=_games(r.games),
            edition=_played(edition),
            players=players,
            who=_(SIMPLE_PLAYERS),
        )
    )
    console.print(
        _(
            "{rolls} dice rolls; average {turns} turns, longest {longest}; {capped} hit the turn cap.",
            rolls=number(r.rolls),
            turns=f"{r.average_turns:.1f}",
            longest=r.longest,
            capped=r.capped,
        )
    )
    wins = Table(title=_("Wins by seat"))
    wins.add_column(_("Seat"), justify="right")
    wins.add_column(_("Wins"), justify="right")
    wins.add_column(_("Share"), justify="right")
    for seat, w in enumerate(r.wins):
        wins.add_row(str(seat + 1), str(w), f"{100 * w / r.games:.1f}%")
    console.print(wins)
    figures = r.as_dict()
    scores = figures["scores"]
    assert isinstance(scores, dict)
    by_seat = ", ".join(money(round(w)) for w in scores["average_by_seat"])
    console.print(
        _(
            "Average final worth by seat: {by_seat}; the winners averaged {average}.",
            by_seat=by_seat,
            average=money(round(scores["winner_average"])),
        )
    )
    top = figures["top_buyer"]
    assert isinstance(top, dict)
    console.print(
        _(
            "The player who bought the most deeds won {wins} of the {games} finished games "
            "where one player bought the most ({share}%).",
            wins=top["wins"],
            games=top["games"],
            share=f"{100 * top['share']:.1f}",
        )
    )
    poorhouse = figures.get("poorhouse")
    if isinstance(poorhouse, dict):
        share = 100 * poorhouse["share"]
        console.print(
            _(
                "Somebody went to the poorhouse in {games} games ({share}%), {visits} visits in all.",
                games=poorhouse["games"],
                share=f"{share:.1f}",
                visits=poorhouse["visits"],
            )
        )
    board = board_for(edition)
    total = sum(r.landings) or 1
    land = Table(
        title=_("Where the rolls ended"),
        caption=_("Counted where the token stood once cards and being sent to jail were dealt with."),
    )
    land.add_column("#", justify="right")
    land.add_column(_("Space"))
    land.add_column(_("Rolls"), justify="right")
    land.add_column(_("Share"), justify="right")
    jail = board.edition.jail
    for space, n in enumerate(r.landings):
        if board.kinds[space] == "go_to_jail" and jail is not None:  # its rolls end in jail
            where = (
                _("the jail by {space}", space=board.name(jail.space))
                if jail.beside
                else board.name(jail.space)
            )
            land.add_row(
                str(space), _("{space} (counted on {where})", space=board.name(space), where=where), "-", "-"
            )
            continue
        land.add_row(str(space), board.name(space), number(n), f"{100 * n / total:.2f}%")

    console.print(land)
