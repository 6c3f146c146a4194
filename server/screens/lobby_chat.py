"""The lobby's chat panel widget: the recent lines of everyone in the lobby, newest at the bottom, each with
its author and time, shown as plain text whatever it holds. It sits under the list of rooms and takes a
quarter of the screen at most, so that the rooms stay in view on a small terminal."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from engine.core.text import plain
from server.people.chat import Said
from translation import N_, _
from tui.widgets.lines import LinesView

QUIET = N_("Nobody has said anything yet.")


class LobbyChat(LinesView, can_focus=False):
    DEFAULT_CSS = """
    LobbyChat {
        height: 25%;
        min-height: 3;
        max-height: 14;
        border-top: solid $primary 50%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="chat", follow_end=True)
        self.border_title = _("Lobby chat  -  / to say something")
        self._shown: tuple[Said, ...] | None = None

    def show(self, lines: Sequence[Said]) -> None:
        """Show these lines (the lobby's recent chat, oldest first), if they are not the ones shown."""
        kept = tuple(lines)
        if kept == self._shown:
            return
        self._shown = kept
        if not kept:
            self.set_lines([Content.styled(_(QUIET), "$text-muted")])

            return
        self.set_lines(Content(plain(said.line())) for said in kept)
