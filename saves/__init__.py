"""Saved games: one JSON file per game, written atomically, locked to one writer, replayed and checked
on loading. The TUI and the command line use the names below.

The names load on first use, as the engine's do: listing the saves reads their headers and needs neither
the rules nor the replay, which load only for a game loaded or saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_names

if TYPE_CHECKING:
    from saves.autosave import Autosaver as Autosaver
    from saves.errors import SaveError as SaveError
    from saves.errors import SaveLocked as SaveLocked
    from saves.errors import SaveNotFound as SaveNotFound
    from saves.location import saves_dir as saves_dir
    from saves.model import FORMAT_VERSION as FORMAT_VERSION
    from saves.model import SaveFile as SaveFile
    from saves.restore import LoadedGame as LoadedGame
    from saves.session import SaveSession as SaveSession
    from saves.store import SaveStore as SaveStore
    from saves.summary import SaveSummary as SaveSummary
    from saves.summary import Seat as Seat

__getattr__, __dir__ = lazy_names(globals())
