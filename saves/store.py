"""`SaveStore`: the saves folder, its files found by id, read, checked, created, opened and deleted."""

from __future__ import annotations

import builtins
import contextlib
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.text import check_title
from saves.atomic import leftovers, sync_folder
from saves.errors import SaveError, SaveLocked, SaveNotFound
from saves.files import kind_problem, read_whole
from saves.ids import claim_new_id
from saves.location import (
    SUFFIX,
    backup_of,
    file_name,
    id_of,
    is_save,
    lock_of,
    saves_dir,
    slug,
)
from saves.lock import FileLock
from saves.tidy import tidy

# A game's rules and replay load when one is loaded or saved, never to list them; a save's model (the
# engine's game state) when a file is read, never for the summaries a list keeps (`saves.summary_cache`).
if TYPE_CHECKING:
    from engine import Game
    from saves.model import SaveFile
    from saves.restore import LoadedGame, ReplayWatcher
    from saves.session import SaveSession
    from saves.summary import SaveSummary, Seat

    Summaries = list[SaveSummary]
    Problems = list[SaveError]

_NEW_ID_TRIES = 5


class SaveStore:
    """The saved games in one folder (by default `saves_dir()`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else saves_dir()

    # --- reading ---------------------------------------------------------------------------------

    def list(self) -> Summaries:
        """Return every readable save, the most recently played first. Files that cannot be read:
        `damaged`."""
        return self.scan()[0]

    def damaged(self) -> Problems:
        """Return the save files that cannot be read, each with its reason."""
        return self.scan()[1]

    def scan(self) -> tuple[Summaries, Problems]:
        """Return both at once: the readable saves, most recently played first, and the files that are not.

        Each file is read only at its two ends (see `saves.header`), and only if it changed since a list
        last kept its summary (see `saves.summary_cache`); leftovers of writers that were killed are
        cleared first. `SaveError` if the folder is not one or cannot be read.
        """
        found: Summaries = []
        problems: Problems = []
        files = self._files(tidy_first=True)
        if not files:
            return found, problems
        from saves.summary_cache import SummaryCache, key_of

        kept = SummaryCache(self.root)
        for path in files:
            key = key_of(path)  # before the file is read: a change while it is read is not missed
            summary = kept.summary(path, key)
            if summary is None:
                from saves.header import summarise

                try:
                    summary = summarise(path)
                except SaveError as exc:
                    problems.append(exc)
                    continue
                kept.keep(path, key, summary)
            found.append(summary)
        kept.write()
        found.sort(key=lambda s: s.updated, reverse=True)
        return found, problems

    def most_recent(self) -> SaveSummary | None:
        found = self.list()
        return found[0] if found else None

    def load(self, save_id: str, watcher: ReplayWatcher | None = None) -> LoadedGame:
        """Load the game saved under `save_id` (an id, a unique start of one, or a path), replayed and
        checked; `watcher` follows the replay."""
        path = self.resolve(save_id)
        return _load(path, watcher)

    def resolve(self, save_id: str) -> Path:
        """Find the file of a save: by path, by id, or by a start of its id or file name (its title) that only
        one save has. A bare file name is looked for in the saves folder only, so that a copy in the
        current folder never stands in for the save; a file elsewhere is named by a path ("./x.json")."""
        wanted = save_id.strip()
        if not wanted:
            raise SaveNotFound(self.root, "no save was named")
        if "/" in wanted or "\\" in wanted:
            path = Path(wanted).expanduser()
            if not os.path.lexists(path):
                raise SaveNotFound(path, "there is no such save file")
            return path
        if wanted.endswith(SUFFIX):
            path = self.root / wanted
            if not os.path.lexists(path):
                raise SaveNotFound(
                    path, f"there is no such save file in the saves folder (a file elsewhere: ./{wanted})"
                )
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

    def create(
        self, game: Game, seats: builtins.list[Seat], title: str, *, lesson: bool = False
    ) -> SaveSession:
        """Create a save file for `game`, written at once and locked until the session is closed (`lesson`:
        the tutorial game)."""
        title = check_title(title)  # a `ValueError` saying what is wrong with it
        names = [p.name for p in game.state.players]
        if [s.name for s in seats] != names:
            raise ValueError(f"the seats {[s.name for s in seats]} are not the game's players {names}")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(self.root, f"the saves folder cannot be made: {exc.strerror or exc}") from exc
        for attempt in range(_NEW_ID_TRIES):  # the folder is not listed: its index of ids is asked
            save_id = claim_new_id(self.root)
            path = self.root / file_name(title, save_id)
            lock = FileLock(lock_of(path), path)
            try:
                _acquire(lock, tries=1)
                break
            except SaveLocked:  # a new name is nobody's: another process was just tidying it away
                if attempt == _NEW_ID_TRIES - 1:
                    raise
        from saves.summary import SaveSummary

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
            lesson=lesson,
        )
        from saves.session import SaveSession

        session = SaveSession(path, save_id, title, seats, now, game.initial, lock, summary, lesson=lesson)
        try:
            session.save(game)
        except BaseException:
            session.close()
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        return session

    def open(
        self, save_id: str, watcher: ReplayWatcher | None = None, backup: bool = False
    ) -> tuple[LoadedGame, SaveSession]:
        """Resume a saved game: locked (or `SaveLocked`), then loaded and checked (`watcher` follows the
        replay). With `backup`, the game is read from the save before the last, stored beside the file,
        for a file that cannot be read; it goes on being saved to the file."""
        path = self.resolve(save_id)
        lock = FileLock(lock_of(path), path)
        _acquire(lock)
        try:
            loaded = _load(path, watcher, backup_of(path) if backup else None)
            for stray in leftovers(path):  # only a writer holding the lock makes these
                with contextlib.suppress(OSError):
                    stray.unlink()
        except BaseException:
            lock.release()
            raise
        from saves.session import SaveSession

        session = SaveSession(
            path,
            loaded.summary.id,
            loaded.summary.title,
            loaded.seats,
            loaded.summary.created,
            loaded.game.initial,
            lock,
            loaded.summary,
            takebacks=loaded.summary.takebacks,
            lesson=loaded.summary.lesson,
            fingerprint=loaded.fingerprint,
            pace=loaded.pace,
            moves=len(loaded.game.log),
        )
        return loaded, session

    def delete(self, save_id: str) -> Path:
        """Remove a save, its backup, any partly written copy and its cached summary; refused while the
        game is open elsewhere, and for anything but a save in this folder. Returns the file removed.

        The game file goes last, so that a delete cut short leaves the game whole, never a backup alone.
        """
        path = self.resolve(save_id)
        self.check_own(path)
        lock = FileLock(lock_of(path), path)
        _acquire(lock)
        try:
            for victim in (*leftovers(path), backup_of(path), path):  # leftovers: the backup's too
                try:
                    victim.unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    raise SaveError(victim, f"cannot be deleted: {exc.strerror or exc}") from exc
            from saves.summary_cache import SummaryCache

            SummaryCache(self.root).forget(path)
        finally:
            lock.release()
        sync_folder(path.parent)
        return path

    def check_own(self, path: Path) -> None:
        """Check that `path` names a save file in this folder (landlords deletes nothing else); else raise
        `SaveError`."""
        try:
            here = os.path.samefile(path.parent, self.root)
        except OSError:
            here = False
        if not here:
            raise SaveError(
                path, f"not in the saves folder {self.root}: landlords deletes only its own saves"
            )
        if not is_save(path):
            raise SaveError(path, "not a save file's name: landlords deletes only its own saves")
        try:
            problem = kind_problem(os.lstat(path))
        except OSError as exc:
            problem = exc.strerror or str(exc)
        if problem:
            raise SaveError(path, f"{problem}; it is left as it is")

    # --- the folder --------------------------------------------------------------------------------

    def _files(self, tidy_first: bool = False) -> builtins.list[Path]:
        """Return the files named as saves in the folder; none when there is no folder yet (nothing saved)."""
        try:
            names = os.listdir(self.root)
        except FileNotFoundError:
            return []
        except NotADirectoryError:
            raise SaveError(self.root, "not a folder") from None
        except OSError as exc:
            raise SaveError(self.root, f"the saves folder cannot be read: {exc.strerror or exc}") from None
        if tidy_first and tidy(self.root, names):
            sync_folder(self.root)
        return sorted(self.root / name for name in names if is_save(self.root / name))


def read(path: Path) -> SaveFile:
    """Read the save in a file, checked but not replayed."""
    from saves.codec import decode

    return decode(path, read_whole(path))


def _load(path: Path, watcher: ReplayWatcher | None = None, source: Path | None = None) -> LoadedGame:
    """Load the game saved as `path`, read from `source` (its backup, say) when given."""
    if source is not None and not os.path.lexists(source):
        raise SaveNotFound(source, "there is no earlier save of this game")
    from saves.model import summary_of
    from saves.restore import LoadedGame, restore

    save = read(source or path)
    game = restore(source or path, save, watcher)
    return LoadedGame(
        game=game,
        seats=list(save.players),
        summary=summary_of(id_of(path), path, save),
        saved_by=save.program_version,
        reasons=dict(save.reasons),
        fingerprint=save.fingerprint,
        pace=save.pace,
    )


def _acquire(lock: FileLock, tries: int = 3) -> None:
    """Acquire the lock, retrying a moment later when refused: another process tidying the folder holds a lock
    for an instant only (see `saves.tidy`); a game open elsewhere is still refused."""
    for attempt in range(tries):
        try:
            lock.acquire()
            return
        except SaveLocked:
            if attempt == tries - 1:
                raise
            time.sleep(0.02)
        except OSError as exc:
            raise SaveError(lock.subject, f"the game cannot be locked: {exc.strerror or exc}") from exc
