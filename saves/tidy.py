"""Cleanup of the files a writer killed mid-write leaves in the saves folder.

A process killed while creating a game can leave its lock file and a hidden half-written copy; one killed
while deleting (before this version deleted the game file last) could leave a backup without its game.
None of it is ever read again, so it is removed the next time the folder is used: each game's leftovers
under that game's own lock, so nothing a live writer is still using is touched, and only regular files,
so a link planted under such a name is left alone with whatever it points to.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from saves.errors import SaveError
from saves.location import BACKUP_SUFFIX, belongs_to, lock_of
from saves.lock import FileLock


def tidy(root: Path, names: Iterable[str]) -> int:
    """Remove the stale leftovers among `names` (the entries of `root`); return how many were removed."""
    litter: dict[str, list[Path]] = defaultdict(list)
    for name in names:
        game = belongs_to(name)
        if game is not None:
            litter[game].append(root / name)
    removed = 0
    present = set(names)
    for game, paths in sorted(litter.items()):
        if game in present and all(p.name == game + BACKUP_SUFFIX for p in paths):
            continue  # a live game's backup alone: nothing to remove, and its lock is not taken for it
        save = root / game
        lock = FileLock(lock_of(save), save)
        try:
            lock.acquire()
        except (SaveError, OSError):
            continue  # in use, not ours, or a folder we may not write: leave it all be
        try:
            alive = os.path.lexists(save)
            for path in paths:
                if path == lock.path or (alive and path.name == game + BACKUP_SUFFIX):
                    continue  # the lock goes on release; a live game keeps its backup
                removed += _remove_regular(path)
        finally:
            lock.release()
    return removed


def _remove_regular(path: Path) -> int:
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(path).st_mode):
            path.unlink()
            return 1
    return 0
