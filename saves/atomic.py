"""Writing a file so that a crash at any instant leaves the old version or the new one, never a mix.

The new content goes to a temporary file in the same folder, is flushed to the disk, then renamed over
the old file in one step; the folder itself is synced so that the rename survives a power cut. Before the
rename, the old file is linked (or copied) to a backup, which therefore always holds the previous save.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from pathlib import Path

from saves.location import TEMP_SUFFIX


def temp_name(target: Path) -> Path:
    """Return a hidden, unique temporary name next to `target`; `leftovers` finds these again."""
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def leftovers(target: Path) -> list[Path]:
    """Return the temporary files of `target` left by a process that died while writing."""
    return sorted(target.parent.glob(f".{target.name}.*{TEMP_SUFFIX}"))


def write_atomic(target: Path, data: bytes, backup: Path | None = None) -> None:
    """Replace `target` with `data` in one step, keeping the previous content in `backup` if given."""
    folder = target.parent
    tmp = temp_name(target)
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backup is not None and target.exists():
            _keep(target, backup)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    sync_folder(folder)


def _keep(target: Path, backup: Path) -> None:
    """Make `backup` a copy of `target` in one step: a hard link where the disk allows, else a copy."""
    tmp = temp_name(backup)
    try:
        try:
            os.link(target, tmp)
        except OSError:
            with open(target, "rb") as src, open(tmp, "xb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        os.replace(tmp, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def sync_folder(folder: Path) -> None:
    """Make renames and deletions in `folder` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
