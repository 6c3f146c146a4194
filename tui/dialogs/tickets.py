"""Lot tickets (Magie's 1904 game): before the first throw, buy the lots your tickets name, one at a time,
and put the rest back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import BuyTicketLot, DoneWithTickets
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class TicketsDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("d", "done", N_("Done"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield CommandList(id="lots")
            with Horizontal(classes="buttons"):
                yield Button(_("Done: put the rest back (d)"), id="done", variant="primary", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        view, board, names = self.view, self.client.board, self.client.names
        ps = view.players[self.player]
        self.query_one("#title", Label).update(
            Content(_("{name}: your lot tickets", name=names[self.player]))
        )
        choices = [
            (
                c,
                _(
                    "Buy {lot} for {price}, rent {rent}",
                    lot=board.name(c.space),
                    price=money(board.price[c.space]),
                    rent=money(board.rent[c.space][0]),
                ),
            )
            for c in self.legal(self.player)
            if isinstance(c, BuyTicketLot)
        ]
        text = _(
            "Before the first throw you may buy the lots your tickets name, at their price, into the "
            "Public Treasury. A lot counts its price at the end and earns its rent. "
            "Your cash: {amount}.",
            amount=money(ps.cash),
        )
        unaffordable = [s for s in ps.tickets if not any(c.space == s for c, _words in choices)]
        if unaffordable:
            text += "\n" + _("Beyond your cash: {lots}.", lots=", ".join(board.name(s) for s in unaffordable))
        self.query_one("#body", Static).update(Content(text))
        lots = self.query_one(CommandList)
        lots.set_commands(choices, N_("No ticket you can afford."))
        if choices:
            lots.focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_done()

    def action_done(self) -> None:
        self.table.play(DoneWithTickets(player=self.player))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Put the other tickets back"), _("Buy no more of your tickets' lots"), self.action_done)
