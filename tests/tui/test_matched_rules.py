"""Widgets standing in the same place under the same rules share what those rules were matched to, and
are styled exactly as when each is matched on its own: in a dialog opened again, as the focus moves, and
under another theme."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tui.app import LandlordsApp
from tui.patches import matched_rules

from playtable import app_for, made_ahead, settle, showcase_client
from unpatched import textuals_own

Styles = list[tuple[str, str | None, tuple[str, ...]]]


def styles_of(app: LandlordsApp) -> Styles:
    return [
        (type(w).__name__, w.id, tuple(w.styles.base.css_lines))
        for w in app.screen.walk_children(with_self=True)
        if isinstance(w, Widget)
    ]


async def _session(app: LandlordsApp) -> list[Styles]:
    """The styles of every widget at each step: the table, the trade dialog, the focus moved in it twice,
    the dialog closed and opened again, and the light theme."""
    seen: list[Styles] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await made_ahead(pilot)  # on the wall clock: waited for, so that every session matches as many
        seen.append(styles_of(app))
        for keys in (["t"], ["tab"], ["tab", "tab"], ["escape", "t"]):
            await pilot.press(*keys)
            await settle(pilot)
            seen.append(styles_of(app))
        app.theme = "landlords-light"
        await settle(pilot)
        seen.append(styles_of(app))
    return seen


async def test_widgets_are_styled_the_same_with_shared_and_with_their_own_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shared = await _session(app_for(showcase_client()))
    again = await _session(app_for(showcase_client()))  # a second app: its widgets found in the places
    monkeypatch.setattr(matched_rules, "MOST_RULE_LISTS", 3)  # numbered again and again, all forgotten
    renumbered = await _session(app_for(showcase_client()))
    with textuals_own(matched_rules):
        own = await _session(app_for(showcase_client()))
    assert len(own) == 6 and all(len(step) > 10 for step in own)
    assert own[1] != own[0] and own[2] != own[1]  # the steps differ: a dialog, then the focus moved
    assert shared == own and again == own and renumbered == own


def test_matches_are_kept_for_each_place_and_forgotten_past_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    matched_rules._matched.clear()
    asyncio.run(_session(app_for(showcase_client())))
    places = len(matched_rules._matched)
    assert 20 < places < matched_rules.MOST_KEPT
    asyncio.run(_session(app_for(showcase_client())))
    assert len(matched_rules._matched) == places  # the second app stood where the first had
    monkeypatch.setattr(matched_rules, "MOST_KEPT", places)
    asyncio.run(_session(app_for(showcase_client())))
    assert len(matched_rules._matched) <= places


def test_stylesheets_are_numbered_by_the_rules_they_hold() -> None:
    """The same rules (parsed once for the process) share a number; a source added makes new rules and a
    new number, so nothing matched under the old rules is taken for the new."""
    from textual.css.stylesheet import Stylesheet

    def sheet(*sources: str) -> Stylesheet:
        made = Stylesheet(variables={"primary": "red"})
        for i, css in enumerate(sources):
            made.add_source(css, read_from=("test", str(i)), is_default_css=True)
        made.parse()
        return made

    first, second = sheet("Button { width: 12; }"), sheet("Button { width: 12; }")
    assert matched_rules._number(first) == matched_rules._number(second)
    grown = sheet("Button { width: 12; }")
    number = matched_rules._number(grown)
    grown.add_source("Button { height: 3; }", read_from=("test", "more"), is_default_css=True)
    grown.reparse()
    assert matched_rules._number(grown) != number
    assert matched_rules._number(sheet("Button { width: 13; }")) != number
