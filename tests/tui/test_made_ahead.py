"""The dialog of a person's first decision, a deed to buy, is made while the table waits (`Underlay.ahead`):
composed, styled and laid out off the stack, then opened for the real decision and showing what one made
at that moment shows."""

from __future__ import annotations

import pytest
from textual.widgets import Label

from tui.app import LandlordsApp
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.overlay import Underlay

from playtable import ADA, VERA, app_for, client_for, game_screen, made_ahead, scripted_game, settle

ROLLS = [(1, 2), (5, 6), (6, 5), (1, 2)] * 3  # Vera to Baltic Avenue, which she is asked to buy


def fresh_app() -> LandlordsApp:
    seats = [VERA, ADA]
    return app_for(client_for(scripted_game(seats, ROLLS), seats))


def top(app: LandlordsApp) -> object:
    return app.screen


async def test_the_buy_dialog_is_made_ahead_off_the_stack_and_opened_for_the_real_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Underlay, "PREPARE_AFTER", 0.05)
    app = fresh_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = game_screen(app)
        made = await made_ahead(pilot)
        assert [type(s).__name__ for s in made] == ["BuyDialog"]
        assert app.screen is table and not any(s in app.screen_stack for s in made)
        buy = made[0]

        await pilot.press("r")
        await settle(pilot)
        assert top(app) is buy  # the one made ahead, filled for the deed landed on
        assert str(buy.query_one("#title", Label).content) == "Vera: buy Baltic Avenue?"
        await pilot.press("a")
        await settle(pilot)
        auction = top(app)
        assert isinstance(auction, AuctionDialog)  # made when asked, as every other dialog
        assert "Baltic Avenue" in str(auction.query_one("#title", Label).content)


async def test_a_dialog_made_ahead_shows_what_one_made_when_asked_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same table and the same key, with the dialogs made ahead and without: the same screen."""
    shots = []
    for after in (0.05, 1000.0):  # the second never makes anything ahead
        monkeypatch.setattr(Underlay, "PREPARE_AFTER", after)
        app = fresh_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            table = game_screen(app)
            if after < 1:
                await made_ahead(pilot)
            else:
                await pilot.pause(0.2)
                assert not table.router._kept
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, BuyDialog)
            shots.append(app.export_screenshot())
    assert shots[0] == shots[1]
