"""Buy or auction: the deed just landed on, its card, and the two choices."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import BuyProperty, DeclineProperty
from engine.queries import markers_left
from translation import N_, _, money
from tui.client import refusal
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.deed import DeedCard
from tui.widgets.steady_footer import SteadyFooter


class BuyDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "buy", N_("Buy")),
        Binding("a", "decline", N_("Auction")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield DeedCard()
            yield Static(id="cash")
            with Horizontal(classes="buttons"):
                yield Button(_("Buy (b)"), id="buy", variant="success", compact=True)
                yield Button(_("Auction (a)"), id="decline", variant="warning", compact=True)
        yield SteadyFooter()

    def _space(self) -> int | None:
        return getattr(self.view.pending, "space", None)

    def refresh_from_game(self) -> None:
        space = self._space()
        if space is None:
            return
        client = self.client
        view = self.view
        board = client.board
        names = client.names
        self.query_one("#title", Label).update(
            Content(_("{name}: buy {deed}?", name=names[self.player], deed=board.name(space)))
        )
        self.query_one(DeedCard).show(view, board, space, names, client.facts(), self.table.glyphs)
        cash = view.players[self.player].cash
        price = board.price[space]
        short = _("you are {amount} short; raise cash or let it go", amount=money(price - cash))
        lines = [_("Your cash: {amount}", amount=money(cash)) + ("" if cash >= price else f"  ({short})")]
        with_lot = board.edition.houses_with_lot
        if with_lot:
            lines.append(_("Sold as a house and lot: it comes with {n} house from the bank.", n=with_lot))
        left = markers_left(view, self.player)
        if left is not None:
            lines.append(_("Ownership markers left: {n}.", n=left))
        why = refusal(client, BuyProperty(player=self.player))
        if why is not None and cash >= price:
            lines.append(why)
        self.query_one("#cash", Static).update(Content("\n".join(lines)))
        relabel(self.query_one("#buy", Button), _("Buy for {price} (b)", price=money(price)))
        decline = _("Auction it (a)") if view.rules.auctions else _("Leave it (a)")
        relabel(self.query_one("#decline", Button), decline)
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("buy", "buy_property" in legal)
        self.enable("decline", "decline_property" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "buy":
            self.action_buy()
        elif event.button.id == "decline":
            self.action_decline()

    def action_buy(self) -> None:
        self.table.play(BuyProperty(player=self.player))

    def action_decline(self) -> None:
        self.table.play(DeclineProperty(player=self.player))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Buy"), _("Buy the deed at its printed price"), self.action_buy)
        yield (_("Decline"), _("Let the bank auction it"), self.action_decline)
