"""The ids taken in a saves folder, kept beside the saves so that a new game's id is chosen without listing
the folder (a server's folder holds a save for every game of every room it ever had).

The index is the hidden folder `.ids` in the saves folder: one empty file a save, named by its id. A new id
is claimed there by making its file (`O_EXCL`: of two processes claiming one id at once, one gets it), so
no two saves made since the index was begun share an id, whatever the processes making them. The index is
begun the first time a save is made in the folder by this version: the saves already there are listed that
once and their ids claimed. A save's id stays claimed after it is deleted (ids are never reused; there are
four billion). A save copied into the folder by hand is not in the index: its id is as likely to meet a new
one's as any random id of eight hex digits.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from saves.errors import SaveError
from saves.files import NOFOLLOW
from saves.location import id_of, is_save

INDEX = ".ids"
"""The index's folder, in the saves folder: hidden, and not a save's name (`saves.location.is_save`)."""
BEGUN = "begun"
"""The file in it that says the saves there before it were claimed (not an id: ids are hex digits)."""
TRIES = 100


def claim_new_id(root: Path) -> str:
    """Return a new id of eight hex digits, claimed in the folder's index: no other save of the folder has
    it, nor will. `SaveError` when the index cannot be written."""
    index = root / INDEX
    try:
        if not (index / BEGUN).exists():
            _begin(root, index)
        for _try in range(TRIES):
            candidate = secrets.token_hex(4)
            if _make(index / candidate):
                return candidate
    except OSError as exc:
        raise SaveError(index, f"the saves' ids cannot be kept: {exc.strerror or exc}") from exc
    raise SaveError(index, "no free id was found for a new save")


def _begin(root: Path, index: Path) -> None:
    """Begin the index: claim the id of every save already in the folder (listed this once)."""
    index.mkdir(mode=0o700, exist_ok=True)
    for name in os.listdir(root):
        path = root / name
        if is_save(path):
            save_id = id_of(path)
            if len(save_id) == 8:
                _make(index / save_id)
    _make(index / BEGUN)


def _make(path: Path) -> bool:
    """Make an empty file at `path`; False when there is one already."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600)
    except FileExistsError:
        return False
    with contextlib.suppress(OSError):
        os.close(fd)
    return True
