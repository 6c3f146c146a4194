"""A dropdown whose keys keep their place when they come in a burst.

Textual's `Select` opens its list as a key binding, after every key already on its way has reached the
closed field, and moves the focus to the list a step later still: of Enter, Down, Enter arriving together
(a slow link, a fast typist), the Down only opened the list again, and the first arrow after opening was
lost. Here the field opens its list the moment its key arrives, and while the list is open, the arrows and
Enter reach the list whichever of the two has the focus.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Select
from textual.widgets._select import SelectOverlay, SelectType

OPENING = ("enter", "down", "space", "up")


class SteadySelect(Select[SelectType]):
    async def _on_key(self, event: events.Key) -> None:
        if not self.expanded:
            if event.key in OPENING:
                event.stop()
                event.prevent_default()
                self.action_show_overlay()
            return
        overlay = self.query_one(SelectOverlay)
        if overlay.has_focus or event.key not in ("down", "up", "enter"):
            return  # the list has the focus already, and its own keys
        event.stop()
        event.prevent_default()
        if event.key == "down":
            overlay.action_cursor_down()
        elif event.key == "up":
            overlay.action_cursor_up()
        else:
            overlay.action_select()
