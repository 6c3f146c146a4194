"""Routing of dialogs over the game screen: after every change, the dialogs of decisions already made close,
the cards a person here drew are read one at a time, and the dialog of the decision the game waits on
from a person here opens (or the results, once the game is over); when nothing is to be shown, the bots
may move on.

`tui.director` says which decision the game calls for; this module keeps the screen's stack of dialogs
in step with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import count
from typing import Any, Protocol, TypeVar

from textual.app import App

from tui.dialogs.any_space import AnySpaceDialog
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.base import GameDialog, Table
from tui.dialogs.build import BuildDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.call import CallDialog
from tui.dialogs.card import CardDialog
from tui.dialogs.deal_answer import DealAnswerDialog
from tui.dialogs.debt import DebtDialog
from tui.dialogs.direction import DirectionDialog
from tui.dialogs.excess_lots import ExcessLotsDialog
from tui.dialogs.income_tax import IncomeTaxDialog
from tui.dialogs.jail import JailDialog
from tui.dialogs.loan import LoanScreen
from tui.dialogs.lot import LotDialog
from tui.dialogs.lots import LotsDialog
from tui.dialogs.luxury import LuxuryDialog
from tui.dialogs.mortgage import MortgageDialog
from tui.dialogs.mortgage_decision import MortgageDecisionDialog
from tui.dialogs.place_building import PlaceBuildingDialog
from tui.dialogs.refund_card import RefundCardDialog
from tui.dialogs.ride import RideDialog
from tui.dialogs.route import RouteDialog
from tui.dialogs.tickets import TicketsDialog
from tui.dialogs.trade import TradeScreen
from tui.dialogs.winnings_card import WinningsCardDialog
from tui.director import Decision, decision_for
from tui.models.trade_model import TradeDraft
from tui.text.announcements import Announcements, Card

DIALOGS: dict[str, Callable[[Table, Decision], GameDialog]] = {
    "jail": JailDialog,
    "buy": BuyDialog,
    "auction": AuctionDialog,
    "income_tax": IncomeTaxDialog,
    "debt": DebtDialog,
    "mortgage_decision": MortgageDecisionDialog,
    "place_building": PlaceBuildingDialog,
    "route": RouteDialog,
    "excess_lots": ExcessLotsDialog,
    "ride": RideDialog,
    "any_space": AnySpaceDialog,
    "refund_card": RefundCardDialog,
    "winnings_card": WinningsCardDialog,
    "tickets": TicketsDialog,
    "lot": LotDialog,
    "luxury": LuxuryDialog,
    "direction": DirectionDialog,
    "call": CallDialog,
    "deal_answer": DealAnswerDialog,
}
"""The dialog of each decision (`tui.director.Decision.kind`); the negotiators answer offers."""

KEPT = frozenset({"buy", "lot", "auction", "jail", "income_tax"})
"""The decisions whose dialogs open most often (with the cards'), kept between uses and filled anew
(`DialogRouter.dialog_for`): a new one each time was composed, styled and laid out from nothing, twice the
cost of bringing one back. A server draws them on every screen at a table (an auction on all at once)."""

D = TypeVar("D", bound=GameDialog)

_routers = count()  # each router's own names for the dialogs it keeps


class Host(Table, Protocol):
    """The game screen, as the router sees it (a protocol)."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def is_attached(self) -> bool: ...

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def show_results(self) -> None:
        """Open the results over the table: the router says when, the screen knows how."""


class DialogRouter:
    """Manages the dialogs over one game screen, keeping them in step with the game."""

    def __init__(self, host: Host, announcements: Announcements) -> None:
        self.host = host
        self.announcements = announcements
        self.deferred: tuple[object, ...] | None = None  # a decision closed undecided: not reopened unasked
        self._over_shown = False
        self._kept_as = f"kept-dialog-{next(_routers)}-"
        self._kept: set[str] = set()  # the names of the dialogs kept (installed in the app)

    def sync(self) -> None:
        """Close dialogs for decisions already made, open the one the game now waits on, pace the bots."""
        host = self.host
        if not host.is_attached:
            return
        app = host.app
        stack: Sequence[object] = app.screen_stack  # a copy already: Textual's property makes one
        if host not in stack:
            return  # left (back to a server's lobby) but not yet removed: its dialogs are not the lobby's
        announcements = self.announcements
        view = host.client.view(None)
        if view.winner is not None:
            self.close_stale(None)
            if not self._over_shown and not announcements:
                self._over_shown = True
                host.show_results()
            elif announcements and self._on_top():
                app.push_screen(self.card_dialog(announcements.next()), lambda _: host.sync())
            return
        decision = decision_for(view, host.humans())
        self.close_stale(decision)
        top = app.screen
        quiet = self._on_top() or not isinstance(top, GameDialog) or top.decision is None
        if announcements and not isinstance(top, CardDialog) and quiet:
            app.push_screen(self.card_dialog(announcements.next()), lambda _: host.sync())
            return
        if announcements or isinstance(top, CardDialog):
            return  # the card is read first; its closing brings the table back here
        if decision is not None and decision.key != self.deferred and not self.showing(decision):
            self.deferred = None
            dialog = self.dialog_for(decision)
            if dialog is not None:
                app.push_screen(dialog)
                return
        host.client.poke()

    def _on_top(self) -> bool:
        """Whether the game screen itself is on top, with no dialog over it."""
        top: object = self.host.app.screen
        return top is self.host

    def defer(self, decision: Decision) -> None:
        """Record that a decision dialog was closed without deciding: do not reopen it until asked (Enter)."""
        self.deferred = decision.key

    def showing(self, decision: Decision) -> bool:
        return any(
            isinstance(s, GameDialog) and s.decision is not None and s.decision.key == decision.key
            for s in self.host.app.screen_stack
        )

    def close_stale(self, decision: Decision | None) -> None:
        """Pop decision dialogs (from the top) whose decision has been made."""
        host = self.host
        while True:
            top = host.app.screen
            if not isinstance(top, GameDialog) or top.decision is None:
                return
            if decision is not None and top.decision.key == decision.key:
                return
            top.dismiss()
            if host.app.screen is top:  # not dismissed yet (still mounting): try again shortly
                host.call_after_refresh(host.sync)
                return

    def dialog_for(self, decision: Decision) -> GameDialog | None:
        if decision.kind == "trade":
            return self.trade_dialog(decision.player, received=decision)
        if decision.kind == "loan":
            return LoanScreen(self.host, decision.player, received=decision)
        kind = DIALOGS.get(decision.kind)
        if kind is None:
            return None
        if decision.kind not in KEPT:
            return kind(self.host, decision)
        return self._keep(decision.kind, GameDialog, lambda: kind(self.host, decision), decision)

    def trade_dialog(
        self, player: int, draft: TradeDraft | None = None, received: Decision | None = None
    ) -> TradeScreen:
        """Return the trade dialog, cached between uses like the commonest dialogs: for `player`'s offer from
        `draft`, or for the offer `received`. Each one closed left a tree of widgets in reference cycles to
        the collector, and a person opens it and thinks better of it many times a game."""
        dialog = self._keep(
            "trade", TradeScreen, lambda: TradeScreen(self.host, player, draft, received), received
        )
        dialog.begin(player, draft)
        return dialog

    def lots_dialog(self, which: str, player: int) -> LotsDialog:
        """Return the building and selling (`build`) or mortgage (`mortgage`) dialog, cached between uses like
        the commonest dialogs: opened and closed many times a game, each one closed was a table of rows and a
        tree of widgets left to the collector."""
        kind: type[LotsDialog] = BuildDialog if which == "build" else MortgageDialog
        dialog = self._keep(f"lots-{which}", kind, lambda: kind(self.host, player))
        dialog.begin(player)
        return dialog

    def card_dialog(self, card: Card) -> CardDialog:
        dialog = self._keep("card", CardDialog, lambda: CardDialog(self.host, card))
        if dialog.card != card:
            dialog.read(card)
        return dialog

    def _keep(self, name: str, kind: type[D], make: Callable[[], D], decision: Decision | None = None) -> D:
        """Return the dialog cached under `name`, reopened for `decision`; created (and cached) the first
        time, and created anew, uncached, while the cached one is still open (under another screen, for a
        decision now made)."""
        app = self.host.app
        name = self._kept_as + name
        if not app.is_screen_installed(name):
            dialog = make()
            app.install_screen(dialog, name)
            self._kept.add(name)
            return dialog
        kept = app.get_screen(name)
        if kept in app.screen_stack or not isinstance(kept, kind):
            return make()
        kept.reopen(decision)
        return kept

    def ahead(self) -> list[GameDialog]:
        """Return the dialog of the decision every local player meets first, a deed to buy (a lot to buy or
        rent on a board of lots, as in 1904), prebuilt and cached now to be laid out ahead (`Underlay.ahead`);
        nothing for a watcher (asked nothing), once the game is over, or when one is kept already. The auction
        and the card dialogs made ahead too took a little more off the slowest keys of a server's first
        seconds, but most people had met neither a minute later, and each session held a sixth more memory for
        them (`docs/developers.md`)."""
        board = self.host.client.board
        first = "lot" if "lot" in board.kinds else "buy"
        humans = sorted(self.host.humans())
        kept = self.host.app.is_screen_installed(self._kept_as + first)
        if not humans or kept or self.host.client.view(None).winner is not None:
            return []
        ahead = Decision(first, humans[0], ("ahead",))
        kind = DIALOGS[first]
        return [self._keep(first, GameDialog, lambda: kind(self.host, ahead))]

    def forget(self) -> None:
        """Drop the cached dialogs with the game screen (from its unmounting: the dialogs over a game screen
        are closed before it goes, so none is still open here but when the whole app closes)."""
        app = self.host.app
        for name in sorted(self._kept):
            if app.is_screen_installed(name):
                kept = app.get_screen(name)
                if kept not in app.screen_stack:
                    app.uninstall_screen(name)
                    kept.remove()
        self._kept.clear()
