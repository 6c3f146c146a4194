"""Safe opening of save files: refuses symlinks, devices, oversized and other unexpected files.

A name in the folder can be a link to someone's notes, a FIFO that blocks whoever opens it, a device that
never ends, or a file of gigabytes. So links are never followed, only regular files are read (opened
without blocking, and checked again once open), and nothing larger than a save can be is read at all.
"""

from __future__ import annotations

import errno
import math
import os
import stat
from pathlib import Path

from saves.errors import SaveError, SaveNotFound

MAX_BYTES = 4 * 1024 * 1024
"""The largest file taken for a save. A game of eight players and a thousand turns takes under 50 KiB;
a file many times that size is read whole (to be shown or played) in bounded time and memory."""

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = (
    os.O_RDONLY
    | NOFOLLOW
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))
_LINK = "a symbolic link, not a save file: landlords does not follow links"


def kind_problem(st: os.stat_result) -> str | None:
    """Return why a file with this status is not one landlords reads or writes as a save, or None."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return _LINK
    if stat.S_ISREG(mode):
        return None
    what = next((name for test, name in _KINDS if test(mode)), "a device")
    return f"not a save file but {what}"


def size_problem(size: int) -> str | None:
    if size <= MAX_BYTES:
        return None
    mib = math.ceil(size / 2**20 * 10) / 10  # rounded up: never shown as the limit itself
    return f"the file is {mib:.1f} MiB, more than a save can be ({MAX_BYTES // 2**20} MiB at most): not read"


def open_save(path: Path) -> tuple[int, int]:
    """Open the regular file at `path` for reading; return the descriptor and its size, or raise `SaveError`
    otherwise."""
    try:
        before = os.lstat(path)
    except FileNotFoundError:
        raise SaveNotFound(path, "there is no such save file") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read: {exc.strerror or exc}") from None
    _refuse(path, before)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError(path, _LINK) from None  # it became one since it was looked at
        raise SaveError(path, f"the file cannot be read: {exc.strerror or exc}") from None
    try:
        now = os.fstat(fd)  # what was opened, whatever the name pointed to a moment before
        _refuse(path, now)
    except BaseException:
        os.close(fd)
        raise
    return fd, now.st_size


def read_whole(path: Path) -> bytes:
    """Read the whole save file at `path`, refusing it before reading if it is not one."""
    fd, _ = open_save(path)
    try:
        data = _read(path, fd, MAX_BYTES + 1)
    finally:
        os.close(fd)
    problem = size_problem(len(data))
    if problem:  # it grew while being read
        raise SaveError(path, problem)
    return data


def read_ends(path: Path, head: int, tail: int) -> tuple[bytes, bytes | None]:
    """Read the first `head` and the last `tail` bytes of a save file; the whole file and None when it is no
    longer than both together."""
    fd, size = open_save(path)
    try:
        if size <= head + tail:
            return _read(path, fd, head + tail), None
        start = _read(path, fd, head)
        os.lseek(fd, size - tail, os.SEEK_SET)
        return start, _read(path, fd, tail)
    finally:
        os.close(fd)


def _refuse(path: Path, st: os.stat_result) -> None:
    problem = kind_problem(st) or size_problem(st.st_size)
    if problem:
        raise SaveError(path, problem)


def _read(path: Path, fd: int, limit: int) -> bytes:
    """Read up to `limit` bytes from `fd`, to its end."""
    chunks: list[bytes] = []
    left = limit
    try:
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read: {exc.strerror or exc}") from None
    return b"".join(chunks)
