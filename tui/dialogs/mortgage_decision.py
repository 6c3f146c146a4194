"""A mortgaged deed just received: lift the mortgage now, or keep it and pay the interest now."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import KeepMortgage, Unmortgage
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class MortgageDecisionDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "lift", N_("Lift now")),
        Binding("k", "keep", N_("Keep the mortgage")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Lift (l)"), id="lift", variant="success", compact=True)
                yield Button(_("Keep (k)"), id="keep", variant="warning", compact=True)
        yield SteadyFooter()

    def _space(self) -> int | None:
        return getattr(self.view.pending, "space", None)

    def refresh_from_game(self) -> None:
        space = self._space()
        if space is None:
            return
        board = self.client.board
        name = board.name(space)
        cash = self.view.players[self.player].cash
        lift, interest = board.unmortgage_cost(space), board.interest(space)
        self.query_one("#title", Label).update(
            Content(_("{name}: {deed} came to you mortgaged", name=self.client.names[self.player], deed=name))
        )
        self.query_one("#body", Static).update(
            Content(
                _(
                    "Lift the mortgage now for {lift} (the mortgage plus 10%), or keep it: pay "
                    "{interest} interest now, and the mortgage plus another 10% when you lift it later.",
                    lift=money(lift),
                    interest=money(interest),
                )
                + "\n"
                + _("Your cash: {amount}.", amount=money(cash))
            )
        )
        relabel(self.query_one("#lift", Button), _("Lift for {amount} (l)", amount=money(lift)))
        relabel(self.query_one("#keep", Button), _("Keep, pay {amount} (k)", amount=money(interest)))
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("lift", "unmortgage" in legal)
        self.enable("keep", "keep_mortgage" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_lift() if event.button.id == "lift" else self.action_keep()

    def action_lift(self) -> None:
        space = self._space()
        if space is not None:
            self.table.play(Unmortgage(player=self.player, space=space))

    def action_keep(self) -> None:
        space = self._space()
        if space is not None:
            self.table.play(KeepMortgage(player=self.player, space=space))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Lift the mortgage now"), "", self.action_lift)
        yield (_("Keep the mortgage"), "", self.action_keep)
