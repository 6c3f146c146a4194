"""The first-visit screen: a key without a name chooses one, which stays bound to it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Static

from engine.core.text import NAME_MAX, TextError
from server.screens.session import session_of
from translation import _
from tui.widgets.steady_input import SteadyInput


class NameScreen(Screen[None]):
    DEFAULT_CSS = """
    NameScreen Vertical { width: 60; height: auto; border: round $primary; padding: 1 2; }
    NameScreen #problem { color: $error; }
    """

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            yield Static(Content(_("Welcome. Choose the name others will see at the table.")))
            yield Static(
                Content(_("Up to {n} letters, digits, spaces or punctuation; it stays yours.", n=NAME_MAX))
            )

            yield SteadyInput(placeholder=_("your name"), max_length=NAME_MAX * 2, id="name")
            yield Static("", id="problem")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        app = session_of(self.app)
        try:
            await app.choose_name(event.value)
        except TextError as exc:
            self.query_one("#problem", Static).update(Content(str(exc)))
