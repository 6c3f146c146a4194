"""One session's client of a shared table: a `tui.client.GameClient` over a room that other sessions follow
too.

It is a local client that does not host its room: the table does (`server.tables.table.Table`), and hands it
the room's one bot driver, at the pace the table was made with; leaving the table leaves the room open for the
others. Its seat is the one the table bound to the player's key: whatever a command names, it acts for
that seat only (`room.Session`), and only on the table as it is now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from room.chances import TableChances
from room.review import ReviewJob
from server.tables.plans import TableError, pace_rules
from server.tables.seat_session import SeatSession
from server.tables.table import Table
from translation import _
from tui.client import LocalClient

if TYPE_CHECKING:
    from concurrent.futures import Future

    from engine.bots.advice import Advice


class TableClient(LocalClient):
    """The client of one session at a table: seated (`seat`) or watching (`seat` None)."""

    def __init__(self, table: Table, seat: int | None) -> None:
        room = table.open()
        driver = table.driver  # made with the room: the table drives its bots for everyone at it
        if driver is None:
            raise TableError(_("This table is closing."))
        if seat is not None and not table.held(seat):  # a seat held by a stand-in waits for a key of his
            room.hand_back(seat)
        super().__init__(room, [] if seat is None else [seat], driver=driver)
        self._seat = None if seat is None else SeatSession(room, seat, table)
        if self._seat is not None:
            self._session = self._seat  # his commands and keys reach the table as the line mode's do
        self.table = table
        self.seat = seat
        self._left = False
        table.arrive(seat)

    def chances(self) -> TableChances:
        """Return the table's shared chances, computed once for everyone at it, not once per session."""
        return self.table.chances()

    def review(self) -> ReviewJob:
        """Return the table's review, computed once for everyone at it who asks."""
        return self.table.game_review()

    def advice(self, player: int) -> Future[Advice]:
        """Return the advice for this session's seat, where the room was created with the advisor on; computed
        on the worker's pool, one at a time for the table."""
        return self.table.advice(self.seat, player)

    def result_note(self) -> str | None:
        """Return whether the finished game counts for the server's ratings, and why not."""
        return self.table.result_note()

    def pace_rules(self) -> list[str]:
        """Return how the room's pace changes the game: for a turn-based room, its hours a move, the auction
        by limits and the offers that lapse."""
        return pace_rules(self.table.plan.move_hours)

    def acted(self) -> None:
        """Record that the person pressed a key at the table: a stand-in bot holding his seat (his time ran
        out, or the table voted) gives it back."""
        if self._seat is not None:
            self._seat.acted()

    def close(self) -> None:
        """Leave the table; it plays on for the others, and holds this seat."""
        if self._left:
            return
        self._left = True
        super().close()
        self.table.depart(self.seat)
