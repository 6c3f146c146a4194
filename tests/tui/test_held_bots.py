"""The centre's prompt says what the game waits on: while a window over the table holds the bots, the
person's key to close it, never that the bots are moving."""

from __future__ import annotations

from tui.screens.why import WhyScreen
from tui.widgets.centre import CentrePanel

from playtable import ADA, VERA, app_for, client_for, game_screen, scripted_game, settle


def _prompt(app) -> str:  # type: ignore[no-untyped-def]
    centre = game_screen(app).board.centre
    assert isinstance(centre, CentrePanel)
    return "\n".join(line.plain for line in centre._header_lines)


async def test_a_window_holding_the_bots_is_named_in_the_prompt() -> None:
    seats = [VERA, ADA]
    client = client_for(scripted_game(seats, dice=[(1, 2)]), seats)
    app = app_for(client, speed="slow")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("a")  # no purchase
        await pilot.pause()
        while app.screen is not game_screen(app):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert client.bots_due()
        assert "Bots are moving" in _prompt(app)
        await pilot.press("y")  # the rules of the space selected
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        assert client.bots_due()
        said = _prompt(app)
        assert "Bots are moving" not in said
        assert "close" in said
        await pilot.press("escape")
        await pilot.pause()
        assert "Bots are moving" in _prompt(app)
