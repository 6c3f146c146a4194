"""Why did that happen: `y` on a line of the event log, or on a space, shows the rule that applied, its
source and the other editions' ways; Esc closes it."""

from __future__ import annotations

from engine.core.rule_ids import TITLES
from engine.queries import provenance
from tui.screens.why import WhyScreen
from tui.widgets.event_log import EventLog

from playtable import app_for, click_space, game_screen, settle, showcase_client


async def test_y_on_a_line_of_the_log_shows_the_rule_behind_it_and_esc_closes_it() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        log = screen.query_one("#log-below", EventLog)
        log.focus()
        await pilot.pause()
        for _ in range(3):
            await pilot.press("up")
        await pilot.pause()
        chosen = log.chosen
        assert chosen == len(screen._events) - 4
        event = screen._events[chosen]
        await pilot.press("y")
        await pilot.pause()
        why = app.screen
        assert isinstance(why, WhyScreen)
        assert why.heading == f"Why? {TITLES[event.rule]}"
        text = why.text
        assert text.splitlines()[0] == screen._entries[chosen].plain  # the line as the log told it
        here = provenance("classic", event.rule)
        assert here.known and here.text in text
        assert "In the other editions" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert log.chosen == chosen  # the selection stays where it was


async def test_y_on_a_space_shows_its_rules() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await click_space(pilot, 4)  # Income Tax
        await pilot.pause()
        screen.set_focus(None)
        await pilot.press("y")
        await pilot.pause()
        why = app.screen
        assert isinstance(why, WhyScreen)
        assert why.heading == "The rules of Income Tax"
        assert "Income Tax" in why.text and "In the other editions" in why.text
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
