"""Buying a deed and auctioning one, through the dialogs."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static

from engine.core.state import Auction
from room import Room
from tui.app import LandlordsApp
from tui.client import LocalClient
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.buy import BuyDialog
from tui.screens.chances import ChancesScreen
from tui.screens.help import HelpScreen

from playtable import (
    ADA,
    VERA,
    app_for,
    burst,
    client_for,
    game_screen,
    log_text,
    scripted_game,
    settle,
    simple_opponents,
)

BALTIC = 3


def _landing_on_baltic(speed: str = "instant") -> tuple[LocalClient, LandlordsApp]:
    """Vera (a person) and Ada (a bot); Vera's first throw lands on Baltic Avenue, for sale."""
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    return client, app_for(client, speed=speed)


async def _decline(pilot: Pilot[int]) -> None:
    """Vera throws, lands on Baltic Avenue and declines it: the auction opens."""
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("a")
    await settle(pilot)


async def test_landing_on_a_deed_opens_the_buy_dialog_and_b_buys_it() -> None:
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, BuyDialog)
        await pilot.press("b")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0
        assert view.players[0].cash == 1500 - 60
        assert not isinstance(app.screen, BuyDialog)
        assert "Vera bought Baltic Avenue for $60." in log_text(app)


async def test_declining_opens_a_live_auction_that_the_person_wins() -> None:
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24)) as pilot:
        await _decline(pilot)
        # Ada is asked first and bids the printed price; then it is Vera's turn to bid.
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        assert dialog.bidder() == 0
        assert "Ada bid $60." in log_text(app)
        amount = dialog.query_one("#amount")
        amount.value = "75"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, AuctionDialog)
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0
        assert view.players[0].cash == 1500 - 75
        assert "Vera won Baltic Avenue for $75." in log_text(app)


async def test_a_bid_too_low_is_refused_in_one_line_and_changes_nothing() -> None:
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        dialog.query_one("#amount").value = "20"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        notes = [n.message for n in app._notifications]
        assert any("at least $61" in n for n in notes), notes
        assert client.view(0).pending.kind == "auction"  # type: ignore[union-attr]
        await pilot.press("p")
        await settle(pilot)
        assert client.view(0).deeds[BALTIC].owner == 1
        assert game_screen(app).board.state_of(BALTIC).owner == 1  # type: ignore[union-attr]


async def test_enter_never_bids_the_least_bid_unasked_b_does_and_no_button_takes_the_focus() -> None:
    """Enter reopens a decision on the game screen: in an auction it bids only an amount typed or raised
    there, so an Enter meant for the board bids nothing; the least bid is `b`."""
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        seen = set()
        for _ in range(6):  # round the dialog with Tab: only the bid field takes the focus
            await pilot.press("tab")
            seen.add(dialog.focused.id if dialog.focused else None)
        assert seen <= {"amount", None}
        dialog.set_focus(None)
        await pilot.press("enter")
        await pilot.pause()
        assert client.view(0).pending.kind == "auction" and "Vera bid" not in log_text(app)  # type: ignore[union-attr]
        assert any("b bids $61" in n.message for n in app._notifications)
        await pilot.press("plus")  # raised here: Enter bids it
        assert dialog.query_one("#amount").value == "71"  # type: ignore[attr-defined]
        await pilot.press("minus", "b")  # and b bids the amount shown
        await settle(pilot)
        assert client.view(0).deeds[BALTIC].owner == 0
        assert "Vera won Baltic Avenue for $61." in log_text(app)


async def test_help_and_the_chances_open_over_the_auction_which_stays_open() -> None:
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24)) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        for key, shown in (("f1", HelpScreen), ("s", ChancesScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, shown), key
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen_stack[-1] is dialog
        assert client.view(0).pending.kind == "auction"  # type: ignore[union-attr]


async def test_bid_up_to_bids_the_least_each_time_until_the_bids_pass_the_limit() -> None:
    client, app = _landing_on_baltic(speed="fast")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        await pilot.press("9", "0", "u")
        await settle(pilot)
        assert dialog.limit is None or client.view(0).deeds[BALTIC].owner is not None
        bids = [
            int(line.split("$")[1].rstrip(".")) for line in log_text(app).splitlines() if "Vera bid $" in line
        ]
        assert bids and all(b <= 90 for b in bids) and bids == sorted(bids)
        pending = client.view(0).pending
        if pending is not None and pending.kind == "auction":  # Ada went past $90: asked again
            assert pending.player == 0 and dialog.limit is None
            assert any("went past your $90" in n.message for n in app._notifications)
        else:
            assert client.view(0).deeds[BALTIC].owner == 0


async def test_p_passes_from_the_bid_field_which_keeps_only_digits() -> None:
    """The bid field takes digits; the footer's p passes from it too, and a letter never lands in it."""
    client, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24)) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        while dialog.focused is None or dialog.focused.id != "amount":
            await pilot.press("tab")
        assert "p" in {b.binding.key for b in dialog.active_bindings.values()}
        await pilot.press("p")
        await settle(pilot)
        assert client.view(0).deeds[BALTIC].owner == 1
        assert "Vera passed." in log_text(app)


async def test_a_backspace_and_a_digit_arriving_together_both_count() -> None:
    """Keys from a slow link arrive in bursts: a Backspace followed at once by a digit changes the last
    digit, in the bid typed anywhere in the dialog and in the bid field itself."""
    _, app = _landing_on_baltic()
    async with app.run_test(size=(80, 24)) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        amount = dialog.query_one("#amount")
        burst(app, "8", "0", "backspace", "5")
        await pilot.pause()
        assert amount.value == "85"  # type: ignore[attr-defined]
        amount.focus()
        await pilot.pause()
        burst(app, "end", "backspace", "9")
        await pilot.pause()
        assert amount.value == "89"  # type: ignore[attr-defined]


async def test_a_key_pressed_while_a_bot_bids_says_whose_bid_it_is_and_changes_nothing() -> None:
    client, app = _landing_on_baltic(speed="slow")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _decline(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        await pilot.press("b")  # the least bid, $61
        await pilot.pause()
        pending = client.view(0).pending
        assert pending is not None and pending.kind == "auction" and pending.player == 1
        await pilot.press("p")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert "Not your bid yet: Ada is bidding. Pass when the bidding comes to you." in notes, notes
        pending = client.view(0).pending
        assert isinstance(pending, Auction) and pending.player == 1 and 0 in pending.bidders


class TurnBasedClient(LocalClient):
    """A client whose room is turn-based (`pace_rules` says so), as a server's turn-based table's is."""

    def pace_rules(self) -> list[str]:
        return ["A turn-based room."]


async def test_in_a_turn_based_room_the_auction_says_a_bid_is_a_limit() -> None:
    seats = [VERA, ADA]
    for client_class, told in ((LocalClient, False), (TurnBasedClient, True)):
        game = scripted_game(seats, [(1, 2)])
        client = client_class(Room(game, seats, simple_opponents(seats)))
        app = app_for(client)
        async with app.run_test(size=(80, 24)) as pilot:
            await _decline(pilot)
            dialog = app.screen
            assert isinstance(dialog, AuctionDialog)
            state = str(dialog.query_one("#state", Static).render())
            assert ("a bid is the most you would pay" in state) is told, state
