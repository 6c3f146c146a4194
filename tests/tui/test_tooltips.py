"""A screen mounts its tooltip the first time a mouse moves over it (`tui.patches.tooltips`), and shows
it as Textual shows its own."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Label, Tooltip

from tui.patches import tooltips

from playtable import ADA, VERA, app_for, client_for, scripted_game, settle
from unpatched import textuals_own


class Hinted(App[None]):
    def compose(self) -> ComposeResult:
        yield Label("Roll", id="roll").with_tooltip("Throw the dice")
        yield Label("Plain", id="plain")


async def _hovered_shot() -> tuple[bool, str, str]:
    """Whether the screen had a tooltip before any mouse, and after resting on a hinted label: its text
    and the screen."""
    app = Hinted()
    async with app.run_test(size=(40, 8), tooltips=True) as pilot:
        composed = bool(app.screen.query_children(Tooltip))
        await pilot.hover("#roll")
        await pilot.pause(app.TOOLTIP_DELAY + 0.3)
        tooltip = app.screen.get_child_by_type(Tooltip)
        shown = str(tooltip.render()) if tooltip.display else ""
        await pilot.pause()
        return composed, shown, app.export_screenshot()


async def test_a_tooltip_is_mounted_at_the_first_mouse_move_and_shown_as_textual_shows_it() -> None:
    composed, shown, shot = await _hovered_shot()
    with textuals_own(tooltips):
        textual_composed, textual_shown, textual_shot = await _hovered_shot()
    assert textual_composed and not composed  # the reason: none until a mouse moves
    assert shown == textual_shown == "Throw the dice"
    assert shot == textual_shot


async def test_the_game_s_screens_hold_no_tooltip_until_a_mouse_moves() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(100, 30), tooltips=True) as pilot:
        await settle(pilot)
        assert not app.screen.query_children(Tooltip)
        await pilot.hover("#board")
        await pilot.pause()
        assert len(app.screen.query_children(Tooltip)) == 1
        await pilot.hover("#board", offset=(3, 3))
        await pilot.pause()
        assert len(app.screen.query_children(Tooltip)) == 1  # once a screen
