"""The Landlord's Game, 1904, played through the interface: every new decision's dialog, the bank, the
loan negotiator, the poorhouse, the game-over count and the help screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from textual.widgets import Input, Label, Select, SelectionList, Static

from engine import Game, Loan, ProposeLoan, RuleOptions
from engine.core.state import awaiting_roll
from room import Seat
from tui.app import LandlordsApp
from tui.client import LocalClient
from tui.dialogs.bank import BankDialog
from tui.dialogs.debt import DebtDialog
from tui.dialogs.direction import DirectionDialog
from tui.dialogs.loan import LoanScreen
from tui.dialogs.lot import LotDialog
from tui.dialogs.luxury import LuxuryDialog
from tui.dialogs.overlay import Underlay
from tui.dialogs.ride import RideDialog
from tui.dialogs.tickets import TicketsDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.widgets.command_list import CommandList

from playtable import (
    ADA,
    GRACE,
    VERA,
    app_for,
    client_for,
    game_screen,
    log_text,
    made_ahead,
    play_until,
    scripted_game,
    settle,
)

EDITION = "landlords-1904"
SEATS = [VERA, ADA]


def no_tickets(also: Callable[[Game], None] | None = None) -> Callable[[Game], None]:
    """Put the lot tickets back unused and let Vera throw first; then `also` sets the table up."""

    def arrange(game: Game) -> None:
        for ps in game.state.players:
            ps.tickets = []
        game.state.pending = awaiting_roll(0)
        if also is not None:
            also(game)

    return arrange


def table_for(
    dice: list[tuple[int, int]],
    also: Callable[[Game], None] | None = None,
    rules: RuleOptions | None = None,
    seats: Sequence[Seat] = SEATS,
) -> tuple[LocalClient, LandlordsApp]:
    game = scripted_game(seats, dice, edition=EDITION, rules=rules, arrange=no_tickets(also))
    client = client_for(game, seats)
    return client, app_for(client)


async def test_the_lot_tickets_dialog_buys_a_ticket_and_puts_the_rest_back() -> None:
    game = scripted_game(SEATS, edition=EDITION, seed=3)
    client = client_for(game, SEATS)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TicketsDialog)
        first = client.view(0).players[0].tickets[0]
        lots = app.screen.query_one(CommandList)
        offered = [str(lots.get_option_at_index(i).prompt) for i in range(lots.option_count)]
        assert offered[0].endswith(f", rent ${client.board.rent[first][0]}")  # it said "rent 5"
        await pilot.press("enter")
        await settle(pilot)
        assert client.view(0).deeds[first].owner == 0
        await pilot.press("d")
        await settle(pilot)
        assert not isinstance(app.screen, TicketsDialog)
        view = client.view(0)
        assert view.players[0].tickets == [] and view.pending is not None and view.pending.kind == "roll"
        assert "Vera put back the tickets" in log_text(app)


async def test_buy_or_rent_rents_into_the_treasury() -> None:
    client, app = table_for([(5, 6)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LotDialog)
        await pilot.press("r")
        await settle(pilot)
        view = client.view(0)
        assert view.players[0].cash == 494 and view.boxes["treasury"] == 6 and view.deeds[11].owner is None
        assert "Vera paid $6 into the Public Treasury: rent on Lot 6." in log_text(app)


async def test_buy_or_rent_buys_and_the_board_shows_the_owner() -> None:
    client, app = table_for([(5, 6)])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert client.view(0).deeds[11].owner == 0
        cell = game_screen(app).board.state_of(11)
        assert cell is not None and cell.owner == 0


async def test_a_luxury_done_without_takes_the_move_back() -> None:
    def poor(game: Game) -> None:
        game.state.players[0].position = 36
        game.state.players[0].cash = 40

    client, app = table_for([(1, 2)], poor)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LuxuryDialog)
        await pilot.press("d")
        await settle(pilot)
        assert client.view(0).players[0].position == 36
        assert "lost the move" in log_text(app)


async def test_the_free_ride_on_a_double() -> None:
    def at_12(game: Game) -> None:
        game.state.players[0].position = 12

    client, app = table_for([(3, 3)], at_12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RideDialog)
        await pilot.press("3")  # the third way: ride to the railroad at 35
        await settle(pilot)
        assert client.view(0).players[0].position == 38
        assert "rode free" in log_text(app)


async def test_which_way_after_the_last_circuit() -> None:
    def done(game: Game) -> None:
        game.state.players[0].circuits = 5
        game.state.players[0].position = 3

    client, app = table_for([(1, 2)], done)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, DirectionDialog)
        await pilot.press("b")
        await settle(pilot)
        assert client.view(0).players[0].position == 0


async def test_the_bank_lends_a_note_against_a_lot_and_takes_it_back() -> None:
    def rich(game: Game) -> None:
        game.state.deeds[38].owner = 0

    client, app = table_for([], rich)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("k")
        await settle(pilot)
        assert isinstance(app.screen, BankDialog)
        body = str(app.screen.query_one("#body", Static).render())
        assert "$5 a note each wage day" in body and "every wages" not in body
        await pilot.press("enter")  # borrow $100 against Lot 22
        await settle(pilot)
        view = client.view(0)
        assert view.players[0].cash == 600 and [ln.principal for ln in view.loans] == [100]
        await pilot.press("down", "down", "enter")  # the repayment comes after the two ways to borrow
        await settle(pilot)
        assert client.view(0).loans == [] and client.view(0).players[0].cash == 500


async def test_the_loan_negotiator_sends_an_offer_and_shows_the_answer() -> None:
    def lots(game: Game) -> None:
        game.state.deeds[38].owner = 1

    _, app = table_for([], lots)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoanScreen)
        screen.query_one("#partner", Select).value = 1
        await pilot.pause()
        screen.query_one("#principal", Input).value = "150"
        screen.query_one("#interest", Input).value = "9"
        screen.query_one("#lots", SelectionList).select(38)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Vera offers to lend Ada $150 at $9 a wage day, against Lot 22." in log_text(app)
        assert "Ada turned the loan down" in log_text(app)  # the simple players never borrow
        status = str(screen.query_one("#status", Static).render())
        assert "turned it down" in status


async def test_a_loan_offered_by_another_player_is_answered_in_the_negotiator() -> None:
    def offered(game: Game) -> None:
        game.state.deeds[38].owner = 0
        game.apply(ProposeLoan(player=1, to=0, lender=1, principal=200, interest=10, security=(38,)))
        game.log.clear()

    client, app = table_for([], offered)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LoanScreen) and app.screen.mode == "received"
        offer = str(app.screen.query_one("#offer", Static).render())
        assert "Vera pays $10 interest each wage day and repays the $200 at any time" in offer
        assert " his " not in offer and " he " not in offer  # "his wages" for Vera
        await pilot.press("ctrl+a")
        await settle(pilot)
        view = client.view(0)
        assert [(ln.lender, ln.borrower, ln.principal) for ln in view.loans] == [(1, 0, 200)]
        assert view.players[0].cash == 700


async def test_a_debt_that_cannot_be_borrowed_against_ends_in_the_poorhouse() -> None:
    def broke(game: Game) -> None:
        game.state.deeds[19].owner = 1
        game.state.players[0].cash = 3
        game.state.players[0].position = 15

    client, app = table_for([(1, 3)], broke)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, DebtDialog)
        keys = {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}
        assert "poorhouse" in keys and not {"bankrupt", "mortgage", "sell"} & keys  # no such things in 1904
        await pilot.press("x")
        await settle(pilot)
        view = client.view(0)
        assert view.players[0].in_poorhouse and view.players[1].cash == 503
        assert "Off to the poorhouse." in log_text(app)
        cell = game_screen(app).board.state_of(20)
        assert cell is not None and cell.poor == (0,)


async def test_the_game_over_screen_shows_every_players_count() -> None:
    def last(game: Game) -> None:
        for ps in game.state.players[1:]:
            ps.circuits = 1
        game.state.players[0].position = 38
        game.state.deeds[3].owner = 0
        game.state.loans.append(Loan(id=1, borrower=0, lender=None, principal=100, interest=5, security=(3,)))
        game.state.next_loan_id = 2

    client, app = table_for([(1, 1)], last, rules=RuleOptions(circuits=1), seats=[VERA, ADA, GRACE])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        standings = app.screen.query_one("#standings")
        labels = [str(c.label) for c in standings.columns.values()]  # type: ignore[attr-defined]
        assert labels[2:] == ["Score", "Lots", "Cash", "Luxuries", "Debts", "Lent"]
        assert client.view(None).winner is not None
        stats = app.screen.query_one("#stats")
        headers = [str(c.label) for c in stats.columns.values()]  # type: ignore[attr-defined]
        assert {"Received", "Top rent", "Deeds", "Built", "Jail"} <= set(headers)
        stats.focus()
        said: dict[str, str] = {}
        for header in ("Received", "Top rent", "Deeds", "Built", "Jail"):  # said in words under the table
            stats.move_cursor(column=headers.index(header))  # type: ignore[attr-defined]
            await pilot.pause()
            said[header] = key = str(app.screen.query_one("#key", Static).render())
            assert key.startswith(f"{header}: "), header
        assert "Top rent: The most received at once" in said["Top rent"] and "Best" not in headers


async def test_help_explains_the_1904_rules_and_what_differs() -> None:
    _, app = table_for([])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "What differs from the classic game" in text and "Poorhouse" in text


async def test_the_loan_negotiator_shows_its_focus_ticks_with_space_and_has_a_key_for_each_term() -> None:
    from textual.widgets._select import SelectCurrent

    from tui.widgets.ticks import EMPTY, TickList

    def lots(game: Game) -> None:
        game.state.deeds[38].owner = 1
        game.state.deeds[36].owner = 1

    _, app = table_for([], lots)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoanScreen)
        partner = screen.query_one("#partner", Select)
        await pilot.pause()
        assert screen.focused is partner
        assert partner.query_one(SelectCurrent).styles.text_style.reverse  # focus shows plainly
        await pilot.press("s", "1", "5", "0")
        await pilot.press("i", "9")
        await pilot.press("b")
        assert screen.focused is screen.query_one("#way", Select)
        await pilot.press("l")
        await pilot.pause()
        ticks = screen.query_one("#lots", TickList)
        assert app.focused is ticks
        unticked = [ticks.render_line(y).text for y in range(ticks.option_count)]
        assert all(line[1] == EMPTY for line in unticked)  # an empty box, not an X
        await pilot.press("space")  # the first lot, with no arrow pressed first
        await pilot.pause()
        assert ticks.selected == [ticks.get_option_at_index(0).value]
        assert (screen.principal, screen.interest, screen.partner) == (150, 9, 1)
        await pilot.press("p")
        assert screen.focused is partner


async def test_the_lot_dialog_is_made_ahead_and_comes_back_for_the_next_lot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A person's first decision at a 1904 table is a lot to buy or rent: its dialog is the one made while
    the table waits (`Underlay.ahead`), and it is kept for the next lot, filled anew."""
    monkeypatch.setattr(Underlay, "PREPARE_AFTER", 0.05)
    client, app = table_for([(5, 6), (1, 1), (2, 3), (1, 2)])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        made = await made_ahead(pilot)
        assert [type(s).__name__ for s in made] == ["LotDialog"]
        await pilot.press("r")
        await settle(pilot)
        first = app.screen
        assert first is made[0] and "Lot 6" in str(first.query_one("#title", Label).content)
        await pilot.press("r")  # rents it
        await settle(pilot)
        assert not isinstance(app.screen, LotDialog) and client.view(0).deeds[11].owner is None
        await play_until(pilot, lambda: isinstance(app.screen, LotDialog), steps=80)
        assert "Lot 6" not in str(first.query_one("#title", Label).content)
        assert app.screen is first  # the same dialog, filled for the next lot
