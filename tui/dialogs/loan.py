"""The loan negotiator (Magie's 1904 game), beside the trade negotiator: offer a loan to another player or
ask one of him, on any terms (the sum, the interest paid at each of the borrower's wages, the lots pledged
for it), send it and see the answer; or answer an offer received. Bots' offers to a person open here too."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Label, SelectionList, Static
from textual.widgets.selection_list import Selection

from engine import AcceptLoan, CancelLoan, LoanOffer, ProposeLoan, RejectLoan
from engine.core.events import Event
from engine.queries import free_lots
from translation import N_, _, money
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.offer import Mode, ModeRules, OfferDialog, OfferStory, Outcome
from tui.director import Decision
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput
from tui.widgets.steady_select import SteadySelect as Select
from tui.widgets.ticks import TickList


def offer_text(offer: LoanOffer, names: Sequence[str], lots: str) -> str:
    """Describe a loan offer: who lends whom what, at what interest, against which lots."""
    return _(
        "{lender} lends {borrower} {principal}; "
        "{borrower} pays {interest} interest each wage day and repays the "
        "{principal} at any time, pledging {lots}. Debts are settled at the count.",
        lender=names[offer.lender],
        borrower=names[offer.borrower],
        principal=money(offer.principal),
        interest=money(offer.interest),
        lots=lots,
    )


def _proposed(event: Event) -> LoanOffer | None:
    return event.offer if event.kind == "loan_proposed" else None


def _outcome(event: Event, offer: LoanOffer) -> Outcome | None:
    if event.kind == "loan_taken" and (event.loan.borrower, event.loan.lender) == (
        offer.borrower,
        offer.lender,
    ):
        return "accepted"
    if event.kind == "loan_rejected" and event.offer == offer.id:
        return "rejected"
    if event.kind == "loan_cancelled" and event.offer == offer.id:
        return "withdrawn"
    return None


class LoanScreen(OfferDialog[LoanOffer]):
    """The loan negotiator: composing a loan offer, then its wait and answer, or answering one received."""

    AUTO_FOCUS = None
    MODES: ClassVar[dict[Mode, ModeRules]] = {
        "compose": ModeRules(frozenset({"send"})),
        "waiting": ModeRules(frozenset({"withdraw"}), bots_play=True),
        "answered": ModeRules(frozenset()),
        "received": ModeRules(frozenset({"accept", "reject"})),
    }
    STORY = OfferStory(
        _proposed,
        _outcome,
        accepted=N_("{name} agreed: the loan is made."),
        accepted_why=N_("{name} agreed ({reason}): the loan is made."),
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "part('partner')", N_("Player"), priority=True),
        Binding("b", "part('way')", N_("Lend/borrow"), priority=True),
        Binding("s", "part('principal')", N_("Sum"), priority=True),
        Binding("i", "part('interest')", N_("Interest"), priority=True),
        Binding("l", "part('lots')", N_("Lots"), priority=True),
        Binding("ctrl+s", "send", N_("Send"), priority=True),
        Binding("ctrl+a", "accept", N_("Accept"), priority=True),
        Binding("ctrl+r", "reject", N_("Reject"), priority=True),
        Binding("escape", "close", N_("Close")),
    ]
    DEFAULT_CSS = """
    LoanScreen .row {
        height: 1;
        margin-bottom: 1;
    }
    LoanScreen .row Label {
        margin-right: 1;
    }
    LoanScreen .row Select {
        width: 22;
        margin-right: 2;
    }
    LoanScreen .row Input {
        width: 10;
        margin-right: 2;
    }
    LoanScreen TickList {
        height: auto;
        max-height: 8;
        border: round $primary 50%;
    }
    LoanScreen TickList:focus {
        border: round $accent;
    }
    LoanScreen Select:focus > SelectCurrent {
        text-style: bold reverse;
    }
    LoanScreen #status {
        text-style: bold;
        height: auto;
    }
    LoanScreen.-received #terms, LoanScreen.-waiting #terms, LoanScreen.-answered #terms {
        display: none;
    }
    """

    def __init__(self, table: Table, player: int, received: Decision | None = None) -> None:
        super().__init__(table, player, received)
        self.set_mode(self.mode)
        self.partner: int | None = None
        self.lend = True
        self.principal = 100
        self.interest = 5
        self.security: set[int] = set()
        self._filling = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Loan"), id="title")
            with Vertical(id="terms"):
                with Horizontal(classes="row"):
                    yield Label(_("With (p)"))
                    yield Select[int]([], id="partner", prompt=_("choose a player"), compact=True)
                    yield Select(
                        [(_("I lend"), "lend"), (_("I borrow"), "borrow")],
                        value="lend",
                        id="way",
                        allow_blank=False,
                        compact=True,
                    )
                with Horizontal(classes="row"):
                    yield Label(_("Sum (s) $"))
                    yield SteadyInput("100", id="principal", type="integer", compact=True)
                    yield Label(_("interest (i) each wage day $"))
                    yield SteadyInput("5", id="interest", type="integer", compact=True)
                yield Label(_("Lots pledged (l), the borrower's"), id="lots-title")
                yield TickList(id="lots", compact=True)
            yield Static(id="offer")
            yield Static(id="status")
            with Horizontal(classes="buttons"):
                yield Button(_("Send (^s)"), id="send", variant="success", compact=True)
                yield Button(_("Accept (^a)"), id="accept", variant="success", compact=True)
                yield Button(_("Reject (^r)"), id="reject", variant="error", compact=True)
                yield Button(_("Withdraw"), id="withdraw", variant="warning", compact=True)
                yield Button(_("Close (esc)"), id="close", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.closed:
            return
        if self.mode == "received":
            self.received = getattr(self.view.pending, "offer", None)
        names = self.client.names
        others = [p for p, ps in enumerate(self.view.players) if p != self.player and not ps.bankrupt]
        self._filling = True
        self.query_one("#partner", Select).set_options([(names[p], p) for p in others])
        if len(others) == 1:
            self.partner = others[0]
            self.query_one("#partner", Select).value = others[0]
        self._filling = False
        self._fill_lots()

    def filled(self) -> None:
        if self.mode == "compose":
            self.call_after_refresh(self.query_one("#partner", Select).focus)

    # --- the terms ----------------------------------------------------------------------------

    @property
    def borrower(self) -> int | None:
        return self.partner if self.lend else self.player

    @property
    def lender(self) -> int | None:
        return self.player if self.lend else self.partner

    def command(self) -> ProposeLoan | None:
        if self.partner is None or self.lender is None or self.principal <= 0 or self.interest < 0:
            return None
        return ProposeLoan(
            player=self.player,
            to=self.partner,
            lender=self.lender,
            principal=self.principal,
            interest=self.interest,
            security=tuple(sorted(self.security)),
        )

    def _fill_lots(self) -> None:
        lots = self.query_one("#lots", SelectionList)
        self._filling = True
        lots.clear_options()
        borrower = self.borrower
        if borrower is not None:
            board = self.client.board
            lots.add_options(
                [
                    Selection(f"{board.name(s)} ({money(board.price[s])})", s, s in self.security)
                    for s in free_lots(self.view, borrower)
                ]
            )
        self._filling = False

    # --- reacting to the game -----------------------------------------------------------------

    def refresh_from_game(self) -> None:
        names = self.client.names
        self.look_for_answer()
        offer = self.offer
        if self.mode == "received" and offer is not None:
            title = _(
                "{name} proposes a loan to {partner}", name=names[offer.proposer], partner=names[self.player]
            )
        else:
            partner = names[self.partner] if self.partner is not None else "..."
            title = _("{name}: a loan with {partner}", name=names[self.player], partner=partner)
        self.query_one("#title", Label).update(Content(title))
        shown = offer if self.mode != "compose" else None
        if shown is not None:
            lots = ", ".join(self.client.board.name(s) for s in shown.security)
            self.query_one("#offer", Static).update(Content(offer_text(shown, names, lots)))
        else:
            self.query_one("#offer", Static).update(Content(""))
        self._show_status()
        self._show_buttons()

    def _show_status(self) -> None:
        status = self.query_one("#status", Static)
        if self.mode != "compose":
            status.update(self.status_text())
            return
        cmd = self.command()
        if cmd is None:
            status.update(Content.styled(_("Choose the player, the sum and the interest."), "dim"))
        else:
            why = self.client.check(cmd)
            ready = Content.styled(_("Ready to send."), "$success")
            status.update(Content.styled(why, "$error") if why else ready)

    def chosen_partner(self) -> int | None:
        return self.partner

    def _show_buttons(self) -> None:
        self.show_buttons()
        if self.mode == "compose":
            cmd = self.command()
            self.enable("send", cmd is not None and self.client.check(cmd) is None)
        if self.mode == "received":
            legal = {c.kind for c in self.legal(self.player)}
            self.enable("accept", "accept_loan" in legal)
            self.enable("reject", "reject_loan" in legal)

    def ready(self, action: str) -> bool:
        if action == "withdraw":
            offer = self.sent
            return offer is not None and any(
                isinstance(c, CancelLoan) and c.offer == offer.id for c in self.legal(self.player)
            )
        return True

    # --- editing ------------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if self._filling or self.mode != "compose":
            return
        if event.select.id == "partner" and isinstance(event.value, int):
            self.partner = event.value
        elif event.select.id == "way":
            self.lend = event.value == "lend"
        self.security.clear()
        self._fill_lots()
        self.refresh_from_game()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        if not self._filling:
            self.security = set(event.selection_list.selected)
            self.refresh_from_game()

    def on_input_changed(self, event: Input.Changed) -> None:
        if self._filling:
            return
        try:
            amount = max(int(event.value or "0"), 0)
        except ValueError:
            amount = 0
        if event.input.id == "principal":
            self.principal = amount
        else:
            self.interest = amount
        self.refresh_from_game()

    # --- actions ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "part" and self.mode != "compose":
            return False
        return super().check_action(action, parameters)

    def action_part(self, part: str) -> None:
        """Focus one of the terms (p, b, s, i, l)."""
        widget = self.query_one(f"#{part}")
        widget.focus()
        if isinstance(widget, Input):
            widget.select_all()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button)

    def action_send(self) -> None:
        cmd = self.command()
        if self.mode != "compose" or cmd is None:
            return
        self.send_offer(cmd)

    def action_accept(self) -> None:
        if self.mode == "received" and self.received is not None:
            self.table.play(AcceptLoan(player=self.player, offer=self.received.id))

    def action_reject(self) -> None:
        if self.mode == "received" and self.received is not None:
            self.table.play(RejectLoan(player=self.player, offer=self.received.id))

    def action_withdraw(self) -> None:
        if self.sent is not None:
            self.table.play(CancelLoan(player=self.player, offer=self.sent.id))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        if self.mode == "compose":
            yield (_("Send the loan offer"), "", self.action_send)
        if self.mode == "received":
            yield (_("Accept the loan"), "", self.action_accept)
            yield (_("Turn the loan down"), "", self.action_reject)
