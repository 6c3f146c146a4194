"""One writer per save: an exclusive lock (`flock`) on a lock file next to it.

The kernel drops the lock when its process dies, however it dies, so a crash never leaves a game locked.
The lock file names its holder (pid and host) so that the refusal can say who has the game open. It is
removed on release; a process that locked a file removed under it notices and locks the new one.

The lock file is written, so it must be landlords' own: a link planted under its name is never followed,
and a file that is not a regular one of ours, with no other name, is refused untouched. Every way out of
`acquire` but success closes what it opened, so a failure (a full disk, say) never leaves the game locked.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import sys
from pathlib import Path

from saves.errors import SaveError, SaveLocked
from saves.files import NOFOLLOW, kind_problem

if sys.platform == "win32":  # no flock there; a byte-range lock is also dropped when its process dies
    import msvcrt

    def _try_lock(fd: int) -> None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            raise BlockingIOError from None

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class FileLock:
    """An exclusive lock on `path`, refused at once (never waited for) when another process holds it."""

    def __init__(self, path: Path, subject: Path) -> None:
        self.path = path
        self.subject = subject  # the save it guards, for the error message
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Lock, or raise `SaveLocked` (another process has it) or `SaveError` (the lock file is not ours)."""
        if self._fd is not None:
            return
        while True:
            fd = self._open()
            try:
                if self._take(fd):
                    break
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # the holder before us removed that file as we opened it: try the new one
        self._fd = fd
        _write_holder(fd)

    def _open(self) -> int:
        link = SaveError(self.subject, _not_ours(self.path, "it is a symbolic link"))
        if NOFOLLOW == 0 and self.path.is_symlink():  # no O_NOFOLLOW on this system: look first
            raise link
        try:
            return os.open(self.path, _LOCK_FLAGS, 0o600)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise link from None
            raise

    def _take(self, fd: int) -> bool:
        """Lock the open file; False if it is no longer the file under the lock's name."""
        problem = _foreign(os.fstat(fd))
        if problem:
            raise SaveError(self.subject, _not_ours(self.path, problem))
        try:
            _try_lock(fd)
        except BlockingIOError:
            raise SaveLocked(
                self.subject,
                f"this game is open in another landlords ({_read_holder(fd)}); close it there first",
            ) from None
        return _same_file(fd, self.path)

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()  # while still locked, so nobody can lock the name we remove
        os.close(fd)


_LOCK_FLAGS = os.O_RDWR | os.O_CREAT | NOFOLLOW | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def _foreign(st: os.stat_result) -> str | None:
    """Return why an open lock file is not one landlords made, or None."""
    problem = kind_problem(st)
    if problem:
        return problem
    if sys.platform != "win32":
        if st.st_uid != os.geteuid():
            return "it belongs to another user"
        if st.st_nlink > 1:
            return "it has other names (a hard link)"
    return None


def _not_ours(path: Path, why: str) -> str:
    return f"the lock file {path.name} is not landlords' own ({why}); remove it to play this game"


def _write_holder(fd: int) -> None:
    """Write the holder's name into the lock file, for the error other processes get. Best effort: a full
    disk, which leaves the line unwritten, costs only the name in that message."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.lstat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _read_holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 200).decode("utf-8", "replace").split()
    except OSError:
        text = []
    if len(text) >= 2 and text[0].isdigit():
        return f"process {text[0]} on {text[1]}"
    return "another process"
