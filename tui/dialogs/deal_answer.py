"""Answering one's part of a deal among several players: what you give and get, who else is in it and
what they hand each other, who has agreed so far. Accept, turn it down with a reason (which ends the deal
for everyone), or turn it down with a counter-offer: the deal negotiator, on your side, starting from it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Label, Static

from engine import AcceptDeal, DealOffer, RejectDeal
from engine.core.narration import bundle_phrase
from room.room import clean_reason
from translation import N_, _, say
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.models.deal_model import DealDraft, part_lines
from tui.widgets.steady_footer import SteadyFooter

REASON_MOST = 80
"""The longest reason a person may give, in characters."""


class DealAnswerDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "accept", N_("Accept")),
        Binding("r", "reject", N_("Reject")),
        Binding("o", "counter", N_("Counter-offer")),
    ]
    DEFAULT_CSS = """
    DealAnswerDialog > #dialog {
        width: 90;
        max-width: 100%;
    }
    DealAnswerDialog #body {
        height: auto;
    }
    DealAnswerDialog #why {
        display: none;
    }
    DealAnswerDialog.-asking #why {
        display: block;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("A deal"), id="title")
            yield Static(id="body")
            yield Input(
                placeholder=_("why not? (Enter turns it down)"),
                id="why",
                max_length=REASON_MOST,
                disabled=True,
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Accept (a)"), id="accept", variant="success", compact=True)
                yield Button(_("Reject (r)"), id="reject", variant="error", compact=True)
                yield Button(_("Counter (o)"), id="counter", variant="primary", compact=True)
        yield SteadyFooter()

    @property
    def deal(self) -> DealOffer | None:
        deal = getattr(self.view.pending, "deal", None)
        return deal if isinstance(deal, DealOffer) else None

    def refresh_from_game(self) -> None:
        deal = self.deal
        if deal is None:
            return
        names, board, me = self.client.names, self.client.board, self.player
        others = [names[p] for p in deal.parties if p not in (me, deal.proposer)]
        title = _("{name}: a deal from {proposer}", name=names[me], proposer=names[deal.proposer])
        self.query_one("#title", Label).update(Content(title))
        proposer = names[deal.proposer]
        lines = [
            _("{name} proposes a deal with you and {others}.", name=proposer, others=", ".join(others))
            if others
            else _("{name} proposes a deal with you.", name=proposer),
            "",
            _("You give: {what}", what=say(bundle_phrase(deal.gives(me), board))),
            _("You get:  {what}", what=say(bundle_phrase(deal.gets(me), board))),
            "",
            _("The whole deal:"),
            *(f"  {line}" for line in part_lines(deal.parts, board, names)),
        ]
        agreed = [names[p] for p in deal.accepted]
        waiting = [names[p] for p in deal.parties[1:] if p not in deal.accepted and p != me]
        if agreed:
            lines.append(_("Agreed so far: {names}.", names=", ".join(agreed)))
        if waiting:
            lines.append(_("Still to answer after you: {names}.", names=", ".join(waiting)))
        lines.append(_("All must accept; one refusal ends it and nothing changes hands."))
        self.query_one("#body", Static).update(Content("\n".join(lines)))
        legal = {c.kind for c in self.legal(me)}
        self.enable("accept", "accept_deal" in legal)
        self.enable("reject", "reject_deal" in legal)
        self.enable("counter", "reject_deal" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button)

    def action_counter(self) -> None:
        """Reject the deal ("a counter-offer follows"), then propose one: the same parts, to change."""
        deal = self.deal
        if deal is None:
            return
        me = self.player
        if self.table.play(RejectDeal(player=me, deal_id=deal.id, reason="a counter-offer follows")):
            self.table.open_deal(me, DealDraft.countering(deal, me))

    def action_accept(self) -> None:
        deal = self.deal
        if deal is not None:
            self.table.play(AcceptDeal(player=self.player, deal_id=deal.id))

    def action_reject(self) -> None:
        """Ask for a reason (Enter with nothing typed is fine), then reject the deal."""
        if not self.has_class("-asking"):
            self.add_class("-asking")
            why = self.query_one("#why", Input)
            why.disabled = False
            why.focus()
            return
        self._turn_down()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._turn_down()

    def _turn_down(self) -> None:
        deal = self.deal
        if deal is None:
            return
        why = clean_reason(self.query_one("#why", Input).value)[:REASON_MOST]
        self.table.play(RejectDeal(player=self.player, deal_id=deal.id, reason=why))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Accept your part of the deal"), "", self.action_accept)
        yield (_("Turn the deal down"), "", self.action_reject)
        yield (_("Turn the deal down with a counter-offer"), "", self.action_counter)
