"""Trades with a bot through the negotiator: accepted, refused, and a bot's offer answered."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Input, SelectionList

from engine import Game
from room import Seat
from tui.dialogs.trade import TradeScreen

from playtable import (
    ADA,
    GRACE,
    VERA,
    app_for,
    burst,
    client_for,
    log_text,
    play_until,
    scripted_game,
    settle,
)

MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19


def mode(screen: TradeScreen) -> str:
    """The dialog's mode now: read afresh after keys, where a type checker would keep what an earlier
    assertion narrowed `screen.mode` to."""
    return screen.mode


def _ada_holds_baltic(game: Game) -> None:
    game.state.deeds[BALTIC].owner = 1
    game.state.deeds[MEDITERRANEAN].owner = 0


async def _negotiator(pilot, app) -> TradeScreen:  # type: ignore[no-untyped-def]
    """The table settled, then the negotiator opened with t."""
    await settle(pilot)
    await pilot.press("t")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TradeScreen)
    return screen


async def _offer_cash_for_baltic(pilot, app, cash: int) -> TradeScreen:  # type: ignore[no-untyped-def]
    await pilot.press("t")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TradeScreen)
    take = screen.query_one("#take", SelectionList)
    take.select(BALTIC)
    screen.query_one("#give-cash", Input).value = str(cash)
    await pilot.pause()
    await pilot.press("ctrl+s")
    await settle(pilot)
    return screen


async def test_a_fair_offer_to_a_bot_is_accepted_and_the_deed_changes_hands() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _offer_cash_for_baltic(pilot, app, 120)
        assert screen.mode == "answered"
        status = str(screen.query_one("#status").render())
        assert "Ada accepted" in status
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 0
        assert view.players[0].cash == 1500 - 120
        assert view.players[1].cash == 1500 + 120
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TradeScreen)
        assert "Trade done: Vera gave $120 and got Baltic Avenue from Ada." in log_text(app)


async def test_a_low_offer_is_refused_and_nothing_changes() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _offer_cash_for_baltic(pilot, app, 10)
        assert screen.mode == "answered"
        assert "Ada turned it down" in str(screen.query_one("#status").render())
        view = client.view(0)
        assert view.deeds[BALTIC].owner == 1
        assert view.players[0].cash == 1500
        assert view.pending is not None and view.pending.kind == "roll"


async def test_the_negotiator_shows_what_the_trade_does_to_both_groups() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _negotiator(pilot, app)
        screen.query_one("#take", SelectionList).select(BALTIC)
        await pilot.pause()
        effects = str(screen.query_one("#effects").render())
        assert "Vera: completes Brown" in effects
        assert "Ada: no group completed or broken" in effects
        screen.query_one("#give-cash", Input).value = "5000"
        await pilot.pause()
        assert "Vera does not have $5,000" in str(screen.query_one("#status").render())
        assert screen.query_one("#send").disabled


def _swap_table(game: Game) -> None:
    """Each holds the one deed that completes the other's group: the simple player offers the swap."""
    deeds = game.state.deeds
    for space in (ORIENTAL, VERMONT, TENNESSEE):
        deeds[space].owner = 0
    for space in (ST_JAMES, NEW_YORK, CONNECTICUT):
        deeds[space].owner = 1


async def test_a_bots_offer_opens_the_negotiator_and_can_be_accepted() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 1), (2, 3), (1, 2)], arrange=_swap_table), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, TradeScreen))
        screen = app.screen
        assert isinstance(screen, TradeScreen) and screen.mode == "received"
        offer = str(screen.query_one("#offer").render())
        assert "Ada gives" in offer and "Connecticut Avenue" in offer
        await pilot.press("ctrl+a")
        await settle(pilot)
        view = client.view(0)
        assert view.deeds[CONNECTICUT].owner == 0
        assert view.deeds[TENNESSEE].owner == 1
        assert not isinstance(app.screen, TradeScreen)


async def test_a_counter_offer_rejects_and_reopens_the_terms_reversed() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 1), (2, 3), (1, 2)], arrange=_swap_table), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, TradeScreen))
        screen = app.screen
        assert isinstance(screen, TradeScreen) and screen.mode == "received"
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert mode(screen) == "compose"
        assert screen.draft.partner == 1
        assert screen.draft.give_deeds == {TENNESSEE}
        assert screen.draft.take_deeds == {CONNECTICUT}
        assert "Vera turned the offer down: \u201ca counter-offer follows\u201d" in log_text(app)


async def test_a_real_bot_turns_down_a_cheap_bid_for_its_group_completer_and_says_why() -> None:
    """The levels of `engine.bots` at the table: a hard bot refuses to hand over the lot that would
    complete the person's group for small money, and its reason reaches the negotiator and the log."""
    from room import Room
    from room.opponents import make_opponents
    from tui.client import LocalClient

    seats = [VERA, replace(ADA, level="hard")]
    game = scripted_game(seats, arrange=_ada_holds_baltic)
    client = LocalClient(Room(game, seats, make_opponents(seats, game.state.seed)))
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _offer_cash_for_baltic(pilot, app, 70)
        assert screen.mode == "answered"
        status = str(screen.query_one("#status").render())
        # the reason as the bot gave it: the group completed, and that the person leads, where he does
        assert "Ada turned it down: you lead, and that would complete your brown group" in status
        assert client.view(0).deeds[BALTIC].owner == 1
        assert "that would complete your brown group" in log_text(app)


async def test_a_whole_offer_made_and_changed_from_the_keyboard_alone() -> None:
    """p, D, c and Ctrl+S make the offer; after the refusal e goes back to the cash, ready to be typed
    over; what is sent is always what the fields show, even when the keys arrive in one burst."""
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _negotiator(pilot, app)
        await pilot.press("p")
        assert screen.focused is screen.query_one("#partner")
        await pilot.press("enter", "down", "enter")  # Ada, the first in the list
        await pilot.pause()
        take = screen.query_one("#take", SelectionList)
        assert take.option_count == 1  # Ada's deeds are there at once
        await pilot.press("D")
        assert screen.focused is take and take.highlighted == 0  # highlighted without a Down
        await pilot.press("space")
        await pilot.press("c")
        assert screen.focused is screen.query_one("#give-cash")
        burst(app, "1", "0", "ctrl+s")  # the send arrives before the field has told anyone
        await settle(pilot)
        sent = next(e for e in reversed(client.history()) if e.kind == "trade_proposed")
        assert sent.trade.give.cash == 10 and sent.trade.take.deeds == (BALTIC,)
        assert screen.mode == "answered" and "turned it down" in str(screen.query_one("#status").render())
        burst(app, "e", "1", "5", "0")  # the amount typed at once after "Change the offer" is not lost
        await pilot.pause()
        await pilot.pause()
        cash = screen.query_one("#give-cash", Input)
        assert mode(screen) == "compose" and cash.has_focus
        assert cash.value == "150"
        assert "gives $150" in str(screen.query_one("#effects").render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        sent = next(e for e in reversed(client.history()) if e.kind == "trade_proposed")
        assert sent.trade.give.cash == 150
        assert client.view(0).deeds[BALTIC].owner == 0


async def test_a_part_key_typed_in_an_amount_field_goes_to_that_part() -> None:
    """An amount field takes digits only, so a part's letter typed there jumps to that part: c, 8, 0,
    D and Space offer $80 for Baltic Avenue, and the footer offers D while the amount has the focus."""
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _negotiator(pilot, app)
        await pilot.press("p", "enter", "down", "enter")
        await pilot.pause()
        await pilot.press("c", "8", "0")
        assert screen.focused is screen.query_one("#give-cash")
        assert "D" in {b.binding.key for b in screen.active_bindings.values()}
        await pilot.press("D")
        take = screen.query_one("#take", SelectionList)
        assert screen.focused is take
        await pilot.press("space", "ctrl+s")
        await settle(pilot)
        sent = next(e for e in reversed(client.history()) if e.kind == "trade_proposed")
        assert sent.trade.give.cash == 80 and sent.trade.take.deeds == (BALTIC,)


async def test_cards_in_hand_ticked_on_both_sides_go_in_the_offer_as_cards() -> None:
    """On the add-on board each player starts with cards in hand: one ticked on each side goes in the offer
    as a card, never as a deed (a list's values past the deeds are its cards)."""
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, edition="addon"), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _negotiator(pilot, app)
        await pilot.press("d", "space", "D", "space")  # Vera holds no deed: her first card, then Ada's
        await pilot.pause()
        assert "Ready to send." in str(screen.query_one("#status").render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        sent = next(e for e in reversed(client.history()) if e.kind == "trade_proposed")
        give, take = sent.trade.give, sent.trade.take
        assert (give.deeds, give.cards) == ((), ("travel/forward_7",))
        assert take.deeds == () and len(take.cards) == 1


async def test_an_offer_received_is_answered_with_a_plain_letter() -> None:
    """Ctrl+A is GNU screen's own key: a, r and o answer an offer."""
    seats = [VERA, Seat(name="Grace", kind="human")]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, TradeScreen)
        await pilot.press("D", "space", "c", "9", "0", "ctrl+s")
        await settle(pilot)
        answer = app.screen
        assert isinstance(answer, TradeScreen) and answer.mode == "received" and answer.player == 1
        await pilot.press("a")
        await settle(pilot)
        assert client.view(0).deeds[BALTIC].owner == 0 and client.view(0).players[1].cash == 1590


async def test_a_field_chosen_right_after_change_the_offer_keeps_the_focus() -> None:
    """e puts the focus on the cash you offer, but a part chosen at once (C, their cash) wins: the digits
    that follow go where the person sent them, never into the other side's cash."""
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_ada_holds_baltic), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _offer_cash_for_baltic(pilot, app, 10)
        assert screen.mode == "answered"
        burst(app, "e", "C", "5")
        for _ in range(12):  # past every deferred refocus the negotiator schedules
            await pilot.pause()
        give, take = screen.query_one("#give-cash", Input), screen.query_one("#take-cash", Input)
        assert screen.focused is take
        assert (give.value, take.value) == ("10", "5")


async def test_a_negotiator_closed_in_the_moment_it_opened_leaves_the_game_playing() -> None:
    """Over SSH a stand-in or a bot can settle what a dialog was opened for before it is shown: the
    dialog then has nothing to fill, and the game goes on rather than ending the player's session."""
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game_screen = app.screen
        app.push_screen(TradeScreen(game_screen, 0))  # type: ignore[arg-type]
        app.pop_screen()
        await settle(pilot)
        assert app.screen is game_screen and app.return_code is None
        await pilot.press("r")
        await settle(pilot)
        assert client.view(0).players[0].position == 3


async def test_digits_typed_one_by_one_from_the_partner_list_all_reach_the_cash_offered() -> None:
    """A digit typed where no field has the focus starts the cash offered and takes the focus there; the
    digits after it, each its own key press, go on after it (taking the focus had selected the first
    digit, and the second typed over it)."""
    seats = [VERA, ADA, GRACE]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _negotiator(pilot, app)
        await pilot.press("p", "down", "down", "enter")  # the list opened, Ada chosen
        await pilot.pause()
        assert screen.draft.partner == 1
        for digit in "125":
            await pilot.press(digit)
            await pilot.pause()
            await pilot.pause()
        cash = screen.query_one("#give-cash", Input)
        assert screen.focused is cash and cash.value == "125"
        assert "gives $125" in str(screen.query_one("#effects").render())


async def test_the_negotiators_group_line_tells_each_group_as_the_deal_leaves_it() -> None:
    """Vera holds St. James Place and asks for Tennessee and New York Avenues, giving Oriental Avenue
    (one of Ada's light blues): each orange line says the deal completes her group, not "1 of 3"."""

    def arrange(game: Game) -> None:
        deeds = game.state.deeds
        deeds[ST_JAMES].owner = deeds[ORIENTAL].owner = 0
        deeds[TENNESSEE].owner = deeds[NEW_YORK].owner = deeds[VERMONT].owner = 1

    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, arrange=arrange), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _negotiator(pilot, app)
        screen.query_one("#take", SelectionList).select(TENNESSEE)
        screen.query_one("#take", SelectionList).select(NEW_YORK)
        screen.query_one("#give", SelectionList).select(ORIENTAL)
        await pilot.pause()
        take = screen.query_one("#take", SelectionList)
        take.highlighted = next(
            i for i in range(take.option_count) if take.get_option_at_index(i).value == NEW_YORK
        )
        await pilot.pause()
        note = str(screen.query_one("#note").render())
        assert "Orange: completes Vera's group (3 of 3 after the deal)" in note
        await pilot.press("ctrl+s")  # sent: the offer, and each deed's line under it
        await settle(pilot)
        offer = str(screen.query_one("#offer").render())
        assert offer.count("Orange: completes Vera's group (3 of 3 after the deal)") == 2
        assert "Light Blue: Ada holds 2 of 3 after the deal" in offer
        assert "holds 1 of 3" not in offer
