"""The board's spaces, its centre, the status line and the footer are turned into lines once for every
screen of the process that shows the same thing (the people at one table, on a server)."""

from __future__ import annotations

from textual.strip import Strip
from textual.visual import Visual

from tui.app import LandlordsApp
from tui.widgets.board import CellState, SpaceCell
from tui.widgets.centre import CentrePanel
from tui.widgets.shared_lines import SharedLines

from playtable import app_for, settle, showcase_client


def drawn(app: LandlordsApp) -> dict[str, list[Strip]]:
    """The lines each shared widget of the screen last drew, by its place in the screen."""
    out: dict[str, list[Strip]] = {}
    for widget in app.screen.query(SharedLines):
        key = widget.id or type(widget).__name__
        out[key] = widget._render_cache.lines
    return out


def picture(app: LandlordsApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_two_screens_showing_one_table_share_their_lines() -> None:
    first = app_for(showcase_client())
    async with first.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before, seen = drawn(first), picture(first)
    second = app_for(showcase_client())
    async with second.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        after = drawn(second)
        assert picture(second) == seen
    cells = [key for key in before if key.startswith("space-")]
    assert len(cells) == 40 and "centre" in before
    shared = [key for key in before if after.get(key) is before[key]]
    assert set(cells) | {"centre", "status"} <= set(shared)


async def test_another_theme_or_size_draws_its_own_lines() -> None:
    dark = app_for(showcase_client())
    async with dark.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        in_dark = drawn(dark)
    light = app_for(showcase_client(), theme="light")
    async with light.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        in_light = drawn(light)
    wider = app_for(showcase_client())
    async with wider.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        at_120 = drawn(wider)
    assert in_light["centre"] is not in_dark["centre"]
    assert at_120["centre"] is not in_dark["centre"]
    assert all(in_light[key] is not in_dark[key] for key in in_dark if key.startswith("space-"))


async def test_a_changed_space_draws_what_textual_would_draw() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        cell = app.screen.query_one("#space-1", SpaceCell)
        old = cell.state
        assert old is not None
        before = cell._render_cache.lines
        cell.show(CellState(**{**old.__dict__, "houses": 0, "hotel": True}))
        await pilot.pause()
        cell.render_lines(cell.size.region)
        width, height = cell.size
        fresh = Visual.to_strips(cell, cell.render(), width, height, cell.visual_style)
        assert cell._render_cache.lines is not before
        assert [s.text for s in cell._render_cache.lines] == [s.text for s in fresh]
        assert [list(s) for s in cell._render_cache.lines] == [list(s) for s in fresh]
        centre = app.screen.query_one(CentrePanel)
        assert centre._render_cache.lines
