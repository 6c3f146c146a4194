"""The trade negotiator: pick the other player, put deeds, cash, jail cards and cards in hand on both
sides (another player's face-down cards asked for without being seen), see what the deal does to both
players' groups, send it and see the answer; or answer an offer received, with a counter-offer if you
like. Bots' offers to a person open here too.

The screen composes its widgets: the partner chosen (`PartnerRow`) and the two sides (`TradeSide`,
`tui.dialogs.trade_side`), the offer told in words with its note and its effects (`TradeSummary`,
`tui.dialogs.trade_summary`), the status line and the buttons. It keeps the draft, the one state: it fills
the widgets from it and reads them back into it, and redraws when they tell of a change. Here are its keys
and what they do; what it shares with the deal negotiator is `tui.dialogs.negotiator`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from engine import AcceptTrade, CancelTrade, Command, RejectTrade, TradeOffer
from engine.core.events import Event
from translation import N_, _
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.bundle_fields import BundleFields
from tui.dialogs.deal import DealScreen
from tui.dialogs.negotiator import Negotiator
from tui.dialogs.offer import Mode, ModeRules, OfferStory, Outcome
from tui.dialogs.trade_side import PartnerRow, Side, TradeSide
from tui.dialogs.trade_summary import Sides, TradeSummary
from tui.director import Decision
from tui.models.trade_model import TradeDraft, spare_houses
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_select import SteadySelect as Select
from tui.widgets.ticks import TickList


def _proposed(event: Event) -> TradeOffer | None:
    return event.trade if event.kind == "trade_proposed" else None


def _outcome(event: Event, offer: TradeOffer) -> Outcome | None:
    if event.kind == "trade_completed" and event.trade.id == offer.id:
        return "accepted"
    if event.kind == "trade_rejected" and event.trade_id == offer.id:
        return "rejected"
    if event.kind == "trade_cancelled" and event.trade_id == offer.id:
        return "withdrawn"
    return None


class TradeScreen(Negotiator[TradeOffer, TradeDraft]):
    """The trade negotiator: composing an offer (`compose`), then its wait and answer, or answering one
    received, with a counter-offer if you like (`MODES`)."""

    AUTO_FOCUS = None
    MODES: ClassVar[dict[Mode, ModeRules]] = {
        "compose": ModeRules(frozenset({"send", "part", "clear", "many"})),
        "waiting": ModeRules(frozenset({"withdraw"}), bots_play=True),
        "answered": ModeRules(frozenset({"revise"})),
        "received": ModeRules(frozenset({"accept", "reject", "counter"})),
    }
    STORY = OfferStory(
        _proposed,
        _outcome,
        accepted=N_("{name} accepted: the trade is done."),
        accepted_why=N_("{name} accepted ({reason}): the trade is done."),
    )
    RECEIVED = N_("Accept it, turn it down, or make a counter-offer.")
    CASH = "give-cash"
    NO_OFFER = N_("Choose who to trade with.")
    # Every part of an offer has its own key: lower case for your side, upper case for theirs. The
    # fields take digits only, so letters never need to reach them and may work from anywhere. The
    # footer leaves the upper-case keys to the labels on the other side (and the help), so that it keeps
    # every other key with its words at 80 columns.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "part('partner')", N_("Partner"), priority=True),
        Binding("d", "part('give')", N_("Deeds"), priority=True),
        Binding("D", "part('take')", N_("Their deeds"), show=False, priority=True),
        Binding("c", "part('give-cash')", N_("Cash"), priority=True),
        Binding("C", "part('take-cash')", N_("Their cash"), show=False, priority=True),
        Binding("j", "part('give-cards')", N_("Your jail cards"), show=False, priority=True),
        Binding("J", "part('take-cards')", N_("Their jail cards"), show=False, priority=True),
        Binding("ctrl+s", "send", N_("Send")),  # not before the keys typed ahead of it reach their field
        Binding("x", "clear", N_("Clear"), show=False, priority=True),
        Binding("n", "many", N_("More players"), priority=True),
        Binding("a", "accept", N_("Accept"), priority=True),
        Binding("r", "reject", N_("Reject"), priority=True),
        Binding("o", "counter", N_("Counter-offer"), priority=True),
        Binding("e", "revise", N_("Change the offer"), priority=True),
        Binding("w", "withdraw", N_("Withdraw"), priority=True),
        Binding("ctrl+a", "accept", N_("Accept"), show=False, priority=True),
        Binding("ctrl+r", "reject", N_("Reject"), show=False, priority=True),
        Binding("ctrl+o", "counter", N_("Counter-offer"), show=False, priority=True),
        Binding("ctrl+o", "revise", N_("Change the offer"), show=False, priority=True),
        Binding("escape", "close", N_("Close")),
    ]
    PARTS: ClassVar[dict[str, str]] = {
        "partner": N_("the partner"),
        "give": N_("your deeds"),
        "take": N_("their deeds"),
        "give-cash": N_("your cash"),
        "take-cash": N_("their cash"),
        "give-cards": N_("your jail cards"),
        "take-cards": N_("their jail cards"),
    }
    DEFAULT_CSS = """
    TradeScreen #sides {
        height: auto;
    }
    TradeScreen.-received #sides, TradeScreen.-received #partner-row,
    TradeScreen.-waiting #sides, TradeScreen.-waiting #partner-row,
    TradeScreen.-answered #sides, TradeScreen.-answered #partner-row {
        display: none;
    }
    TradeScreen.-compose #offer {
        display: none;
    }
    """

    def __init__(
        self,
        table: Table,
        player: int,
        draft: TradeDraft | None = None,
        received: Decision | None = None,
    ) -> None:
        super().__init__(table, player, received)
        self.draft = draft or TradeDraft(proposer=player)
        self.set_mode(self.mode)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Trade"), id="title")
            yield PartnerRow()
            with Horizontal(id="sides"):
                yield TradeSide("give")
                yield TradeSide("take")
            yield TradeSummary()
            yield Static(id="status")
            with Horizontal(classes="buttons"):
                yield Button(_("Send (^s)"), id="send", variant="success", compact=True)
                yield Button(_("Clear (x)"), id="clear", compact=True)
                yield Button(_("More players (n)"), id="many", compact=True)
                yield Button(_("Accept (a)"), id="accept", variant="success", compact=True)
                yield Button(_("Reject (r)"), id="reject", variant="error", compact=True)
                yield Button(_("Counter (o)"), id="counter", variant="primary", compact=True)
                yield Button(_("Withdraw (w)"), id="withdraw", variant="warning", compact=True)
                yield Button(_("Change the offer (e)"), id="revise", variant="primary", compact=True)
                yield Button(_("Close (esc)"), id="close", compact=True)
        yield SteadyFooter()

    def _side(self, side: Side) -> TradeSide:
        return self.query_one(f"#{side}-side", TradeSide)

    @property
    def _summary(self) -> TradeSummary:
        return self.query_one(TradeSummary)

    def begin(self, player: int, draft: TradeDraft | None = None) -> None:
        """Reset the dialog for `player`'s offer from `draft` (a counter-offer, a saved deal), else an empty
        one, or for the offer received (`decision`): as a new negotiator would be. Kept between uses
        (`tui.dialog_router`), it is reopened and begun again."""
        self.player = player
        self.draft = draft or TradeDraft(proposer=player)
        self.set_mode("received" if self.decision is not None else "compose")

    def forget(self) -> None:
        """Clear everything the last offer left: its answer, its table, the fields' places, the note."""
        self.received = self.sent = None
        self._answer = Content("")
        self._offer_view = None
        self._retype = False
        self._amount_field = self.CASH
        if self.is_mounted:
            for ticks in self.query(TickList):
                ticks.highlighted = None
            self._summary.clear_note()
            self.query_one("#dialog").scroll_home(animate=False)

    def _fill(self) -> None:
        """Fill both sides from the offer received, then as every dialog is filled."""
        if self.mode == "received":
            pend = self.view.pending
            self.received = getattr(pend, "trade", None)
        self._fill_partners()
        self._fill_sides()
        super()._fill()

    def filled(self) -> None:
        self._focus_first()

    def fill_from_draft(self) -> None:
        self._fill_partners()
        self._fill_sides()
        self.refresh_from_game()

    def focus_draft(self) -> None:
        self.go_to_field(self.CASH)  # typed over at once
        self.call_after_refresh(self._focus_cash, 10)

    def withdrawal(self, offer: TradeOffer) -> Command:
        return CancelTrade(player=self.player, trade_id=offer.id)

    # --- the draft in the widgets ---------------------------------------------------------------

    def _others(self) -> list[int]:
        """Return the players one may trade with: the others still in the game."""
        return [p for p in self._players() if p != self.player]

    def _fill_partners(self) -> None:
        row = self.query_one(PartnerRow)
        self.draft.partner = row.fill(self.client.names, self._others(), self.draft.partner)

    def _fill_sides(self) -> None:
        """Show both sides of the draft: yours, and the partner's once chosen."""
        view, board, names, glyphs = self.view, self.client.board, self.client.names, self.table.glyphs
        draft = self.draft
        self._side("give").fill(view, board, glyphs, names, self.player, draft.partner, draft.give)
        self._side("take").fill(view, board, glyphs, names, draft.partner, self.player, draft.take)

    def _read_widgets(self) -> None:
        """Read the draft from both sides as they show it now (their change messages may still be on the
        way), so that what is shown and what is sent are one."""
        if self.mode != "compose" or not self.is_mounted:
            return
        draft = self.draft
        give, take = self._side("give").fields, self._side("take").fields
        draft.give_deeds, draft.give_held = give.ticked()
        if draft.partner is not None:
            draft.take_deeds, draft.take_held = take.ticked()
        draft.give_cash = give.amount("cash")
        draft.take_cash = take.amount("cash")
        draft.give_cards = give.amount("cards")
        draft.take_cards = take.amount("cards")
        if self.client.board.edition.house_sales:  # houses sold with the offer: from the most built lots
            view, board = self.view, self.client.board
            count = give.amount("houses")
            draft.give_houses = spare_houses(view, board, self.player, count, draft.give_deeds)
            if draft.partner is not None:
                count = take.amount("houses")
                draft.take_houses = spare_houses(view, board, draft.partner, count, draft.take_deeds)

    # --- the focus ------------------------------------------------------------------------------

    def _focus_first(self) -> None:
        """Set the initial focus where the offer is made (the partner when none is chosen yet, else your own
        deeds), or on Accept when answering. After the widgets on show have changed, so that they can take
        it."""
        self.call_after_refresh(self._focus_now, 10)

    def _focus_now(self, tries: int) -> None:
        target: Widget
        if self.mode == "received":
            target = self.query_one("#accept", Button)
        elif self.mode == "compose" and self.draft.partner is None:
            target = self.query_one("#partner", Select)
        elif self.mode == "compose":
            target = self._side("give").fields.entry
        else:
            return
        if target.region.area == 0 and tries > 0:  # not laid out on screen yet
            self.call_after_refresh(self._focus_now, tries - 1)
            return
        target.focus()

    def _focus_cash(self, tries: int) -> None:
        """Focus the offer after a refusal: on the cash you offer, ready to be typed over (or on the
        field chosen since with its key)."""
        field = self.query_one(f"#{self._amount_field}", Input)
        if field.region.area == 0 and tries > 0:
            self.call_after_refresh(self._focus_cash, tries - 1)
            return
        if not field.has_focus and self._retype:  # the focus did not take while the fields were hidden
            field.focus()
            field.select_all()
        self._retype = False

    # --- the offer shown ------------------------------------------------------------------------

    def show_terms(self) -> None:
        names = self.client.names
        if self.mode == "received":
            offer = self.received
            title = (
                _("{name} offers {partner} a trade", name=names[offer.proposer], partner=names[self.player])
                if offer
                else _("Trade")
            )
        else:
            partner = self.draft.partner
            who = names[partner] if partner is not None else "..."
            title = _("{name} trades with {partner}", name=names[self.player], partner=who)
        self.query_one("#title", Label).update(Content(title))
        summary = self._summary
        if self.mode != "compose":
            summary.clear_note()
        sides = self._sides()
        summary.show(self.view, self.client.board, names, self.table.glyphs, sides, self.mode != "compose")

    def _sides(self) -> Sides | None:
        """Return (proposer, partner, what the proposer gives, what the proposer takes) as shown now: the
        offer received or sent, else the one being composed."""
        o = self.offer if self.mode != "compose" else None
        if o is not None:
            return o.proposer, o.to, o.give, o.take
        if self.draft.partner is None:
            return None
        return self.player, self.draft.partner, self.draft.give, self.draft.take

    def chosen_partner(self) -> int | None:
        return self.draft.partner

    def show_buttons(self) -> None:
        """Show each mode's buttons; an offer received is answered only as the rules allow now."""
        super().show_buttons()
        if self.mode == "received" and self.received is not None:
            legal = {c.kind for c in self.legal(self.player)}
            self.enable("accept", "accept_trade" in legal)
            self.enable("reject", "reject_trade" in legal)
            self.enable("counter", "reject_trade" in legal)

    def on_bundle_fields_pointed(self, event: BundleFields.Pointed) -> None:
        """Note what the deed highlighted means to the player who would get it, his group as the deal on the
        table would leave it; or that a card in hand is traded like a deed."""
        board = self.client.board
        if event.card is not None:
            self._summary.note_card(board, event.card)
            return
        receiver = self.draft.partner if event.fields is self._side("give").fields else self.player
        if receiver is None:
            return
        draft = self.draft  # the group as the deal on the table would leave it
        moved = dict.fromkeys(draft.take_deeds, self.player)
        if draft.partner is not None:
            moved |= dict.fromkeys(draft.give_deeds, draft.partner)
        self._summary.note_deed(self.view, board, self.client.names, event.space, receiver, moved)

    # --- keys -----------------------------------------------------------------------------------

    def action_part(self, part: str) -> None:
        """Focus one part of the offer (p, d, D, c, C, j, J)."""
        if part == "take" and self.draft.partner is None:
            self.notify(_("Choose who to trade with first (p)."), timeout=3)
            part = "partner"
        if not self.go_to_field(part):
            said = _("Nothing to offer for {part}: no Get Out of Jail Free card.", part=_(self.PARTS[part]))
            self.notify(said, timeout=3)

    def hint(self, action: str, description: str) -> str:
        if action == "part":
            return _("Change the offer first (e), or make a counter-offer (o).")
        return super().hint(action, description)

    def on_partner_row_chosen(self, event: PartnerRow.Chosen) -> None:
        partner = event.partner
        if partner != self.draft.partner and self.mode == "compose":
            self.draft.partner = partner
            self.draft.take_deeds.clear()
            self.draft.take_cash = self.draft.take_cards = 0
            self.draft.take_held.clear()
            self._fill_sides()
            self.refresh_from_game()

    # --- actions --------------------------------------------------------------------------------

    def action_many(self) -> None:
        """Switch to a deal among three or more: the deal dialog replaces this one."""
        if self.mode != "compose" or len(self._others()) < 2:
            self.notify(_("A deal among several needs three players still in the game."), timeout=3)
            return
        app, table, player = self.app, self.table, self.player
        self.dismiss()
        app.push_screen(DealScreen(table, player))

    def action_clear(self) -> None:
        if self.mode == "compose":
            self.draft.clear()
            self._fill_sides()
            self.refresh_from_game()

    def _received_id(self) -> int | None:
        return self.received.id if self.mode == "received" and self.received is not None else None

    def action_accept(self) -> None:
        trade_id = self._received_id()
        if trade_id is not None:
            self.table.play(AcceptTrade(player=self.player, trade_id=trade_id))

    def action_reject(self) -> None:
        trade_id = self._received_id()
        if trade_id is not None:
            self.table.play(RejectTrade(player=self.player, trade_id=trade_id))

    def action_counter(self) -> None:
        trade_id = self._received_id()
        if trade_id is None or self.received is None:
            return
        offer = self.received
        self.decision = None  # this screen stays open for the counter-offer
        if not self.table.play(
            RejectTrade(player=self.player, trade_id=trade_id, reason="a counter-offer follows")
        ):
            return
        self.draft = TradeDraft.countering(offer)
        self.received = None
        self.set_mode("compose")
        self.fill_from_draft()
        self._focus_first()

    def palette_commands(self) -> Iterable[PaletteEntry]:
        if self.mode == "compose":
            yield (_("Send the offer"), "", self.action_send)
            yield (_("A deal among several players"), "", self.action_many)
            yield (_("Clear the offer"), "", self.action_clear)
        if self.mode == "received":
            yield (_("Accept the offer"), "", self.action_accept)
            yield (_("Turn the offer down"), "", self.action_reject)
            yield (_("Make a counter-offer"), "", self.action_counter)
