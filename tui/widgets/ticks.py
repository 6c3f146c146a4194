"""Check boxes that read ticked or not without colour: an X when ticked, an empty box when not (Textual draws
the X either way and distinguishes them by colour alone)."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.widgets import Checkbox, SelectionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import OptionDoesNotExist

EMPTY = " "


class TickBox(Checkbox):
    @property
    def _button(self) -> Content:
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (self.BUTTON_INNER if self.value else EMPTY, button_style),
            (self.BUTTON_RIGHT, side_style),
        )


class TickList(SelectionList[Any]):
    """A selection list that draws an unticked box empty, and whose Space ticks the first line as soon as
    it has the focus (Textual highlights no line until an arrow is pressed)."""

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        _, scroll_y = self.scroll_offset
        try:
            selection = self.get_option_at_index(scroll_y + y)
        except OptionDoesNotExist:
            return strip
        if selection.value in self._selected:
            return strip
        segments = list(strip)
        if len(segments) > 1 and segments[1].text == ToggleButton.BUTTON_INNER:
            segments[1] = Segment(EMPTY, segments[1].style)
            return Strip(segments, strip.cell_length)
        return strip
