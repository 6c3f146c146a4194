"""Two people at one table, each in their own terminal (tmux), connected with OpenSSH's own `ssh`: the
way players reach the server. Skipped, with the reason, where `ssh` or `tmux` is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sshplay import ServerProcess, make_key
from tmuxterm import Terminal, ada_makes_friday, bob_joins_and_they_talk
from tmuxterm import ssh_command as _ssh

pytestmark = pytest.mark.slow

pytestmark = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs OpenSSH's ssh and tmux (apt-get install openssh-client tmux)",
)


async def test_two_people_at_one_table_over_openssh(tmp_path: Path) -> None:
    keys = {}
    for name in ("ada", "bob"):
        path = tmp_path / name
        make_key(tmp_path, name).write_private_key(str(path))
        os.chmod(path, 0o600)
        keys[name] = path
    socket = str(tmp_path / "tmux.sock")
    server = await ServerProcess(tmp_path).start()
    ada, bob = Terminal("ada", socket), Terminal("bob", socket)
    try:
        known = tmp_path / "known_hosts"
        ada.open(_ssh(keys["ada"], server.port, known), (100, 30))
        await ada_makes_friday(ada)
        bob.open(_ssh(keys["bob"], server.port, known, "Friday"), (120, 40))  # straight to the room
        await bob_joins_and_they_talk(ada, bob)
        ada.keys("C-q")  # back to the lobby, the seat kept
        await ada.wait_for("* Friday")
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
        assert await server.stop() == 0
