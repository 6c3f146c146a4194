"""A text input whose editing keys keep their place among the characters typed.

Textual's `Input` types a character the moment its key arrives but runs Backspace, Delete and the
cursor keys as bindings, one step later; when a Backspace and a digit arrive in one burst (a slow link
delivers keys in bursts) the digit goes in first and the Backspace then rubs it out, so both seem lost.
Here those keys act at once, in the order they came.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import Input

_EDITING: dict[str, Callable[[Input], None]] = {
    "backspace": Input.action_delete_left,
    "ctrl+h": Input.action_delete_left,
    "delete": Input.action_delete_right,
    "left": Input.action_cursor_left,
    "right": Input.action_cursor_right,
    "home": Input.action_home,
    "end": Input.action_end,
}


class SteadyInput(Input):
    async def _on_key(self, event: events.Key) -> None:
        edit = _EDITING.get(event.key)
        if edit is None:
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        self._restart_blink()
        edit(self)
