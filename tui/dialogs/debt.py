"""Raising cash for a debt: what is owed and to whom, and every way to raise it (each sale and mortgage
in a list, the mortgage and building dialogs, a trade); bankruptcy only when nothing else can cover it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import Command, GoToPoorhouse, Mortgage, SellBuilding, SellLot
from room.board_words import box_name
from translation import N_, _, money
from tui.dialogs.bank import borrowings
from tui.dialogs.bankruptcy import BankruptcyDialog
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.text.words import charge_text, describe_command, raising, raising_all
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class DebtDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "mortgage", N_("Mortgage")),
        Binding("b", "sell", N_("Sell buildings")),
        Binding("t", "trade", N_("Trade")),
        Binding("i", "loan", N_("Loan")),
        Binding("x", "bankrupt", N_("Bankruptcy")),
        Binding("x", "poorhouse", N_("Poorhouse")),
    ]
    BUTTON_FOR_ACTION: ClassVar[dict[str, str]] = {"sell": "sell"}
    DEFAULT_CSS = """
    DebtDialog > #dialog {
        border: thick $error;
    }
    DebtDialog #ways-title {
        margin-top: 1;
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield Label(_("Raise cash: choose a line and press Enter"), id="ways-title")
            yield CommandList(id="ways")
            with Horizontal(classes="buttons"):
                yield Button(_("Mortgage (m)"), id="mortgage", compact=True)
                yield Button(_("Sell buildings (b)"), id="sell", compact=True)
                yield Button(_("Trade (t)"), id="trade", variant="primary", compact=True)
                yield Button(_("Ask for a loan (i)"), id="loan", variant="primary", compact=True)
                yield Button(_("Declare bankruptcy (x)"), id="bankrupt", variant="error", compact=True)
                yield Button(_("Go to the poorhouse (x)"), id="poorhouse", variant="error", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        view = self.view
        charge = getattr(view.pending, "charge", None)
        if charge is None:
            return
        client = self.client
        names = client.names
        boxes = client.board.edition.boxes
        creditor = _("the bank") if charge.payee is None else names[charge.payee]
        if charge.payee is None and charge.box in boxes:
            creditor = _("the {box}", box=box_name(client.board, charge.box))
        poorhouse = client.board.edition.poorhouse is not None
        cash = view.players[self.player].cash
        raisable = client.facts().raisable[self.player]
        self.query_one("#title", Label).update(
            Content(
                _("{name} owes the bank {amount}", name=names[self.player], amount=money(charge.amount))
                if charge.payee is None and charge.box not in boxes
                else _(
                    "{name} owes {creditor} {amount}",
                    name=names[self.player],
                    creditor=creditor,
                    amount=money(charge.amount),
                )
            )
        )
        what = charge_text(charge.reason, charge.detail, charge.space, client.board)
        if poorhouse:
            how = _(
                "Borrowing from the bank against your lots would raise {amount}. The debt is paid "
                "as soon as your cash covers it; you may also sell lots in a trade or ask for a loan. Only "
                "with nothing left to borrow on do you pay what you have and go to the poorhouse.",
                amount=money(raisable),
            )
        else:
            ways_to = raising_all(client.board)
            how = (
                _(
                    "{ways} would raise {amount}, enough: the debt is paid as soon as your cash covers it.",
                    ways=ways_to,
                    amount=money(raisable),
                )
                if raisable >= charge.amount - cash
                else _(
                    "{ways} would raise {amount}, not enough: sell deeds in a trade, or declare bankruptcy.",
                    ways=ways_to,
                    amount=money(raisable),
                )
            )
        short = _("Cash {cash}: short by {amount}.", cash=money(cash), amount=money(charge.amount - cash))
        self.query_one("#body", Static).update(Content(f"{what[:1].upper()}{what[1:]}. {short}\n{how}"))
        ways: list[tuple[Command, str]] = [
            (c, describe_command(c, view, client.board))
            for c in self.legal(self.player)
            if isinstance(c, SellBuilding | SellLot | Mortgage)
        ]
        ways += borrowings(view, client.board, self.player)
        ways_list = self.query_one(CommandList)
        ways_list.set_commands(
            ways,
            N_("Nothing left to borrow against.")
            if poorhouse
            else N_("Nothing left to sell or mortgage.")
            if client.board.edition.mortgages
            else N_("Nothing left to sell."),
        )
        if ways:
            ways_list.focus()
        legal = {c.kind for c in self.legal(self.player)}
        owns = any(view.deeds[s].owner == self.player for s in client.board.deeds)
        self.query_one("#mortgage", Button).display = view.ruleset.mortgages
        self.query_one("#sell", Button).display = view.ruleset.max_level > 0
        self.enable("mortgage", owns)  # the dialog says what may be mortgaged, and why not
        self.enable("sell", "sell_building" in legal)
        self.enable("trade", client.can_trade(self.player))
        loans = client.board.edition.loans
        self.query_one("#loan", Button).display = loans is not None and loans.between_players
        self.enable("loan", client.can_trade(self.player))
        self.query_one("#bankrupt", Button).display = not poorhouse
        self.query_one("#poorhouse", Button).display = poorhouse
        self.enable("bankrupt", "declare_bankruptcy" in legal)
        self.enable("poorhouse", "go_to_poorhouse" in legal)

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button)

    def action_mortgage(self) -> None:
        """Open the mortgage dialog over this one: every deed and what it raises."""
        self.table.open_management("mortgage", self.player)

    def action_sell(self) -> None:
        """Open the building dialog over this one, to sell houses and hotels back."""
        self.table.open_management("build", self.player)

    def action_loan(self) -> None:
        self.table.open_loan(self.player)

    def action_trade(self) -> None:
        if self.client.can_trade(self.player):
            self.table.open_trade(self.player)

    def action_poorhouse(self) -> None:
        if "go_to_poorhouse" in {c.kind for c in self.legal(self.player)}:
            self.table.play(GoToPoorhouse(player=self.player))

    def action_bankrupt(self) -> None:
        legal = {c.kind for c in self.legal(self.player)}
        if "declare_bankruptcy" in legal:
            self.app.push_screen(BankruptcyDialog(self.table, self.player))
        else:
            self.notify(
                _("You can still raise the cash: {ways} first.", ways=raising(self.client.board)), timeout=3
            )

    def hint(self, action: str, description: str) -> str:
        if action == "mortgage":
            return _("You own no deeds to mortgage.")
        if action == "sell":
            return _("You have no buildings to sell.")
        if action == "poorhouse":
            return _(
                "Borrow from the bank against your lots first: the poorhouse is for nothing to borrow on."
            )
        if action == "bankrupt":
            return _("You can still raise the cash: {ways} first.", ways=raising(self.client.board))
        if action == "trade":
            return _("Trades wait until the auction or the open offer is settled.")
        return super().hint(action, description)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Mortgage deeds"), _("Open the mortgage dialog"), self.action_mortgage)
        yield (_("Sell buildings"), _("Open the building dialog"), self.action_sell)
        yield (_("Trade to raise cash"), _("Open the trade negotiator"), self.action_trade)
        if self.client.board.edition.poorhouse is not None:
            yield (_("Go to the poorhouse"), _("Only with nothing left to borrow on"), self.action_poorhouse)
        else:
            yield (_("Declare bankruptcy"), _("Only when nothing can cover the debt"), self.action_bankrupt)
