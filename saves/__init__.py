"""Saved games: one JSON file per game, written atomically, locked to one writer, replayed and checked
on loading. The TUI and the command line use the names below."""

from saves.autosave import Autosaver
from saves.errors import SaveError, SaveLocked, SaveNotFound
from saves.location import saves_dir
from saves.model import FORMAT_VERSION, SaveFile, SaveSummary, Seat
from saves.restore import LoadedGame
from saves.session import SaveSession
from saves.store import SaveStore

__all__ = [
    "FORMAT_VERSION",
    "Autosaver",
    "LoadedGame",
    "SaveError",
    "SaveFile",
    "SaveLocked",
    "SaveNotFound",
    "SaveSession",
    "SaveStore",
    "SaveSummary",
    "Seat",
    "saves_dir",
]
