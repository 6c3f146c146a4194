"""Answering a proposal to call the game: agree that the richest by the count wins now, or play on. Every
player still in must agree, so one refusal keeps the game going."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import AgreeToCall, RefuseCall
from translation import N_, _
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.steady_footer import SteadyFooter


class CallDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "agree", N_("Agree")),
        Binding("n", "refuse", N_("Play on")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("End the game now?"), id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Agree (y)"), id="agree", variant="primary", compact=True)
                yield Button(_("Play on (n)"), id="refuse", variant="primary", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        caller = getattr(self.view.pending, "caller", None)
        if caller is None:
            return
        names = self.client.names
        proposed = next((e for e in reversed(self.client.history()) if e.kind == "call_proposed"), None)
        leader = (
            ""
            if proposed is None
            else " " + _("{name} would win, the richest by the count.", name=names[proposed.leader])
        )
        self.query_one("#title", Label).update(
            Content(_("{name}: end the game now?", name=names[self.player]))
        )
        proposes = _("{name} proposes to end the game here, as when time runs out.", name=names[caller])
        agree = _("Every player still in must agree: one refusal and play goes on.")
        self.query_one("#body", Static).update(Content(f"{proposes}{leader}\n{agree}"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_agree() if event.button.id == "agree" else self.action_refuse()

    def action_agree(self) -> None:
        self.table.play(AgreeToCall(player=self.player))

    def action_refuse(self) -> None:
        self.table.play(RefuseCall(player=self.player))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Agree to end the game now"), "", self.action_agree)
        yield (_("Refuse: play on"), "", self.action_refuse)
