"""The compositor cuts a widget's row into pieces only where some of it shows (`tui.patches.covered`), and
the screen it draws is the one Textual's own cutting draws."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tui.dialogs.buy import BuyDialog
from tui.patches import covered

from playtable import ADA, VERA, app_for, client_for, scripted_game, settle
from unpatched import textuals_own

ROLLS = [(1, 2), (5, 6), (6, 5), (1, 2)] * 3  # Vera to Baltic Avenue, which she is asked to buy


def _drawn(screen: Screen[Any]) -> list[list[tuple[str, object]]]:
    """Each cell of the screen: its character and its style (however the line's text is divided)."""
    return [
        [(char, segment.style) for segment in line for char in segment.text]
        for line in screen._compositor.render_strips()
    ]


def _pieces_kept(screen: Screen[Any]) -> int:
    """The pieces the lines of the screen's widgets keep from being cut (their caches' entries)."""
    kept = 0
    for widget in screen.walk_children(Widget, with_self=True):
        for line in widget._styles_cache._cache.values():
            for name in ("_divide_cache", "_crop_cache"):
                try:
                    cache = object.__getattribute__(line, name)  # not made if never used (`strips`)
                except AttributeError:
                    continue
                for value in cache._cache.values():
                    kept += len(value) if isinstance(value, list) else isinstance(value, Strip)
    return kept


def _forget_lines(screen: Screen[Any]) -> None:
    for widget in screen.walk_children(Widget, with_self=True):
        widget._styles_cache.clear()


async def test_the_table_and_a_dialog_are_drawn_as_textuals_cutting_draws_them() -> None:
    seats = [VERA, ADA]
    for size in ((100, 30), (80, 24), (120, 40)):
        app = app_for(client_for(scripted_game(seats, ROLLS), seats))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screens: list[Screen[Any]] = [app.screen]
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, BuyDialog)
            screens.append(app.screen)
            for screen in screens:
                ours = _drawn(screen)
                with textuals_own(covered):
                    textual = _drawn(screen)
                assert ours == textual, size
                assert any(char.strip() for line in ours for char, _ in line)  # something was drawn


async def test_a_row_covered_by_the_widgets_in_front_is_not_cut() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, ROLLS), seats))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        _forget_lines(table)
        _drawn(table)
        ours = _pieces_kept(table)
        _forget_lines(table)
        with textuals_own(covered):
            _drawn(table)
            textual = _pieces_kept(table)
        assert 0 < ours < textual * 0.6, (ours, textual)  # the containers behind the board keep none
