"""The dialogs that open most (buy, auction, jail, income tax, cards, the trade negotiator) are kept
between uses: the same dialog comes back for the next decision, filled anew as a new one would be, and
goes with the game screen."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Label, SelectionList, Static

from engine import Game
from room import Seat
from room.lesson import EXPLANATIONS
from tui.app import LandlordsApp
from tui.dialog_router import KEPT
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.mortgage import MortgageDialog
from tui.dialogs.trade import TradeScreen
from tui.styles.themes import DARK, LIGHT
from tui.text.announcements import Card
from tui.widgets.lesson_note import LessonNote

from playtable import ADA, GRACE, VERA, app_for, client_for, game_screen, play_until, scripted_game, settle

BALTIC, VERMONT = 3, 8


def _two_landings() -> LandlordsApp:
    """Vera lands on Baltic Avenue, Ada on Reading Railroad, then Vera on Vermont Avenue."""
    seats = [VERA, ADA]
    return app_for(client_for(scripted_game(seats, [(1, 2), (2, 3), (2, 3)]), seats))


async def _play(pilot: Pilot[int], *keys: str) -> None:
    """Each key pressed once the table has settled (the bots moved, the screens caught up)."""
    await settle(pilot)
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def _kept_names(app: LandlordsApp) -> list[str]:
    return [name for name in app._installed_screens if name.startswith("kept-dialog-")]


async def test_the_buy_dialog_comes_back_for_the_next_deed_filled_anew() -> None:
    app = _two_landings()
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "r")
        first = app.screen
        assert isinstance(first, BuyDialog)
        assert "Baltic Avenue" in str(first.query_one("#title", Label).content)
        first.set_focus(first.query_one("#decline"))  # left focused on the second button
        first.show_lesson(EXPLANATIONS["purchase"])  # and a lesson at its foot
        await pilot.pause()
        assert len(first.query(LessonNote)) == 1
        await _play(pilot, "b")
        assert not isinstance(app.screen, BuyDialog) and first.is_attached  # kept, off the stack
        await _play(pilot, "e", "r")  # Vera's turn ends, Ada plays hers, and Vera throws again
        again = app.screen
        assert again is first  # the same dialog, not a new one
        title = str(again.query_one("#title", Label).content)
        assert "Vermont Avenue" in title and "Baltic" not in title
        assert again.focused is not None and again.focused.id == "buy"  # focused as a new one is
        assert not again.query(LessonNote)  # this game teaches nothing: the last note went
        assert "$100" in str(again.query_one("#buy").label)  # type: ignore[attr-defined]
        await _play(pilot, "b")
        assert game_screen(app).client.view(0).deeds[VERMONT].owner == 0


async def test_the_auction_dialog_comes_back_without_the_last_auctions_limit_or_bid() -> None:
    app = _two_landings()
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "r", "a")  # Baltic goes to auction
        auction = app.screen
        assert isinstance(auction, AuctionDialog)
        await pilot.press("5", "0", "0", "u")  # bid for Vera up to $500: she takes Baltic at the least bid
        await settle(pilot)
        assert auction.limit == 500
        assert game_screen(app).client.view(0).deeds[BALTIC].owner == 0
        assert not isinstance(app.screen, AuctionDialog)
        await _play(pilot, "e", "r", "a")  # Vermont to auction: the same dialog, nothing of Baltic's in it
        reopened = app.screen is auction  # (not narrowed to the screen's type, as an assert of `is` would)
        assert reopened
        assert auction.limit is None and not auction._typed
        assert "Vermont Avenue" in str(auction.query_one("#title", Label).content)
        assert auction.bidder() == 0  # not bid for: the dialog waits for Vera
        assert int(auction.query_one("#amount", Input).value) == auction._minimum()


async def test_the_kept_dialogs_go_with_the_game_screen() -> None:
    app = _two_landings()
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, BuyDialog) and "buy" in KEPT
        assert len(_kept_names(app)) == 1
        app._back_to_start()
        await pilot.pause()
        await pilot.pause()
        assert _kept_names(app) == []
        assert not dialog.is_attached


async def test_the_card_dialog_comes_back_with_the_next_cards_words() -> None:
    app = _two_landings()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        router = game_screen(app).router
        first = router.card_dialog(Card("Vera", "a Chance card", "Advance to Go."))
        await app.push_screen(first)
        await pilot.pause()
        assert "Advance to Go." in str(first.query_one("#text", Static).content)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not first
        again = router.card_dialog(Card("Vera", "a Community Chest card", "Bank error in your favor."))
        assert again is first
        await app.push_screen(again)
        await pilot.pause()
        assert str(again.query_one("#text", Static).content) == "Bank error in your favor."
        assert "Community Chest" in str(again.query_one("#title", Label).content)


MEDITERRANEAN = 1
ORIENTAL, CONNECTICUT, TENNESSEE, NEW_YORK, ST_JAMES = 6, 9, 18, 19, 16


def _trading_table(game: Game) -> None:
    """Vera holds two light blues and Tennessee, Ada the last light blue and two oranges: each holds the
    deed that completes the other's group, so the bot offers the swap once offers may be made."""
    deeds = game.state.deeds
    for space in (ORIENTAL, VERMONT, TENNESSEE, MEDITERRANEAN):
        deeds[space].owner = 0
    for space in (ST_JAMES, NEW_YORK, CONNECTICUT, BALTIC):
        deeds[space].owner = 1


def _trading_app(seats: list[Seat]) -> LandlordsApp:
    """The trading table (`_trading_table`), `seats` at it, Vera first."""
    return app_for(client_for(scripted_game(seats, arrange=_trading_table), seats))


async def test_the_negotiator_comes_back_empty_after_an_offer_given_up() -> None:
    app = _trading_app([VERA, ADA, GRACE])
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "t")
        first = app.screen
        assert isinstance(first, TradeScreen) and first.mode == "compose"
        assert first.query_one("#partner").is_blank()  # type: ignore[attr-defined]  # two to choose from
        first.query_one("#partner").value = 1  # type: ignore[attr-defined]
        await pilot.pause()
        first.query_one("#take", SelectionList).select(BALTIC)
        first.query_one("#give", SelectionList).select(MEDITERRANEAN)
        first.query_one("#give-cash", Input).value = "75"
        await pilot.pause()
        assert first.draft.partner == 1 and first.draft.take_deeds == {BALTIC}
        await _play(pilot, "escape")
        assert not isinstance(app.screen, TradeScreen) and first.is_attached  # kept, off the stack
        await _play(pilot, "t")
        again = app.screen
        assert again is first  # the same negotiator, nothing of the last offer in it
        assert again.mode == "compose" and again.draft.partner is None and again.draft.empty
        assert again.query_one("#partner").is_blank()  # type: ignore[attr-defined]
        assert not again.query_one("#give", SelectionList).selected
        assert again.query_one("#take", SelectionList).option_count == 0  # no partner, no deeds of theirs
        assert again.query_one("#give-cash", Input).value == "0"
        assert "Choose who to trade with" in str(again.query_one("#effects").render())
        assert again.focused is not None and again.focused.id == "partner"  # focused as a new one is
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TradeScreen)


async def test_the_kept_negotiator_answers_a_bots_offer_after_one_of_its_own() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, [(1, 1), (2, 3), (1, 2)], arrange=_trading_table), seats))
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "t")
        first = app.screen
        assert isinstance(first, TradeScreen) and first.draft.partner == 1  # the one other player
        first.query_one("#take", SelectionList).select(BALTIC)
        await pilot.pause()
        await _play(pilot, "escape", "r")
        await play_until(pilot, lambda: isinstance(app.screen, TradeScreen))
        again = app.screen
        assert again is first and again.mode == "received"
        assert again.received is not None and again.received.proposer == 1
        offer = str(again.query_one("#offer").render())
        assert "Connecticut Avenue" in offer and "Baltic" not in offer
        assert again.focused is not None and again.focused.id == "accept"
        asked = again.received.take.deeds  # what Ada asks of Vera
        await pilot.press("ctrl+a")
        await settle(pilot)
        view = game_screen(app).client.view(0)
        assert view.deeds[CONNECTICUT].owner == 0
        assert asked and all(view.deeds[space].owner == 1 for space in asked)


async def test_the_mortgage_dialog_comes_back_on_its_first_row_with_the_deeds_as_they_stand() -> None:
    app = _trading_app([VERA, ADA, GRACE])
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "m")
        first = app.screen
        assert isinstance(first, MortgageDialog)
        rows = first.query_one(DataTable)
        assert rows.row_count == 4  # Mediterranean, Oriental, Vermont, Tennessee
        await _play(pilot, "down", "down", "m")  # Vermont mortgaged
        assert game_screen(app).client.view(0).deeds[VERMONT].mortgaged
        assert first.selected() == VERMONT
        await _play(pilot, "escape")
        assert not isinstance(app.screen, MortgageDialog) and first.is_attached  # kept, off the stack
        await _play(pilot, "m")
        again = app.screen
        assert again is first  # the same dialog, filled anew
        assert again.selected() == MEDITERRANEAN and rows.cursor_row == 0
        assert "mortgaged" in str(rows.get_row_at(2)[1])  # Vermont, as it stands now
        assert again.focused is rows


async def test_a_kept_dialog_is_styled_again_only_when_the_app_s_styles_changed() -> None:
    """Back on top with nothing changed since it was last styled, a kept dialog is not styled anew (each
    of its nodes styles itself as its classes change); after a change of theme it is, and shows it."""
    app = _two_landings()
    async with app.run_test(size=(100, 30)) as pilot:
        await _play(pilot, "r")
        buy = app.screen
        assert isinstance(buy, BuyDialog)
        await _play(pilot, "escape")  # set aside: reopened with Enter
        styled: list[object] = []
        whole = app.update_styles

        def counted(node: object, animate: bool = True) -> None:
            styled.append(node)
            whole(node, animate)  # type: ignore[arg-type]

        app.update_styles = counted  # type: ignore[method-assign]
        await _play(pilot, "enter")
        assert app.screen is buy and buy not in styled  # the same styles: not walked again
        await _play(pilot, "escape")
        before = buy.query_one("#dialog").styles.background
        app.theme = LIGHT if app.theme != LIGHT else DARK
        await _play(pilot, "enter")
        assert app.screen is buy and buy in styled  # a new theme: styled again
        after = buy.query_one("#dialog").styles.background
        assert after != before
        await pilot.press("escape")
        await pilot.pause()
        fresh = BuyDialog(game_screen(app), buy.decision)  # type: ignore[arg-type]
        await app.push_screen(fresh)
        await pilot.pause()
        assert fresh.query_one("#dialog").styles.background == after  # as a new one is styled


async def test_a_closed_dialog_lets_go_of_the_table_it_drew_under_it_and_draws_it_anew() -> None:
    """Its own lines (the dimmed table, a whole screen of them) go as it closes; its widgets keep theirs.
    Back on top it shows what a dialog made then would: the table as it is now under it."""
    shots = []
    for keep in (True, False):
        app = _two_landings()
        async with app.run_test(size=(100, 30)) as pilot:
            await _play(pilot, "r")
            first = app.screen
            assert isinstance(first, BuyDialog) and first._styles_cache._cache
            buttons = first.query_one("#buy")
            await _play(pilot, "b")
            assert first.is_attached and first not in app.screen_stack
            assert not first._styles_cache._cache and not first._render_cache.lines
            assert buttons._styles_cache._cache  # kept, to come back as it was
            if not keep:
                app.uninstall_screen(first)  # the next deed gets a dialog made then
            await _play(pilot, "e", "r")
            assert isinstance(app.screen, BuyDialog) and (app.screen is first) is keep
            shots.append(app.export_screenshot())
    assert shots[0] == shots[1]
