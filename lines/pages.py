"""Paging of long answers, so that a screen-reader user never gets dozens of lines at once: the first
page, then a line saying how much is left; `more` (or `next`) goes on."""

from __future__ import annotations

from translation import ngettext

PAGE = 12
"""Lines said at a time."""


class Pages:
    """A long answer, and how much of it has been shown."""

    def __init__(self, lines: list[str], size: int = PAGE) -> None:
        self.lines = lines
        self.size = size
        self.at = 0

    @property
    def left(self) -> int:
        return len(self.lines) - self.at

    def next_page(self) -> list[str]:
        page = self.lines[self.at : self.at + self.size]
        self.at += len(page)
        if self.left:
            page.append(
                ngettext(
                    "Type more for the next {shown} of {n} line left.",
                    "Type more for the next {shown} of {n} lines left.",
                    self.left,
                    shown=min(self.left, self.size),
                )
            )

        return page
