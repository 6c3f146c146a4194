"""On Tax Refund with the card for the whole pool: play it now, or keep it and take the usual share."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import KeepCard, PlayRefundCard, RefundChoice
from engine.queries import share_of
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class RefundCardDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play", N_("Play the card")),
        Binding("k", "keep", N_("Keep it")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Play the card (p)"), id="play", variant="success", compact=True)
                yield Button(_("Keep it (k)"), id="keep", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        if not isinstance(pend, RefundChoice):
            return
        view = self.view
        share = share_of(view, pend.space)
        usual = view.pot * share // 100
        self.query_one("#title", Label).update(
            Content(_("{name}: the pool", name=self.client.names[self.player]))
        )
        self.query_one("#body", Static).update(
            Content(
                _(
                    "The pool holds {pot}. Play your card to take all of it (the card goes back "
                    "under its deck), or keep the card and take {share}%: {amount}.",
                    pot=money(view.pot),
                    share=share,
                    amount=money(usual),
                )
            )
        )
        relabel(self.query_one("#play", Button), _("Take {amount} (p)", amount=money(view.pot)))
        relabel(self.query_one("#keep", Button), _("Keep it, take {amount} (k)", amount=money(usual)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_play() if event.button.id == "play" else self.action_keep()

    def action_play(self) -> None:
        self.table.play(PlayRefundCard(player=self.player))

    def action_keep(self) -> None:
        self.table.play(KeepCard(player=self.player))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Play the refund card: the whole pool"), "", self.action_play)
        yield (_("Keep the refund card"), "", self.action_keep)
