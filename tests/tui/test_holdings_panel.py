"""The holdings panel keeps its text's width whether its scrollbar shows or not: a scrollbar that came with
a longer list covered the last digit of a player's cash until the panel was drawn again."""

from __future__ import annotations

from tui.widgets.holdings import HoldingsPanel

from playtable import app_for, settle, showcase_client


async def test_the_scrollbar_coming_leaves_the_holdings_text_as_wide() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(HoldingsPanel)
        panel.styles.height = 36
        await pilot.pause()
        await pilot.pause()
        assert panel.max_scroll_y == 0 and not panel.show_vertical_scrollbar, "the whole list fits"
        wide = panel.text_width
        panel.styles.height = 6  # the list no longer fits: a scrollbar comes
        await pilot.pause()
        await pilot.pause()
        assert panel.max_scroll_y > 0 and panel.show_vertical_scrollbar
        assert panel.text_width == wide
