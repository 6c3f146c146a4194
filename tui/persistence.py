"""Every call to the saves package is made here: listing, creating, resuming and autosaving games.

When `saves` is not installed the game runs without saving: `available` is False, nothing is listed, and
the recorder does nothing. Errors from the saves come back as `PersistenceError` with a sentence to show.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from engine import Game
from engine.events import Event
from tui.seats import SeatSpec


class PersistenceError(Exception):
    """A save could not be listed, opened or written; the message says which file and why."""


@dataclass(frozen=True)
class SavedGame:
    """One line of the resume list."""

    id: str
    title: str
    edition: str
    players: str
    turn: int
    finished: bool
    updated: str


class Recorder(Protocol):
    """What the game client tells the saves about a running game."""

    @property
    def saving(self) -> bool: ...

    def after_events(self, events: Sequence[Event]) -> bool: ...

    def save_now(self) -> None: ...

    def close(self) -> None: ...


class NoRecorder:
    """A game that is not saved (no saves package, or a test)."""

    saving = False

    def after_events(self, events: Sequence[Event]) -> bool:
        return False

    def save_now(self) -> None:
        return None

    def close(self) -> None:
        return None


class AutosaveRecorder:
    """Autosaves through `saves.Autosaver` (after every turn and trade) and saves on demand."""

    saving = True

    def __init__(self, session: Any, autosaver: Any) -> None:
        self._session = session
        self._autosaver = autosaver
        self._closed = False

    def after_events(self, events: Sequence[Event]) -> bool:
        return bool(self._autosaver.after_events(list(events)))

    def save_now(self) -> None:
        if not self._closed:
            self._autosaver.save_now()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._session.close()


def _saves() -> ModuleType | None:
    try:
        module = importlib.import_module("saves")
    except ImportError:
        return None
    return module if hasattr(module, "SaveStore") else None


def _when(value: Any) -> str:
    if isinstance(value, datetime):
        return value.astimezone().strftime("%Y-%m-%d %H:%M")
    return str(value)


def _seat_spec(seat: Any) -> SeatSpec:
    return SeatSpec.model_validate(seat, from_attributes=True)


def table_of(seats: Sequence[SeatSpec]) -> str:
    """ "Ada and Grace + 2 bots": who sits at a saved game's table, in a few words."""
    people = [s.name for s in seats if not s.is_bot]
    bots = len(seats) - len(people)
    names = " and ".join(people) if len(people) <= 2 else ", ".join(people[:-1]) + " and " + people[-1]
    if not bots:
        return names
    tail = f"{bots} bot{'s' if bots > 1 else ''}"
    return f"{names} + {tail}" if names else tail


def _summary(s: Any) -> SavedGame:
    seats = [_seat_spec(x) for x in s.seats]
    return SavedGame(
        id=str(s.id),
        title=str(s.title),
        edition=str(s.edition),
        players=table_of(seats),
        turn=int(s.turn),
        finished=s.winner is not None,
        updated=_when(s.updated),
    )


class Persistence:
    """The saves, as the interface uses them. `root` overrides the saves folder."""

    def __init__(self, root: Path | None = None) -> None:
        self._module = _saves()
        self._root = root

    @classmethod
    def off(cls) -> Persistence:
        """Persistence that saves nothing (when the saves folder cannot be used)."""
        persistence = cls()
        persistence._module = None
        return persistence

    @property
    def available(self) -> bool:
        return self._module is not None

    def _store(self) -> Any:
        assert self._module is not None
        return self._module.SaveStore(self._root)

    def _error(self, exc: Exception) -> PersistenceError:
        path = getattr(exc, "path", None)
        reason = getattr(exc, "reason", None) or str(exc)
        return PersistenceError(f"{path}: {reason}" if path else str(reason))

    def saved_games(self) -> list[SavedGame]:
        """The saved games, most recently played first."""
        if self._module is None:
            return []
        try:
            rows = [_summary(s) for s in self._store().list()]
        except self._module.SaveError as exc:
            raise self._error(exc) from exc
        return rows

    def damaged(self) -> list[str]:
        """A sentence for each save file that cannot be read."""
        if self._module is None:
            return []
        try:
            return [str(getattr(d, "reason", d)) for d in self._store().damaged()]
        except self._module.SaveError as exc:
            raise self._error(exc) from exc

    def record(self, game: Game, seats: Sequence[SeatSpec], title: str) -> Recorder:
        """Start saving a new game."""
        module = self._module
        if module is None:
            return NoRecorder()
        try:
            session = self._store().create(game, [module.Seat(**s.model_dump()) for s in seats], title)
        except module.SaveError as exc:
            raise self._error(exc) from exc
        return AutosaveRecorder(session, module.Autosaver(session, game))

    def resume(self, save_id: str | None) -> tuple[Game, list[SeatSpec], Recorder]:
        """Open a saved game (the most recent when no id is given) to play on."""
        module = self._module
        if module is None:
            raise PersistenceError("Saved games are not available in this installation.")
        store = self._store()
        try:
            if save_id is None:
                recent = store.most_recent()
                if recent is None:
                    raise PersistenceError("There is no saved game to resume.")
                save_id = str(recent.id)
            loaded, session = store.open(save_id)
        except module.SaveError as exc:
            raise self._error(exc) from exc
        seats = [_seat_spec(s) for s in loaded.seats]
        return loaded.game, seats, AutosaveRecorder(session, module.Autosaver(session, loaded.game))

    def delete(self, save_id: str) -> None:
        if self._module is None:
            return
        try:
            self._store().delete(save_id)
        except self._module.SaveError as exc:
            raise self._error(exc) from exc
