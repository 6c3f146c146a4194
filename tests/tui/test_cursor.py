"""The terminal's cursor stands on the control that has the keyboard (braille displays and magnifiers
follow it): on the highlighted row of a list or a table, on a button, and where a text field types."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button, DataTable, Input

from room import Persistence
from tui.app import AppOptions, LandlordsApp, Opening
from tui.drawing import cursor


async def test_the_cursor_follows_the_highlighted_choice_of_the_start_menu() -> None:
    app = LandlordsApp(AppOptions(theme="dark", cursor=True), Opening(), Persistence.off())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.focused
        assert menu is not None
        first = app.cursor_position
        assert first.x == menu.content_region.x and menu.content_region.y <= first.y
        await pilot.press("down")
        await pilot.pause()
        assert app.cursor_position.y > first.y, "the cursor went down with the highlight"
        await pilot.press("up")
        await pilot.pause()
        assert app.cursor_position == first


class _Controls(App[None]):
    def compose(self) -> ComposeResult:
        yield Button("Buy", id="buy")
        table: DataTable[str] = DataTable(id="table")
        table.add_column("deed")
        for name in ("Baltic", "Oriental", "Vermont", "Boardwalk"):
            table.add_row(name)
        yield table
        yield Input(id="name")


async def test_the_spot_is_the_button_the_table_row_and_none_for_a_text_field() -> None:
    app = _Controls()
    async with app.run_test(size=(60, 20)) as pilot:
        button, table, field = app.query_one(Button), app.query_one(DataTable), app.query_one(Input)
        button.focus()
        await pilot.pause()
        assert cursor.spot(button) == button.content_region.offset
        table.focus()
        await pilot.press("down", "down")
        await pilot.pause()
        where = cursor.spot(table)
        assert where is not None
        assert where.y == table.content_region.y + table.header_height + 2  # the third row, below the header
        assert cursor.spot(field) is None  # a text field places it where the typing goes
        assert cursor.spot(None) is None
