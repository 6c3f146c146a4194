"""`SaveStore`: the saves folder, its files found by id, read, checked, created, opened and deleted."""

from __future__ import annotations

import builtins
import contextlib
from datetime import UTC, datetime
from pathlib import Path

from engine import Game
from saves.atomic import leftovers, sync_folder
from saves.codec import decode
from saves.errors import SaveError, SaveNotFound
from saves.location import (
    SUFFIX,
    backup_of,
    file_name,
    id_of,
    is_save,
    lock_of,
    new_id,
    saves_dir,
    slug,
)
from saves.lock import FileLock
from saves.model import TITLE_MAX, SaveFile, SaveSummary, Seat
from saves.restore import LoadedGame, ReplayWatcher, restore
from saves.session import SaveSession

Summaries = list[SaveSummary]
Problems = list[SaveError]


class SaveStore:
    """The saved games in one folder (by default `saves_dir()`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else saves_dir()

    # --- reading ---------------------------------------------------------------------------------

    def list(self) -> Summaries:
        """Every readable save, the most recently played first. Files that cannot be read: `damaged`."""
        return self._scan()[0]

    def damaged(self) -> Problems:
        """The save files that cannot be read, each with its reason."""
        return self._scan()[1]

    def most_recent(self) -> SaveSummary | None:
        found = self.list()
        return found[0] if found else None

    def load(self, save_id: str, watcher: ReplayWatcher | None = None) -> LoadedGame:
        """The game saved under `save_id` (an id, a unique start of one, or a path), replayed and checked;
        `watcher` follows the replay."""
        path = self.resolve(save_id)
        return _load(path, watcher)

    def resolve(self, save_id: str) -> Path:
        """The file of a save: by path, by id, or by a start of its id or file name (its title) that only
        one save has."""
        wanted = save_id.strip()
        if not wanted:
            raise SaveNotFound(self.root, "no save was named")
        if "/" in wanted or "\\" in wanted or wanted.endswith(SUFFIX):
            path = Path(wanted).expanduser()
            if not path.is_absolute() and not path.exists():
                path = self.root / path
            if not path.is_file():
                raise SaveNotFound(path, "there is no such save file")
            return path
        files = self._files()
        exact = [p for p in files if id_of(p) == wanted]
        by_id = [p for p in files if id_of(p).startswith(wanted)]
        named = any(c.isalnum() for c in wanted)
        by_name = [p for p in files if named and p.name.startswith(slug(wanted))]
        for matches in (exact, by_id, by_name):
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                ids = ", ".join(sorted(id_of(p) for p in matches))
                raise SaveNotFound(self.root, f"{wanted!r} could be any of {ids}: say which")
        raise SaveNotFound(self.root, f"no saved game has the id {wanted!r}")

    # --- writing ---------------------------------------------------------------------------------

    def create(self, game: Game, seats: builtins.list[Seat], title: str) -> SaveSession:
        """A new save file for `game`, written at once and locked until the session is closed."""
        title = " ".join(title.split())
        if not title:
            raise ValueError("a saved game needs a title")
        if len(title) > TITLE_MAX:
            raise ValueError(f"a title has at most {TITLE_MAX} characters")
        names = [p.name for p in game.state.players]
        if [s.name for s in seats] != names:
            raise ValueError(f"the seats {[s.name for s in seats]} are not the game's players {names}")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(self.root, f"the saves folder cannot be made: {exc.strerror or exc}") from exc
        save_id = new_id({id_of(p) for p in self._files()})
        path = self.root / file_name(title, save_id)
        now = datetime.now(UTC)
        summary = SaveSummary(
            id=save_id,
            path=path,
            title=title,
            edition=game.state.edition,
            seats=seats,
            turn=game.state.turn + 1,
            winner=game.state.winner,
            created=now,
            updated=now,
        )
        lock = FileLock(lock_of(path), path)
        _acquire(lock)
        session = SaveSession(path, save_id, title, seats, now, game.initial, lock, summary)
        try:
            session.save(game)
        except BaseException:
            session.close()
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        return session

    def open(self, save_id: str, watcher: ReplayWatcher | None = None) -> tuple[LoadedGame, SaveSession]:
        """Resume a saved game: locked (or `SaveLocked`), then loaded and checked (`watcher` follows the
        replay)."""
        path = self.resolve(save_id)
        lock = FileLock(lock_of(path), path)
        _acquire(lock)
        try:
            loaded = _load(path, watcher)
            for stray in leftovers(path):  # only a writer holding the lock makes these
                with contextlib.suppress(OSError):
                    stray.unlink()
        except BaseException:
            lock.release()
            raise
        session = SaveSession(
            path,
            loaded.summary.id,
            loaded.summary.title,
            loaded.seats,
            loaded.summary.created,
            loaded.game.initial,
            lock,
            loaded.summary,
        )
        return loaded, session

    def delete(self, save_id: str) -> None:
        """Remove a save, its backup and any half-written copy; refused while the game is open elsewhere."""
        path = self.resolve(save_id)
        lock = FileLock(lock_of(path), path)
        _acquire(lock)
        try:
            for victim in (path, backup_of(path), *leftovers(path)):
                try:
                    victim.unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    raise SaveError(victim, f"cannot be deleted: {exc.strerror or exc}") from exc
        finally:
            lock.release()
        sync_folder(path.parent)

    # --- the folder --------------------------------------------------------------------------------

    def _files(self) -> builtins.list[Path]:
        try:
            return sorted(p for p in self.root.iterdir() if is_save(p))
        except OSError:  # no folder yet (nothing saved), or not readable: nothing to list
            return []

    def _scan(self) -> tuple[Summaries, Problems]:
        found: Summaries = []
        problems: Problems = []
        for path in self._files():
            try:
                found.append(SaveSummary.of(id_of(path), path, read(path)))
            except SaveError as exc:
                problems.append(exc)
        found.sort(key=lambda s: s.updated, reverse=True)
        return found, problems


def read(path: Path) -> SaveFile:
    """The save in a file, checked but not replayed."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveNotFound(path, "there is no such save file") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read: {exc.strerror or exc}") from None
    return decode(path, data)


def _load(path: Path, watcher: ReplayWatcher | None = None) -> LoadedGame:
    save = read(path)
    game = restore(path, save, watcher)
    return LoadedGame(
        game=game,
        seats=list(save.players),
        summary=SaveSummary.of(id_of(path), path, save),
        saved_by=save.program_version,
    )


def _acquire(lock: FileLock) -> None:
    try:
        lock.acquire()
    except OSError as exc:
        raise SaveError(lock.subject, f"the game cannot be locked: {exc.strerror or exc}") from exc
