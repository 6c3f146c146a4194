"""Rooms: a game at a table, apart from any screen. A room owns the game, its seats, its bots, its
autosave and its story; clients (the terminal game, a server's sessions) follow it and act through it.

The names load on first use, so that a program that only draws its first screen pays for no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_names

if TYPE_CHECKING:
    from room.driver import BotDriver, Clock
    from room.library import Persistence, PersistenceError, SavedGame
    from room.room import Outcome, Refused, Room, Session, Update
    from room.seats import DEFAULT_LEVEL, LEVELS, Seat, player_name, quick_seats
    from room.setup import TableSetup, lesson_setup, open_room, quick_setup, resume_room

_WHERE: dict[str, str] = {
    "BotDriver": "room.driver",
    "Clock": "room.driver",
    "DEFAULT_LEVEL": "room.seats",
    "LEVELS": "room.seats",
    "Outcome": "room.room",
    "Persistence": "room.library",
    "PersistenceError": "room.library",
    "Refused": "room.room",
    "Room": "room.room",
    "SavedGame": "room.library",
    "Seat": "room.seats",
    "Session": "room.room",
    "TableSetup": "room.setup",
    "Update": "room.room",
    "lesson_setup": "room.setup",
    "open_room": "room.setup",
    "player_name": "room.seats",
    "quick_seats": "room.seats",
    "quick_setup": "room.setup",
    "resume_room": "room.setup",
}


__getattr__, __dir__ = lazy_names(globals(), _WHERE)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "BotDriver",
    "Clock",
    "Outcome",
    "Persistence",
    "PersistenceError",
    "Refused",
    "Room",
    "SavedGame",
    "Seat",
    "Session",
    "TableSetup",
    "Update",
    "lesson_setup",
    "open_room",
    "player_name",
    "quick_seats",
    "quick_setup",
    "resume_room",
]
