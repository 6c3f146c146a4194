"""How the trade negotiator looks: its widgets and their style, and what it shows of the offer as the game
goes on (the title, both sides or the offer in words, what it does to both players' groups, a note on the
deed or card highlighted, the buttons of each mode), with the focus where the offer is made
(`tui.dialogs.trade.TradeScreen` is the negotiator, its keys and actions)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, SelectionList, Static

from engine import Bundle
from engine.core.narration import card_phrase
from translation import _, say
from tui.dialogs.trade_sides import GIVE_CARDS, TradeSides
from tui.models.trade_model import deed_note
from tui.text.trade_text import effects_text, side_text
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput
from tui.widgets.steady_select import SteadySelect as Select
from tui.widgets.ticks import TickList


class TradeLook(TradeSides):
    """The trade negotiator's widgets, and the offer shown in them."""

    DEFAULT_CSS = """
    TradeLook #partner-row {
        height: 1;
    }
    TradeLook #partner-row Label {
        margin-right: 1;
    }
    TradeLook #partner {
        width: 24;
    }
    TradeLook #sides {
        height: auto;
    }
    TradeLook .side {
        width: 1fr;
        height: auto;
        margin-right: 1;
    }
    TradeLook .side Label {
        text-style: bold;
    }
    TradeLook TickList {
        max-height: 10;
    }
    TradeLook .money Label {
        text-style: none;
    }
    TradeLook .money Label.cash {
        margin-right: 0;
    }
    TradeLook #offer, TradeLook #effects, TradeLook #note {
        height: auto;
    }
    TradeLook.-received #sides, TradeLook.-received #partner-row,
    TradeLook.-waiting #sides, TradeLook.-waiting #partner-row,
    TradeLook.-answered #sides, TradeLook.-answered #partner-row {
        display: none;
    }
    TradeLook.-compose #offer {
        display: none;
    }
    """

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
            give = self.query_one("#give", TickList)
            target = give if give.option_count else self.query_one("#give-cash", Input)
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
        if self.mode != "compose":
            self.query_one("#note", Static).update("")
        self._show_offer()
        self._show_effects()

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

    def on_selection_list_selection_highlighted(self, event: SelectionList.SelectionHighlighted[int]) -> None:
        """Note what the deed highlighted means to the player who would get it, his group as the deal on the
        table would leave it; or that a card in hand is traded like a deed."""
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
