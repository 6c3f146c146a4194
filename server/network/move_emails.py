"""The e-mails the front sends when a turn-based room comes to a person's move, for those who asked for one.

A room reports its status after every change, many times a move; a move is told of once, and only to a
person who is not at the table: someone playing his turn at the table is not written to at each of its
decisions. A move waits `EMAIL_AFTER` seconds before its e-mail goes, so that a person brought to the table
as the move comes to him (the game started by the last seat taken) is seen there first. A move that came to
a person at the table is not told of when he leaves in the middle of it: he knows it is his, and the lobby's
"Your move:" line and `ssh host mine` still list it. The table says so in its status (`seen`), which it keeps
with the move's deadline, so that a restart does not make a move he saw a new one to him. The e-mail says
the move and by when (`server.tables.move_words`), in the person's time zone where his client named one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from server.network.waiting import Entry, turn_waiting
from server.people.notices import Notices
from server.tables.your_move import move_name

EMAIL_AFTER = 5.0
"""Seconds from a move coming to a person away to its e-mail (none if he is at the table by then)."""

Move = tuple[int, str, float]
"""A room's move: the seat it waits on, the decision asked, its deadline."""


def move_of(entry: Entry) -> Move:
    return (entry.status.seat, entry.status.asked, entry.status.due)


class MoveEmails:
    """Tells a person by e-mail that a turn-based room waits on him: once a move, when he is away from it."""

    def __init__(self, notices: Notices, entry_of: Callable[[str], Entry | None]) -> None:
        self.notices = notices
        self._entry_of = entry_of  # a room's entry as the registry holds it now, by its id
        self._seen: dict[str, Move] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def reported(self, room: str, entry: Entry) -> None:
        """Take a turn-based room's status as its worker reported it: a new move of a person away is told
        of after `EMAIL_AFTER` seconds, if it still waits on him and he has not come to the table."""
        seats, move = entry.plan.seats, move_of(entry)
        if not self.notices.on or not 0 <= move[0] < len(seats):
            return
        if self._seen.get(room) == move:
            if entry.status.seen:  # come to the table since: the move is his, and he knows it
                self._cancel(room)
            return
        self._seen[room] = move
        self._cancel(room)
        if entry.status.seen:
            return
        self._timers[room] = asyncio.get_running_loop().call_later(EMAIL_AFTER, self._send, room, move)

    def _send(self, room: str, move: Move) -> None:
        self._timers.pop(room, None)
        entry = self._entry_of(room)
        if entry is None or self._seen.get(room) != move or move_of(entry) != move or entry.status.seen:
            return
        key = entry.plan.seats[move[0]].owner or ""
        for waiting in turn_waiting([entry], key):
            self.notices.your_move(key, waiting.name, waiting.words, move_name(waiting))

    def forget(self, room: str) -> None:
        """Forget a room that is over or gone."""
        self._seen.pop(room, None)
        self._cancel(room)

    def stop(self) -> None:
        """Send no more e-mails (the server stops)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    def _cancel(self, room: str) -> None:
        timer = self._timers.pop(room, None)
        if timer is not None:
            timer.cancel()
