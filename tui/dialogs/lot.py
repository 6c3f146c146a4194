"""Buy or rent: an unowned lot stopped on (Magie's 1904 game), its card, and the two choices, with a way
to the bank when the price is more than the cash in hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import BuyLot, RentLot
from engine.narration import money
from translation import N_
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.deed import DeedCard
from tui.widgets.steady_footer import SteadyFooter


class LotDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "buy", N_("Buy")),
        Binding("r", "rent", N_("Rent")),
        Binding("k", "bank", N_("Bank")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield DeedCard()
            yield Static(id="cash")
            with Horizontal(classes="buttons"):
                yield Button("Buy (b)", id="buy", variant="success", compact=True)
                yield Button("Rent (r)", id="rent", variant="warning", compact=True)
                yield Button("Bank (k)", id="bank", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        space = getattr(pend, "space", None)
        rent = getattr(pend, "rent", None)
        if space is None or rent is None:
            return
        client, view, board, names = self.client, self.view, self.client.board, self.client.names
        self.query_one("#title", Label).update(
            Content(f"{names[self.player]}: buy or rent {board.name(space)}?")
        )
        self.query_one(DeedCard).show(view, board, space, names, client.facts(), self.table.glyphs)
        cash = view.players[self.player].cash
        price = board.price[space]
        occupant = getattr(pend, "occupant", None)
        to = names[occupant] if occupant is not None else "the Public Treasury"
        lines = [f"Your cash: {money(cash)}. A lot counts its price at the end, and earns its rent."]
        if occupant is not None:
            lines.append(f"{to} is already on the lot: renting, you pay {to} half the rent.")
        if cash < price:
            lines.append(
                f"You are {money(price - cash)} short of the price: borrow from the bank (k), or rent."
            )
        self.query_one("#cash", Static).update(Content("\n".join(lines)))
        self.query_one("#buy", Button).label = f"Buy for {money(price)} (b)"
        self.query_one("#rent", Button).label = f"Rent for {money(rent)} to {to} (r)"
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("buy", "buy_lot" in legal)
        self.enable("rent", "rent_lot" in legal)
        self.enable("bank", "borrow_from_bank" in legal or "repay_loan" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"buy": self.action_buy, "rent": self.action_rent, "bank": self.action_bank}[str(event.button.id)]()

    def action_buy(self) -> None:
        self.table.play(BuyLot(player=self.player))

    def action_rent(self) -> None:
        self.table.play(RentLot(player=self.player))

    def action_bank(self) -> None:
        self.table.open_management("bank", self.player)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield ("Buy the lot", "Pay its price into the Public Treasury", self.action_buy)
        yield ("Rent the lot", "Pay its rent and move on", self.action_rent)
        yield ("Bank", "Borrow against your lots", self.action_bank)
