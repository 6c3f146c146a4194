"""The advisor: the options the person at the keyboard weighs in his seat now, his chance to win after each,
the one it would take (or that they are too close to call) and why. It is worked out in the background
(`GameClient.advice`), so the screen shows that it is thinking until it is ready; Enter then makes the advised
move, or, for a trade it suggests, opens it in the negotiator with its terms filled in (nothing is sent
unseen); Escape closes."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from engine import Command, GameView
from engine.core.text import plain
from room.advice import Advice, AdvisorOff
from room.advice_words import draft_note, heading, why
from room.chance_words import reading
from translation import N_, _
from tui.client import GameClient
from tui.dialogs.overlay import Overlay
from tui.text.words import describe_command

THINKING = N_("The expert is thinking it over...")
"""Said while the advice is worked out (translated where shown)."""


def advice_lines(advice: Advice, view: GameView, client: GameClient, seat: int) -> list[Content]:
    """Return the advice as text lines: the move, its reason, and a line for each option with the seat's
    chance."""
    board = client.board
    name = plain(client.names[seat])
    lines = [
        Content.assemble((heading(advice) + " ", "bold"), describe_command(advice.command, view, board)),
        Content.assemble((_("Why:") + " ", "bold"), plain(why(advice))),
    ]
    note = draft_note(advice)
    if note is not None:
        lines.append(Content.styled(note, "$text-muted"))
    lines += [
        Content(""),
        Content.styled(
            _(
                "{name}'s chance to win after each (about; the range allows for the playouts' luck "
                "and the model's error):",
                name=name,
            ),
            "$text-muted",
        ),
    ]
    words = [describe_command(o.command, view, board) for o in advice.options]
    width = min(44, max((len(w) for w in words), default=10))
    for option, text in zip(advice.options, words, strict=True):
        chosen = option.command == advice.command
        shown = reading(option.chance, option.low, option.high, view.edition)
        line = Content.assemble(
            ("> " if chosen else "  ", "bold $accent"),
            (text[:width].ljust(width), "bold" if chosen else ""),
            f" {shown.figure:>4}  ({shown.span})",
        )
        lines.append(line)
    return lines


class AdviceScreen(Overlay[Command | None]):
    """A Textual screen showing advice for one seat, requested when the screen opens; dismissed with the
    advised command (a trade's, to open as a draft)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,z", "close", N_("Close")),
        Binding("enter", "follow", N_("Do it")),
    ]
    LESSON_INTO = "#advice"

    DEFAULT_CSS = """
    AdviceScreen {
        align: center middle;
        background: $background 60%;
    }
    AdviceScreen > #advice {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    AdviceScreen #title {
        width: 1fr;
        text-style: bold;
        background: $primary 30%;
        padding: 0 1;
        margin-bottom: 1;
    }
    AdviceScreen #keys {
        color: $text-muted;
        margin-top: 1;
    }
    """

    def __init__(self, client: GameClient, seat: int) -> None:
        super().__init__()
        self.client = client
        self.seat = seat
        self.version = client.version
        self.advice: Advice | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="advice"):
            yield Label(_("Advisor: {name}'s move", name=plain(self.client.names[self.seat])), id="title")
            yield Static(Content.styled(_(THINKING), "italic $text-muted"), id="body")
            yield Static(_("Esc: close"), id="keys")

    def on_mount(self) -> None:
        try:
            asked = self.client.advice(self.seat)
        except AdvisorOff as exc:
            self._say(Content(str(exc)))
            return
        self.run_worker(self._wait(asked), exclusive=True)

    async def _wait(self, asked: Future[Advice]) -> None:
        try:
            advice = await asyncio.wrap_future(asked)
        except Exception:
            self._say(Content.styled(_("The advice could not be worked out this time; ask again."), "$error"))
            return
        if not self.is_attached:
            return
        self.advice = advice
        body = Content("\n").join(advice_lines(advice, self.client.view(self.seat), self.client, self.seat))
        self.query_one("#body", Static).update(body)
        keys = (
            _("Enter: open it in the negotiator   Esc: close")
            if advice.draft
            else _("Enter: do it   Esc: close")
        )
        self.query_one("#keys", Static).update(keys)

    def _say(self, text: Content) -> None:
        self.query_one("#body", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_follow(self) -> None:
        """Make the advised move, if the table is still where it was when the advice was asked; a trade is
        handed back to be opened in the negotiator, not sent."""
        if self.advice is None:
            return
        if self.client.version != self.version:
            self._say(Content(_("The table has moved on since: close and ask again.")))
            self.advice = None
            return
        self.dismiss(self.advice.command)
