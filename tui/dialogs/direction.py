"""Which way to move (Magie's 1904 game): past the circuits that earn wages and clear of debt, a player
moves forward or backward, seeing where the throw ends either way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import ChooseDirection
from translation import N_, _
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class DirectionDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "forward", N_("Forward")),
        Binding("b", "backward", N_("Backward")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Forward (f)"), id="forward", variant="primary", compact=True)
                yield Button(_("Backward (b)"), id="backward", variant="primary", compact=True)
        yield SteadyFooter()

    def _end(self, steps: int, direction: int) -> int:
        here = self.view.players[self.player].position
        return self.client.board.track.walk(here, steps, direction=direction).end

    def refresh_from_game(self) -> None:
        steps = getattr(self.view.pending, "steps", None)
        if steps is None:
            return
        board, names = self.client.board, self.client.names
        title = _("{name}: which way, {n} spaces?", name=names[self.player], n=steps)
        self.query_one("#title", Label).update(Content(title))
        ahead, behind = board.name(self._end(steps, 1)), board.name(self._end(steps, -1))
        lines = [
            _(
                "You have been round the board the full number of times and owe nothing: you may move "
                "either way (no more wages)."
            ),
            "  " + _("Forward: you stop on {space}.", space=ahead),
            "  " + _("Backward: you stop on {space}.", space=behind),
        ]
        self.query_one("#body", Static).update(Content("\n".join(lines)))
        forward = _("Forward to {space} (f)", space=board.spaces[self._end(steps, 1)].short)
        relabel(self.query_one("#forward", Button), forward)
        relabel(
            self.query_one("#backward", Button),
            _("Back to {space} (b)", space=board.spaces[self._end(steps, -1)].short),
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_forward() if event.button.id == "forward" else self.action_backward()

    def action_forward(self) -> None:
        self.table.play(ChooseDirection(player=self.player, direction="forward"))

    def action_backward(self) -> None:
        self.table.play(ChooseDirection(player=self.player, direction="backward"))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Move forward"), "", self.action_forward)
        yield (_("Move backward"), "", self.action_backward)
