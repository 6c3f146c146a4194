"""Income tax with a choice: the flat sum, or a percentage of total worth, chosen before adding it up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import ChooseIncomeTax
from engine.queries import tax_of
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class IncomeTaxDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "flat", N_("Flat sum")),
        Binding("p", "percent", N_("Percentage")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Income tax"), id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Flat (f)"), id="flat", variant="primary", compact=True)
                yield Button(_("Percent (p)"), id="percent", variant="primary", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        space = getattr(self.view.pending, "space", None)
        if space is None:
            return
        tax = tax_of(self.view, space)
        cash = self.view.players[self.player].cash
        name = self.client.names[self.player]
        self.query_one("#title", Label).update(Content(_("{name}: income tax", name=name)))
        self.query_one("#body", Static).update(
            Content(
                _(
                    "Pay {flat}, or {percent}% of your total worth: cash, the printed price "
                    "of every deed (mortgaged or not) and what your buildings cost.",
                    flat=money(tax.flat),
                    percent=tax.percent,
                )
                + "\n"
                + _("The rules have you choose before you add it up.")
                + "\n"
                + _("Your cash: {amount}.", amount=money(cash))
            )
        )
        relabel(self.query_one("#flat", Button), _("Pay {amount} (f)", amount=money(tax.flat)))
        relabel(self.query_one("#percent", Button), _("Pay {percent}% (p)", percent=tax.percent))
        legal = {getattr(c, "option", None) for c in self.legal(self.player) if c.kind == "choose_income_tax"}
        self.enable("flat", "flat" in legal)
        self.enable("percent", "percent" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_flat() if event.button.id == "flat" else self.action_percent()

    def action_flat(self) -> None:
        self.table.play(ChooseIncomeTax(player=self.player, option="flat"))

    def action_percent(self) -> None:
        self.table.play(ChooseIncomeTax(player=self.player, option="percent"))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Pay the flat income tax"), "", self.action_flat)
        yield (_("Pay the percentage income tax"), "", self.action_percent)
