"""A luxury stopped on (Magie's 1904 game): buy a luxury ticket, or do without and lose the move."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import BuyLuxury, DeclineLuxury
from engine.queries import luxury_worth
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class LuxuryDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "buy", N_("Buy")),
        Binding("d", "decline", N_("Do without")),
        Binding("k", "bank", N_("Bank")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Buy (b)"), id="buy", variant="success", compact=True)
                yield Button(_("Do without (d)"), id="decline", variant="warning", compact=True)
                yield Button(_("Bank (k)"), id="bank", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        price = getattr(pend, "price", None)
        back_to = getattr(pend, "back_to", None)
        if price is None or back_to is None:
            return
        board, names = self.client.board, self.client.names
        wages = getattr(pend, "wages", 0)
        cash = self.view.players[self.player].cash
        self.query_one("#title", Label).update(Content(_("{name}: a luxury?", name=names[self.player])))
        back = board.name(back_to)
        lines = [
            _(
                "A luxury ticket costs {price}, paid into the Public Treasury, and counts "
                "{worth} at the end of the game.",
                price=money(price),
                worth=money(luxury_worth(board)),
            ),
            _(
                "Do without it and you lose the move: back to {space}, handing back the {wages} wages it "
                "earned.",
                space=back,
                wages=money(wages),
            )
            if wages
            else _("Do without it and you lose the move: back to {space}.", space=back),
            _("Your cash: {amount}.", amount=money(cash)),
        ]
        self.query_one("#body", Static).update(Content("\n".join(lines)))
        relabel(self.query_one("#buy", Button), _("Buy for {price} (b)", price=money(price)))
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("buy", "buy_luxury" in legal)
        self.enable("decline", "decline_luxury" in legal)
        self.enable("bank", "borrow_from_bank" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"buy": self.action_buy, "decline": self.action_decline, "bank": self.action_bank}[
            str(event.button.id)
        ]()

    def action_buy(self) -> None:
        self.table.play(BuyLuxury(player=self.player))

    def action_decline(self) -> None:
        self.table.play(DeclineLuxury(player=self.player))

    def action_bank(self) -> None:
        self.table.open_management("bank", self.player)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Buy a luxury ticket"), "", self.action_buy)
        yield (_("Do without it"), _("Lose the move"), self.action_decline)
