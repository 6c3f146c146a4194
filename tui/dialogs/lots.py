"""A dialog listing one player's lots in a table, a row per space, with actions on the selected one
(building and selling, mortgaging and lifting)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widgets import DataTable, Static

from translation import N_, _
from tui.dialogs.base import GameDialog, Table
from tui.styles import look

Cells = tuple[str, ...]


class LotsDialog(GameDialog):
    DEFAULT_CSS = """
    LotsDialog DataTable {
        height: auto;
        max-height: 14;
    }
    """

    LOT_HEADING: ClassVar[str] = N_("Lot")
    COLUMNS: ClassVar[tuple[str, ...]] = ()
    """The headings after the lot's (message ids, translated when the table is made)."""

    def __init__(self, table: Table, player: int) -> None:
        super().__init__(table)
        self.player = player
        self._spaces: list[int] = []

    def on_mount(self) -> None:
        if self.closed:
            return
        table = self.query_one(DataTable)
        table.add_column(_(self.LOT_HEADING), width=24)
        table.add_columns(*(_(heading) for heading in self.columns()))

    def filled(self) -> None:
        self.query_one(DataTable).focus()

    def begin(self, player: int) -> None:
        """Reset the dialog for `player`'s lots. Cached between uses (`tui.dialog_router`), it is reopened and
        reset."""
        self.player = player

    def forget(self) -> None:
        """Reset the cursor to the first row and clear the last row's note, as in a new dialog."""
        if self.is_mounted:
            self.query_one(DataTable).move_cursor(row=0)
            self.query_one("#why", Static).update("")

    def columns(self) -> tuple[str, ...]:
        """Return the column headings after the lot's name."""
        return self.COLUMNS

    def fill(self, rows: Sequence[tuple[int, Cells]]) -> None:
        """Show a row per space (its name in its colour band, then `cells`), keeping the cursor's place."""
        board = self.client.board
        table = self.query_one(DataTable)
        cursor = table.cursor_row
        table.clear()
        self._spaces = [space for space, _cells in rows]
        for space, cells in rows:
            table.add_row(Content.styled(f" {board.spaces[space].name} ", look.band(board, space)), *cells)
        if self._spaces:
            table.move_cursor(row=min(max(cursor, 0), len(self._spaces) - 1))

    def selected(self) -> int | None:
        """Return the space on the highlighted row, if there are any rows."""
        if not self._spaces:
            return None
        row = self.query_one(DataTable).cursor_row
        return self._spaces[min(max(row, 0), len(self._spaces) - 1)]

    def update_buttons(self) -> None:
        """Enable the actions possible on the selected space (each subclass decides which)."""

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.update_buttons()
