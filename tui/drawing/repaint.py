"""Repainting regions of a screen without losing other changes made in the same frame.

Textual's `Screen.refresh(*regions)` asks for a repaint of the whole screen, limited to those regions; at
its next update the screen then draws only those regions and forgets the widgets that changed meanwhile
(`Screen._on_timer_update` puts the screen itself in their place). A notice given as a move was shown
(an auction won, say) drew its box and left the rest of the table as it was before the move, the footer
offering keys that no longer worked, until something else repainted it. Here the regions join the
widgets that changed, and all of them are drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.geometry import Region
from textual.screen import Screen


def repaint_regions(screen: Screen[Any], regions: Iterable[Region]) -> None:
    """Repaint `regions` of `screen` at its next update, along with every widget changed by then."""
    regions = list(regions)
    if not regions:
        return
    if not screen.is_mounted:
        screen.refresh(*regions)
        return
    screen._set_dirty(*regions)
    screen._dirty_widgets.add(screen)  # the screen's own regions, beside the widgets already waiting
    screen.check_idle()
