"""The deal negotiator: a deal among three or more players, put together part by part. Each part is what
one player hands another: choose who gives (g) and who gets (t), tick the giver's deeds and cards in hand
(d), type the cash (c), jail cards (j) and, where houses are sold with deeds, houses (h); add the part
(a). Every party's share is shown as the deal grows, the parts and shares scrolling (PgUp/PgDn) when they
outgrow the screen; send it (ctrl+s) and each other party answers in turn, the first refusal ending it.
A deal turned down is kept: `e` changes it and sends it again, and the deal negotiator opened again (`j`)
starts from it; a party may answer with a counter-offer, which opens it on their side.

The screen composes the part being added (`BundleFields`, the giver's deeds and amounts) under a line
naming who gives whom, the parts and shares (`DealSummary`), the status line and the buttons; it keeps the
draft, the one state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Label, Static
from textual.widgets.selection_list import Selection

from engine import Board, Bundle, CancelDeal, Command, DealOffer, DealPart
from engine.core.events import DealRejected, Event
from translation import N_, _, money
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.bundle_fields import BundleFields
from tui.dialogs.negotiator import Negotiator
from tui.dialogs.offer import Mode, ModeRules, OfferStory, Outcome
from tui.models.deal_model import DealDraft, part_lines, share_line
from tui.text.trade_text import deed_line, is_built
from tui.widgets.steady_footer import SteadyFooter

EVERY_HOUSE = 1_000  # more houses than any player holds: asking for as many as he could sell


def _proposed(event: Event) -> DealOffer | None:
    return event.deal if event.kind == "deal_proposed" else None


def _outcome(event: Event, offer: DealOffer) -> Outcome | None:
    if event.kind == "deal_completed" and event.deal.id == offer.id:
        return "accepted"
    if event.kind == "deal_rejected" and event.deal_id == offer.id:
        return "rejected"
    if event.kind == "deal_cancelled" and event.deal_id == offer.id:
        return "withdrawn"
    return None


class DealSummary(VerticalScroll):
    """The parts of the deal and every party's share, scrolling (PgUp/PgDn) when they outgrow the screen."""

    DEFAULT_CSS = """
    DealSummary {
        height: auto;
        max-height: 25vh;
    }
    DealSummary #parts, DealSummary #shares {
        height: auto;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="summary")

    def compose(self) -> ComposeResult:
        yield Static(id="parts")
        yield Static(id="shares")

    def show(self, parts: Sequence[DealPart], player: int, board: Board, names: Sequence[str]) -> None:
        """Show the parts, one line each, and the share of every party they name and of `player`."""
        lines = part_lines(parts, board, names)
        self.query_one("#parts", Static).update(
            Content(_("Parts:") + "\n" + "\n".join(f" {i}. {line}" for i, line in enumerate(lines, 1)))
            if lines
            else Content.styled(_("No parts yet: choose who gives what to whom, then add it (a)."), "dim")
        )
        everyone = sorted({p for part in parts for p in (part.giver, part.receiver)} | {player})
        shares = [share_line(parts, p, board, names) for p in everyone] if parts else []
        self.query_one("#shares", Static).update(Content("\n".join(shares)))

    def scroll_pages(self, pages: int) -> None:
        (self.scroll_page_down if pages > 0 else self.scroll_page_up)(animate=False)


class DealScreen(Negotiator[DealOffer, DealDraft]):
    """Composing a deal among several (`compose`), then its wait for every party's answer and the outcome."""

    AUTO_FOCUS = None
    MODES: ClassVar[dict[Mode, ModeRules]] = {
        "compose": ModeRules(frozenset({"send", "add", "drop", "giver", "receiver", "field"})),
        "waiting": ModeRules(frozenset({"withdraw"}), bots_play=True),
        "answered": ModeRules(frozenset({"revise"})),
        "received": ModeRules(frozenset()),
    }
    STORY = OfferStory(
        _proposed,
        _outcome,
        accepted=N_("{name} accepted: the deal is done."),
        accepted_why=N_("{name} accepted ({reason}): the deal is done."),
    )
    CASH = "cash"
    NO_OFFER = N_("Add a part first (a).")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "giver(1)", N_("Giver"), priority=True),
        Binding("G", "giver(-1)", N_("Giver back"), show=False, priority=True),
        Binding("t", "receiver(1)", N_("To"), priority=True),
        Binding("T", "receiver(-1)", N_("To back"), show=False, priority=True),
        Binding("d", "field('deeds')", N_("Deeds"), priority=True),
        Binding("c", "field('cash')", N_("Cash"), priority=True),
        Binding("j", "field('cards')", N_("Jail cards"), show=False, priority=True),
        Binding("h", "field('houses')", N_("Houses"), show=False, priority=True),
        Binding("a", "add", N_("Add part"), priority=True),
        Binding("x", "drop", N_("Drop last"), priority=True),
        Binding("ctrl+s", "send", N_("Send")),
        Binding("w", "withdraw", N_("Withdraw"), priority=True),
        Binding("e", "revise", N_("Change the deal"), priority=True),
        Binding("escape", "close", N_("Close")),
        Binding("pagedown", "scroll_parts(1)", N_("Scroll parts"), show=False, priority=True),
        Binding("pageup", "scroll_parts(-1)", N_("Scroll parts"), show=False, priority=True),
    ]
    DEFAULT_CSS = """
    DealScreen #composer {
        height: auto;
    }
    DealScreen #who {
        height: auto;
    }
    DealScreen TickList {
        max-height: 6;
    }
    DealScreen.-waiting #summary, DealScreen.-answered #summary {
        max-height: 60vh;
    }
    DealScreen.-waiting #composer, DealScreen.-answered #composer {
        display: none;
    }
    """

    def __init__(self, table: Table, player: int, draft: DealDraft | None = None) -> None:
        super().__init__(table, player)
        self.draft = draft if draft is not None and draft.proposer == player else DealDraft(proposer=player)
        self.giver = player
        self.receiver: int | None = None
        self.set_mode("compose")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("A deal among several players"), id="title")
            with Vertical(id="composer"):
                yield Static(id="who")
                yield BundleFields(
                    "deeds",
                    {
                        "cash": ("cash", _("cash (c) $")),
                        "cards": ("cards", _("jail cards (j)")),
                        "houses": ("houses", _("houses (h)")),
                    },
                )
            yield DealSummary()
            yield Static(id="status")
            with Horizontal(classes="buttons"):
                yield Button(_("Add part (a)"), id="add", variant="primary", compact=True)
                yield Button(_("Drop last (x)"), id="drop", compact=True)
                yield Button(_("Send (^s)"), id="send", variant="success", compact=True)
                yield Button(_("Withdraw (w)"), id="withdraw", variant="warning", compact=True)
                yield Button(_("Change the deal (e)"), id="revise", variant="primary", compact=True)
                yield Button(_("Close (esc)"), id="close", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.closed:
            return
        others = self._players()
        self.receiver = next((p for p in others if p != self.giver), None)
        self._fill_fields()

    def filled(self) -> None:
        self.call_after_refresh(self._focus_deeds)

    @property
    def _fields(self) -> BundleFields:
        return self.query_one(BundleFields)

    def _focus_deeds(self) -> None:
        self._fields.entry.focus()

    # --- the table ----------------------------------------------------------------------------

    def _cycle(self, current: int | None, step: int, skip: int | None) -> int | None:
        choices = [p for p in self._players() if p != skip]
        if not choices:
            return None
        if current not in choices:
            return choices[0]
        return choices[(choices.index(current) + step) % len(choices)]

    def _fill_fields(self) -> None:
        """Fill the fields with the giver's deeds and cards in hand not yet in a part, and the fields emptied
        for the next part."""
        view, board = self.view, self.client.board
        taken = self.draft.in_parts()
        mine = [s for s in board.deeds if view.deeds[s].owner == self.giver and s not in taken]
        glyphs = self.table.glyphs
        deeds = [
            Selection(deed_line(view, board, s, self.receiver, glyphs), s, disabled=is_built(view, board, s))
            for s in mine
        ]
        held = [(ref, False) for ref in self.draft.cards_left(view, self.giver)]
        fields = self._fields
        fields.fill(deeds, held, board, 0)
        fields.set_amounts(0, 0, 0)
        fields.field("cards").disabled = not view.players[self.giver].jail_cards
        fields.field("houses").disabled = not self._houses_left()
        fields.show_edition(board.edition.jail is not None, board.edition.house_sales)
        self.refresh_from_game()

    def _houses_left(self) -> int:
        """Return how many more houses the giver could sell with a part (none where houses go only with
        lots)."""
        if not self.client.board.edition.house_sales:
            return 0
        return len(self.draft.houses_for(self.view, self.client.board, self.giver, EVERY_HOUSE, ()))

    def _part(self) -> Bundle:
        """Return the part as the fields show it now."""
        fields = self._fields
        ticked, held = fields.ticked()
        deeds = tuple(sorted(ticked))
        cash = fields.amount("cash")
        cards = fields.amount("cards")
        houses: tuple[int, ...] = ()
        if self.client.board.edition.house_sales:
            count = fields.amount("houses")
            houses = self.draft.houses_for(self.view, self.client.board, self.giver, count, deeds)
        return Bundle(cash=cash, deeds=deeds, jail_cards=cards, houses=houses, cards=tuple(held))

    def show_terms(self) -> None:
        names, board, view = self.client.names, self.client.board, self.view
        to = names[self.receiver] if self.receiver is not None else "..."
        cash = money(view.players[self.giver].cash)
        who = (
            _(
                "Part: {giver} (g, has {cash}) gives {receiver} (t): tick deeds and cards (d), cash (c)",
                giver=names[self.giver],
                cash=cash,
                receiver=to,
            )
            if self._fields.has_cards
            else _(
                "Part: {giver} (g, has {cash}) gives {receiver} (t): tick deeds (d), cash (c)",
                giver=names[self.giver],
                cash=cash,
                receiver=to,
            )
        )
        self.query_one("#who", Static).update(Content(who))
        parts = (
            self.sent.parts if self.mode != "compose" and self.sent is not None else tuple(self.draft.parts)
        )
        self.query_one(DealSummary).show(parts, self.player, board, names)

    def show_buttons(self) -> None:
        """Show each mode's buttons; Drop last while there is a part to drop."""
        super().show_buttons()
        if self.mode == "compose":
            self.enable("drop", bool(self.draft.parts))

    def look_for_answer(self) -> None:
        """Check for the deal's answer: the refuser is named by the refusal itself (not the first party to
        answer)."""
        if self.mode != "waiting" or self.sent is None:
            return
        names = self.client.names
        for event in reversed(self.client.history()):
            outcome = _outcome(event, self.sent)
            reason = getattr(event, "reason", "")
            if outcome == "accepted":
                self._answer = Content.styled(_("Everyone accepted: the deal is done."), "$success")
            elif isinstance(event, DealRejected):
                name = names[event.player]
                told = (
                    _("{name} turned it down: {reason}", name=name, reason=reason)
                    if reason
                    else _("{name} turned it down.", name=name)
                )
                told += "" if told.endswith(".") else "."
                again = _("e changes it and sends it again.")
                self._answer = Content.styled(f"{told} {again}", "$error")
                self.table.keep_deal(self.draft)  # `j` again starts from it
            elif outcome == "withdrawn":
                self._answer = Content(_("The deal was withdrawn."))
            else:
                made = _proposed(event)
                if made is not None and made.id == self.sent.id:
                    return
                continue
            self.set_mode("answered")
            return

    def status_text(self) -> Content:
        if self.mode == "waiting":
            deal = getattr(self.client.view(None).pending, "deal", None)
            if isinstance(deal, DealOffer):
                return Content(_("Waiting for {name}...", name=self.client.names[deal.to]))
        return super().status_text()

    def fill_from_draft(self) -> None:
        self._fill_fields()

    def focus_draft(self) -> None:
        self.call_after_refresh(self._focus_deeds)

    def withdrawal(self, offer: DealOffer) -> Command:
        return CancelDeal(player=self.player, deal_id=offer.id)

    # --- editing ------------------------------------------------------------------------------

    def action_giver(self, step: int) -> None:
        giver = self._cycle(self.giver, step, None)
        self.giver = self.giver if giver is None else giver
        if self.receiver == self.giver:
            self.receiver = self._cycle(self.receiver, 1, self.giver)
        self._fill_fields()

    def action_receiver(self, step: int) -> None:
        self.receiver = self._cycle(self.receiver, step, self.giver)
        self._fill_fields()

    def action_field(self, name: str) -> None:
        """Focus one field of the part (d, c, j, h)."""
        if not self.go_to_field(name):
            self.notify(_("Nothing to hand over there."), timeout=3)

    def action_add(self) -> None:
        bundle = self._part()
        if self.receiver is None or bundle.empty:
            self.notify(_("Tick a deed or type an amount for this part first."), timeout=3)
            return
        self.draft.add(self.giver, self.receiver, bundle)
        self._fill_fields()
        self._focus_deeds()
        self.query_one(DealSummary).scroll_end(animate=False)

    def action_scroll_parts(self, pages: int) -> None:
        """Scroll (PgDn/PgUp) the parts and shares, when they outgrow the room the screen leaves them."""
        self.query_one(DealSummary).scroll_pages(pages)

    def action_drop(self) -> None:
        self.draft.remove_last()
        self._fill_fields()

    def palette_commands(self) -> Iterable[PaletteEntry]:
        if self.mode == "compose":
            yield (_("Add this part to the deal"), "", self.action_add)
            yield (_("Send the deal"), "", self.action_send)
