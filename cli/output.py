"""The command line's output console, which writes whole lines to a pipe or a log without wrapping.

Rich wraps what it prints at the console's width, and a pipe has none of its own (80 columns, then): an
error naming a long path came out cut into lines mid-sentence. Written to anything but a terminal, a line
of text is printed as one line, whatever its length; a terminal still wraps it between words at its own
width, and tables fit the width in both.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text


class Output(Console):
    def print(self, *objects: Any, soft_wrap: bool | None = None, **options: Any) -> None:
        if soft_wrap is None and not self.is_terminal and all(isinstance(o, str | Text) for o in objects):
            soft_wrap = True
        super().print(*objects, soft_wrap=soft_wrap, **options)
