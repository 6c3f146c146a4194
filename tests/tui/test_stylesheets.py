"""Apps in one process share what they parse of the same CSS under the same theme, and style every
widget as they would each with their own."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from tui.app import LandlordsApp
from tui.patches import stylesheets

from playtable import app_for, settle, showcase_client
from unpatched import textuals_own

CSS = "Button { width: 12; background: $primary; }"


def parsed(css: str, variables: dict[str, str]) -> Stylesheet:
    sheet = Stylesheet(variables=variables)
    sheet.add_source(css, read_from=("test", "Button"), is_default_css=True)
    sheet.parse()
    return sheet


def test_two_stylesheets_with_the_same_theme_share_the_rules_they_parse() -> None:
    first, second = parsed(CSS, {"primary": "red"}), parsed(CSS, {"primary": "red"})
    assert first.rules and first.rules[0] is second.rules[0]
    other = parsed(CSS, {"primary": "blue"})  # another theme: its own rules, its own colour
    assert other.rules[0] is not first.rules[0]
    assert first.rules[0].styles.background != other.rules[0].styles.background


def test_css_with_an_error_is_refused_by_every_stylesheet() -> None:
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            parsed("Button { width: wide; }", {})


async def _styles(app: LandlordsApp) -> list[tuple[str, tuple[str, ...]]]:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")  # a dialog with many kinds of widget over the table
        await settle(pilot)
        return [
            (type(w).__name__, tuple(w.styles.base.css_lines))
            for w in app.screen.walk_children(with_self=True)
        ]


async def test_widgets_are_styled_the_same_with_shared_and_with_their_own_stylesheets() -> None:
    shared_before = await _styles(app_for(showcase_client()))
    shared_again = await _styles(app_for(showcase_client()))  # all of it from what the first parsed
    with textuals_own(stylesheets):
        own = await _styles(app_for(showcase_client()))
    assert len(own) > 40
    assert shared_before == own and shared_again == own
