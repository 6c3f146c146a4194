"""Finance at the table: its board and deed card in pictures (80 x 24 and 120 x 40), and its decisions
played as a person would: a house and lot, the forced move and the Surprise Move told in the log, selling
a lot back, choosing the lots to keep after a bankruptcy, and the help and new-game screens."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static

from engine import BuyProperty, EndTurn, ExcessLots, Game, RollDice
from engine.core.state import Auction
from room import Room, Seat
from tui.client import LocalClient
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.build import BuildDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.excess_lots import ExcessLotsDialog
from tui.screens.help import HelpScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.holdings import HoldingsPanel
from tui.widgets.ticks import TickBox

from playtable import (
    ALAN,
    GRACE,
    VERA,
    app_for,
    click_space,
    client_for,
    log_text,
    scripted_game,
    settle,
    simple_opponents,
)

FINANCE = "finance-1936"
ADA = Seat(name="Ada", kind="bot", level="normal")
Compare = Callable[..., bool]


def _own(game: Game, player: int, space: int, houses: int) -> None:
    st = game.state
    st.deeds[space].owner = player
    st.deeds[space].level = houses
    st.bank.houses -= houses


def finance_showcase() -> LocalClient:
    """A Finance game some turns in: lots with one to six houses, markers used, tokens about."""
    seats = [VERA, ADA, GRACE, ALAN]

    def arrange(game: Game) -> None:
        for space, owner, houses in (
            (1, 0, 3),
            (3, 0, 1),
            (13, 0, 1),
            (26, 1, 6),
            (28, 1, 2),
            (16, 2, 4),
            (18, 2, 1),
            (37, 3, 5),
            (39, 3, 1),
        ):
            _own(game, owner, space, houses)
        st = game.state
        for p in (0, 1):  # two have been round the board (not so many that the houses run short)
            st.players[p].circuits = 1
        st.players[1].position = 21
        st.players[2].position = 9
        st.players[3].position = 31

    game = scripted_game(seats, [(2, 6), (1, 3), (4, 5), (2, 3)], edition=FINANCE, seed=2, arrange=arrange)
    events = list(game.opening)
    for cmd in (RollDice(player=0), BuyProperty(player=0), EndTurn(player=0)):
        events += game.apply(cmd)
    room = Room(game, seats, simple_opponents(seats), history=events)
    while room.bot_due() is not None:
        room.play_bot()
    return LocalClient(room)


async def _settled(pilot: Pilot[int]) -> None:
    await settle(pilot)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_finance_board(snap_compare: Compare, size: tuple[int, int]) -> None:
    app = app_for(finance_showcase())
    assert snap_compare(app, terminal_size=size, run_before=_settled)


def test_the_six_house_deed_card(snap_compare: Compare) -> None:
    async def open_deed(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await click_space(pilot, 26)
        await pilot.pause()

    app = app_for(finance_showcase())
    assert snap_compare(app, terminal_size=(120, 40), run_before=open_deed)


async def test_a_house_and_lot_is_bought_through_its_dialog_and_uses_a_marker() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)], edition=FINANCE), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, BuyDialog)
        text = str(dialog.query_one("#cash", Static).render())
        assert "house and lot" in text and "Ownership markers left: 8." in text
        await pilot.press("b")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[3].owner == 0 and view.deeds[3].level == 1 and view.bank.houses == 47
        holdings = "\n".join(app.screen.query_one(HoldingsPanel).plain_lines)
        assert "7 markers left" in holdings and "Lonely" in holdings


async def test_the_forced_move_and_the_surprise_move_are_told_in_the_log() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        game.state.players[1].position = 3  # Ada waits on Lonely Lane
        game.state.players[0].position = 26

    # Vera: 26 -> 30 Missed the Train -> Rowboat -> Carnival, (3, 4) back 7 to 13 ... then Ada
    dice = [(1, 3), (3, 4)]
    client = client_for(scripted_game(seats, dice, edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        log = log_text(app)
        assert "Vera went straight on from Missed the Train to Rowboat." in log
        assert "Vera paid the bank $10 for Rowboat." in log
        assert "Vera threw 3 and 4 at the Carnival: 7 back (odd)." in log
        assert "Vera went back to Market Place." in log


async def test_a_forced_move_is_told_as_it_happens() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        game.state.players[1].position = 3

    client = client_for(scripted_game(seats, [(1, 2)], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        log = log_text(app)
        assert "Vera came to rest on Lonely Lane, where Ada stood: Ada goes back 5 spaces." in log
        assert "Ada went back to Wall Street." in log


async def test_a_lot_is_sold_back_to_the_bank_from_the_build_dialog() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        _own(game, 0, 33, 3)

    client = client_for(scripted_game(seats, [], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuildDialog)
        columns = [str(c.label) for c in dialog.query_one(DataTable).columns.values()]
        assert columns[-1] == "Sell lot"
        await pilot.press("x")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[33].owner is None and view.players[0].cash == 1925 + 140 * 3
        assert "Vera sold Rittenhouse Square with its 3 houses back to the bank for $420." in log_text(app)


async def test_with_every_marker_in_use_a_lot_is_sold_back_from_the_auction_and_then_bid_for() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        """Vera holds eight lots and is about to land on Sylvan Dell (14), which she may not buy."""
        for s in (1, 3, 4, 6, 8, 9, 11, 13):
            _own(game, 0, s, 1)
        game.state.players[0].position = 10

    client = client_for(scripted_game(seats, [(1, 3)], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("a")  # to auction: Ada bids first, then the bidding comes to Vera
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog) and dialog.bidder() == 0
        assert "sell a lot back to the bank (x) before you bid" in str(dialog.query_one("#state").render())
        assert dialog.query_one("#sell_lot").display
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, BuildDialog)
        await pilot.press("x")  # the first of her lots, Goat Alley
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen_stack[-1] is dialog  # back at the bidding
        assert "before you bid" not in str(dialog.query_one("#state").render())
        assert client.view(0).deeds[1].owner is None
        pending = client.view(0).pending
        assert isinstance(pending, Auction)
        high = pending.high_bid
        dialog.query_one("#amount", Input).value = str(high + 50)
        await pilot.press("enter")
        await settle(pilot)
        assert f"Vera bid ${high + 50}." in log_text(app)


async def test_a_creditor_over_his_markers_chooses_the_lots_to_give_back() -> None:
    seats = [VERA, ADA, GRACE]

    def arrange(game: Game) -> None:
        """Vera has just taken Wall Street and Union Square from a bankrupt, with every marker in use."""
        for s in (1, 3, 4, 6, 8, 9, 11, 29):
            _own(game, 0, s, 1)
        _own(game, 0, 38, 2)
        _own(game, 0, 39, 1)
        game.state.pending = ExcessLots(player=0, spaces=(38, 39))

    client = client_for(scripted_game(seats, [], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ExcessLotsDialog)
        assert "give back 2 lots" in str(dialog.query_one("#title").render())
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        view = client.view(0)
        assert sum(1 for d in view.deeds.values() if d.owner == 0) == 8
        assert not isinstance(app.screen, ExcessLotsDialog)
        assert "sold Wall Street with its 2 houses back to the bank" in log_text(app)


async def test_the_help_explains_finance_and_how_it_differs() -> None:
    client = client_for(scripted_game([VERA, ADA], [], edition=FINANCE), [VERA, ADA])
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen._text().plain
        assert "Finance edition (1936)" in text
        assert "What differs from the classic game" in text
        assert "No jail" in text and "eight" in text
        assert "pay the jail fine" not in text and "mortgage deeds" not in text
        assert "1904: the bank" not in text and "On Jail" not in text and "a hotel" not in text


async def test_the_new_game_form_offers_finance_without_a_short_game() -> None:
    from room import Persistence
    from tui.app import AppOptions, LandlordsApp, Opening

    app = LandlordsApp(AppOptions(theme="dark"), Opening(kind="new"), Persistence.off())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#edition", Select).value = FINANCE
        await pilot.pause()
        variants = [value for _label, value in screen.query_one("#variant", Select)._options]
        assert "short" not in variants and "time" in variants
        meaningless = (
            "even_building",
            "rent_in_jail",
            "free_parking_pot",
        )  # no groups, no jail, no Free Parking
        assert not any(screen.query_one(f"#{box}", TickBox).display for box in meaningless)
        assert screen.query_one("#auctions", TickBox).display
        screen.query_one("#edition", Select).value = "classic"
        await pilot.pause()
        assert all(screen.query_one(f"#{box}", TickBox).display for box in meaningless)
        screen.query_one("#edition", Select).value = FINANCE
        await pilot.pause()
        setup = screen.setup()
        assert not isinstance(setup, str) and setup.edition == FINANCE


async def test_houses_are_offered_in_a_trade_from_the_most_built_lots() -> None:
    from textual.widgets import Input

    from tui.dialogs.trade import TradeScreen

    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        _own(game, 0, 29, 4)  # Madison Square with four houses
        _own(game, 0, 1, 2)
        _own(game, 1, 39, 1)
        game.state.players[1].circuits = 1

    client = client_for(scripted_game(seats, [], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        assert not screen.query_one("#give-cards", Input).display  # no jail cards in Finance
        screen.query_one("#give-houses", Input).value = "3"
        screen.query_one("#take-cash", Input).value = "300"
        await pilot.pause()
        assert screen.draft.give.houses == (29, 29, 29)  # the three Madison Square can spare
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen.mode == "answered"
        offer = str(screen.query_one("#offer", Static).render())
        assert "3 houses from Madison Square, to go on Ada's lots" in offer


async def test_building_on_a_lot_stays_on_it_up_to_six_and_never_spills_onto_another() -> None:
    seats = [VERA, ADA]

    def arrange(game: Game) -> None:
        _own(game, 0, 1, 1)
        _own(game, 0, 3, 4)
        game.state.players[0].circuits = 1

    client = client_for(scripted_game(seats, [], edition=FINANCE, arrange=arrange), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuildDialog)
        await pilot.press("down")  # Lonely Lane, four houses
        for _ in range(4):
            await pilot.press("b")
            await settle(pilot)
        view = client.view(0)
        assert view.deeds[3].level == 6 and view.deeds[1].level == 1
        assert view.players[0].cash == 1925 - 2 * 150
        assert dialog.selected() == 3
        why = str(dialog.query_one("#why", Static).render())
        assert why == "Lonely Lane already has 6 houses, the most a lot takes."
