"""Past games: the games of the rooms a person played or watched (their seats and the plan's watchers say
whose they are), finished or still in play, each opened on the replay screen and left back to this list.

Only those rooms are offered, and only what is offered can be opened: a person never sees the game of a
room they had no part in. The save is only read (`room.Persistence.past_game`): a game in play goes on
untouched while someone steps through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine import load_edition
from engine.core.text import plain
from room import PersistenceError
from room.board_words import edition_name
from server.people.places import counting
from server.screens.session import Session, session_of
from server.tables.lobby_line import NO_PAST_GAMES, past_plans, past_stage
from translation import N_, _
from tui.screens.replay import ReplayScreen
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from server.tables.room_summary import Planned

log = logging.getLogger(__name__)

COLUMNS = (N_("Room"), N_("Edition"), N_("Players"), N_("Game"))


class PastGamesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", N_("Replay")),
        Binding("escape,q", "back", N_("Lobby")),
    ]
    DEFAULT_CSS = """
    PastGamesScreen #head { height: auto; padding: 0 1; text-style: bold; }
    PastGamesScreen DataTable { height: 1fr; }
    PastGamesScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._plans: list[Planned] = []

    @property
    def server(self) -> Session:
        return session_of(self.app)

    def compose(self) -> ComposeResult:
        yield Static(_("Past games: the rooms you played or watched"), id="head")

        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(id="note")
        yield SteadyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*map(_, COLUMNS))
        worker_rooms = self.server.worker_rooms
        self._plans = past_plans(
            worker_rooms.past_plans_of(worker_rooms.played(self.server.fingerprint)), self.server.fingerprint
        )
        for plan in self._plans:
            people = ", ".join(s.name or "?" for s in plan.seats)
            cells = (plan.name, edition_name(load_edition(plan.edition)), people, self._stage(plan))
            table.add_row(*(Text(plain(c)) for c in cells))
        self._show_note(0)
        table.focus()

    def _stage(self, plan: Planned) -> str:
        return past_stage(plan, self.server.worker_rooms.ratings is not None)

    def _show_note(self, row: int) -> None:
        """Show the keys, under a note on whether the selected game counted for the ratings, and why not."""
        if not self._plans:
            note = _(NO_PAST_GAMES)
        else:
            note = _("Enter: step through the game on the board  -  Esc: back to the lobby")
            plan = self._plans[min(max(row, 0), len(self._plans) - 1)]
            if plan.result is not None and self.server.worker_rooms.ratings is not None:
                note = f"{counting(plan.result, [s.name for s in plan.seats])}\n{note}"
        self.query_one("#note", Static).update(Content(note))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_note(event.cursor_row)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return bool(self._plans)
        return True

    def action_open(self) -> None:
        row = self.query_one(DataTable).cursor_row
        if not 0 <= row < len(self._plans):
            return
        plan = self._plans[row]
        try:
            past = self.server.worker_rooms.persistence.past_game(plan.save_id or "")
        except PersistenceError as exc:  # the details name the server's files: for its log only
            log.warning("past game of room %s not shown: %s", plan.id, exc)
            self.notify(
                _("The game of {name} cannot be shown: its save cannot be read.", name=plan.name), timeout=8
            )

            return
        past.title = plan.name
        self.app.push_screen(ReplayScreen(past, self.server.glyphs))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_back(self) -> None:
        self.dismiss()
