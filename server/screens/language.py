"""The language picker, opened from the lobby (`l`): the languages the game has, each named in itself. The
server stores the choice for their key, and the session starts again in the lobby in it (a screen's words are
drawn in the language its app started in)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from server.screens.session import session_of
from translation import N_, _, available, language, speaking


class LanguageScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]
    DEFAULT_CSS = """
    LanguageScreen { align: center middle; }
    LanguageScreen Vertical { width: 44; height: auto; border: round $primary; background: $surface; }
    LanguageScreen OptionList { height: auto; max-height: 12; }
    """

    def compose(self) -> ComposeResult:
        now = speaking().code
        options = []
        for code in available():
            found = language(code)
            if found is not None:
                shown = f"{found.name} ({code})" + (" *" if code == now else "")
                options.append(Option(shown, id=code))
        with Vertical():
            yield Static(_("The language you play in (Enter chooses, Esc goes back):"))
            yield OptionList(*options)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        code = event.option.id
        if code is None:
            return
        if code == speaking().code:
            self.app.pop_screen()
            return
        session_of(self.app).choose_language(code)
