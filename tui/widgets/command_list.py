"""A list of commands to choose from with the arrow keys and Enter (or a click)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine import Command
from translation import N_, _


class CommandList(OptionList):
    DEFAULT_CSS = """
    CommandList {
        height: auto;
        max-height: 12;
        border: round $primary 50%;
    }
    """

    class Chosen(Message):
        def __init__(self, command: Command) -> None:
            super().__init__()
            self.command = command

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: list[Command] = []

    def set_commands(
        self, items: Sequence[tuple[Command, Content | str]], empty: str = N_("Nothing to do.")
    ) -> None:
        if [c for c, _words in items] == self._choices and self.option_count:
            return
        highlighted = self.highlighted
        self._choices = [c for c, _words in items]
        self.clear_options()
        if items:
            self.add_options([Option(label) for _command, label in items])
            self.highlighted = min(highlighted or 0, len(items) - 1)
        else:
            self.add_option(Option(_(empty), disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._choices):
            self.post_message(self.Chosen(self._choices[event.option_index]))
