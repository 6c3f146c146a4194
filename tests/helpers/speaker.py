"""A person over SSH without a terminal, as a script or `ssh host plain` is: what he types, and what the
server writes back."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import asyncssh
from linessh import Listener

from server.network.main import Running


class Speaker:
    """A person over SSH without a terminal, as a script or `ssh host plain` is."""

    def __init__(self, running: Running, name: str, key: asyncssh.SSHKey | None = None) -> None:
        self.running, self.name = running, name
        self.key = key or asyncssh.generate_private_key("ssh-ed25519")
        self.out = Listener()
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.conn: asyncssh.SSHClientConnection | None = None

    @property
    def fingerprint(self) -> str:
        return str(self.key.get_fingerprint("sha256"))

    @property
    def text(self) -> str:
        return self.out.raw.decode("utf-8", "replace")

    async def connect(self, command: str = "plain", env: Mapping[str, str] | None = None) -> None:
        """Open the session, the client sending `env` as `ssh -o SetEnv` would (TZ, LANG)."""
        self.out = Listener()
        sent: dict[bytes | str, bytes | str] = {}
        sent.update((env or {}).items())
        self.conn = await asyncssh.connect(
            "127.0.0.1", self.running.port, username=self.name.lower(), client_keys=[self.key],
            known_hosts=None, agent_path=None, config=None,
        )  # fmt: skip
        self.chan, _session = await self.conn.create_session(
            lambda: self.out, command, env=sent, encoding=None
        )

    async def type(self, line: str) -> None:
        assert self.chan is not None
        self.chan.write((line + "\n").encode())

    async def wait_for(self, text: str, timeout: float = 15.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text not in self.text:
            if loop.time() > end:
                raise AssertionError(f"{self.name} never read {text!r}; the last of it:\n{self.text[-1500:]}")
            await asyncio.sleep(0.05)

    async def ended(self) -> str:
        """Wait for the server to end the session; what it wrote."""
        await asyncio.wait_for(self.out.closed.wait(), 10)
        return self.text

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
