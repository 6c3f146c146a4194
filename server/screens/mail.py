"""The mail dialog, opened from the lobby (`m`): the address a person gives for word when a room waits on
them, the code sent to it typed back, and an e-mail a move or a digest a day, or none. The front keeps the
addresses (`server.people.notices`); the person alone sees theirs. On a server that sends no mail, the
dialog says so and offers nothing."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from server.people.addresses import ADDRESS_MOST
from server.people.notices import NO_MAIL, MailState, mail_state_words
from server.screens.session import session_of
from translation import N_, _
from tui.widgets.steady_input import SteadyInput


class MailScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]
    DEFAULT_CSS = """
    MailScreen { align: center middle; }
    MailScreen Vertical#mail { width: 72; height: auto; border: round $primary; background: $surface;
        padding: 0 1; }
    MailScreen Horizontal { height: auto; }
    MailScreen Input { width: 1fr; }
    MailScreen Button { margin-right: 1; }
    MailScreen #mail-said { height: auto; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        on = session_of(self.app).worker_rooms.mail_on
        with Vertical(id="mail"):
            yield Static(_("Word by e-mail when a room waits on you (Esc goes back)."))
            if not on:
                yield Static(_(NO_MAIL), id="mail-state")
                return
            yield Static("", id="mail-state")
            with Horizontal():
                yield SteadyInput(placeholder="you@example.org", max_length=ADDRESS_MOST, id="mail-address")
                yield Button(_("Send a code"), id="mail-send")
            with Horizontal():
                yield SteadyInput(placeholder=_("the code"), max_length=12, id="mail-code")
                yield Button(_("Confirm"), id="mail-confirm")
            with Horizontal():
                yield Button(_("A letter a move"), id="mail-each")
                yield Button(_("A digest a day"), id="mail-digest")
                yield Button(_("No letters"), id="mail-off")
            yield Static("", id="mail-said")

    async def on_mount(self) -> None:
        if session_of(self.app).worker_rooms.mail_on:
            self.query_one("#mail-address", Input).focus()
            await self._ask("state")

    async def _ask(self, do: str, value: str = "") -> None:
        session = session_of(self.app)
        line, state = await session.worker_rooms.mail(session.fingerprint, do, value, ui_mode="screen")
        self._show(line, state)

    def _show(self, line: str, state: MailState) -> None:
        """Show the person's state and the answer, as plain text (an address is what they typed)."""
        self.query_one("#mail-state", Static).update(Text(mail_state_words(state, "screen")))
        self.query_one("#mail-said", Static).update(Text(line))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "mail-address":
            await self._ask("address", event.value)
            self.query_one("#mail-code", Input).focus()
        elif event.input.id == "mail-code":
            await self._ask("confirm", event.value)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        pressed = event.button.id
        if pressed == "mail-send":
            await self._ask("address", self.query_one("#mail-address", Input).value)
        elif pressed == "mail-confirm":
            await self._ask("confirm", self.query_one("#mail-code", Input).value)
        elif pressed in ("mail-each", "mail-digest"):
            await self._ask("choice", pressed.removeprefix("mail-"))
        elif pressed == "mail-off":
            await self._ask("off")
