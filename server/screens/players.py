"""The players of the server by rating: each rated person's rating, counted games and wins, and the bots'
levels on the same scale. Names are shown as plain text."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from server.screens.lobby import HallChanged
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from server.app import ServerApp
    from server.rating import Rating

COLUMNS = ("#", "Player", "Rating", "Games", "Wins")
ABOUT = (
    "A rating is the conservative figure mu - 3 sigma, rounded: 0 for a newcomer, it rises as finished "
    "games show a player's skill (and may fall below 0). A game counts when at least two people stay to its "
    "end; leaving counts as last."
)


def by_rating(level: tuple[str, Rating]) -> float:
    return level[1].ordinal


class PlayersScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("r", "app.pop_screen", "Back", show=False),
    ]
    DEFAULT_CSS = """
    PlayersScreen #head { height: auto; padding: 0 1; }
    PlayersScreen DataTable { height: 1fr; }
    PlayersScreen #bots, PlayersScreen #about { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._stop_watching: Callable[[], None] = lambda: None

    @property
    def server(self) -> ServerApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(Content.assemble(("Players", "bold $accent"), "  -  by rating"), id="head")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(id="bots")
        yield Static(Content(ABOUT), id="about")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)
        self._stop_watching = self.server.hall.watch(self._hall_changed)
        self.fill()
        self.query_one(DataTable).focus()

    def _hall_changed(self) -> None:
        self.post_message(HallChanged())

    def on_unmount(self) -> None:
        self._stop_watching()

    def on_hall_changed(self, message: HallChanged) -> None:
        self.fill()

    def fill(self) -> None:
        board = self.server.hall.ratings
        table = self.query_one(DataTable)
        table.clear()
        if board is None:
            return
        me = self.server.fingerprint
        for n, person in enumerate(board.ranked(), start=1):
            mark = "* " if person.key == me else "  "
            table.add_row(
                Text(str(n)),
                Text(mark + person.name),
                Text(person.rating.shown()),
                Text(str(person.games)),
                Text(str(person.wins)),
            )
        bots = "  ".join(f"{lv} {r.shown()}" for lv, r in sorted(board.bots.items(), key=by_rating))
        none = "Nobody has finished a game that counts yet.  " if not board.people else ""
        self.query_one("#bots", Static).update(Content(f"{none}Bots: {bots}" if bots else none))
