"""The chat input dialog for a table or the lobby, rate-limited per session."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from server.people.chat import too_long
from server.screens.session import session_of
from translation import N_, _
from tui.dialogs.overlay import Overlay
from tui.widgets.steady_input import SteadyInput

if TYPE_CHECKING:
    from typing import Any

    from textual.app import App


class ChatDialog(Overlay[str | None]):
    """A dialog to type a chat line; Enter sends it to everyone at the table (or in the lobby), Esc does
    not."""

    lets_bots_play = True
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    DEFAULT_CSS = """
    ChatDialog { align: center bottom; }
    ChatDialog Vertical { width: 70; height: auto; border: round $primary; background: $surface; }
    """

    def __init__(self, limit: int, to: str = "the table") -> None:
        super().__init__()
        self.limit = limit
        self.to = to
        self.kept = False  # the last line was held back (too many too fast): it is offered again

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.to == "the lobby":
                yield Static(_("Say to the lobby (Enter sends, Esc cancels):"))
            else:
                yield Static(_("Say to the table (Enter sends, Esc cancels):"))

            # Room for a line longer than the limit, so that it is refused with a sentence when sent
            # (and kept to be shortened) rather than cut short without a word as it is typed.
            yield SteadyInput(max_length=self.limit * 4, id="line")

    def on_mount(self) -> None:
        """Skip focusing when the dialog was closed before it mounted (`/` and Escape read in one moment), it
        has no line to focus."""
        for line in self.query(Input).results(Input):
            line.focus()

    def clear(self) -> None:
        """Empty the line for its next use."""
        for line in self.query(Input).results(Input):
            line.value = ""

    def offer_kept(self) -> None:
        """Offer the unsent line again, fully selected: Enter sends it, and what is typed takes its
        place instead of being glued to its end."""
        for line in self.query(Input).results(Input):
            line.select_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def chat_line(app: App[Any], name: str, to: str) -> ChatDialog:
    """Return the chat dialog cached under `name`, created and installed the first time."""
    if not app.is_screen_installed(name):
        app.install_screen(ChatDialog(session_of(app).worker_rooms.limits.chat_max, to), name)
    chat = app.get_screen(name)
    assert isinstance(chat, ChatDialog)
    return chat


def talk(app: App[Any], name: str, to: str, send: Callable[[str], object]) -> None:
    """Open the chat dialog cached under `name` (created once and reused: a new one each time cost
    the composing and styling of a dialog, the most frequent at a talkative table). A line typed goes to
    `send`, unless the session talks faster than its pace allows: then it is kept for the next time."""
    chat = chat_line(app, name, to)
    if chat in app.screen_stack:
        return
    assert isinstance(chat, ChatDialog)
    if not chat.kept:
        chat.clear()

    def said(text: str | None) -> None:
        chat.kept = False
        if not text or not text.strip():
            return
        refusal = too_long(text, chat.limit)
        if refusal is not None:
            chat.kept = True
            app.notify(refusal, severity="warning", timeout=8)
            return
        pace = session_of(app).chat_pace
        if not pace.allow():
            chat.kept = True
            app.notify(pace.refusal, severity="warning", timeout=5)
            return
        send(text)

    app.push_screen(chat, said)
    if chat.kept:
        chat.call_after_refresh(chat.offer_kept)
