"""Building, selling and mortgaging through their dialogs: only legal steps go through."""

from __future__ import annotations

from textual.widgets import DataTable

from engine import Game
from tui.dialogs.build import BuildDialog
from tui.dialogs.mortgage import MortgageDialog

from playtable import ADA, VERA, app_for, client_for, log_text, scripted_game, settle

MEDITERRANEAN, BALTIC = 1, 3


def _browns(game: Game) -> None:
    game.state.deeds[MEDITERRANEAN].owner = 0
    game.state.deeds[BALTIC].owner = 0


async def test_building_evenly_on_a_complete_group() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_browns), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuildDialog)
        assert dialog.query_one(DataTable).row_count == 2
        await pilot.press("b")  # a house on Mediterranean Avenue
        await pilot.pause()
        view = client.view(0)
        assert view.deeds[MEDITERRANEAN].level == 1
        assert view.bank.houses == 31
        assert view.players[0].cash == 1450
        await pilot.press("up")  # the cursor moved on to Baltic Avenue; back to Mediterranean Avenue
        await pilot.pause()
        assert dialog.query_one("#build").disabled  # a second house there would be uneven
        await pilot.press("b")
        await pilot.pause()
        assert client.view(0).deeds[MEDITERRANEAN].level == 1
        await pilot.press("down", "b")
        await pilot.pause()
        assert client.view(0).deeds[BALTIC].level == 1
        await pilot.press("s")  # the cursor is back on Mediterranean Avenue
        await pilot.pause()
        view = client.view(0)
        assert view.deeds[MEDITERRANEAN].level == 0
        assert view.players[0].cash == 1500 - 100 + 25
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen
        assert "Vera built a house on Mediterranean Avenue for $50." in log_text(app)
        assert "Vera sold a house on Mediterranean Avenue for $25 (0 houses left)." in log_text(app)


async def test_mortgaging_and_lifting_a_mortgage() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_browns), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MortgageDialog)
        await pilot.press("m")
        await pilot.pause()
        view = client.view(0)
        assert view.deeds[MEDITERRANEAN].mortgaged
        assert view.players[0].cash == 1530
        table = app.screen.query_one(DataTable)
        assert [str(cell) for cell in table.get_row_at(0)[1:]] == ["mortgaged", "", "$33"], "one loan"
        assert [str(cell) for cell in table.get_row_at(1)[1:]] == ["", "+$30", "$33"]
        await pilot.press("u")
        await pilot.pause()
        view = client.view(0)
        assert not view.deeds[MEDITERRANEAN].mortgaged
        assert view.players[0].cash == 1530 - 33
        assert "Vera lifted the mortgage on Mediterranean Avenue for $33." in log_text(app)


async def test_no_building_without_a_group_gives_a_hint_not_a_dialog() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        bindings = {b.binding.action for b in app.active_bindings.values()}
        assert "play('roll')" in bindings and "build" not in bindings and "play('end_turn')" not in bindings
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is app.game_screen
        assert any("You own no streets" in n.message for n in app._notifications)
        await pilot.press("e")
        await pilot.pause()
        assert any("Not now" in n.message for n in app._notifications)


async def test_the_build_dialog_shows_each_lots_rent_now_and_with_one_building_more() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, arrange=_browns), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BuildDialog)
        table = dialog.query_one(DataTable)
        headings = [str(c.label) for c in table.columns.values()]
        assert "Rent" in headings
        rent = headings.index("Rent")
        # the whole group held, no house yet: double rent, and a house's rent once built
        assert [str(table.get_row_at(r)[rent]) for r in range(2)] == ["$4 → $10", "$8 → $20"]
        await pilot.press("b")  # a house on Mediterranean Avenue: Baltic Avenue is next to build
        await pilot.pause()
        assert [str(table.get_row_at(r)[rent]) for r in range(2)] == ["$10", "$8 → $20"]
