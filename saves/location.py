"""Save-folder location and file naming: `<title>-<id>.json`, the id being the game's handle."""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

ENV_VAR = "LANDLORDS_SAVES"
SUFFIX = ".json"
BACKUP_SUFFIX = ".bak"
LOCK_SUFFIX = ".lock"
TEMP_SUFFIX = ".tmp"

_ID = re.compile(r"[0-9a-f]{8}")
_SLUG_MAX = 40


def saves_dir(override: str | Path | None = None) -> Path:
    """Return the saves folder: `--saves-dir`, else `$LANDLORDS_SAVES`, else the user's data folder."""
    if override is not None and str(override) != "":
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR, "")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("landlords") / "saves"


def slug(title: str) -> str:
    """Return the title as a file name: lower case letters and digits joined by dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return text[:_SLUG_MAX].rstrip("-") or "game"


def file_name(title: str, save_id: str) -> str:
    return f"{slug(title)}-{save_id}{SUFFIX}"


def id_of(path: Path) -> str:
    """Return the id in a save's file name; a file renamed by hand is known by its whole name instead."""
    stem = path.name.removesuffix(SUFFIX)
    tail = stem.rsplit("-", 1)[-1]
    return tail if _ID.fullmatch(tail) else stem


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def lock_of(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def is_save(path: Path) -> bool:
    """Whether `name` is a save's file name: not a backup, a lock or a partly written file. (Whether it is a
    regular file is for the reading to find out: a listing reports what is not.)"""
    return path.name.endswith(SUFFIX) and not path.name.startswith(".")


_SAVE_NAME = r"[^.][^/\\]*" + re.escape(SUFFIX)
_LITTER = re.compile(
    rf"(?P<lock>{_SAVE_NAME}){re.escape(LOCK_SUFFIX)}"
    rf"|(?P<backup>{_SAVE_NAME}){re.escape(BACKUP_SUFFIX)}"
    rf"|\.(?P<temp>{_SAVE_NAME})(?:{re.escape(BACKUP_SUFFIX)})?\.[0-9a-f]{{8}}{re.escape(TEMP_SUFFIX)}"
)


def belongs_to(name: str) -> str | None:
    """Return the name of the save that a lock, a backup or a partly written copy called `name` belongs to."""
    found = _LITTER.fullmatch(name)
    if found is None:
        return None
    return found.group("lock") or found.group("backup") or found.group("temp")
