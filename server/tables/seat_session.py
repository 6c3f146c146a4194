"""A person's seat at a server table, as every front end acts for it (the full screen's `TableClient`, the
line mode's table): whatever the person does at the table counts as his action, so a stand-in bot playing
his seat (his time ran out, or the table voted) gives it back first; and in a turn-based room, a bid he
types is the most he would bid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import Command, PlaceBid
from room import Outcome, Room, Session

if TYPE_CHECKING:
    from server.tables.table import Table


class SeatSession(Session):
    """The session of the person at `seat` of `table`."""

    def __init__(self, room: Room, seat: int, table: Table) -> None:
        super().__init__(room, frozenset({seat}))
        self.table = table
        self.seat = seat

    def acted(self) -> None:
        """Record that the person did something at the table (a key pressed, a line typed): a stand-in bot
        holding his seat gives it back."""
        self.table.reclaim(self.seat)

    def answered_ahead(self) -> bool:
        """Whether it is his turn to bid in a turn-based auction he gave the most he would bid in: the
        table bids for him, and does not ask."""
        if not self.table.plan.turn_based or self.seat not in self.table.bid_limits:
            return False
        pending = self.room.view(None).pending
        return pending is not None and pending.kind == "auction" and pending.player == self.seat

    def submit(self, cmd: Command, version: int) -> Outcome:
        self.acted()
        if isinstance(cmd, PlaceBid) and cmd.player == self.seat and self.table.plan.turn_based:
            return self.table.bid_up_to(self.seat, cmd.amount, version)  # his bid is the most he would bid
        return super().submit(cmd, version)
