"""`l` where the log is shown under the board gives it the keys there, not a second copy beside it."""

from __future__ import annotations

from tui.widgets.event_log import EventLog

from playtable import ADA, VERA, app_for, client_for, game_screen, scripted_game, settle


async def test_l_with_the_log_under_the_board_shows_it_once() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = game_screen(app)
        below = table.query_one("#log-below", EventLog)
        assert below.display
        table.set_focus(None)
        await pilot.press("l")
        await pilot.pause()
        shown = [log for log in table.query(EventLog) if log.display and log.region.height]
        assert shown == [below]
        assert app.focused is below
