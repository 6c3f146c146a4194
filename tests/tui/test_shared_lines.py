"""The board's spaces, its centre, the status line and the footer are turned into lines once for every
screen of the process that shows the same thing (the people at one table, on a server)."""

from __future__ import annotations

from textual.strip import Strip

from tui.app import LandlordsApp
from tui.widgets.board import BoardFace, CellState
from tui.widgets.centre import CentrePanel
from tui.widgets.shared_lines import SharedLines

from playtable import app_for, game_screen, settle, showcase_client


def drawn(app: LandlordsApp) -> dict[str, list[Strip]]:
    """The lines each shared widget of the screen last drew, by its place in the screen."""
    out: dict[str, list[Strip]] = {}
    for widget in app.screen.query(SharedLines):
        key = widget.id or type(widget).__name__
        out[key] = widget._render_cache.lines
    return out


def cells(app: LandlordsApp) -> dict[int, list[Strip]]:
    """The lines the board's face draws for each space, as it draws them."""
    face = game_screen(app).board.face
    width, height = face.cell_size
    return {space: face._cell(row, col, width, height) for space, (row, col) in face.grid.cells.items()}


def picture(app: LandlordsApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_two_screens_showing_one_table_share_their_lines() -> None:
    first = app_for(showcase_client())
    async with first.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before, seen, spaces = drawn(first), picture(first), cells(first)
    second = app_for(showcase_client())
    async with second.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        after = drawn(second)
        assert picture(second) == seen
        again = cells(second)
    assert len(spaces) == 40 and "centre" in before
    assert all(again[space] is spaces[space] for space in spaces)
    shared = [key for key in before if after.get(key) is before[key]]
    assert {"centre", "status"} <= set(shared)


async def test_another_theme_or_size_draws_its_own_lines() -> None:
    dark = app_for(showcase_client())
    async with dark.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        in_dark, dark_spaces = drawn(dark), cells(dark)
    light = app_for(showcase_client(), theme="light")
    async with light.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        in_light, light_spaces = drawn(light), cells(light)
    wider = app_for(showcase_client())
    async with wider.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        at_120, wide_spaces = drawn(wider), cells(wider)
    assert in_light["centre"] is not in_dark["centre"]
    assert at_120["centre"] is not in_dark["centre"]
    assert all(
        light_spaces[s] is not dark_spaces[s] and wide_spaces[s] is not dark_spaces[s] for s in dark_spaces
    )
    size = {(lines[0].cell_length, len(lines)) for lines in dark_spaces.values()}
    assert size.isdisjoint({(lines[0].cell_length, len(lines)) for lines in wide_spaces.values()})


async def test_a_changed_space_shows_its_change_and_nothing_else_moves() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = game_screen(app).board
        face = app.screen.query_one(BoardFace)
        states = [board.state_of(space) for space in range(40)]
        old = states[1]
        assert old is not None and not old.hotel
        seen = picture(app)
        states[1] = CellState(**{**old.__dict__, "houses": 0, "hotel": True})
        board.show(states)  # type: ignore[arg-type]
        await pilot.pause()
        now = picture(app)
        where = face.region_of(1).translate(face.region.offset)
        changed = {
            (x, y)
            for y, (a, b) in enumerate(zip(seen, now, strict=True))
            for x in range(len(a))
            if a[x] != b[x]
        }
        assert changed and all(where.contains(x, y) for x, y in changed)
        assert old.glyphs.hotel in "".join(
            now[y][where.x : where.right] for y in range(where.y, where.bottom)
        )
        centre = app.screen.query_one(CentrePanel)
        assert centre._render_cache.lines
