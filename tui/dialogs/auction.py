"""An auction: the lot, the bids as they come (bots bid live), your bid and your pass, and, where the bank
buys lots back (Finance), selling one of yours first: how a player with every ownership marker in use
qualifies to bid."""

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
from engine.narration import money
from engine.queries import markers_left
from tui import look
from tui.dialogs.base import GameDialog, PaletteEntry, Table
from tui.director import Decision
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput

RECENT_BIDS = 6


def _step_button(label: str, button_id: str) -> Button:
    """+10 and +50 are for the mouse (the keys are + and -): they never take the focus, so that Enter
    always bids."""
    button = Button(label, id=button_id, compact=True)
    button.can_focus = False
    return button


class AuctionDialog(GameDialog):
    lets_bots_play = True
    AUTO_FOCUS = "#bid"
    BUTTON_FOR_ACTION: ClassVar[dict[str, str]] = {"pass_auction": "pass", "raise_bid": "up10"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "bid", "Bid"),
        Binding("p", "pass_auction", "Pass"),
        Binding("plus,equals_sign", "raise_bid(10)", "Raise $10"),
        Binding("minus", "raise_bid(-10)", "Lower $10"),
        Binding("s", "sell_lot", "Sell a lot back"),
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
        self._typed = False
        self._auto_value = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Auction", id="title")
            yield Static(id="lot")
            yield Static(id="state")
            yield Static(id="bids")
            with Horizontal(classes="buttons"):
                yield SteadyInput(type="integer", id="amount", placeholder="bid", compact=True)
                yield Button("Bid (enter)", id="bid", variant="success", compact=True)
                yield _step_button("+10", "up10")
                yield _step_button("+50", "up50")
                yield Button("Pass (p)", id="pass", variant="warning", compact=True)
                yield Button("Sell a lot back (s)", id="sell_lot", compact=True)
        yield SteadyFooter()

    def bidder(self) -> int | None:
        """The human whose bid it is now, if any."""
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
            value = f"  printed price {money(board.price[pend.space])}"
            self.query_one("#title", Label).update(Content(f"Auction: {board.name(pend.space)}"))
        else:
            lot = Content(f"One {pend.lot}: the bank has too few for everyone who could build.")
            value = f"  printed price {money(board.house_cost[pend.space])}"
            self.query_one("#title", Label).update(Content(f"Auction: a {pend.lot}"))
        self.query_one("#lot", Static).update(lot + Content(value))
        if pend.high_bidder is None:
            high = Content(f"No bid yet; bids from {money(pend.min_bid)}.")
        else:
            high = Content.assemble(
                "High bid ",
                (money(pend.high_bid), "bold"),
                " by ",
                (names[pend.high_bidder], f"bold {look.player(pend.high_bidder)}"),
            )
        order = []
        for b in pend.bidders:
            style = f"{look.player(b)}" + (" bold reverse" if b == pend.player else "")
            order.append(Content.styled(f" {names[b]} ", style))
        me = self.bidder()
        cash_line = Content("")
        if me is not None:
            cash_line = Content(f"\n{names[me]} to bid; cash {money(view.players[me].cash)}.")
            if pend.lot == "deed" and markers_left(view, me) == 0:
                cash_line += Content(
                    "\nEvery ownership marker is in use: sell a lot back to the bank (s) before you bid."
                )
        else:
            cash_line = Content(f"\n{names[pend.player]} is thinking...")
        self.query_one("#state", Static).update(
            high + Content("\nStill in: ") + Content(" ").join(order) + cash_line
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
        sells = on and any(isinstance(c, SellLot) for c in self.legal(me))
        self.query_one("#sell_lot", Button).display = sells
        self.enable("sell_lot", sells)
        amount.disabled = not on
        if on and self.focused is None:
            self.query_one("#bid", Button).focus()

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
        """Digits typed anywhere in the dialog make up the bid, and Backspace rubs one out (at once, so
        that a Backspace and a digit arriving together keep their order)."""
        amount = next(iter(self.query("#amount").results(Input)), None)  # none as the dialog closes
        if amount is None or amount.has_focus:
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
        self.action_bid()

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
            self.notify("Wait for your turn to bid.", timeout=2)
            return
        amount = self._amount()
        if amount <= 0:
            self.notify(f"Type a bid of at least {money(self._minimum())}.", timeout=3)
            return
        self._typed = False
        self.table.play(PlaceBid(player=me, amount=amount))

    def action_raise_bid(self, step: int) -> None:
        amount = max(self._amount() + step, self._minimum())
        self.query_one("#amount", Input).value = str(amount)

    def action_pass_auction(self) -> None:
        me = self.bidder()
        if me is None:
            self.notify("Wait for your turn to pass.", timeout=2)
            return
        self.table.play(PassAuction(player=me))

    def action_sell_lot(self) -> None:
        """The building dialog, over this one, where the lot is sold back (`x`); the bidding waits."""
        me = self.bidder()
        if me is None or not any(isinstance(c, SellLot) for c in self.legal(me)):
            self.notify("You have no lot to sell back now.", timeout=2)
            return
        self.table.open_management("build", me)

    def hint(self, action: str, description: str) -> str:
        """A key pressed while someone else bids says whose bid it is: the bidding goes round in turn."""
        pend = self.view.pending
        if pend is None or pend.kind != "auction":
            return super().hint(action, description)
        if not set(pend.bidders) & self.table.humans():
            return "You are out of this auction."
        bidder = self.client.names[pend.player]
        return f"Not your bid yet: {bidder} is bidding. {description} when the bidding comes to you."

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield ("Bid", "Bid the amount typed", self.action_bid)
        yield ("Pass", "Leave the auction", self.action_pass_auction)
        me = self.bidder()
        if me is not None and any(isinstance(c, SellLot) for c in self.legal(me)):
            yield ("Sell a lot back", "To the bank at half its value, to bid", self.action_sell_lot)
