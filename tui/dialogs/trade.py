"""The trade negotiator: pick the other player, put deeds, cash, jail cards and cards in hand on both
sides (another player's face-down cards asked for without being seen), see what the deal does to both
players' groups, send it and see the answer; or answer an offer received, with a counter-offer if you
like. Bots' offers to a person open here too."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, SelectionList, Static

from engine import AcceptTrade, Bundle, CancelTrade, GameView, RejectTrade, TradeOffer
from engine.core.events import Event
from engine.core.narration import card_phrase
from translation import N_, _, say
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.deal import DealScreen
from tui.dialogs.offer import Mode, ModeRules, OfferStory, Outcome
from tui.dialogs.trade_sides import GIVE_CARDS, TradeSides
from tui.director import Decision
from tui.models.trade_model import TradeDraft, deed_note
from tui.text.trade_text import effects_text, side_text
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput
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


class TradeScreen(TradeSides):
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
    TradeScreen > #dialog {
        width: 100;
        max-width: 100%;
    }
    TradeScreen #partner-row {
        height: 1;
    }
    TradeScreen #partner-row Label {
        margin-right: 1;
    }
    TradeScreen #partner {
        width: 24;
    }
    TradeScreen #sides {
        height: auto;
    }
    TradeScreen .side {
        width: 1fr;
        height: auto;
    }
    TradeScreen .side Label {
        text-style: bold;
    }
    TradeScreen TickList {
        height: auto;
        max-height: 10;
        border: round $primary 50%;
    }
    TradeScreen TickList:focus {
        border: round $accent;
    }
    TradeScreen .money {
        height: 1;
    }
    TradeScreen .side {
        margin-right: 1;
    }
    TradeScreen .money Input {
        width: 7;
        margin-right: 1;
    }
    TradeScreen .money Input.cards, TradeScreen .money Input.houses {
        width: 4;
    }
    TradeScreen .money Label {
        margin-right: 1;
        text-style: none;
    }
    TradeScreen .money Label.cash {
        margin-right: 0;
    }
    TradeScreen #offer {
        height: auto;
    }
    TradeScreen #effects, TradeScreen #note, TradeScreen #status {
        height: auto;
    }
    TradeScreen #status {
        text-style: bold;
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
        self._filling = False
        self._held: dict[int, str] = {}  # selection value -> card in hand
        self._partners: list[int] = []
        self._offer_view: GameView | None = None
        self._retype = False  # the next digit typed replaces the amount in `_amount_field`
        self._amount_field = "give-cash"  # where a digit typed away from every field goes

    @property
    def view(self) -> GameView:
        """Return the table as it stood when the offer was made, while the offer and its answer are shown."""
        if self.mode in ("waiting", "answered") and self._offer_view is not None:
            return self._offer_view
        return super().view

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Trade"), id="title")
            with Horizontal(id="partner-row"):
                yield Label(_("Trade with (p)"))
                prompt = _("choose a player")
                yield Select[int]([], id="partner", prompt=prompt, compact=True, allow_blank=True)
            with Horizontal(id="sides"):
                with Vertical(classes="side"):
                    yield Label(_("You give"), id="give-title")
                    yield TickList(id="give", compact=True)
                    with Horizontal(classes="money"):
                        yield Label(_("cash (c) $"), classes="cash")
                        yield SteadyInput("0", id="give-cash", type="integer", compact=True)
                        yield Label(_("jail cards (j)"), classes="cards")
                        yield SteadyInput("0", id="give-cards", type="integer", compact=True, classes="cards")
                        yield Label(_("houses"), classes="houses")
                        yield SteadyInput(
                            "0", id="give-houses", type="integer", compact=True, classes="houses"
                        )
                with Vertical(classes="side"):
                    yield Label(_("You get"), id="take-title")
                    yield TickList(id="take", compact=True)
                    with Horizontal(classes="money"):
                        yield Label(_("cash (C) $"), classes="cash")
                        yield SteadyInput("0", id="take-cash", type="integer", compact=True)
                        yield Label(_("jail cards (J)"), classes="cards")
                        yield SteadyInput("0", id="take-cards", type="integer", compact=True, classes="cards")
                        yield Label(_("houses"), classes="houses")
                        yield SteadyInput(
                            "0", id="take-houses", type="integer", compact=True, classes="houses"
                        )
            yield Static(id="offer")
            yield Static(id="note", classes="note")
            yield Static(id="effects")
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
        self._amount_field = "give-cash"
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
            give = self.query_one("#give", TickList)
            target = give if give.option_count else self.query_one("#give-cash", Input)
        else:
            return
        if target.region.area == 0 and tries > 0:  # not laid out on screen yet
            self.call_after_refresh(self._focus_now, tries - 1)
            return
        target.focus()

    def action_part(self, part: str) -> None:
        """Focus one part of the offer (p, d, D, c, C, j, J)."""
        widget = self.query_one(f"#{part}")
        # The person chose where to go: a digit typed before the focus lands goes there, and no focus
        # scheduled earlier takes it back.
        self._amount_field = part if isinstance(widget, Input) and not widget.disabled else "give-cash"
        self._retype = isinstance(widget, Input) and not widget.disabled
        if widget.disabled:
            said = _("Nothing to offer for {part}: no Get Out of Jail Free card.", part=_(self.PARTS[part]))
            self.notify(said, timeout=3)
        elif part == "take" and self.draft.partner is None:
            self.notify(_("Choose who to trade with first (p)."), timeout=3)
            self.query_one("#partner", Select).focus()
        else:
            widget.focus()
            if isinstance(widget, Input):
                widget.select_all()

    # --- filling the widgets from the game ----------------------------------------------------

    # --- reacting to the game -----------------------------------------------------------------

    def refresh_from_game(self) -> None:
        self._read_widgets()
        names = self.client.names
        self.look_for_answer()
        self.refresh_bindings()
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
        if self.mode != "compose":
            self.query_one("#note", Static).update("")
        self._show_offer()
        self._show_effects()
        self._show_status()
        self._show_buttons()

    def _bundles(self) -> tuple[int, int, Bundle, Bundle] | None:
        """Return (proposer, partner, what the proposer gives, what the proposer takes) as shown now: the
        offer received or sent, else the one being composed."""
        o = self.offer if self.mode != "compose" else None
        if o is not None:
            return o.proposer, o.to, o.give, o.take
        if self.draft.partner is None:
            return None
        return self.player, self.draft.partner, self.draft.give, self.draft.take

    def _show_offer(self) -> None:
        sides = self._bundles()
        offer = self.query_one("#offer", Static)
        if sides is None or self.mode == "compose":
            offer.update("")
            return
        proposer, partner, give, take = sides
        view, board, names, glyphs = self.view, self.client.board, self.client.names, self.table.glyphs
        offer.update(
            side_text(view, board, names, glyphs, proposer, give, partner, take)
            + Content("\n")
            + side_text(view, board, names, glyphs, partner, take, proposer, give)
        )

    def _show_effects(self) -> None:
        sides = self._bundles()
        effects = self.query_one("#effects", Static)
        if sides is None:
            effects.update(Content(_("Choose who to trade with.")))
            return
        proposer, partner, give, take = sides
        effects.update(
            effects_text(self.view, self.client.board, self.client.names, proposer, partner, give, take)
        )

    def _show_status(self) -> None:
        status = self.query_one("#status", Static)
        if self.mode != "compose":
            status.update(self.status_text())
            return
        cmd = self.draft.command()
        if cmd is None:
            status.update("")
        elif self.draft.empty:
            status.update(Content.styled(_("Put something on the table."), "dim"))
        else:
            why = self.client.check(cmd)
            status.update(
                Content.styled(why, "$error") if why else Content.styled(_("Ready to send."), "$success")
            )

    def chosen_partner(self) -> int | None:
        return self.draft.partner

    def _show_buttons(self) -> None:
        self.show_buttons()
        if self.mode == "compose":
            cmd = self.draft.command()
            ok = cmd is not None and not self.draft.empty and self.client.check(cmd) is None
            self.enable("send", ok)
        if self.mode == "received" and self.received is not None:
            legal = {c.kind for c in self.legal(self.player)}
            self.enable("accept", "accept_trade" in legal)
            self.enable("reject", "reject_trade" in legal)
            self.enable("counter", "reject_trade" in legal)

    def ready(self, action: str) -> bool:
        if action == "withdraw":
            return self._can_withdraw()
        if action == "revise":
            return not self._traded()
        return True

    def hint(self, action: str, description: str) -> str:
        if action == "part":
            return _("Change the offer first (e), or make a counter-offer (o).")
        return super().hint(action, description)

    def _can_withdraw(self) -> bool:
        sent = self.sent
        return sent is not None and any(
            isinstance(c, CancelTrade) and c.trade_id == sent.id for c in self.legal(self.player)
        )

    # --- editing ------------------------------------------------------------------------------

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

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        if self._filling:
            return
        deeds, held = self._ticked(event.selection_list)
        if event.selection_list.id == "give":
            self.draft.give_deeds, self.draft.give_held = deeds, held
        else:
            self.draft.take_deeds, self.draft.take_held = deeds, held
        self.refresh_from_game()

    def on_selection_list_selection_highlighted(self, event: SelectionList.SelectionHighlighted[int]) -> None:
        space = event.selection.value
        if space >= GIVE_CARDS:
            ref = self._held.get(space, "")
            card = say(card_phrase(ref, self.client.board))
            self.query_one("#note", Static).update(
                Content(_("{card}: held in hand, traded like a deed.", card=card))
            )
            return
        receiver = self.draft.partner if event.selection_list.id == "give" else self.player
        if receiver is None:
            return
        board = self.client.board
        draft = self.draft  # the group as the deal on the table would leave it
        moved = dict.fromkeys(draft.take_deeds, self.player)
        if draft.partner is not None:
            moved |= dict.fromkeys(draft.give_deeds, draft.partner)
        note = deed_note(self.view, board, space, receiver, self.client.names, moved)
        self.query_one("#note", Static).update(Content(f"{board.name(space)}: {note}"))

    def on_input_changed(self, event: Input.Changed) -> None:
        if not self._filling:
            self.refresh_from_game()

    # --- actions ------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button)

    def action_send(self) -> None:
        if self.mode != "compose":
            return
        self._read_widgets()
        cmd = self.draft.command()
        if cmd is None:
            self.notify(_("Choose who to trade with."), timeout=3)
            return
        if self.draft.empty:
            self.notify(_("Put something on the table first."), timeout=3)
            return
        self._offer_view = self.client.view(self.player)
        self.send_offer(cmd)

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
        self._fill_partners()
        self._fill_sides()
        self.refresh_from_game()
        self._focus_first()

    def _traded(self) -> bool:
        sent = self.sent
        return sent is not None and any(
            e.kind == "trade_completed" and e.trade.id == sent.id for e in self.client.history()[-50:]
        )

    def action_revise(self) -> None:
        """Revise after a refusal: back to the same offer, to change it."""
        if self.mode != "answered":
            return
        self.set_mode("compose")
        self.sent = None
        self._fill_partners()
        self._fill_sides()
        self.refresh_from_game()
        self._retype = True
        self._amount_field = "give-cash"
        cash = self.query_one("#give-cash", Input)
        cash.focus()
        cash.select_all()  # typed over at once
        self.call_after_refresh(self._focus_cash, 10)

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

    def on_key(self, event: events.Key) -> None:
        """Treat a digit that no field took (a field handles its own) as an amount: for the field last chosen
        by its key, else the cash offered. Typed right after "Change the offer" or a field's key, before the
        focus gets there, or with the focus on a list or a button, the amount is never lost. Any other key
        goes on to `GameDialog.on_key`, which Textual calls after this one."""
        char = event.character
        if self.mode == "compose" and char is not None and char.isdigit():
            event.stop()
            cash = self.query_one(f"#{self._amount_field}", SteadyInput)
            cash.value = char if self._retype or cash.value in ("", "0") else cash.value + char
            self._retype = False
            cash.focus_typing_on()

    def action_withdraw(self) -> None:
        if self.sent is not None:
            self.table.play(CancelTrade(player=self.player, trade_id=self.sent.id))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        if self.mode == "compose":
            yield (_("Send the offer"), "", self.action_send)
            yield (_("A deal among several players"), "", self.action_many)
            yield (_("Clear the offer"), "", self.action_clear)
        if self.mode == "received":
            yield (_("Accept the offer"), "", self.action_accept)
            yield (_("Turn the offer down"), "", self.action_reject)
            yield (_("Make a counter-offer"), "", self.action_counter)
