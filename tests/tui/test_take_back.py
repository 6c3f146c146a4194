"""`u` takes back a person's own decision since the last throw or card, in a game against bots: the
decision is put again, the log tells the story as it now stands; the dice are never thrown again."""

from __future__ import annotations

from tui.dialogs.buy import BuyDialog
from tui.screens.game import GameScreen

from playtable import ADA, VERA, app_for, client_for, game_screen, log_text, scripted_game, settle


async def test_u_takes_back_a_purchase_and_puts_the_decision_again() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, [(1, 2)]), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # 1 + 2: Baltic Avenue
        await settle(pilot)
        assert isinstance(app.screen, BuyDialog)
        cash = client.view(0).players[0].cash
        await pilot.press("b")
        await settle(pilot)
        screen = game_screen(app)
        shown: object = app.screen
        assert shown is screen and "bought Baltic Avenue" in log_text(app)
        assert client.view(0).deeds[3].owner == 0
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, BuyDialog)  # the decision is put again
        assert client.view(0).deeds[3].owner is None and client.view(0).players[0].cash == cash
        assert "bought Baltic Avenue" not in log_text(app)
        assert len(screen._entries) == len(client.history())
        assert client.room.takebacks == 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("u")  # nothing of Vera's since the throw: the throw stays
        await settle(pilot)
        assert client.room.takebacks == 1 and isinstance(app.screen, GameScreen)
