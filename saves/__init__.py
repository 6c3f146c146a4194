"""Saved games: one JSON file per game, written atomically, locked to one writer, replayed and checked
on loading. The TUI and the command line use the names below.

The names load on first use, as the engine's do: listing the saves reads their headers and needs neither
the rules nor the replay, which load only for a game loaded or saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_names

if TYPE_CHECKING:
    from saves.autosave import Autosaver
    from saves.errors import SaveError, SaveLocked, SaveNotFound
    from saves.location import saves_dir
    from saves.model import FORMAT_VERSION, SaveFile
    from saves.restore import LoadedGame
    from saves.session import SaveSession
    from saves.store import SaveStore
    from saves.summary import SaveSummary, Seat

_WHERE: dict[str, str] = {
    "Autosaver": "saves.autosave",
    "SaveError": "saves.errors",
    "SaveLocked": "saves.errors",
    "SaveNotFound": "saves.errors",
    "saves_dir": "saves.location",
    "FORMAT_VERSION": "saves.model",
    "SaveFile": "saves.model",
    "SaveSummary": "saves.summary",
    "Seat": "saves.summary",
    "LoadedGame": "saves.restore",
    "SaveSession": "saves.session",
    "SaveStore": "saves.store",
}
"""Each public name and the module it lives in."""


__getattr__, __dir__ = lazy_names(globals(), _WHERE)


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
