"""The event log under the board follows the game: opening the log beside it, scrolling that back and
closing it (which changes the size of the one under the board) never leaves it behind."""

from __future__ import annotations

from engine import new_game
from tui.widgets.event_log import EventLog

from playtable import ADA, GRACE, VERA, app_for, client_for, game_screen, play_until


async def test_the_log_under_the_board_follows_the_game_after_the_log_overlay_was_scrolled_and_closed() -> (
    None
):
    seats = [VERA, ADA, GRACE]
    client = client_for(new_game("classic", [s.name for s in seats], seed=4), seats)
    app = app_for(client)
    async with app.run_test(size=(100, 30)) as pilot:  # an SSH client's window: the log in an overlay
        screen = game_screen(app)
        await play_until(pilot, lambda: client.view(None).turn >= 2)
        below = screen.query_one("#log-below", EventLog)
        await pilot.press("l", "up", "home", "escape")
        await play_until(pilot, lambda: client.view(None).turn >= 6, steps=80)
        await pilot.pause()
        assert below.entry_count == len(screen._entries)
        assert below.is_vertical_scroll_end, (below.scroll_offset, below.virtual_size, below.size)
        side = screen.query_one("#side-log", EventLog)
        await pilot.press("l")  # the log scrolled back stays where it was put...
        await pilot.pause()
        assert side.chosen == 0
        assert not side.pinned
        await pilot.press("end")  # ...until it is brought to its end, which it follows again
        assert side.pinned
