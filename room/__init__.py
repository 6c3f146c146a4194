"""Rooms: a game at a table, apart from any screen. A room owns the game, its seats, its bots, its
autosave and its story; clients (the terminal game, a server's sessions) follow it and act through it."""

from room.driver import BotDriver, Clock
from room.library import Persistence, PersistenceError, SavedGame
from room.room import Outcome, Room, Session, Update
from room.seats import DEFAULT_LEVEL, LEVELS, Seat, player_name, quick_seats
from room.setup import TableSetup, open_room, quick_setup, resume_room

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "BotDriver",
    "Clock",
    "Outcome",
    "Persistence",
    "PersistenceError",
    "Room",
    "SavedGame",
    "Seat",
    "Session",
    "TableSetup",
    "Update",
    "open_room",
    "player_name",
    "quick_seats",
    "quick_setup",
    "resume_room",
]
