"""The server's SSH host key: an ed25519 key generated on first start in the server's folder (readable by its
owner only) and reused afterwards, so that players' `known_hosts` keep trusting it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import asyncssh

KEY_FILE = "host_ed25519"


def host_key(folder: Path, path: Path | None = None) -> tuple[asyncssh.SSHKey, bool]:
    """Load or generate the host key in `folder` (or at `path`: `--host-key`, one file that every host of a
    server shares, so that players see one server), and whether it was just made."""
    path = path or folder / KEY_FILE
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.exists():
        return asyncssh.read_private_key(str(path)), False
    key = asyncssh.generate_private_key("ssh-ed25519")
    data = key.export_private_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another host given the same file made it just now
        time.sleep(0.5)  # let it finish writing
        return asyncssh.read_private_key(str(path)), False
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(path, 0o600)
    return key, True


def fingerprint(key: asyncssh.SSHKey) -> str:
    """Return the key's fingerprint, SHA256:..., as `ssh-keygen -l` and ssh's first-connection prompt show
    it."""
    return str(key.get_fingerprint("sha256"))
