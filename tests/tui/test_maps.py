"""A screen's layout leaves no map in a reference cycle (`tui.patches.maps`), and places every widget as
Textual's own layout does."""

from __future__ import annotations

import gc
import types

from textual._compositor import Compositor

from tui.patches import maps

from playtable import ADA, VERA, app_for, client_for, scripted_game, settle
from unpatched import textuals_own


def _in_cycle(thing: object) -> bool:
    """Whether a closure's cell refers to `thing` (what kept Textual's maps alive until a full pass)."""
    return any(isinstance(r, types.CellType) for r in gc.get_referrers(thing))


async def test_a_layout_hands_back_a_map_free_of_the_cycle_that_places_every_widget_the_same() -> None:
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats), seats))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        compositor: Compositor = app.screen._compositor
        root, size = app.screen, app.size
        placed, widgets = compositor._arrange_root(root, size, visible_only=False)
        kinds = {type(widget).__name__ for widget in placed}
        assert {"BoardFace", "CentrePanel", "StatusBar"} <= kinds and widgets  # the board and the status line
        assert not _in_cycle(placed) and not _in_cycle(widgets)
        assert not _in_cycle(compositor._full_map)  # the screen's own, as laid out when it was shown
        with textuals_own(maps):
            textual_placed, textual_widgets = compositor._arrange_root(root, size, visible_only=False)
            assert _in_cycle(textual_placed)  # the reason for the change: Textual's own is held by a cell
        assert placed == textual_placed and widgets == textual_widgets
