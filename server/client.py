"""One session's door to a shared table: the interface's `GameClient`, over a room that other sessions
follow too.

It is the local client with three differences: the bots are the table's (one driver for everyone, at the
pace the table was made with), leaving the table leaves the room open for the others, and its seat is
the one the table bound to the player's key: whatever a command names, it acts for that seat only
(`room.Session`), and only on the table as it is now.
"""

from __future__ import annotations

from collections.abc import Callable

from room import Update
from server.table import Table
from tui.client import LocalClient, Post, SetTimer, TableChanged


class TableClient(LocalClient):
    """A session at a table: seated (`seat`) or watching (`seat` None)."""

    def __init__(self, table: Table, seat: int | None) -> None:
        room = table.open()
        if seat is not None:
            room.hand_back(seat)
        super().__init__(room, [] if seat is None else [seat])
        self.table = table
        self.seat = seat
        self._left = False
        table.arrive(seat)

    def follow(
        self,
        post: Post,
        set_timer: SetTimer,
        may_move: Callable[[], bool],
        needs_a_person: Callable[[Update], bool],
        on_error: Callable[[Exception], None],
    ) -> None:
        self._post = post
        if self._inbox and not self._rung:
            self._rung = True
            post(TableChanged())

    @property
    def speed(self) -> str:
        return self.table.plan.pace

    @speed.setter
    def speed(self, value: str) -> None:
        """The table's pace is the same for everyone at it."""

    def hurry(self) -> None:
        if self.seat is not None and self.table.driver is not None:
            self.table.driver.hurry()

    def poke(self) -> None:
        if self.table.driver is not None:
            self.table.driver.poke()

    def settled(self) -> bool:
        driver = self.table.driver
        return driver is None or (driver.settled() and not driver.waiting)

    def close(self) -> None:
        """Leave the table; it plays on for the others, and keeps this seat."""
        if self._left:
            return
        self._left = True
        self._post = None
        self._unsubscribe()
        self.table.depart(self.seat)
