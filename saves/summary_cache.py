"""Cache of save summaries, stored in the saves folder so that the next listing need not read the saves.

Listing a save reads the two ends of its file and checks them (`saves.header`), which builds the engine's
model of a game state: most of what a list costs. So the summary of each file listed is kept in the
folder's `.summaries.cache`, by the file's name, with the file's size, its modification and change times
(in nanoseconds) and its inode. A summary is used again only while all four are what they are now: a file
changed in any way, by landlords or by anything else, is read and checked afresh. A file that could not
be read is never kept (it is checked again each time, and listed with its reason), nor is one changed in
the last seconds, since a change within the same tick of the clock could not be told from it.

Whoever lists the folder writes the file, in one step and only when what it keeps has changed, and only
where it can: a folder that cannot be written is listed all the same. The file is read as untrusted
input. Anything but what this module writes (not JSON, another shape, another version of the program,
larger than a save may be, a link, a FIFO) counts as no summaries at all; an entry of the wrong shape, or
that does not fit its game (a winner who is not a player, an edition that is not packaged), as no
summary of that file; and the titles and names kept are made safe as those read from a save are.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import engine
from engine.core.catalogue import EDITIONS
from engine.core.text import TITLE_MAX
from saves.atomic import leftovers, temp_name
from saves.errors import SaveError
from saves.files import MAX_BYTES, read_whole
from saves.location import id_of
from saves.summary import SaveSummary, Seat, safe_seat, safe_title

NAME = ".summaries.cache"
"""The file in the saves folder: hidden, not a save's name (`saves.location.is_save`), and not one that
`*.json` finds among the saves. It holds JSON."""

VERSION = 1
"""The shape of the file. Raise it whenever an entry written before would not be read the same."""

RECENT_NS = 2_000_000_000
"""A file changed less than this long ago (in nanoseconds) is not kept: the next list reads it again.
Two seconds covers the coarsest clock a file system keeps (FAT's)."""

STALE_NS = 60_000_000_000
"""A half-written copy of the file older than this is one a killed process left: removed when writing."""

Key = tuple[int, int, int, int]
"""What a file is now: its size, modification and change times in nanoseconds, and its inode."""

CHECKS = {
    "saves": (
        "__init__",
        "codec",
        "errors",
        "files",
        "header",
        "location",
        "migrations",
        "model",
        "summary",
        "summary_cache",
    ),
    "engine": (
        "__init__",
        "lazy",
        "core.__init__",
        "core.catalogue",
        "core.commands",
        "core.edition",
        "core.errors",
        "core.options",
        "core.phrases",
        "core.rule_ids",
        "core.state",
        "core.text",
    ),
}
"""The modules that decide what a list makes of a file (every one that reading a file loads, as the tests
hold): a hash of their code marks the summaries kept (`_program`)."""


def key_of(path: Path) -> Key | None:
    """Return the cache key of the file at `path` now; None if it is not a regular file (never cached: a
    listing reports it)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


class SummaryCache:
    """The summary cache of the folder `root`, read on creation; `write` stores the entries this listing
    used."""

    def __init__(self, root: Path) -> None:
        self.path = root / NAME
        self._now = time.time_ns()  # before any file is looked at: see `keep`
        self._program = _program()
        self._found = self._read()
        self._kept: dict[str, Any] = {}

    def summary(self, path: Path, key: Key | None) -> SaveSummary | None:
        """Return the cached summary of the save at `path`, if the file is unchanged (`key`); else None."""
        if key is None:
            return None
        entry = self._found.get(path.name)
        summary = _summary(path, key, entry)
        if summary is not None:
            self._kept[path.name] = entry
        return summary

    def keep(self, path: Path, key: Key | None, summary: SaveSummary) -> None:
        """Cache the summary just read from `path`, whose cache key before reading was `key`.

        Not if it changed in the last seconds: a change after the reading, in the same tick of the clock,
        would leave the file's times as they are. Nor one that would not be read back the same (an
        edition that is not packaged, such as one registered in this process, is unknown to the next)."""
        if key is None or self._now - max(key[1], key[2]) < RECENT_NS:
            return
        entry = _entry(key, summary)
        if _summary(path, key, entry) == summary:
            self._kept[path.name] = entry

    def remember(self, path: Path, summary: SaveSummary) -> None:
        """Add the summary of a save this process has just written to the cache file.

        For the one writer of a save (`SaveSession`, which calls this while it still holds the file's
        lock), unlike a list: it knows what the file holds however recent its times are, because it wrote
        it, and landlords only ever replaces a save whole, so any later save is another file (another
        inode, other times). So the first list after a game is not the one that pays for reading it."""
        key = key_of(path)
        if key is None:
            return
        entry = _entry(key, summary)
        if _summary(path, key, entry) != summary:
            return  # a title or name made safe when listed: the list reads the file itself
        self._kept = {**self._found, path.name: entry}
        self.write()

    def forget(self, path: Path) -> None:
        """Remove the cached summary of a deleted save (`SaveStore.delete`); the file goes with the last
        one. Never an error, as `write`."""
        if path.name not in self._found:
            return
        self._kept = {name: entry for name, entry in self._found.items() if name != path.name}
        if self._kept:
            self.write()
            return
        with contextlib.suppress(OSError):
            self.path.unlink()

    def write(self) -> None:
        """Store the summaries this listing used and read (of no other file), if they changed: in one
        step, and never an error: a folder that cannot be written gets no cache."""
        if self._kept == self._found:
            return
        document = {"version": VERSION, "program": self._program, "saves": self._kept}
        data = json.dumps(document, separators=(",", ":")).encode()  # ASCII: even a stray surrogate read
        if len(data) > MAX_BYTES:
            return  # it would not be read again
        tmp = temp_name(self.path)
        try:
            with open(tmp, "xb") as f:
                f.write(data)
            os.replace(tmp, self.path)  # a link or anything else planted under the name is replaced
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()
            return
        self._tidy()

    def _read(self) -> dict[str, Any]:
        """Return the cache file's entries, by save file name; none if it is missing or anything but ours."""
        try:
            data = read_whole(self.path)  # a regular file of at most MAX_BYTES, not a link
        except SaveError:
            return {}
        try:
            document = json.loads(data)
        except (ValueError, RecursionError):
            return {}
        if not isinstance(document, dict) or document.get("version") != VERSION:
            return {}
        if document.get("program") != self._program:
            return {}
        entries = document.get("saves")
        if not isinstance(entries, dict):
            return {}
        return entries

    def _tidy(self) -> None:
        """Remove the partly written copies of the cache file that killed processes left (not a live
        one's)."""
        for stray in leftovers(self.path):
            with contextlib.suppress(OSError):
                st = os.lstat(stray)
                if stat.S_ISREG(st.st_mode) and self._now - st.st_mtime_ns > STALE_NS:
                    stray.unlink()


def _entry(key: Key, summary: SaveSummary) -> dict[str, Any]:
    """Return the cache entry for `summary` of a file with cache key `key`."""
    return {
        "key": list(key),
        "title": summary.title,
        "edition": summary.edition,
        "seats": [seat.as_dict() for seat in summary.seats],
        "turn": summary.turn,
        "winner": summary.winner,
        "created": summary.created.isoformat(),
        "updated": summary.updated.isoformat(),
        "takebacks": summary.takebacks,
        "lesson": summary.lesson,
    }


_FIELDS = {"key", "title", "edition", "seats", "turn", "winner", "created", "updated", "takebacks", "lesson"}


def _summary(path: Path, key: Key, entry: Any) -> SaveSummary | None:
    """Return the summary in a cache entry for the save at `path`, if it is one for the file as it is now
    (`key`) and fits a game; None if it is anything else. Its title and names are made safe to show."""
    if not isinstance(entry, dict) or entry.keys() != _FIELDS:
        return None
    kept_key, title, seats, winner = entry["key"], entry["title"], entry["seats"], entry["winner"]
    if not (isinstance(kept_key, list) and all(type(n) is int for n in kept_key) and tuple(kept_key) == key):
        return None
    if not (isinstance(title, str) and 0 < len(title) <= TITLE_MAX) or entry["edition"] not in EDITIONS:
        return None
    if not (isinstance(seats, list) and seats) or not (winner is None or _count(winner, len(seats))):
        return None
    if not (_count(entry["turn"]) and entry["turn"] >= 1 and _count(entry["takebacks"])):
        return None
    created, updated = _moment(entry["created"]), _moment(entry["updated"])
    if created is None or updated is None or not isinstance(entry["lesson"], bool):
        return None
    players = [seat for seat in map(_seat, seats) if seat is not None]
    if len(players) != len(seats):
        return None
    return SaveSummary(  # every field checked above
        id=id_of(path),
        path=path,
        title=safe_title(title),
        edition=entry["edition"],
        seats=[safe_seat(seat) for seat in players],
        turn=entry["turn"],
        winner=winner,
        created=created,
        updated=updated,
        takebacks=entry["takebacks"],
        lesson=entry["lesson"],
    )


def _seat(value: Any) -> Seat | None:
    """Return the seat in a cache entry, validated as `Seat` validates one (`tests/saves` holds the two
    together)."""
    if not isinstance(value, dict) or not {"name", "kind"} <= value.keys() <= {"name", "kind", "level"}:
        return None
    name, kind, level = value["name"], value["kind"], value.get("level")
    if not (isinstance(name, str) and name) or not (level is None or isinstance(level, str)):
        return None
    if kind not in ("human", "bot") or (kind == "human" and level is not None):
        return None
    return Seat(name=name, kind=kind, level=level)


def _count(value: Any, below: int | None = None) -> bool:
    """Whether `value` is a whole number from 0 (below `below`, if given): not a bool, a float or a string."""
    return type(value) is int and value >= 0 and (below is None or value < below)


def _moment(value: Any) -> datetime | None:
    """Parse the time written in `value`, if it is one with its offset from UTC (as a save's times are)."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.utcoffset() is not None else None


def _program() -> str:
    """Return the cache's program key: the file version and a hash of every module that checks a save. A
    summary cached by a program whose checks read otherwise is not used; the same code installed elsewhere (a
    wheel and a source tree, say) uses the summaries the other kept."""
    digest = hashlib.sha256(f"{VERSION}".encode())
    folders = {"saves": Path(__file__).parent, "engine": Path(engine.__file__).parent}
    for package, modules in CHECKS.items():
        for module in modules:
            digest.update(f"{package}.{module}\0".encode())
            try:
                digest.update((folders[package] / f"{module.replace('.', '/')}.py").read_bytes())
            except OSError:
                digest.update(b"-")
    return digest.hexdigest()
