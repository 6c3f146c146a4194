"""A person in lines over SSH (`ssh -p PORT host plain`), with his own key: what he types and what the server
wrote back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from server.network.main import Running
from server.session.line_player import LinePlayer

from sshplay import make_key


class Listener(asyncssh.SSHClientSession[bytes]):
    """A line-mode client: everything the server wrote, as bytes."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.raw.extend(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", "replace")


class LinePerson:
    def __init__(self, running: Running, tmp: Path, name: str) -> None:
        self.running, self.name = running, name
        self.key = make_key(tmp, name)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.out = Listener()

    @property
    def fingerprint(self) -> str:
        return str(self.key.get_fingerprint("sha256"))

    async def connect(self, command: str | None = "plain", terminal: bool = False) -> LinePerson:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            self.running.port,
            username=self.name.lower(),
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
            config=None,
        )
        self.chan, _ = await self.conn.create_session(
            lambda: self.out,
            command,
            term_type="xterm" if terminal else None,
            term_size=(80, 24) if terminal else None,
            encoding=None,
        )
        return self

    async def type(self, line: str) -> None:
        assert self.chan is not None
        self.chan.write((line + "\n").encode())
        await asyncio.sleep(0.05)

    async def wait_for(self, text: str, timeout: float = 15.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text not in self.out.text:
            if loop.time() > end:
                raise AssertionError(f"{text!r} never came; the last of it:\n{self.out.text[-1500:]}")
            await asyncio.sleep(0.05)

    def player(self) -> LinePlayer:
        for ws in self.running.worker_sessions():
            if ws.lines is not None and ws.fingerprint == self.fingerprint:
                return ws.lines
        raise AssertionError("no line session for this key")
