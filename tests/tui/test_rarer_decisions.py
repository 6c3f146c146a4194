"""The rarer decisions: a mortgaged deed received, a building won at a shortage auction, and a trade
between two people at one keyboard."""

from __future__ import annotations

from textual.widgets import Input, SelectionList

from engine import Game
from saves import Seat
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.mortgage_decision import MortgageDecisionDialog
from tui.dialogs.place_building import PlaceBuildingDialog
from tui.dialogs.trade import TradeScreen

from playtable import ADA, VERA, app_for, client_for, log_text, play_until, scripted_game, settle

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9


async def test_buying_a_mortgaged_deed_asks_whether_to_lift_or_keep_the_mortgage() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        game.state.deeds[BALTIC].owner = 1
        game.state.deeds[BALTIC].mortgaged = True

    client = client_for(scripted_game(seats, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        trade.query_one("#take", SelectionList).select(BALTIC)
        trade.query_one("#give-cash", Input).value = "120"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        dialog = app.screen  # the decision comes straight after the trade, over its answer
        assert isinstance(dialog, MortgageDecisionDialog)
        await pilot.press("k")
        await settle(pilot)
        assert app.screen is trade and "Ada accepted" in str(trade.query_one("#status").render())
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0 and view.deeds[BALTIC].mortgaged
        assert view.players[0].cash == 1500 - 120 - 3
        assert "Vera kept the mortgage on Baltic Avenue, paying $3 interest." in log_text(app)


async def test_a_building_won_at_a_shortage_auction_is_placed_through_its_dialog() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        st = game.state
        for space in (MEDITERRANEAN, BALTIC):
            st.deeds[space].owner = 0
        for space in (ORIENTAL, VERMONT, CONNECTICUT):
            st.deeds[space].owner = 1
        st.bank.houses = 1
        st.players[1].position = 20  # Ada's throw of 3 lands on Kentucky Avenue, then she builds

    client = client_for(scripted_game(seats, [(1, 3), (1, 2)], arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, AuctionDialog), steps=10)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        dialog.query_one("#amount", Input).value = "80"
        await pilot.press("enter")
        await settle(pilot)
        placing = app.screen
        assert isinstance(placing, PlaceBuildingDialog)
        await pilot.press("enter")  # the first lot offered: Mediterranean Avenue
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[MEDITERRANEAN].level == 1 and view.bank.houses == 0
        assert "Vera put the house on Mediterranean Avenue." in log_text(app)


async def test_a_trade_between_two_people_at_one_keyboard() -> None:
    seats = [VERA, Seat(name="Grace", kind="human")]

    def arrange(game: Game) -> None:
        game.state.deeds[BALTIC].owner = 1

    client = client_for(scripted_game(seats, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, TradeScreen)
        offer.query_one("#take", SelectionList).select(BALTIC)
        offer.query_one("#give-cash", Input).value = "90"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        answer = app.screen
        assert isinstance(answer, TradeScreen) and answer is not offer
        assert answer.mode == "received" and answer.player == 1
        await pilot.press("ctrl+a")
        await settle(pilot)
        assert offer.mode == "answered" and app.screen is offer
        assert "Grace accepted" in str(offer.query_one("#status").render())
        assert client.view(0).deeds[BALTIC].owner == 0
