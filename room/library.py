"""Saved-game access for rooms and their clients: listing, creating, resuming and autosaving.

Errors from the saves come back as `PersistenceError` with a sentence to show. When the saves folder
cannot be used, a game still plays, unsaved (`Persistence.off()`), and says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from engine import EDITIONS, Game, load_edition
from engine.core.events import Event
from engine.core.text import plain
from room.board_words import edition_name
from room.titles import summary_title
from saves import Autosaver, SaveError, SaveSession, SaveStore, SaveSummary, Seat
from saves.restore import ReplayWatcher
from translation import _, local_moment, ngettext

if TYPE_CHECKING:
    from room.past_game import PastGame


class PersistenceError(Exception):
    """Raised when a save cannot be listed, opened or written; the message names the file and the reason."""


@dataclass(frozen=True)
class SavedGame:
    """One entry of the resume list."""

    id: str
    title: str
    edition: str
    players: str
    turn: int
    finished: bool
    updated: str
    lesson: bool = False

    @property
    def edition_name(self) -> str:
        """The edition's name in the current language ("Landlord's Game 1904"); its id where this program
        does not know it."""
        if self.edition not in EDITIONS:
            return self.edition
        return edition_name(load_edition(self.edition))


class Recorder(Protocol):
    """The interface a room uses to record its game in the saves."""

    @property
    def saving(self) -> bool: ...

    @property
    def takebacks(self) -> int:
        """How many times moves were taken back in the game saved (0 where it is not saved)."""
        ...

    @property
    def lesson(self) -> bool:
        """Whether the game saved is the first game that teaches (False where it is not saved)."""
        ...

    pace: str | None
    """The bots' pace chosen at the table, kept with the game where it is saved (None: not chosen)."""

    def after_events(self, events: Sequence[Event]) -> bool: ...

    def save_now(self) -> None: ...

    def taken_back(self, game: Game) -> None: ...

    def close(self) -> None: ...


class NoRecorder:
    """A game that is not saved (no saves package, or a test)."""

    saving = False
    takebacks = 0
    lesson = False

    def __init__(self) -> None:
        self.pace: str | None = None

    def after_events(self, events: Sequence[Event]) -> bool:
        return False

    def save_now(self) -> None:
        return None

    def taken_back(self, game: Game) -> None:
        return None

    def close(self) -> None:
        return None


class AutosaveRecorder:
    """Autosaves through `saves.Autosaver` (after every turn and trade) and saves on demand."""

    saving = True

    def __init__(self, session: SaveSession, autosaver: Autosaver) -> None:
        self._session = session
        self._autosaver = autosaver
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def save_id(self) -> str:
        """The id of the save this game is written to."""
        return self._session.id

    @property
    def takebacks(self) -> int:
        return self._session.takebacks

    @property
    def lesson(self) -> bool:
        return self._session.lesson

    @property
    def pace(self) -> str | None:
        return self._session.pace

    @pace.setter
    def pace(self, value: str | None) -> None:
        self._session.pace = value

    def after_events(self, events: Sequence[Event]) -> bool:
        return bool(self._autosaver.after_events(list(events)))

    def save_now(self) -> None:
        if not self._closed:
            self._autosaver.save_now()

    def taken_back(self, game: Game) -> None:
        if not self._closed:
            self._autosaver.taken_back(game)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._session.close()

    def rescue(self) -> None:
        """Save and close from another thread, when the one playing cannot be reached (see `Autosaver`)."""
        if not self._closed:
            self._closed = True
            self._autosaver.rescue()


def table_of(seats: Sequence[Seat]) -> str:
    """Summarise who sits at a saved game's table: "Ada and Grace + 2 bots"."""
    people = [s.name for s in seats if not s.is_bot]
    bots = len(seats) - len(people)
    if len(people) == 1:
        names = people[0]
    elif people:
        names = _("{some} and {last}", some=", ".join(people[:-1]), last=people[-1])
    else:
        names = ""
    if not bots:
        return names
    tail = ngettext("{n} bot", "{n} bots", bots)
    return f"{names} + {tail}" if names else tail


def _summary(s: SaveSummary) -> SavedGame:
    return SavedGame(
        id=s.id,
        title=plain(summary_title(s)),
        edition=s.edition,
        players=plain(table_of(s.seats)),
        turn=s.turn,
        finished=s.winner is not None,
        updated=local_moment(s.updated),
        lesson=s.lesson,
    )


class Persistence:
    """Access to the saved games for the user interfaces. `root` overrides the saves folder."""

    def __init__(self, root: Path | None = None, *, enabled: bool = True) -> None:
        self._root = root
        self._enabled = enabled
        self._recorders: list[AutosaveRecorder] = []  # every game this persistence has open, for `rescue`

    @classmethod
    def off(cls) -> Persistence:
        """Return a `Persistence` that saves nothing (when the saves folder cannot be used)."""
        return cls(enabled=False)

    @property
    def available(self) -> bool:
        return self._enabled

    def _store(self) -> SaveStore:
        return SaveStore(self._root)

    @staticmethod
    def _error(exc: SaveError) -> PersistenceError:
        return PersistenceError(plain(f"{exc.path}: {exc.reason}"))

    def saved_games(self) -> list[SavedGame]:
        """Return the saved games, most recently played first."""
        if not self._enabled:
            return []
        try:
            return [_summary(s) for s in self._store().list()]
        except SaveError as exc:
            raise self._error(exc) from exc

    def damaged(self) -> list[str]:
        """Return a line for each save file that cannot be read: its name, and why."""
        if not self._enabled:
            return []
        try:
            return [plain(d.named) for d in self._store().damaged()]
        except SaveError as exc:
            raise self._error(exc) from exc

    def record(self, game: Game, seats: Sequence[Seat], title: str, *, lesson: bool = False) -> Recorder:
        """Start saving a new game (`lesson`: the first game that teaches, marked so in its save)."""
        if not self._enabled:
            return NoRecorder()
        try:
            session = self._store().create(game, list(seats), title, lesson=lesson)
        except SaveError as exc:
            raise self._error(exc) from exc
        return self._opened(AutosaveRecorder(session, Autosaver(session, game)))

    def resume(
        self, save_id: str | None, watcher: ReplayWatcher | None = None, backup: bool = False
    ) -> tuple[Game, list[Seat], Recorder]:
        """Open a saved game (the most recent when no id is given) to play on; `watcher` follows the one
        replay that loading it makes. With `backup`, from the save before the last (the file damaged)."""
        if not self._enabled:
            raise PersistenceError(_("Saving is off for this session, so no saved game can be opened."))
        store = self._store()
        try:
            if save_id is None:
                recent = store.most_recent()
                if recent is None:
                    raise PersistenceError(_("There is no saved game to resume."))
                save_id = recent.id
            loaded, session = store.open(save_id, watcher, backup)
        except SaveError as exc:
            raise self._error(exc) from exc
        recorder = self._opened(AutosaveRecorder(session, Autosaver(session, loaded.game, loaded.reasons)))
        return loaded.game, list(loaded.seats), recorder

    def past_game(self, save_id: str) -> PastGame:
        """Open a saved game read-only, to step through move by move (`room.past_game`): the file is read and
        checked, never locked nor written, so a game being played elsewhere can be watched again too."""
        from room.past_game import from_save

        if not self._enabled:
            raise PersistenceError(_("Saving is off for this session, so no saved game can be opened."))

        try:
            return from_save(self._store(), save_id)
        except SaveError as exc:
            raise self._error(exc) from exc

    def _opened(self, recorder: AutosaveRecorder) -> AutosaveRecorder:
        self._recorders = [r for r in self._recorders if not r.closed] + [recorder]
        return recorder

    def rescue(self) -> None:
        """Save every game still open and release it: the last resort of a process that must leave while
        its main thread is stuck (see `tui.terminal`). Never raises."""
        for recorder in list(self._recorders):
            with contextlib.suppress(Exception):
                recorder.rescue()

    def delete(self, save_id: str) -> None:
        if not self._enabled:
            return
        try:
            self._store().delete(save_id)
        except SaveError as exc:
            raise self._error(exc) from exc
