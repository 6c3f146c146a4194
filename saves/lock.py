"""One writer per save: an exclusive lock (`flock`) on a lock file next to it.

The kernel drops the lock when its process dies, however it dies, so a crash never leaves a game locked.
The lock file names its holder (pid and host) so that the refusal can say who has the game open. It is
removed on release; a process that locked a file removed under it notices and locks the new one.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from pathlib import Path

from saves.errors import SaveLocked

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
        if self._fd is not None:
            return
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                _try_lock(fd)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                raise SaveLocked(
                    self.subject,
                    f"this game is open in another landlords ({holder}); close it there first",
                ) from None
            except BaseException:
                os.close(fd)
                raise
            if _same_file(fd, self.path):
                break
            os.close(fd)  # the holder before us removed that file as we opened it: try the new one
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()  # while still locked, so nobody can lock the name we remove
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
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
