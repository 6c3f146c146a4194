"""The ratings screen: the server's players by rating: each rated person's rating, counted games and wins, and
the bots' levels on the same scale, saying what that figure is. Live and turn-based games are rated apart:
`t` switches between the two lists. Names are shown as plain text."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from server.people.ratings import ABOUT, NOBODY_RATED
from server.screens.rooms_changed import RoomsChanged
from server.screens.session import Session, session_of
from translation import N_, _
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from server.people.rating import Rating

COLUMNS = ("#", N_("Player"), N_("Rating"), N_("Games"), N_("Wins"))


BOTS = N_("Bots, on the same scale (each level's rating measured in tournaments, less 3 sigma): ")
"""What the bots' figures are: conservative too, so a level whose rating is less sure shows lower, and
levels a few points apart play about as well."""


def by_rating(level: tuple[str, Rating]) -> float:
    return level[1].ordinal


def lay_out(head: str, entries: list[str], width: int) -> str:
    """Lay out `head`, then on lines of their own the entries two spaces apart, in lines of at most `width`
    characters (a longer word has a line to itself), never breaking an entry ("hard 24") in two."""
    lines: list[str] = []
    for tokens, gap in ((head.split(), " "), (entries, "  ")):
        line = ""
        for token in tokens:
            if line and len(line) + len(gap) + len(token) > width:
                lines.append(line)
                line = ""
            line = f"{line}{gap}{token}" if line else token
        if line:
            lines.append(line)
    return "\n".join(lines)


class BotsLine(Static):
    """Widget showing the bots' ratings, laid out again to its width whenever that changes, so that no entry
    is cut."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._said: tuple[str, list[str]] = ("", [])

    def show(self, none: str, bots: list[str]) -> None:
        self._said = (none, bots)
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        none, bots = self._said
        width = max(20, self.content_region.width or self.app.size.width - 2)
        told = lay_out(_(BOTS), bots, width) if bots else ""
        self.update(Content("\n".join(part for part in (none, told) if part)))


class PlayersScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("r", "app.pop_screen", N_("Back"), show=False),
        Binding("t", "switch", N_("Live / turn-based")),
    ]
    DEFAULT_CSS = """
    PlayersScreen #head { height: auto; padding: 0 1; }
    PlayersScreen DataTable { height: 1fr; }
    PlayersScreen #bots, PlayersScreen #about { height: auto; padding: 0 1; color: $text-muted; }
    PlayersScreen #mine { height: auto; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._stop_watching: Callable[[], None] = lambda: None
        self.turn_based = False
        """Whether the list shown is of turn-based games (rated apart from live ones)."""

    @property
    def server(self) -> Session:
        return session_of(self.app)

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(id="mine")
        yield BotsLine(id="bots")
        yield Static(Content(_(ABOUT)), id="about")

        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*map(_, COLUMNS))
        self._stop_watching = self.server.worker_rooms.watch(self._rooms_changed)
        self.fill()
        self.query_one(DataTable).focus()

    def _rooms_changed(self) -> None:
        self.post_message(RoomsChanged())

    def on_unmount(self) -> None:
        self._stop_watching()

    def on_rooms_changed(self, message: RoomsChanged) -> None:
        self.fill()

    def action_switch(self) -> None:
        """Switch between the ratings of live games and those of turn-based games."""
        self.turn_based = not self.turn_based
        self.fill()

    def fill(self) -> None:
        games = _("turn-based games") if self.turn_based else _("live games")
        self.query_one("#head", Static).update(
            Content.assemble((_("Players"), "bold $accent"), "  -  " + _("by rating") + "  -  " + games)
        )
        board = self.server.worker_rooms.ratings
        table = self.query_one(DataTable)
        table.clear()
        if board is None:
            return
        me = self.server.fingerprint
        rated = me in board.people or me in board.turn_people
        self.query_one("#mine", Static).update(
            Content(_("Yours: {about}.", about=board.about(me)) if rated else "")
        )
        for n, person in enumerate(board.ranked(self.turn_based), start=1):
            mark = "* " if person.key == me else "  "
            table.add_row(
                Text(str(n)),
                Text(mark + person.name),
                Text(person.rating.shown()),
                Text(str(person.games)),
                Text(str(person.wins)),
            )
        bots = [f"{lv} {r.shown()}" for lv, r in sorted(board.bots.items(), key=by_rating)]
        none = _(NOBODY_RATED) if not board.standings(self.turn_based) else ""
        self.query_one(BotsLine).show(none, bots)
