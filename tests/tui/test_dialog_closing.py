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


async def test_a_dialog_closing_leaves_the_focus_where_the_person_left_it() -> None:
    """The table's first panel has the focus when the table is first shown; once the person let it go
    (Escape), a dialog coming and going does not hand it back (nor style the screen anew for it)."""
    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert table.focused is not None and table.focused.id == "log-below"
        await pilot.press("escape")
        await settle(pilot)
        assert table.focused is None
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        dialog.dismiss()
        await settle(pilot)
        assert app.screen is game_screen and game_screen.focused is None
        game_screen.set_focus(game_screen.query_one("#log-below"))
        game_screen, dialog = await trade_dialog_over_table(app, pilot)
        dialog.dismiss()
        await settle(pilot)
        assert game_screen.focused is not None and game_screen.focused.id == "log-below"


async def test_a_dialog_first_on_top_is_styled_as_a_full_styling_would() -> None:
    """A dialog coming on top for the first time is not styled a second time (it was styled as it was
    mounted, moments before): what it shows is what styling it all again shows."""
    app = app_for(showcase_client())
    async with app.run_test(size=(100, 30)) as pilot:
        _table, dialog = await trade_dialog_over_table(app, pilot)
        shown = [list(strip) for strip in dialog._compositor.render_strips()]
        app.update_styles(dialog, animate=False)
        dialog.refresh(layout=True)
        await settle(pilot)
        assert [list(strip) for strip in dialog._compositor.render_strips()] == shown
