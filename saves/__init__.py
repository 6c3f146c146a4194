"""Saved games: one JSON file per game, written atomically, locked to one writer, replayed and checked
on loading. The TUI and the command line use the names below.

The names load on first use, as the engine's do: listing the saves reads their headers and needs neither
the rules nor the replay, which load only for a game loaded or saved."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

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


def __getattr__(name: str) -> Any:
    """A public name, loaded from its module the first time it is asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


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
