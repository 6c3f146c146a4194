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
from translation import N_
from tui.dialogs.base import DecisionDialog, PaletteEntry
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
                yield Button("Forward (f)", id="forward", variant="primary", compact=True)
                yield Button("Backward (b)", id="backward", variant="primary", compact=True)
        yield SteadyFooter()

    def _end(self, steps: int, direction: int) -> int:
        here = self.view.players[self.player].position
        return self.client.board.track.walk(here, steps, direction=direction).end

    def refresh_from_game(self) -> None:
        steps = getattr(self.view.pending, "steps", None)
        if steps is None:
            return
        board, names = self.client.board, self.client.names
        self.query_one("#title", Label).update(Content(f"{names[self.player]}: which way, {steps} spaces?"))
        ahead, behind = board.name(self._end(steps, 1)), board.name(self._end(steps, -1))
        self.query_one("#body", Static).update(
            Content(
                "You have been round the board the full number of times and owe nothing: you may move "
                f"either way (no more wages).\n  Forward: you stop on {ahead}."
                f"\n  Backward: you stop on {behind}."
            )
        )
        self.query_one("#forward", Button).label = f"Forward to {board.spaces[self._end(steps, 1)].short} (f)"
        self.query_one("#backward", Button).label = f"Back to {board.spaces[self._end(steps, -1)].short} (b)"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_forward() if event.button.id == "forward" else self.action_backward()

    def action_forward(self) -> None:
        self.table.play(ChooseDirection(player=self.player, direction="forward"))

    def action_backward(self) -> None:
        self.table.play(ChooseDirection(player=self.player, direction="backward"))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield ("Move forward", "", self.action_forward)
        yield ("Move backward", "", self.action_backward)
