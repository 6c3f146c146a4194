"""Resume: the saved games, with title, edition, players, turn and when last played."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from engine.core.text import plain
from room import Persistence, PersistenceError, SavedGame
from translation import N_, _
from tui.widgets.steady_footer import SteadyFooter


class SavedGamesTable(DataTable[Text], inherit_bindings=False):
    """The saved games, a row each. Enter is left to the screen (Resume or Replay, as its footer says), and
    goes the way the arrows go, through the table and back up: typed fast, Down Down Enter opens the third
    row. (A key the screen took first, ahead of the table, was acted on before the arrows typed before it.)"""

    BINDINGS: ClassVar[list[BindingType]] = [
        b for b in DataTable.BINDINGS if not (isinstance(b, Binding) and b.key == "enter")
    ]


class ResumeScreen(Screen[None]):
    """A Textual screen listing the saved games; Enter resumes one, or, for a replay (`replay`), shows it on
    the replay screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", N_("Resume")),
        Binding("enter", "open_replay", N_("Replay")),
        Binding("x,delete", "delete", N_("Delete")),
        Binding("escape", "back", N_("Back")),
    ]
    DEFAULT_CSS = """
    ResumeScreen Vertical {
        padding: 0 1;
    }
    ResumeScreen #title {
        text-style: bold;
        background: $primary 30%;
        width: 1fr;
        padding: 0 1;
        margin-bottom: 1;
    }
    ResumeScreen DataTable {
        height: 1fr;
    }
    ResumeScreen #note {
        color: $text-muted;
        height: auto;
    }
    """

    def __init__(self, persistence: Persistence, *, replay: bool = False, leaves_app: bool = False) -> None:
        super().__init__()
        self.persistence = persistence
        self.replay = replay
        self.leaves_app = leaves_app  # shown alone (`landlords replay` with no game): Back ends the program
        self._games: list[SavedGame] = []
        self._armed: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Replay a saved game") if self.replay else _("Resume a saved game"), id="title")
            yield SavedGamesTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(id="note")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._fill()
        self.query_one(DataTable).focus()

    def _columns(self, table: DataTable[Text]) -> None:
        """Lay out the columns: "Edition" as wide as the longest edition name listed, the other columns
        16 + 12 + 21 and their gaps, the title the rest. "Last played" holds a date and time as the language
        writes them: "Nov 25, 2026 12:35 PM" is 21 wide."""
        heading = _("Edition")
        edition = max(cell_len(name) for name in [heading, *(g.edition_name for g in self._games)])
        title = max(16, min(48, self.app.size.width - 4 - 16 - 12 - 21 - edition - 10))
        table.add_column(_("Title"), width=title)
        table.add_column(_("Players"), width=16)
        table.add_column(_("Turns"), width=12)
        table.add_column(_("Last played"), width=21)
        table.add_column(heading, width=edition)

    def _fill(self) -> None:
        table: DataTable[Text] = self.query_one(DataTable)
        table.clear(columns=True)
        note = self.query_one("#note", Static)
        if not self.persistence.available:
            self._games = []
            note.update(Content(_("Saving is off for this session: the saves folder could not be used.")))
            self._columns(table)
            return
        try:
            self._games = self.persistence.saved_games()
            damaged = self.persistence.damaged()
        except PersistenceError as exc:
            self._games = []
            note.update(Content(_("The saved games cannot be read: {reason}", reason=exc)))
            self._columns(table)
            return
        self._columns(table)
        titles = Counter(g.title for g in self._games)
        for g in self._games:
            turn = _("{n} (over)", n=g.turn) if g.finished else str(g.turn)
            title = g.title if titles[g.title] == 1 else f"{g.title} ({g.id[:6]})"  # tell twins apart
            cells = (title, g.players, turn, g.updated, g.edition_name)
            table.add_row(*(Text(plain(cell)) for cell in cells), key=g.id)  # never markup
        lines = []
        if not self._games and damaged:
            lines.append(_("No saved game here can be taken up."))
        elif not self._games:
            lines.append(_("No saved games yet: every game you play is saved as you go."))
        else:
            if self.replay:
                lines.append(_("Enter shows the game on the board, move by move."))
            else:
                lines.append(_("Enter resumes the game; x deletes it (press twice)."))
        lines.extend(_("Damaged, left untouched: {name}", name=d) for d in damaged)
        note.update(Content("\n".join(lines)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "open_replay"):
            return bool(self._games) and self.replay == (action == "open_replay")
        if action == "delete":
            return bool(self._games) and not self.replay  # a replay changes no save
        return True

    def _chosen(self) -> SavedGame | None:
        table = self.query_one(DataTable)
        if not self._games or table.cursor_row < 0:
            return None
        return self._games[min(table.cursor_row, len(self._games) - 1)]

    def action_open(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.call_later(self.app.resume_game, game.id)  # type: ignore[attr-defined]

    def action_open_replay(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.call_later(self.app.replay_game, game.id)  # type: ignore[attr-defined]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if self.replay:
            self.action_open_replay()
        else:
            self.action_open()

    def action_delete(self) -> None:
        game = self._chosen()
        if game is None:
            return
        if self._armed != game.id:
            self._armed = game.id
            self.notify(_("Press x again to delete {title}.", title=game.title), timeout=3)
            return
        self._armed = None
        try:
            self.persistence.delete(game.id)
        except PersistenceError as exc:
            self.notify(str(exc), severity="error", timeout=5)
        self._fill()

    def action_back(self) -> None:
        if self.leaves_app:
            self.app.exit(0)
            return
        self.dismiss()
