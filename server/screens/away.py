"""The days-away dialog, opened from the lobby (`d`): a person away for some days in all his turn-based
rooms at once, his time for a move in each starting after them
(`server.tables.worker_rooms.WorkerRooms.away`), or back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from server.screens.session import session_of
from server.tables.turn_pace import AWAY_DAYS, away_words
from translation import N_, _
from tui.widgets.steady_input import SteadyInput


class AwayScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]
    DEFAULT_CSS = """
    AwayScreen { align: center middle; }
    AwayScreen Vertical#away { width: 72; height: auto; border: round $primary; background: $surface;
        padding: 0 1; }
    AwayScreen Horizontal { height: auto; }
    AwayScreen Input { width: 12; }
    AwayScreen Button { margin-left: 1; }
    AwayScreen #away-said { height: auto; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="away"):
            yield Static(
                _(
                    "Days away from all your turn-based rooms, 1 to {most}: your time for a move starts "
                    "after them (Esc goes back).",
                    most=AWAY_DAYS,
                )
            )
            with Horizontal():
                yield SteadyInput(placeholder=_("days"), max_length=2, id="away-days")
                yield Button(_("Away"), id="away-go")
                yield Button(_("I am back"), id="away-back")
            yield Static("", id="away-said")

    def on_mount(self) -> None:
        session = session_of(self.app)
        until = session.worker_rooms.away_until(session.fingerprint)
        self._say(away_words(until, where="dialog") if until else _("You are not away."))
        self.query_one("#away-days", Input).focus()

    def _say(self, line: str) -> None:
        self.query_one("#away-said", Static).update(Text(line))

    async def _declare(self, typed: str) -> None:
        typed = typed.strip()
        if not typed.isdigit():
            self._say(_("Days away are a whole number from 0 to {most}.", most=AWAY_DAYS))
            return
        session = session_of(self.app)
        self._say(await session.worker_rooms.away(session.fingerprint, int(typed)))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        await self._declare(event.value)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "away-go":
            await self._declare(self.query_one("#away-days", Input).value)
        elif event.button.id == "away-back":
            await self._declare("0")
