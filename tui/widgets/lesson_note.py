"""A widget showing a tutorial explanation inside a dialog: on a small screen a notice laid over the dialog
hid what the lesson talks about (the rent table of the deed to buy, the advisor's reason). While a dialog is
open, the explanation of the moment sits at its foot instead, the dialog's own lines all in view above it."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from room.lesson import Explanation
from translation import _


class LessonNote(Static):
    DEFAULT_CSS = """
    LessonNote {
        height: auto;
        margin-top: 1;
        padding: 0 1;
        border-left: outer $success;
        background: $panel;
    }
    """

    def __init__(self, explanation: Explanation) -> None:
        title = _("Lesson: {title}", title=_(explanation.title))
        super().__init__(Content.assemble((title + "\n", "bold"), _(explanation.text)))
        self.explanation = explanation
