"""Jail, the income tax, a card, a debt that ends in bankruptcy, and the game-over screen."""

from __future__ import annotations

from textual.widgets import DataTable

from engine import Game
from tui.dialogs.bankruptcy import BankruptcyDialog
from tui.dialogs.build import BuildDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.card import CardDialog
from tui.dialogs.debt import DebtDialog
from tui.dialogs.income_tax import IncomeTaxDialog
from tui.dialogs.jail import JailDialog
from tui.dialogs.mortgage import MortgageDialog
from tui.screens.game_over import GameOverScreen

from playtable import ADA, VERA, app_for, client_for, log_text, play_until, scripted_game, settle

MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK = 1, 3, 37, 39


async def test_sent_to_jail_then_paying_the_fine_from_the_jail_dialog() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        game.state.players[0].position = 25

    client = client_for(scripted_game(seats, [(2, 3), (1, 2), (1, 2)], arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert client.view(0).players[0].in_jail
        await play_until(pilot, lambda: isinstance(app.screen, JailDialog))
        await pilot.press("c")
        await pilot.pause()
        assert app._notifications and any(
            n.message == "You have no Get Out of Jail Free card." for n in app._notifications
        )
        await pilot.press("p")
        await settle(pilot)
        view = client.view(0)
        assert not view.players[0].in_jail
        assert view.players[0].cash == 1500 - 50
        assert not isinstance(app.screen, JailDialog)
        assert "Vera moved to Go To Jail.\nVera was sent to jail." in log_text(app)
        assert "Vera paid the $50 jail fine.\nVera left jail." in log_text(app)


async def test_the_income_tax_choice() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 3)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, IncomeTaxDialog)
        await pilot.press("f")
        await settle(pilot)
        assert client.view(0).players[0].cash == 1300
        assert not isinstance(app.screen, IncomeTaxDialog)


async def test_a_card_drawn_is_shown_until_read() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(3, 4)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, CardDialog)
        drawn = next(e for e in client.history() if e.kind == "card_drawn")
        assert app.screen.card.text == drawn.text
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, CardDialog)


async def test_a_card_that_moves_to_a_deed_is_read_before_the_buy_dialog() -> None:
    seats = [VERA, ADA]

    def illinois_on_top(game: Game) -> None:
        deck = game.state.decks["chance"]
        cards = game.board.cards["chance"]
        card = next(c for c in deck if getattr(cards[c].effect, "space", None) == 24)
        deck.remove(card)
        deck.insert(0, card)

    client = client_for(scripted_game(seats, [(3, 4)], arrange=illinois_on_top), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, CardDialog)
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["GameScreen", "CardDialog"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BuyDialog)
        assert "Illinois Avenue" in str(app.screen.query_one("#title").render())


def _hotels_on_dark_blue(game: Game) -> None:
    st = game.state
    for space in (PARK_PLACE, BOARDWALK):
        st.deeds[space].owner = 1
        st.deeds[space].level = game.ruleset.max_level  # a hotel
    st.bank.hotels -= 2
    st.deeds[BALTIC].owner = 0
    st.players[0].cash = 100
    st.players[0].position = 35


async def test_a_debt_raised_as_far_as_possible_then_bankruptcy_and_game_over() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 3)], arrange=_hotels_on_dark_blue), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, DebtDialog)
        assert "owes Ada $2,000" in str(dialog.query_one("#title").render())
        assert not dialog.query_one("#bankrupt").disabled  # $100 and a $30 mortgage cannot cover it
        keys = {b.binding.action for b in dialog.active_bindings.values() if b.enabled}
        assert "bankrupt" in keys and not {"loan", "poorhouse"} & keys  # the classic game lends nothing
        await pilot.press("enter")  # the one way to raise cash: mortgage Baltic Avenue
        await settle(pilot)
        assert client.view(0).deeds[BALTIC].mortgaged
        assert client.view(0).players[0].cash == 130
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, BankruptcyDialog)
        await pilot.press("x")
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        view = client.view(None)
        assert view.winner == 1 and view.players[0].bankrupt
        standings = over.query_one("#standings", DataTable)
        assert standings.row_count == 2
        assert "Ada wins" in str(over.query_one("#winner").render())
        assert "Vera is bankrupt; everything goes to Ada." in log_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is app.game_screen


def _rent_just_coverable(game: Game) -> None:
    st = game.state
    st.deeds[BOARDWALK].owner = 1
    st.deeds[BALTIC].owner = 0
    st.players[0].cash = 20
    st.players[0].position = 35


async def test_a_debt_that_mortgaging_covers_is_paid_and_bankruptcy_is_never_offered() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 3)], arrange=_rent_just_coverable), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, DebtDialog)
        assert dialog.query_one("#bankrupt").disabled
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is dialog
        assert any("You can still raise the cash" in n.message for n in app._notifications)
        await pilot.press("enter")
        await settle(pilot)
        view = client.view(0)
        assert view.players[0].cash == 0 and view.players[1].cash == 1550
        assert not isinstance(app.screen, DebtDialog)
        assert "Vera paid Ada $50 rent for Boardwalk." in log_text(app)


async def test_every_way_to_raise_cash_is_reachable_from_the_debt_dialog() -> None:
    """m opens the mortgage dialog over the debt, b the building dialog; what they raise pays the debt."""
    seats = [VERA, ADA]

    def built_and_short(game: Game) -> None:
        _rent_just_coverable(game)
        st = game.state
        st.deeds[MEDITERRANEAN].owner = 0
        st.deeds[MEDITERRANEAN].level = st.deeds[BALTIC].level = 1
        st.bank.houses -= 2

    client = client_for(scripted_game(seats, [(1, 3)], arrange=built_and_short), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        debt = app.screen
        assert isinstance(debt, DebtDialog)
        assert not debt.query_one("#mortgage").disabled and not debt.query_one("#sell").disabled
        await pilot.press("b")
        await pilot.pause()
        building = app.screen
        assert isinstance(building, BuildDialog) and building.player == 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is debt
        await pilot.press("m")
        await pilot.pause()
        mortgages = app.screen
        assert isinstance(mortgages, MortgageDialog)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # the first way in the list: sell a house on Mediterranean Avenue
        await settle(pilot)
        assert client.view(0).players[0].cash == 20 + 25
        await pilot.press("enter")  # and one on Baltic Avenue: $70 pays the $50 rent
        await settle(pilot)
        view = client.view(0)
        assert view.players[0].cash == 20 and view.players[1].cash == 1550
        assert not isinstance(app.screen, DebtDialog)


async def test_the_centre_tells_a_visitor_on_the_jail_corner_from_a_prisoner() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        game.state.players[0].position = 10  # Vera only visiting
        game.state.players[1].position = 10
        game.state.players[1].in_jail = True

    client = client_for(scripted_game(seats, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = str(app.screen.query_one("#centre").render()).splitlines()
        vera = next(line for line in lines if "Vera" in line and "$1,500" in line)
        ada = next(line for line in lines if "Ada" in line and "$1,500" in line)
        assert "Just Visiting" in vera and "in jail" not in vera
        assert "in jail" in ada and "Visiting" not in ada
