"""The two sides of a trade in the negotiator's fields: the partners to choose from, the deeds, cash, jail
cards, houses and cards in hand on each side, filled from the draft and read back into it, so that what is
shown and what is sent are one (`tui.dialogs.trade.TradeScreen` is the negotiator, `tui.dialogs.trade_look`
how it looks)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Input, Label
from textual.widgets.selection_list import Selection

from engine import TradeOffer
from translation import _, money
from tui.dialogs.negotiator import HELD, Negotiator
from tui.dialogs.offer import typed_number
from tui.models.trade_model import TradeDraft, spare_houses
from tui.text.trade_text import deed_line, is_built
from tui.widgets.steady_select import SteadySelect as Select
from tui.widgets.ticks import TickList

GIVE_CARDS = HELD  # the selection values of the cards in hand: this one on for the proposer's own
TAKE_CARDS = 2 * HELD  # and this one on for the partner's


class TradeSides(Negotiator[TradeOffer, TradeDraft]):
    """The negotiator's two sides, between its draft and its fields."""

    _partners: list[int]

    def _others(self) -> list[int]:
        """Return the players one may trade with: the others still in the game."""
        return [p for p in self._players() if p != self.player]

    def _fill_partners(self) -> None:
        select = self.query_one("#partner", Select)
        names = self.client.names
        others = self._others()
        if others != self._partners:
            self._partners = others
            select.set_options([(Content(names[p]), p) for p in others])
        if self.draft.partner is None and len(others) == 1:
            self.draft.partner = others[0]
        if self.draft.partner is None and not select.is_blank():
            select.clear()  # the partner of the last offer, in a negotiator kept between uses
        if (
            self.draft.partner is not None
            and self.draft.partner in others
            and select.value != self.draft.partner
        ):
            select.value = self.draft.partner

    def _held_options(self, owner: int, base: int, chosen: list[str]) -> list[Selection[int]]:
        """Return the cards `owner` holds as this seat sees them (another's face-down ones as such), each
        under a number of its own (`base` on), ticked as many times as the draft holds it."""
        left = list(chosen)
        out = []
        for i, ref in enumerate(self.view.players[owner].hand):
            ticked = ref in left
            if ticked:
                left.remove(ref)
            out.append(self._card_option(ref, base + i, ticked))
        return out

    def _fill_sides(self) -> None:
        view = self.view
        board = self.client.board
        glyphs = self.table.glyphs
        draft = self.draft
        self._filling = True
        give = self.query_one("#give", TickList)
        take = self.query_one("#take", TickList)
        highlights = give.highlighted, take.highlighted
        give.clear_options()
        take.clear_options()
        mine = [s for s in board.deeds if view.deeds[s].owner == self.player]
        give.add_options(
            [
                Selection(
                    deed_line(view, board, s, draft.partner, glyphs),
                    s,
                    s in draft.give_deeds,
                    disabled=is_built(self.view, board, s),
                )
                for s in mine
            ]
        )
        self._held = {}
        give.add_options(self._held_options(self.player, GIVE_CARDS, draft.give_held))
        if draft.partner is not None:
            theirs = [s for s in board.deeds if view.deeds[s].owner == draft.partner]
            take.add_options(
                [
                    Selection(deed_line(view, board, s, self.player, glyphs), s, s in draft.take_deeds)
                    for s in theirs
                ]
            )
            take.add_options(self._held_options(draft.partner, TAKE_CARDS, draft.take_held))
        for widget, before in zip((give, take), highlights, strict=True):
            if widget.option_count:  # highlighted from the start, so that a key works at once
                widget.highlighted = min(before or 0, widget.option_count - 1)
        names = self.client.names
        purse = money(view.players[self.player].cash)
        partner = _("They give")
        if draft.partner is not None:
            cash = money(view.players[draft.partner].cash)
            partner = _("{name} gives (D), has {amount}", name=names[draft.partner], amount=cash)
        giving = _("{name} gives (d), has {amount}", name=names[self.player], amount=purse)
        self.query_one("#give-title", Label).update(Content(giving))
        self.query_one("#take-title", Label).update(Content(partner))
        self.query_one("#give-cash", Input).value = str(draft.give_cash)
        self.query_one("#take-cash", Input).value = str(draft.take_cash)
        self.query_one("#give-cards", Input).value = str(draft.give_cards)
        self.query_one("#take-cards", Input).value = str(draft.take_cards)
        self.query_one("#give-cards", Input).disabled = not view.players[self.player].jail_cards
        their_cards = draft.partner is not None and bool(view.players[draft.partner].jail_cards)
        self.query_one("#take-cards", Input).disabled = not their_cards
        self._show_edition_fields()
        self.query_one("#give-houses", Input).value = str(len(draft.give_houses))
        self.query_one("#take-houses", Input).value = str(len(draft.take_houses))
        self.query_one("#take-houses", Input).disabled = draft.partner is None
        self._filling = False

    def _read_widgets(self) -> None:
        """Read the draft from the fields as they show it now (their change messages may still be on the way),
        so that what is shown and what is sent are one."""
        if self.mode != "compose" or self._filling or not self.is_mounted:
            return
        draft = self.draft
        draft.give_deeds, draft.give_held = self._ticked(self.query_one("#give", TickList))
        if draft.partner is not None:
            draft.take_deeds, draft.take_held = self._ticked(self.query_one("#take", TickList))
        draft.give_cash = typed_number(self.query_one("#give-cash", Input).value)
        draft.take_cash = typed_number(self.query_one("#take-cash", Input).value)
        draft.give_cards = typed_number(self.query_one("#give-cards", Input).value)
        draft.take_cards = typed_number(self.query_one("#take-cards", Input).value)
        if self.client.board.edition.house_sales:  # houses sold with the offer: from the most built lots
            view, board = self.view, self.client.board
            give = typed_number(self.query_one("#give-houses", Input).value)
            draft.give_houses = spare_houses(view, board, self.player, give, draft.give_deeds)
            if draft.partner is not None:
                take = typed_number(self.query_one("#take-houses", Input).value)
                draft.take_houses = spare_houses(view, board, draft.partner, take, draft.take_deeds)
