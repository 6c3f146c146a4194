"""A dialog closed by the game and by a key in the same moment closes once, and nothing under it."""

from __future__ import annotations

from playtable import app_for, settle, showcase_client, trade_dialog_over_table


async def test_a_key_read_as_the_game_closed_its_dialog_closes_nothing_else() -> None:
    """Over SSH a key can be read just after the game closed the dialog it was pressed in (a stand-in
    settled it): the key closes nothing (it used to fail the session, and could close the game screen)."""
    app = app_for(showcase_client())
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        dialog.dismiss()  # the game settled what it was open for
        dialog.action_close()  # an Escape read in the same moment
        await settle(pilot)
        assert app.screen is game_screen and app.return_code is None
        assert game_screen.is_attached
