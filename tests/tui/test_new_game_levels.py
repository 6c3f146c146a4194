"""The bots' levels: said on the new-game form and in the quick game's line, asked of bots only, shown
beside each bot's name at the table; Start and Back in sight at 80x24."""

from __future__ import annotations

from textual.widgets import Button, OptionList, Static

from room import Persistence
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.screens.start import StartScreen
from tui.text import captions
from tui.widgets.holdings import HoldingsPanel
from tui.widgets.steady_select import SteadySelect

from playtable import game_screen, settle


def _menu_app(**opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed="instant", name="Vera")
    return LandlordsApp(options, Opening(**opening), Persistence.off())  # type: ignore[arg-type]


async def test_the_form_explains_every_level_and_asks_it_of_bots_only() -> None:
    app = _menu_app(kind="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        said = str(form.query_one("#levels", Static).render())
        for level in ("easy", "normal", "hard", "expert", "random"):
            assert f"{level} " in said, level
        person, bot = form.query(SeatRow)[:2]
        assert person.seat.kind == "human" and bot.seat.kind == "bot"
        assert not person.query_one(".level", SteadySelect).visible  # a person has no level
        assert bot.query_one(".level", SteadySelect).visible
        bot.query_one(".kind", SteadySelect).value = "human"
        await pilot.pause()
        assert not bot.query_one(".level", SteadySelect).visible
        person.query_one(".kind", SteadySelect).value = "bot"
        await pilot.pause()
        assert person.query_one(".level", SteadySelect).visible


async def test_start_and_back_are_in_sight_at_80_by_24() -> None:
    app = _menu_app(kind="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("ctrl+n", "ctrl+n")  # six seats: a longer form
        await pilot.pause()
        for button in ("#start", "#back"):
            region = form.query_one(button, Button).region
            assert region.height == 1 and region.bottom <= 24 - 1, (button, region)  # above the footer
        await pilot.click("#start")
        await settle(pilot)
        assert game_screen(app).client.seats[5].level == "normal"


async def test_the_quick_game_says_its_bots_level() -> None:
    app = _menu_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        menu = app.screen.query_one("#menu", OptionList)
        assert "You and three normal bots" in str(menu.get_option_at_index(0).prompt)


async def test_the_table_shows_each_bots_level_beside_its_name() -> None:
    app = _menu_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await settle(pilot)
        client = game_screen(app).client
        view = client.view(0)
        rows = [row.plain for row in captions.player_rows(client, view, app.glyphs, 64, {0})]
        for row, seat in zip(rows, client.seats, strict=True):
            assert f" {seat.name} " in row
            assert row.rstrip().endswith("normal" if seat.is_bot else "you"), row
        shown = app.screen.query_one(HoldingsPanel).plain_lines
        worth = [line for line in shown if "worth" in line]
        assert [line.rstrip().endswith("normal") for line in worth] == [s.is_bot for s in client.seats]
