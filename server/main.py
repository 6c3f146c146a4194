"""Running the server: the host key, the hall of rooms, the SSH listener, and a clean stop on SIGTERM or
SIGINT (every room saved and released)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from dataclasses import replace

import asyncssh

from server.config import ServerConfig
from server.hall import Hall
from server.hostkey import fingerprint, host_key
from server.ssh import Connection, GameSession, Gate, read_allowed

log = logging.getLogger(__name__)


class Running:
    """A server started on the current event loop."""

    def __init__(self, hall: Hall, gate: Gate, listener: asyncssh.SSHAcceptor, port: int, key: str) -> None:
        self.hall = hall
        self.gate = gate
        self.listener = listener
        self.port = port
        self.fingerprint = key

    def sessions(self) -> list[GameSession]:
        return [c.session for c in self.gate.open if c.session is not None]

    async def stop(self) -> None:
        """Stop listening, end every session (each leaves its table), then save and release every room."""
        self.listener.close()
        await self.listener.wait_closed()
        tasks = [s.task for s in self.sessions() if s.task is not None]
        for connection in list(self.gate.open):
            if connection.conn is not None:
                connection.conn.close()
        if tasks:
            await asyncio.wait(tasks, timeout=3)
        self.hall.close()


async def start(config: ServerConfig, say: Callable[[str], None] = print) -> Running:
    """Start listening; `say` is told the host key's fingerprint and the address."""
    key, made = host_key(config.folder)
    print_key = fingerprint(key)
    if made:
        say(f"A new host key was made: {config.folder / 'host_ed25519'}")
    say(f"Host key fingerprint: {print_key}")
    hall = Hall(config, asyncio.get_running_loop())
    gate = Gate()
    allowed = read_allowed(config.authorized_keys) if config.authorized_keys is not None else None
    limits = config.limits
    listener = await asyncssh.create_server(
        lambda: Connection(hall, gate, allowed),
        config.host,
        config.port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        password_auth=False,
        kbdint_auth=False,
        public_key_auth=True,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        login_timeout=limits.login_timeout,
        keepalive_interval=limits.keepalive_interval,
        keepalive_count_max=limits.keepalive_count,
    )
    port = listener.sockets[0].getsockname()[1] if listener.sockets else config.port
    hall.config = replace(config, port=port)  # a port of 0 was a free one: players are told the real one
    say(f"landlords serves on {config.host} port {port}: ssh -p {port} {config.host}")
    return Running(hall, gate, listener, port, print_key)


async def serve(config: ServerConfig) -> int:
    """Serve until SIGTERM or SIGINT."""
    running = await start(config, lambda line: print(line, flush=True))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("stopping: every room is saved")
    await running.stop()
    return 0


def configure_logging(level: int = logging.INFO) -> None:
    logging.basicConfig(
        stream=sys.stderr, level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
