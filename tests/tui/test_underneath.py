"""A dialog keeps the dimmed picture of the table under it and draws again only the rows that changed: the
picture it shows is the one a complete drawing would give."""

from __future__ import annotations

import pytest
from playtable import app_for, settle, showcase_client, trade_dialog_over_table
from textual._compositor import Compositor
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from tui.widgets.status import StatusBar
from tui.widgets.tinted import DimmedScreen, Underneath


def segments(lines: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(seg.text, seg.style) for seg in line] for line in lines]


async def test_a_change_under_a_dialog_redraws_its_rows_and_the_picture_matches_a_whole_drawing() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        kept = dialog.underneath
        assert kept.rows == set() and len(kept.lines) == 40  # drawn whole once, when it opened

        game_screen.query_one(StatusBar).show(Content("the first change under it"))
        await settle(pilot)  # the table's own screen was repainted whole when the dialog opened
        before = list(kept.lines)
        game_screen.query_one(StatusBar).show(Content("a line that was not there before"))
        await settle(pilot)

        changed = [y for y, (old, new) in enumerate(zip(before, kept.lines, strict=True)) if old is not new]
        assert changed == [0]  # only the status line's row was drawn again
        assert "a line that was not there before" in kept.lines[0].text
        _, color, base = kept.key
        whole = DimmedScreen(game_screen, color, Underneath())  # type: ignore[arg-type]
        fresh = whole.render_strips(120, 40, Style.from_rich_style(base), RenderOptions(None, None))  # type: ignore[arg-type]
        assert segments(kept.lines) == segments(fresh)


async def test_a_dialog_closed_repaints_the_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a dialog draws the whole table once (Textual also laid it out and drew it a second time,
    when the dialog's screen was removed)."""
    whole: list[int] = []
    draw = Compositor.render_full_update

    def counted(self: Compositor, simplify: bool = False) -> object:
        whole.append(1)
        return draw(self, simplify=simplify)

    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        monkeypatch.setattr(Compositor, "render_full_update", counted)
        dialog.dismiss()
        await settle(pilot)
        await settle(pilot)
        assert app.screen is game_screen and len(whole) == 1
