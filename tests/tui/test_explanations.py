"""Screens that explain themselves: a board's letters said in words where the selection is, each column
of the results explained as the selection moves over it, each option of the new-game form in a
sentence when it has the focus."""

from __future__ import annotations

from textual.widgets import DataTable, Select, Static

from room import Persistence
from room.rule_choices import HELP
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game_over import COLUMNS, GameOverScreen
from tui.screens.new_game import NewGameScreen
from tui.text.spaces import legend

from playtable import (
    ADA,
    VERA,
    app_for,
    click_space,
    client_for,
    game_screen,
    scripted_game,
    settle,
    showcase_client,
)


def _legend(edition: str, space: int) -> str:
    client = client_for(scripted_game([VERA, ADA], edition=edition), [VERA, ADA])
    return legend(client.view(0), client.board, space)


def test_the_boards_abbreviations_are_said_in_words() -> None:
    assert _legend("finance-1936", 27) == '"Sweeps 10x": every other player pays you 10 times a throw'
    assert _legend("finance-1936", 32) == '"Gayety $5 ea": a seat for every player in the game, $5 each'
    assert _legend("landlords-1904", 4) == '"NoTresp": go to the jail beside Coal'
    assert _legend("classic", 4) == '"Inc.Tax $200": pay $200 or 10% of your worth'


async def test_the_line_under_the_board_explains_the_selected_space() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click_space(pilot, 30)
        await pilot.pause()
        head = game_screen(app)._centre_head(game_screen(app).client.view(0), 0)
        assert '"To Jail": go straight to jail' in head[-1].plain


async def test_the_results_explain_the_column_the_selection_is_on() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(game_screen(app).client))  # the results, as `o` shows them
        await pilot.pause()
        results = app.screen
        assert isinstance(results, GameOverScreen)
        key = results.query_one("#key", Static)
        standings = results.query_one("#standings", DataTable)
        standings.focus()
        await pilot.pause()
        assert str(key.render()).startswith(f"#: {COLUMNS['#']}")
        await pilot.press("right", "right")
        await pilot.pause()
        assert str(key.render()).startswith(f"Net worth: {COLUMNS['Net worth']}")
        results.query_one("#stats", DataTable).focus()
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()
        assert str(key.render()).startswith(f"Received: {COLUMNS['Received']}")


async def test_the_new_game_form_explains_the_option_with_the_focus() -> None:
    app = LandlordsApp(
        AppOptions(theme="dark", speed="instant", name="Vera"), Opening(kind="new", seed=1), Persistence.off()
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        said = form.query_one("#option-help", Static)
        assert not said.display  # nothing to explain until an option has the focus
        form.query_one("#seed").focus()
        await pilot.pause()
        assert said.display and str(said.render()) == HELP["seed"]
        form.query_one("#edition", Select).value = "addon"
        await pilot.pause()
        option = form.query_one("#opt-airplane")
        option.focus()
        await pilot.pause()
        assert str(said.render()).startswith("The airplane: An airplane starts on Free Parking;")
