"""Rooms: a game at a table, apart from any screen. A room owns the game, its seats, its bots, its
autosave and its story; clients (the terminal game, a server's sessions) follow it and act through it.

The names load on first use, so that a program that only draws its first screen pays for no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_names

if TYPE_CHECKING:
    from room.driver import BotDriver as BotDriver
    from room.driver import Clock as Clock
    from room.library import Persistence as Persistence
    from room.library import PersistenceError as PersistenceError
    from room.library import SavedGame as SavedGame
    from room.room import Outcome as Outcome
    from room.room import Refused as Refused
    from room.room import Room as Room
    from room.room import Session as Session
    from room.room import Update as Update
    from room.seats import DEFAULT_LEVEL as DEFAULT_LEVEL
    from room.seats import LEVELS as LEVELS
    from room.seats import Seat as Seat
    from room.seats import player_name as player_name
    from room.seats import quick_seats as quick_seats
    from room.setup import TableSetup as TableSetup
    from room.setup import lesson_setup as lesson_setup
    from room.setup import open_room as open_room
    from room.setup import quick_setup as quick_setup
    from room.setup import resume_room as resume_room

__getattr__, __dir__ = lazy_names(globals())
