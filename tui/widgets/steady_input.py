"""A text input whose editing keys keep their place among the characters typed.

Textual's `Input` types a character the moment its key arrives but runs Backspace, Delete, the cursor
keys and the line-editing keys (Ctrl+U, Ctrl+W, Ctrl+K...) as bindings, one step later; when a Backspace
and a digit arrive in one burst (a slow link delivers keys in bursts) the digit goes in first and the
Backspace then rubs it out, so both seem lost, and Ctrl+U then "0:30" left the field empty. Here those keys
act at once, in the order they came.

A field for a whole number claims only the characters it can take: a letter typed there goes on to the
screen's keys (in the trade negotiator, `D` jumps from the cash to their deeds), where Textual's `Input`
claims every printable character and so hides those keys while it has the focus.

A control character pasted in (an escape sequence in a name, say) stays in the value, for the field's
check to refuse when it is sent, but is drawn as U+FFFD, never written to the terminal as itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.widgets import Input

_EDITING: dict[str, Callable[[Input], None]] = {
    "backspace": Input.action_delete_left,
    "ctrl+h": Input.action_delete_left,
    "delete": Input.action_delete_right,
    "ctrl+d": Input.action_delete_right,
    "left": Input.action_cursor_left,
    "right": Input.action_cursor_right,
    "ctrl+left": Input.action_cursor_left_word,
    "ctrl+right": Input.action_cursor_right_word,
    "home": Input.action_home,
    "ctrl+a": Input.action_home,
    "end": Input.action_end,
    "ctrl+e": Input.action_end,
    "ctrl+w": Input.action_delete_left_word,
    "ctrl+u": Input.action_delete_left_all,
    "ctrl+k": Input.action_delete_right_all,
}

_WHOLE_NUMBER = frozenset("0123456789+-_")
"""What a field of type "integer" can take (digits, a sign, Python's digit separator)."""


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_BREAKS = re.compile("\r\n|\r|\n")


class SteadyInput(Input):
    _typing_on = False  # the next focus keeps the cursor where it is (`focus_typing_on`)

    @property
    def _value(self) -> Text:
        """Return the value as drawn: each control character in it as U+FFFD, one for one (the cursor's place
        is counted in characters)."""
        text = Input._value.fget(self)  # type: ignore[attr-defined]
        assert isinstance(text, Text)
        if _CONTROL.search(text.plain) is None:
            return text
        shown = text.copy()
        shown.plain = _CONTROL.sub("\ufffd", text.plain)
        return shown

    def focus_typing_on(self) -> None:
        """Focus the input to continue typing after the text, where a focus otherwise selects it all (to be
        typed over): the digit just put in as the focus moved here stays when the next one arrives."""
        self.cursor_position = len(self.value)
        if self.has_focus:
            return
        self._typing_on = True
        self.focus()

    def _on_focus(self, event: events.Focus) -> None:
        """Skip the select-all on focus once; this runs before `Input`'s own handler, which selects everything
        if asked to."""
        if self._typing_on:
            self._typing_on = False
            keep = self.select_on_focus
            self.select_on_focus = False
            self.call_next(setattr, self, "select_on_focus", keep)

    def _on_paste(self, event: events.Paste) -> None:
        """Insert pasted lines as one, each line break a space (`Input` keeps the first line alone, and drops
        the rest without a word; it also splits at the file and group separators, control characters the
        field's check is there to refuse)."""
        event.stop()
        event.prevent_default()
        line = " ".join(part for part in _BREAKS.split(event.text) if part)
        if not line:
            return
        selection = self.selection
        if selection.is_empty:
            self.insert_text_at_cursor(line)
        else:
            self.replace(line, *selection)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if self.type == "integer":
            return character is not None and character in _WHOLE_NUMBER
        return super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        edit = _EDITING.get(event.key)
        if edit is None:
            if event.is_printable and not self.check_consume_key(event.key, event.character):
                # Not a character for this field: `Input`'s own handler would swallow it; the key goes
                # on up to the screen's keys instead.
                event.prevent_default()
                return
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        self._restart_blink()
        edit(self)

    def _toggle_cursor(self) -> None:
        """Stop the cursor blinking on a screen not on top, its cursor shown, until `wake`: a dialog cached
        between uses (the chat line, an auction) kept the field it last focused blinking twice a second while
        closed, a wakeup of the server for every person who had opened one."""
        if not self.screen.is_active:
            self._pause_blink(visible=True)
            return
        super()._toggle_cursor()

    def wake(self) -> None:
        """Resume blinking once the screen is on top again, if the field has the focus."""
        if self.has_focus:
            self._restart_blink()
