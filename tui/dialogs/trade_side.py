"""What the trade negotiator composes an offer in: the partner chosen (`PartnerRow`), and each side of the
trade (`TradeSide`): what one player gives, his deeds and cards in hand ticked, his cash, jail cards and
houses typed, under a title naming him and his cash."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Label
from textual.widgets.selection_list import Selection

from engine import Board, Bundle, GameView
from translation import _, money
from tui.dialogs.bundle_fields import BundleFields
from tui.styles.glyphs import Glyphs
from tui.text.trade_text import deed_line, is_built
from tui.widgets.steady_select import SteadySelect as Select

Side = Literal["give", "take"]


class PartnerRow(Horizontal):
    """The player the offer is for, chosen from the others still in the game (`p`)."""

    DEFAULT_CSS = """
    PartnerRow {
        height: 1;
    }
    PartnerRow Label {
        margin-right: 1;
    }
    PartnerRow #partner {
        width: 24;
    }
    """

    class Chosen(Message):
        """The player chose a partner."""

        def __init__(self, partner: int) -> None:
            super().__init__()
            self.partner = partner

    def __init__(self) -> None:
        super().__init__(id="partner-row")
        self._partners: list[int] = []  # the players offered, in the list's order

    def compose(self) -> ComposeResult:
        yield Label(_("Trade with (p)"))
        prompt = _("choose a player")
        yield Select[int]([], id="partner", prompt=prompt, compact=True, allow_blank=True)

    def fill(self, names: Sequence[str], others: list[int], partner: int | None) -> int | None:
        """Offer `others` to choose from, `partner` chosen (the one other player if there is only one, none
        if not given), and return the partner chosen."""
        select = self.query_one("#partner", Select)
        if others != self._partners:
            self._partners = others
            select.set_options([(Content(names[p]), p) for p in others])
        if partner is None and len(others) == 1:
            partner = others[0]
        if partner is None and not select.is_blank():
            select.clear()  # the partner of the last offer, in a negotiator kept between uses
        if partner is not None and partner in others and select.value != partner:
            select.value = partner
        return partner

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, int):
            self.post_message(self.Chosen(event.value))


class TradeSide(Vertical):
    """One side of a trade: what `owner` gives, ticked and typed (`BundleFields`), under a title naming him
    and his cash; its lower-case keys on your side, upper-case on theirs."""

    DEFAULT_CSS = """
    TradeSide {
        width: 1fr;
        height: auto;
        margin-right: 1;
    }
    TradeSide Label {
        text-style: bold;
    }
    TradeSide BundleFields TickList {
        max-height: 10;
    }
    TradeSide .money Label {
        text-style: none;
    }
    TradeSide .money Label.cash {
        margin-right: 0;
    }
    """

    def __init__(self, side: Side) -> None:
        super().__init__(id=f"{side}-side", classes="side")
        self.side = side

    def compose(self) -> ComposeResult:
        side = self.side
        yield Label(_("You give") if side == "give" else _("You get"), id=f"{side}-title")
        words = (
            (_("cash (c) $"), _("jail cards (j)"))
            if side == "give"
            else (_("cash (C) $"), _("jail cards (J)"))
        )
        yield BundleFields(
            side,
            {
                "cash": (f"{side}-cash", words[0]),
                "cards": (f"{side}-cards", words[1]),
                "houses": (f"{side}-houses", _("houses")),
            },
        )

    @property
    def fields(self) -> BundleFields:
        return self.query_one(BundleFields)

    def fill(
        self,
        view: GameView,
        board: Board,
        glyphs: Glyphs,
        names: Sequence[str],
        owner: int | None,
        receiver: int | None,
        bundle: Bundle,
    ) -> None:
        """Show what `owner` gives `receiver` in the draft: his deeds (a built one not to be given away, on
        your side), his cards in hand, and the amounts; nothing while no partner is chosen."""
        fields = self.fields
        before = fields.ticks.highlighted
        deeds: list[Selection[int]] = []
        cards: list[tuple[str, bool]] = []
        if owner is not None:
            yours = self.side == "give"  # a built deed of yours stays out of the offer
            deeds = [
                Selection(
                    deed_line(view, board, s, receiver, glyphs),
                    s,
                    s in bundle.deeds,
                    disabled=yours and is_built(view, board, s),
                )
                for s in board.deeds
                if view.deeds[s].owner == owner
            ]
            left = list(bundle.cards)  # each card ticked as many times as the draft holds it
            for ref in view.players[owner].hand:
                cards.append((ref, ref in left))
                if ref in left:
                    left.remove(ref)
        fields.fill(deeds, cards, board, before or 0)
        if owner is None:
            title = _("They give")
        else:
            name, cash = names[owner], money(view.players[owner].cash)
            if self.side == "give":
                title = _("{name} gives (d), has {amount}", name=name, amount=cash)
            else:
                title = _("{name} gives (D), has {amount}", name=name, amount=cash)
        self.query_one(f"#{self.side}-title", Label).update(Content(title))
        fields.set_amounts(bundle.cash, bundle.jail_cards, len(bundle.houses))
        fields.field("cards").disabled = owner is None or not view.players[owner].jail_cards
        fields.field("houses").disabled = owner is None
        fields.show_edition(board.edition.jail is not None, board.edition.house_sales)
