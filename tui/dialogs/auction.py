"""An auction: the lot, the bids as they come (bots bid live), your bid and your pass, and, where the bank
buys lots back (Finance), selling one of yours first: how a player with every ownership marker in use
qualifies to bid.

A bid is `b`, never a key pressed for something else: Enter (which reopens a decision on the game screen)
bids only an amount typed or raised here. `u` bids for you up to the amount shown: the least bid each time
the bidding comes round, until the bids pass it, when the dialog asks again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Label, Static

from engine import PassAuction, PlaceBid, SellLot
from engine.queries import markers_left
from translation import N_, _, money
from tui.dialogs.base import GameDialog, PaletteEntry, Table
from tui.director import Decision
from tui.styles import look
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput

RECENT_BIDS = 6


def _mouse_button(label: str, button_id: str, variant: str = "default") -> Button:
    """Make a mouse-only button (each has its key): they never take the focus, so that no Enter meant
    for something else presses one."""
    button = Button(label, id=button_id, variant=variant, compact=True)  # type: ignore[arg-type]
    button.can_focus = False
    return button


class AuctionDialog(GameDialog):
    lets_bots_play = True
    AUTO_FOCUS = None
    BUTTON_FOR_ACTION: ClassVar[dict[str, str]] = {
        "pass_auction": "pass",
        "raise_bid": "up10",
        "bid_typed": "bid",
        "bid_up_to": "up_to",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bid", N_("Bid")),
        Binding("enter", "bid_typed", N_("Bid the amount typed"), show=False),
        Binding("u", "bid_up_to", N_("Bid up to")),
        Binding("p", "pass_auction", N_("Pass")),
        Binding("plus,equals_sign", "raise_bid(10)", N_("+$10")),
        Binding("minus", "raise_bid(-10)", N_("-$10")),
        Binding("x", "sell_lot", N_("Sell a lot back")),
    ]
    DEFAULT_CSS = """
    AuctionDialog #amount {
        width: 14;
    }
    AuctionDialog #bids {
        height: auto;
        color: $text-muted;
    }
    """

    def __init__(self, table: Table, decision: Decision) -> None:
        super().__init__(table)
        self.decision = decision
        self.limit: int | None = None
        """Bid for the person up to this (`u`), the least bid each time the bidding comes round."""
        self.forget()

    def forget(self) -> None:
        self._typed = False
        self._auto_value = ""
        self.limit = None
        self._proxy_at = -1  # the table's version a bid up to the limit was last sent for

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Auction"), id="title")
            yield Static(id="lot")
            yield Static(id="state")
            yield Static(id="bids")
            with Horizontal(classes="buttons"):
                yield SteadyInput(type="integer", id="amount", placeholder=_("bid"), compact=True)
                yield _mouse_button(_("Bid (b)"), "bid", "success")
                yield _mouse_button("+10", "up10")
                yield _mouse_button("+50", "up50")
                yield _mouse_button(_("Up to (u)"), "up_to")
                yield _mouse_button(_("Pass (p)"), "pass", "warning")
                yield _mouse_button(_("Sell a lot back (x)"), "sell_lot")
        yield SteadyFooter()

    def bidder(self) -> int | None:
        """Return the local player whose bid it is now, if any."""
        pend = self.view.pending
        if pend is None or pend.kind != "auction" or pend.player not in self.table.humans():
            return None
        return pend.player

    def _minimum(self) -> int:
        pend = self.view.pending
        if pend is None or pend.kind != "auction":
            return 0
        return pend.high_bid + 1 if pend.high_bidder is not None else pend.min_bid

    def refresh_from_game(self) -> None:
        view = self.view
        pend = view.pending
        if pend is None or pend.kind != "auction":
            return
        client = self.client
        board = client.board
        names = client.names
        if pend.lot == "deed":
            lot = Content.assemble((f" {board.name(pend.space)} ", look.band(board, pend.space)))
            value = "  " + _("printed price {price}", price=money(board.price[pend.space]))
            self.query_one("#title", Label).update(Content(_("Auction: {deed}", deed=board.name(pend.space))))
        else:
            hotel = pend.lot == "hotel"
            lot = Content(
                _("One hotel: the bank has too few for everyone who could build.")
                if hotel
                else _("One house: the bank has too few for everyone who could build.")
            )
            value = "  " + _("printed price {price}", price=money(board.house_cost[pend.space]))
            title = _("Auction: a hotel") if hotel else _("Auction: a house")
            self.query_one("#title", Label).update(Content(title))
        self.query_one("#lot", Static).update(lot + Content(value))
        if pend.high_bidder is None:
            high = Content(_("No bid yet; bids from {amount}.", amount=money(pend.min_bid)))
        else:
            before, _sep, after = _("High bid {amount} by {name}", amount="\x00", name="\x01").partition(
                "\x00"
            )
            between, _sep, last = after.partition("\x01")
            high = Content.assemble(
                before,
                (money(pend.high_bid), "bold"),
                between,
                (names[pend.high_bidder], f"bold {look.player(pend.high_bidder)}"),
                last,
            )
        order = []
        for b in pend.bidders:
            style = f"{look.player(b)}" + (" bold reverse" if b == pend.player else "")
            order.append(Content.styled(f" {names[b]} ", style))
        me = self.bidder()
        cash_line = Content("")
        if me is not None:
            cash = money(view.players[me].cash)
            cash_line = Content("\n" + _("{name} to bid; cash {amount}.", name=names[me], amount=cash))
            if pend.lot == "deed" and markers_left(view, me) == 0:
                cash_line += Content(
                    "\n"
                    + _("Every ownership marker is in use: sell a lot back to the bank (x) before you bid.")
                )
        else:
            cash_line = Content("\n" + _("{name} is thinking...", name=names[pend.player]))
        if me is not None and client.pace_rules():  # a turn-based room: a bid is a limit
            limits = _(
                "In this room a bid is the most you would pay: the table bids for you, as little as wins."
            )
            cash_line += Content("\n" + limits)
        if self.limit is not None:
            bidding = _("Bidding for you up to {amount} (u: stop).", amount=money(self.limit))
            cash_line += Content.styled("\n" + bidding, "bold")
        self.query_one("#state", Static).update(
            high + Content("\n" + _("Still in: ")) + Content(" ").join(order) + cash_line
        )
        self.query_one("#bids", Static).update(Content("\n").join(self._recent()))
        minimum = self._minimum()
        amount = self.query_one("#amount", Input)
        if not self._typed or self._amount() < minimum:
            self._auto_value = amount.value = str(minimum)
            self._typed = False
        on = me is not None
        for button in ("bid", "up10", "up50", "pass"):
            self.enable(button, on)
        self.enable("up_to", on or self.limit is not None)
        sells = on and any(isinstance(c, SellLot) for c in self.legal(me))
        self.query_one("#sell_lot", Button).display = sells
        self.enable("sell_lot", sells)
        amount.disabled = not on
        if me is not None and self.limit is not None:
            self._bid_for(me, minimum)

    def _bid_for(self, me: int, minimum: int) -> None:
        """Bid automatically for a person who asked for it, now that the bidding has come round to them: the
        least bid while it is within the limit, else the dialog asks him again."""
        limit = self.limit
        if limit is None or self._proxy_at == self.client.version:
            return
        if minimum > limit:
            self.limit = None
            said = _("The bids went past your {amount}: bid more (b) or pass (p).", amount=money(limit))
            self.notify(said, timeout=6)
            self.refresh_from_game()
            return
        self._proxy_at = version = self.client.version

        def bid() -> None:
            if self.closed or self.limit is None or self.client.version != version or self.bidder() != me:
                return
            self._typed = False
            self.table.play(PlaceBid(player=me, amount=minimum))

        self.call_after_refresh(bid)

    def _recent(self) -> list[Content]:
        history = self.client.history()
        out: list[Content] = []
        for event in reversed(history):
            if event.kind == "auction_started":
                break
            if event.kind in ("bid_placed", "auction_passed"):
                out.insert(0, Content(self.client.narrate(event)))
            if len(out) >= RECENT_BIDS:
                break
        return out

    def on_key(self, event: events.Key) -> None:
        """Collect digits typed anywhere in the dialog into the bid: the first replacing the least bid shown,
        and Backspace rubs one out (at once, so that a Backspace and a digit arriving together keep their
        order)."""
        amount = next(iter(self.query("#amount").results(Input)), None)  # none as the dialog closes
        if amount is None:
            return
        if amount.has_focus:  # the first digit typed there replaces the least bid shown, never adds to it
            if not self._typed and event.character is not None and event.character.isdigit():
                event.stop()
                amount.value = event.character
                amount.cursor_position = len(amount.value)
                self._typed = True
            return
        if event.key in ("backspace", "ctrl+h"):
            event.stop()
            amount.value = amount.value[:-1]
            self._typed = True
        elif event.character is not None and event.character.isdigit():
            event.stop()
            amount.value = (amount.value if self._typed else "") + event.character
            self._typed = True

    def _amount(self) -> int:
        try:
            return int(self.query_one("#amount", Input).value)
        except ValueError:
            return 0

    def on_input_changed(self, event: Input.Changed) -> None:
        self._typed = event.value != self._auto_value

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_bid_typed()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        match event.button.id:
            case "bid":
                self.action_bid()
            case "up10":
                self.action_raise_bid(10)
            case "up50":
                self.action_raise_bid(50)
            case "pass":
                self.action_pass_auction()
            case "sell_lot":
                self.action_sell_lot()

    def action_bid(self) -> None:
        me = self.bidder()
        if me is None:
            self.notify(_("Wait for your turn to bid."), timeout=2)
            return
        amount = self._amount()
        if amount <= 0:
            self.notify(_("Type a bid of at least {amount}.", amount=money(self._minimum())), timeout=3)
            return
        self._typed = False
        self.table.play(PlaceBid(player=me, amount=amount))

    def action_bid_typed(self) -> None:
        """Enter bids an amount the person typed or raised here; the least bid needs `b`."""
        if self.bidder() is not None and not self._typed:
            minimum = money(self._minimum())
            said = _("b bids {amount}; Enter bids only an amount you typed or raised (+).", amount=minimum)
            self.notify(said, timeout=4)
            return
        self.action_bid()

    def action_bid_up_to(self) -> None:
        """Bid for the person up to the amount shown, the least bid each time; `u` again stops."""
        if self.limit is not None:
            self.limit = None
            self.notify(_("No more bids for you: bid (b) or pass (p) yourself."), timeout=3)
            self.refresh_from_game()
            return
        if self.bidder() is None:
            self.notify(_("Wait for your turn to bid."), timeout=2)
            return
        limit = self._amount()
        if limit < self._minimum():
            self.notify(
                _("Type your limit, at least {amount}, then u.", amount=money(self._minimum())), timeout=3
            )
            return
        me = self.bidder()
        if self.client.pace_rules() and me is not None:  # a turn-based room: its table bids up to a limit
            self._typed = False
            self.table.play(PlaceBid(player=me, amount=limit))
            return
        self.limit = limit
        self._typed = False
        self.refresh_from_game()

    def action_raise_bid(self, step: int) -> None:
        amount = max(self._amount() + step, self._minimum())
        self.query_one("#amount", Input).value = str(amount)

    def action_pass_auction(self) -> None:
        me = self.bidder()
        if me is None:
            self.notify(_("Wait for your turn to pass."), timeout=2)
            return
        self.table.play(PassAuction(player=me))

    def action_sell_lot(self) -> None:
        """Open the building dialog over this one, where the lot is sold back (`x`); the bidding waits."""
        me = self.bidder()
        if me is None or not any(isinstance(c, SellLot) for c in self.legal(me)):
            self.notify(_("You have no lot to sell back now."), timeout=2)
            return
        self.table.open_management("build", me)

    def hint(self, action: str, description: str) -> str:
        """Return the hint for a key pressed while someone else bids: whose bid it is; the bidding goes round
        in turn."""
        pend = self.view.pending
        if pend is None or pend.kind != "auction":
            return super().hint(action, description)
        if not set(pend.bidders) & self.table.humans():
            return _("You are out of this auction.")
        bidder = self.client.names[pend.player]
        return _(
            "Not your bid yet: {name} is bidding. {action} when the bidding comes to you.",
            name=bidder,
            action=description,
        )

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Bid"), _("Bid the amount typed"), self.action_bid)
        yield (
            _("Bid up to"),
            _("Bid for me up to the amount typed, the least bid each time"),
            self.action_bid_up_to,
        )
        yield (_("Pass"), _("Leave the auction"), self.action_pass_auction)
        me = self.bidder()
        if me is not None and any(isinstance(c, SellLot) for c in self.legal(me)):
            yield (_("Sell a lot back"), _("To the bank at half its value, to bid"), self.action_sell_lot)
