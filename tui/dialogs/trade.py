"""The trade negotiator: pick the other player, put deeds, cash, jail cards and cards in hand on both
sides (another player's face-down cards asked for without being seen), see what the deal does to both
players' groups, send it and see the answer; or answer an offer received, with a counter-offer if you
like. Bots' offers to a person open here too.

Here are its keys and what they do; how it looks is `tui.dialogs.trade_look`, its two sides in their fields
`tui.dialogs.trade_sides`, and what it shares with the deal negotiator `tui.dialogs.negotiator`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from engine import AcceptTrade, CancelTrade, Command, RejectTrade, TradeOffer
from engine.core.events import Event
from translation import N_, _
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.deal import DealScreen
from tui.dialogs.offer import Mode, ModeRules, OfferStory, Outcome
from tui.dialogs.trade_look import TradeLook
from tui.director import Decision
from tui.models.trade_model import TradeDraft
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


class TradeScreen(TradeLook):
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
        self._partners = []

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
            self.query_one("#note", Static).update("")
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

    def on_select_changed(self, event: Select.Changed) -> None:
        if self._filling or event.select.id != "partner" or not isinstance(event.value, int):
            return
        partner = event.value
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
