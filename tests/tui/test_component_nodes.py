"""A widget's parts are styled on the same stand-in nodes each time (`tui.patches.component_nodes`): a
screen that comes back under a closed dialog leaves no reference cycle behind, and draws as Textual does."""

from __future__ import annotations

import gc

from textual.dom import DOMNode

from tui.app import LandlordsApp
from tui.patches import component_nodes

from playtable import app_for, settle, showcase_client
from unpatched import textuals_own


def picture(app: LandlordsApp) -> list[list[tuple[str, str]]]:
    return [[(seg.text, str(seg.style)) for seg in strip] for strip in app.screen._compositor.render_strips()]


async def dropped_stand_ins(app: LandlordsApp) -> tuple[int, list[list[tuple[str, str]]]]:
    """Stand-ins dropped by widgets still alive, over three trade dialogs opened and closed and a change
    of theme; and the picture at the end."""
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for _ in range(3):
                await pilot.press("t")
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
            app.theme = "landlords-light"
            await pilot.pause()
            gc.collect()
            garbage = list(gc.garbage)
        finally:
            gc.garbage.clear()
            gc.set_debug(0)
        dead = {id(o) for o in garbage}
        dropped = sum(
            1 for o in garbage if type(o) is DOMNode and o._parent is not None and id(o._parent) not in dead
        )
        del garbage
        return dropped, picture(app)


async def test_a_screen_back_on_top_keeps_its_widgets_stand_ins() -> None:
    dropped, _ = await dropped_stand_ins(app_for(showcase_client()))
    assert dropped == 0


async def test_textual_drops_them_and_draws_the_same() -> None:
    with textuals_own(component_nodes):
        dropped, textuals = await dropped_stand_ins(app_for(showcase_client()))
    assert dropped > 0  # the reason for the patch
    _, ours = await dropped_stand_ins(app_for(showcase_client()))
    assert ours == textuals
