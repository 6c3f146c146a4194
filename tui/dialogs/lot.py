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
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
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
                yield Button(_("Buy (b)"), id="buy", variant="success", compact=True)
                yield Button(_("Rent (r)"), id="rent", variant="warning", compact=True)
                yield Button(_("Bank (k)"), id="bank", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        space = getattr(pend, "space", None)
        rent = getattr(pend, "rent", None)
        if space is None or rent is None:
            return
        client, view, board, names = self.client, self.view, self.client.board, self.client.names
        self.query_one("#title", Label).update(
            Content(_("{name}: buy or rent {lot}?", name=names[self.player], lot=board.name(space)))
        )
        self.query_one(DeedCard).show(view, board, space, names, client.facts(), self.table.glyphs)
        cash = view.players[self.player].cash
        price = board.price[space]
        occupant = getattr(pend, "occupant", None)
        to = names[occupant] if occupant is not None else _("the Public Treasury")
        lines = [
            _(
                "Your cash: {amount}. A lot counts its price at the end, and earns its rent.",
                amount=money(cash),
            )
        ]
        if occupant is not None:
            lines.append(_("{name} is already on the lot: renting, you pay {name} half the rent.", name=to))
        if cash < price:
            lines.append(
                _(
                    "You are {amount} short of the price: borrow from the bank (k), or rent.",
                    amount=money(price - cash),
                )
            )
        self.query_one("#cash", Static).update(Content("\n".join(lines)))
        relabel(self.query_one("#buy", Button), _("Buy for {price} (b)", price=money(price)))
        relabel(
            self.query_one("#rent", Button),
            (
                _("Rent for {rent} to {name} (r)", rent=money(rent), name=to)
                if occupant is not None
                else _("Rent for {rent} to the Public Treasury (r)", rent=money(rent))
            ),
        )
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
        yield (_("Buy the lot"), _("Pay its price into the Public Treasury"), self.action_buy)
        yield (_("Rent the lot"), _("Pay its rent and move on"), self.action_rent)
        yield (_("Bank"), _("Borrow against your lots"), self.action_bank)
