"""The lobby: the rooms of the server, and what a player can do with each: make one, take a seat (or go
back to theirs), or watch. Everything people typed (room names, player names) is shown as plain text.
Where a room's line is wider than the screen, its longest cells wrap onto more lines (`fit`), never cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine.core.text import plain
from server.screens.lobby_chat import LobbyChat
from server.screens.rooms_changed import RoomsChanged
from server.screens.session import Session, session_of
from server.tables.turn_pace import away_words
from server.tables.your_move import your_move_line
from translation import N_, _, ngettext
from tui.dialogs.base import PaletteEntry
from tui.widgets.steady_footer import SteadyFooter

COLUMNS = (N_("Room"), N_("Edition"), N_("Seats"), N_("Playing"), N_("Turn"))


def more_screen_words(more: int) -> str:
    """Return the line saying how many rooms the lobby does not list, and how to go to one from here."""
    return ngettext(
        "{n} more room is not listed: to go to it, connect again with its name after the server's address.",
        "{n} more rooms are not listed: to go to one, connect again with its name after the server's "
        "address.",
        more,
    )


WRAPPED = (1, 3, 4)
"""The columns whose cells may wrap onto more lines: the edition, who plays, the turn."""
NARROWEST = 8
"""A wrapped column is never narrower than this."""


def fit(rows: list[list[str]], width: int) -> tuple[list[list[str]], list[int], list[int]]:
    """Fit the rows by wrapping the cells of the widest wrappable columns onto more lines, between words,
    until the columns (each with a cell of padding either side) fit `width`; each row's height; and each
    column's width (a table measures a cell of several lines by all of it, so it is told). Widths are counted
    in a terminal's cells: a wide character (CJK, most emoji) takes two."""
    widths = [max([cell_len(_(COLUMNS[c])), *(cell_len(r[c]) for r in rows)]) for c in range(len(COLUMNS))]
    while sum(widths) + 2 * len(widths) > width:
        widest = max(WRAPPED, key=lambda c: widths[c])
        if widths[widest] <= NARROWEST:
            break
        widths[widest] -= 1
    out: list[list[str]] = []
    heights: list[int] = []
    for row in rows:
        cells = [
            "\n".join(wrap(cell, widths[c])) if c in WRAPPED and cell_len(cell) > widths[c] else cell
            for c, cell in enumerate(row)
        ]
        out.append(cells)
        heights.append(max(cell.count("\n") + 1 for cell in cells))
    return out, heights, widths


def wrap(text: str, width: int) -> list[str]:
    """Wrap the text between words (at plain spaces: a no-break space holds its words together) into lines of
    at most `width` cells; a word wider than that is broken where it must, never between the halves of a
    wide character."""
    lines: list[str] = []
    line = ""
    for word in filter(None, text.split(" ")):
        for piece in chop_cells(word, width) if cell_len(word) > width else [word]:
            if not line:
                line = piece
            elif cell_len(line) + 1 + cell_len(piece) <= width:
                line = f"{line} {piece}"
            else:
                lines.append(line)
                line = piece
    if line:
        lines.append(line)
    return lines or [""]


class LobbyScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", N_("Play")),
        Binding("n", "new_room", N_("New room")),
        Binding("w", "watch", N_("Watch")),
        Binding("p", "past_games", N_("Past games")),
        Binding("r", "players", N_("Ratings")),
        Binding("l", "language", N_("Language")),
        Binding("m", "mail", N_("Mail")),
        Binding("d", "away", N_("Days away")),
        Binding("e", "rename", N_("Your name"), show=False),  # also in the command palette
        Binding("q", "app.leave", N_("Quit")),
    ]
    DEFAULT_CSS = """
    LobbyScreen #head { height: auto; padding: 0 1; }
    LobbyScreen DataTable { height: 1fr; }
    LobbyScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._stop_watching: Callable[[], None] = lambda: None
        self._ids: list[str] = []
        self._rated = False

    @property
    def server(self) -> Session:
        return session_of(self.app)

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(id="note")
        yield LobbyChat()
        yield SteadyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self._watch()
        self.fill()
        table.focus()

    def _watch(self) -> None:
        self._stop_watching()
        self._stop_watching = self.server.worker_rooms.watch(self._rooms_changed)

    def on_unmount(self) -> None:
        self._stop_watching()

    def _rooms_changed(self) -> None:
        self.post_message(RoomsChanged())

    def on_screen_suspend(self) -> None:
        """Stop the messages that the worker's rooms changed while the lobby is covered by a table (or a
        form): even a message it ignores makes Textual repaint the screen on top of it. It reads the rooms
        again when it is back on top."""
        self._stop_watching()
        self._stop_watching = lambda: None

    def put_away(self) -> None:
        """Free the lobby's content while a table covers it, maybe for hours: its list of rooms (every row
        drawn and held in the list's caches) and its chat; both are read again when it is back on top."""
        self.query_one(DataTable).clear(columns=True)
        self.query_one(LobbyChat).show(())

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self._watch()
            self.fill()

    def on_rooms_changed(self, message: RoomsChanged) -> None:
        if self.app.screen is self:
            self.fill()

    def on_resize(self, event: events.Resize) -> None:
        """Refit the lines to the new width."""
        self.fill()

    def fill(self) -> None:
        app = self.server
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        self._ids = []
        board = app.worker_rooms.ratings
        rows: list[list[str]] = []
        listed = app.worker_rooms.listed(app.fingerprint)
        for t in listed.rooms:
            line = t.line(app.fingerprint)
            mark = "* " if line.mine else "  "
            rows.append(
                [
                    mark + line.name,
                    line.edition_cell,
                    _("{taken} taken, {free} free", taken=line.taken, free=line.free),
                    board.people_line(t.plan) if board is not None else line.people,
                    line.status,
                ]
            )
            self._ids.append(line.id)
        cells, heights, widths = fit(rows, (table.size.width or self.app.size.width) - 1)
        table.clear(columns=True)
        for name, column_width in zip(COLUMNS, widths, strict=True):
            table.add_column(_(name), width=column_width)
        for line_cells, height in zip(cells, heights, strict=True):
            table.add_row(*(Text(cell) for cell in line_cells), height=height)
        if self._ids:
            table.move_cursor(row=min(row, len(self._ids) - 1))
        note = (
            _("No rooms yet: press n to make one.")
            if not self._ids
            else _("Enter: take a seat or go back to yours (*)  -  w: watch  -  n: new room")
        )
        mine = your_move_line(app.worker_rooms.your_move(app.fingerprint), app.zone)
        away = app.worker_rooms.away_until(app.fingerprint)
        more = [more_screen_words(listed.more)] if listed.more else []
        said = [*([mine] if mine else []), *([away_words(away, where="lobby")] if away else []), *more, note]
        self.query_one("#note", Static).update(Content("\n".join(said)))
        self.query_one(LobbyChat).show(app.worker_rooms.lobby_talk.lines)
        self._head()

    def _head(self) -> None:
        """Return the header: the welcome, with the player's own rating when the server has ratings."""
        app = self.server
        board = app.worker_rooms.ratings
        mine = f"  -  {board.about(app.fingerprint)}" if board is not None else ""
        welcome = _("welcome, {name}", name=plain(app.player_name))
        here = people_here(app.worker_rooms.people, 60)  # a server of several hosts: who is connected to any
        self.query_one("#head", Static).update(
            Content.assemble(("landlords", "bold $accent"), f"  -  {welcome}{mine}{here}")
        )
        if self._rated != (board is not None):  # the ratings came: the players' key is offered
            self._rated = board is not None
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enable the players' list only on a server that has ratings."""
        return action != "players" or self.server.worker_rooms.ratings is not None

    def action_players(self) -> None:
        if self.server.worker_rooms.ratings is not None:
            from server.screens.players import PlayersScreen

            self.app.push_screen(PlayersScreen())

    def _chosen(self) -> str | None:
        row = self.query_one(DataTable).cursor_row
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def action_play(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            self.server.enter(chosen, watch=False)

    def action_watch(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            self.server.enter(chosen, watch=True)

    def action_language(self) -> None:
        from server.screens.language import LanguageScreen

        self.app.push_screen(LanguageScreen())

    def action_mail(self) -> None:
        from server.screens.mail import MailScreen

        self.app.push_screen(MailScreen())

    def action_away(self) -> None:
        from server.screens.away import AwayScreen

        self.app.push_screen(AwayScreen())

    def action_rename(self) -> None:
        """Open the name dialog to change the person's name (`e`, or the command palette)."""
        from server.screens.name import NameScreen

        self.app.push_screen(NameScreen(renaming=True), lambda _name: self._head())

    def palette_commands(self) -> list[PaletteEntry]:
        """The lobby's own entries in the command palette (`tui.app.LandlordsApp.get_system_commands`)."""
        return [(_("Your name"), _("Change the name others know you by (e)"), self.action_rename)]

    def action_past_games(self) -> None:

        from server.screens.past_games import PastGamesScreen

        self.app.push_screen(PastGamesScreen())

    def action_new_room(self) -> None:
        from server.screens.new_room import NewRoomScreen

        self.app.push_screen(NewRoomScreen())

    def action_chat(self) -> None:
        """Open the chat (`/`, the app's key) to everyone in the lobby, whichever worker runs their
        session."""
        from server.screens.chat import talk

        app = self.server
        talk(
            self.app,
            "chat-lobby",
            "the lobby",
            lambda text: app.worker_rooms.lobby_say(app.fingerprint, text),
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_play()


def people_here(names: list[str], room: int) -> str:
    """Format who is here in about `room` characters: " - here: Ada, Bob and 3 more" ('' with nobody
    listed)."""
    if not names:
        return ""
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > room:
            break
        shown.append(plain(name))
    more = len(names) - len(shown)
    if more:
        return "  -  " + ngettext(
            "here: {names} and {n} more", "here: {names} and {n} more", more, names=", ".join(shown)
        )
    return "  -  " + _("here: {names}", names=", ".join(shown))
