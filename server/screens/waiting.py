"""The waiting-room screen of a room gathering its people: who has come, how many are still awaited, and how
others get here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from server.screens.rooms_changed import RoomsChanged
from server.screens.session import session_of
from translation import N_, _, ngettext
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from server.tables.table import Table


SAFE = re.compile(r"[A-Za-z0-9_.-]+")
"""A room's name that a shell passes on as it is; any other is given by the room's id, so that a
command copied from this screen never has the shell do anything but connect."""


class WaitingScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("Leave the seat"))]
    DEFAULT_CSS = """
    WaitingScreen Vertical { width: 70; height: auto; border: round $primary; padding: 1 2; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self._stop_watching: Callable[[], None] = lambda: None

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            yield Static(id="text")
        yield SteadyFooter()

    def on_mount(self) -> None:
        app = session_of(self.app)
        self._stop_watching = app.worker_rooms.watch(self._rooms_changed)
        app.worker_rooms.come_to_wait(self.table)
        self.show()

    def on_unmount(self) -> None:
        """Handle leaving the room (to the game, the lobby, or a lost connection): a room nobody waits at
        ends after a while (`Limits.waiting_room_idle`)."""
        self._stop_watching()
        app = session_of(self.app)
        app.worker_rooms.stop_waiting(self.table)

    def _rooms_changed(self) -> None:
        self.post_message(RoomsChanged())

    def on_rooms_changed(self, message: RoomsChanged) -> None:
        if self.table.started:
            app = session_of(self.app)
            app.enter(self.table.id, watch=False)
            return
        self.show()

    def show(self) -> None:
        app = session_of(self.app)
        line = self.table.line(app.fingerprint)
        room = line.name if SAFE.fullmatch(line.name) else line.id
        text = "\n".join(
            [
                _("Room {name} ({edition})", name=line.name, edition=line.edition_words),
                "",
                _("At the table: {people}", people=line.people),
                ngettext("Waiting for {n} more person.", "Waiting for {n} more people.", line.free),
                "",
                _("Others join from the lobby, or straight away with:"),
                f"  ssh -t -p {app.port} {app.host} {room}",
                "",
                _("The game starts as soon as every seat is taken."),
            ]
        )
        self.query_one("#text", Static).update(Content(text))

    def action_leave(self) -> None:
        app = session_of(self.app)
        app.leave_waiting(self.table)
