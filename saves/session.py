"""`SaveSession`: the one writer of one save file, holding its lock from opening to closing."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from engine import Game, GameState
from engine.core.fairness import fingerprint as seed_fingerprint
from saves.atomic import write_atomic
from saves.codec import encode, program_version
from saves.errors import SaveError
from saves.location import backup_of
from saves.lock import FileLock
from saves.model import FORMAT_VERSION, SaveFile, SaveSummary, Seat, summary_of


class SaveSession:
    """Writes one game to one file, atomically, each time `save` is called; holds the lock until closed."""

    def __init__(
        self,
        path: Path,
        save_id: str,
        title: str,
        seats: list[Seat],
        created: datetime,
        initial: GameState,
        lock: FileLock,
        summary: SaveSummary,
        *,
        takebacks: int = 0,
        lesson: bool = False,
        fingerprint: str | None = None,
        pace: str | None = None,
        moves: int | None = None,
    ) -> None:
        self.path = path
        self.id = save_id
        self.title = title
        self.seats = list(seats)
        self.created = created
        self._initial = initial
        self._lock = lock
        self._version = program_version()
        self.summary = summary  # as of the last save
        self._saved = False  # by this session: only then is `summary` what the file holds
        self.takebacks = takebacks
        """How many times moves were taken back in this game, as the next save will say."""
        self.lesson = lesson
        self.fingerprint = fingerprint or seed_fingerprint(initial.seed)
        """The seed's fingerprint as shown when the game began: a game taken up again keeps its file's."""
        self.pace = pace
        """The bots' pace chosen at the table, as the next save will say (None: not chosen)."""
        self._played = None if moves is None else (moves, takebacks)
        """The moves in the game as the file holds it and the take-backs: a save of the same game keeps the
        file's "Last played" (a game opened and left without a move, a finished one looked at again)."""

    @property
    def closed(self) -> bool:
        return not self._lock.held

    def save(self, game: Game, reasons: Mapping[int, str] | None = None) -> SaveSummary:
        """Write the game's log and current state over the file atomically; the old one becomes the backup.
        `reasons` are the bots' reasons for their moves, by the place of the command in the log."""
        if self.closed:
            raise RuntimeError(f"the save session of {self.path} is closed")
        if game.initial is not self._initial and game.initial != self._initial:
            raise ValueError(f"{self.path.name} holds another game")
        played = (len(game.log), self.takebacks)
        updated = datetime.now(UTC) if played != self._played else self.summary.updated
        state = game.state
        save = SaveFile(
            format_version=FORMAT_VERSION,
            program_version=self._version,
            title=self.title,
            created=self.created,
            updated=updated,
            edition=state.edition,
            rules=state.rules,
            seed=state.seed,
            fingerprint=self.fingerprint,
            players=self.seats,
            takebacks=self.takebacks,
            lesson=self.lesson,
            pace=self.pace,
            initial=game.initial,
            log=game.log,
            reasons={i: said for i, said in (reasons or {}).items() if i < len(game.log)},
            snapshot=state,
        )
        try:
            write_atomic(self.path, encode(save), backup=backup_of(self.path))
        except OSError as exc:
            raise SaveError(self.path, f"the game could not be saved: {exc.strerror or exc}") from exc
        self._initial = game.initial
        self._played = played
        self.summary = summary_of(self.id, self.path, save)
        self._saved = True
        return self.summary

    def close(self) -> None:
        """Release the lock; the file stays as last saved. Closing twice is harmless.

        Before the lock goes, the summary of the last save is kept for the next list of saves
        (`saves.summary_cache`), so that listing the saves after a game does not read the game again."""
        if self._lock.held and self._saved:
            from saves.summary_cache import SummaryCache

            SummaryCache(self.path.parent).remember(self.path, self.summary)
        self._lock.release()

    def __enter__(self) -> SaveSession:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
