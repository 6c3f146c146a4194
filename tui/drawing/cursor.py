"""Placement of the terminal's hardware cursor on the focused widget.

Braille displays and screen magnifiers follow the terminal's cursor, not the colours that mark focus; a
full-screen app that leaves the cursor in a corner, hidden, loses them at every key. So before each frame
the cursor is put on the focused control (on the highlighted row of a list or a table), and with
`--cursor` it is shown as well. Text fields place it themselves, where the typing goes.
"""

from __future__ import annotations

import sys
from typing import Any

from textual.geometry import Offset
from textual.widget import Widget

SHOW = "\x1b[?25h"
"""The terminal's cursor shown (Textual hides it as it starts)."""


def spot(focused: Widget | None) -> Offset | None:
    """Return where the cursor should be for `focused`; None where the widget places it itself (or nothing
    has focus)."""
    if focused is None or _is(focused, "_input", "Input") or _is(focused, "_text_area", "TextArea"):
        return None
    content = focused.content_region
    row: int | None = None
    widget: Any = focused
    if _is(focused, "_option_list", "OptionList") and widget.highlighted is not None:
        lines = getattr(widget, "_index_to_line", None)  # multi-line options: the first line of it
        row = lines.get(widget.highlighted, widget.highlighted) if lines else widget.highlighted
    elif _is(focused, "_data_table", "DataTable") and widget.row_count:
        row = widget.cursor_row + (widget.header_height if widget.show_header else 0)
    if row is None:
        return content.offset
    y = content.y + row - round(focused.scroll_offset.y)
    return Offset(content.x, min(max(y, content.y), content.bottom - 1))


def _is(widget: Widget, module: str, name: str) -> bool:
    """Whether `widget` is one of Textual's `name` widgets, asked without loading that widget's module (the
    start screen pays for no widget it does not show)."""
    cls = getattr(sys.modules.get(f"textual.widgets.{module}"), name, None)
    return cls is not None and isinstance(widget, cls)
