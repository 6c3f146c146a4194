"""A new save's id is claimed in the folder's index of ids, not found by listing the folder: a server's
new room made its save after listing (and tidying, a lock taken for every save with a backup) the whole
folder, about a second for 2,000 saves."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from saves import SaveStore, Seat
from saves.ids import BEGUN, INDEX
from saves.location import backup_of, id_of, lock_of

SEATS = [Seat(name="Ada", kind="human"), Seat(name="Grace", kind="bot", level="easy")]
_LISTED: list[str] = []
_LOCKED: list[str] = []
_WATCHING: list[str] = []  # the folder under which the test looks


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _WATCHING:
        return
    if event in ("os.listdir", "os.scandir"):
        where = args[0] if args else None
        folder = os.fsdecode(where) if isinstance(where, (str, bytes, os.PathLike)) else ""
        if folder.startswith(_WATCHING[0]):  # not the imports' own look along the path
            _LISTED.append(folder)
    elif event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0])
        if name.endswith(".lock"):
            _LOCKED.append(Path(name).name)


sys.addaudithook(_audit)  # a hook stays for the process: it notes only while a test watches


@pytest.fixture
def listed(tmp_path: Path) -> Iterator[list[str]]:
    """The test's folders listed (os.listdir, os.scandir: glob's too) while it runs."""
    _LISTED.clear()
    _LOCKED.clear()
    _WATCHING.append(str(tmp_path))
    try:
        yield _LISTED
    finally:
        _WATCHING.clear()


def _many_saves(root: Path, count: int) -> Path:
    """A folder of `count` saves, each with its backup, as a server's folder of old rooms' games."""
    game = new_game("classic", ["Ada", "Grace"], seed=3)
    first = SaveStore(root).create(game, SEATS, "first")
    first.save(game)  # a backup beside it
    first.close()
    for n in range(count):
        copy = root / f"room-{n:08x}.json"
        shutil.copy(first.path, copy)
        shutil.copy(backup_of(first.path), backup_of(copy))
    return first.path


def test_a_new_save_lists_no_folder_once_the_index_is_begun(tmp_path: Path, listed: list[str]) -> None:
    root = tmp_path / "saves"
    old = _many_saves(root, 300)
    shutil.rmtree(root / INDEX)  # the folder of an older version: no index yet
    store = SaveStore(root)
    game = new_game("classic", ["Ada", "Grace"], seed=4)
    listed.clear()
    begun = store.create(game, SEATS, "begins the index")
    assert listed == [str(root)], "the first save of this version lists the folder once"
    assert (root / INDEX / BEGUN).exists() and (root / INDEX / id_of(old)).exists()
    assert all((root / INDEX / f"{n:08x}").exists() for n in range(300)), "every old save's id claimed"
    listed.clear()
    made = [store.create(new_game("classic", ["Ada", "Grace"], seed=n), SEATS, f"room {n}") for n in range(5)]
    assert listed == [], "no later save lists the folder, however many saves it holds"
    ids = {id_of(s.path) for s in [begun, *made]}
    assert len(ids) == 6 and all((root / INDEX / i).exists() for i in ids), "each id claimed, none twice"
    assert not (ids & {id_of(p) for p in root.glob("*.json")} - ids), "no id met an old save's"
    for session in [begun, *made]:
        session.close()
    assert not any(lock_of(s.path).exists() for s in [begun, *made])
    assert len(store.list()) == 301 + 6, "the index is not among the saves listed"


def test_listing_takes_no_lock_for_a_live_games_backup(tmp_path: Path, listed: list[str]) -> None:
    """Tidying before a list took each save's lock (a lock file made and removed) only to find that a
    live game keeps its backup; it still clears a backup whose game is gone, under that game's lock."""
    root = tmp_path / "saves"
    _many_saves(root, 20)
    orphan = root / "gone-0badcafe.json.bak"
    orphan.write_text("{}")
    _LOCKED.clear()
    assert len(SaveStore(root).list()) == 21
    assert not orphan.exists(), "a backup without its game is cleared"
    assert _LOCKED == ["gone-0badcafe.json.lock"], _LOCKED
