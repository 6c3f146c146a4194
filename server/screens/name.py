"""The name dialog: a key without a name chooses one on its first visit, which stays bound to it; from the
lobby (`e`, or the command palette) a person changes it, on the same rules (`server.people.players`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Static

from engine.core.text import NAME_MAX, TextError
from server.people.players import RENAMED
from server.screens.session import session_of
from translation import N_, _
from tui.widgets.steady_input import SteadyInput


class NameScreen(Screen[str | None]):
    """`renaming`: the person has a name and changes it (Esc goes back); the new name is what it returns."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]
    DEFAULT_CSS = """
    NameScreen Vertical { width: 60; height: auto; border: round $primary; padding: 1 2; }
    NameScreen #problem { color: $error; }
    """

    def __init__(self, renaming: bool = False) -> None:
        super().__init__()
        self.renaming = renaming

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            if self.renaming:
                asked = _(
                    "You are {name}. Type the new name others will know you by, and press Enter (Esc goes "
                    "back).",
                    name=session_of(self.app).player_name,
                )
            else:
                asked = _("Welcome. Choose the name others will see at the table.")
            yield Static(Content(asked))
            yield Static(
                Content(_("Up to {n} letters, digits, spaces or punctuation; it stays yours.", n=NAME_MAX))
            )

            yield SteadyInput(placeholder=_("your name"), max_length=NAME_MAX * 2, id="name")
            yield Static("", id="problem")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Esc only to one who has a name to go back with."""
        return action != "back" or self.renaming

    def action_back(self) -> None:
        if self.renaming:
            self.dismiss(None)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        app = session_of(self.app)
        try:
            if self.renaming:
                name = await app.rename(event.value)
            else:
                await app.choose_name(event.value)
        except TextError as exc:
            self.query_one("#problem", Static).update(Content(str(exc)))
            return
        if self.renaming:
            self.app.notify(_(RENAMED, name=name), timeout=10)
            self.dismiss(name)
