"""Server startup and shutdown: the host key, each worker's rooms, the SSH listener, and a clean stop on
SIGTERM or SIGINT (every room saved and released)."""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import asyncssh

from server.base.config import Limits, ServerConfig
from server.network.clock_moves import ClockRequests
from server.network.front import Front
from server.network.hostkey import KEY_FILE, fingerprint, host_key
from server.network.peers import PeerError, read_secret
from server.network.proxy import ProxyListener, trusted_networks
from server.network.ssh import Connection, GameSession, Gate, read_allowed
from server.network.worker import WorkerSession
from server.tables.table import Table
from server.tables.worker_rooms import WorkerRooms
from translation import _, ngettext

log = logging.getLogger(__name__)

Listener = asyncssh.SSHAcceptor | ProxyListener


class Running:
    """A server running on the current event loop: the front, and the workers it started."""

    def __init__(self, front: Front, gate: Gate, listener: Listener, port: int, key: str) -> None:
        self.front = front
        self.gate = gate
        self.listener = listener
        self.port = port
        self.fingerprint = key
        self.clock_requests: ClockRequests | None = None  # `--test-clock`: the operator's moves of the clock

    @property
    def limits(self) -> Limits:
        return self.front.limits

    def sessions(self) -> list[GameSession]:
        return [c.session for c in self.gate.open if c.session is not None]

    def worker_sessions(self) -> list[WorkerSession]:
        """Return the sessions' apps, when the workers run in this process (tests look inside them)."""
        return [s for h in self.front.workers if h.local is not None for s in h.local.sessions]

    def workers_rooms(self) -> list[WorkerRooms]:
        return [h.local.worker_rooms for h in self.front.workers if h.local is not None]

    def table(self, name: str) -> Table | None:
        """Look up a table by id or name, in whichever worker of this process holds it."""
        for worker_rooms in self.workers_rooms():
            found = worker_rooms.find(name)
            if isinstance(found, Table):
                return found
        return None

    async def stop(self) -> None:
        """Stop listening; end every session, restoring its terminal and telling the person why (each leaves
        its table, keeping the seat); then every worker saves its rooms."""
        self.front.stopping = True  # a worker that ends from now on (stopped with us) is not started again
        if self.clock_requests is not None:
            self.clock_requests.stop()
        self.listener.close()
        await self.listener.wait_closed()
        sessions = self.sessions()
        tasks = [s.task for s in sessions if s.task is not None]
        channels = [s.chan for s in sessions if s.chan is not None]
        for session in sessions:
            session.stop()
        closing = [asyncio.ensure_future(chan.wait_closed()) for chan in channels]
        if closing:  # the goodbye reaches the client before its connection goes
            await asyncio.wait(closing, timeout=2)
        for connection in list(self.gate.open):
            if connection.conn is not None:
                connection.conn.close()
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        await self.front.stop()


async def start(
    config: ServerConfig, say: Callable[[str], None] = print, in_process: bool = False
) -> Running:
    """Start listening, then the workers (`in_process`: as objects on this loop, for tests that look
    inside them); `say` receives the host key's fingerprint and the address."""
    key, made = host_key(config.folder, config.host_key)
    print_key = fingerprint(key)
    if made:
        say(_("A new host key was made: {path}", path=config.host_key or config.folder / KEY_FILE))
    say(_("Host key fingerprint: {fingerprint}", fingerprint=print_key))
    front = Front(config, in_process)
    if front.store_note:
        say(front.store_note)
    elif config.store is not None and front.store is not None:
        say(_("The people are kept in {where}", where=front.store.where))
    gate = Gate()
    allowed = read_allowed(config.authorized_keys) if config.authorized_keys is not None else None
    limits = config.limits
    options: dict[str, Any] = {
        "server_host_keys": [key],
        "encoding": None,
        "line_editor": False,
        "password_auth": False,
        "kbdint_auth": False,
        "public_key_auth": True,
        "agent_forwarding": False,
        "x11_forwarding": False,
        "allow_scp": False,
        "login_timeout": limits.login_timeout,
        "keepalive_interval": limits.keepalive_interval,
        "keepalive_count_max": limits.keepalive_count,
    }
    listener: Listener
    if config.proxy_from:
        networks = trusted_networks(",".join(config.proxy_from))

        async def start_ssh(sock: socket.socket, address: str, reached: tuple[str, int] | None) -> None:
            factory = partial(Connection, front, gate, allowed, address, reached)
            await asyncssh.run_server(sock, server_factory=factory, **options)

        listener = await ProxyListener.open(config.host, config.port, networks, start_ssh)
    else:
        listener = await asyncssh.create_server(
            lambda: Connection(front, gate, allowed), config.host, config.port, **options
        )
    port = listener.sockets[0].getsockname()[1] if listener.sockets else config.port
    front.config = replace(config, port=port)  # a port of 0 was a free one: players are told the real one
    if config.relay is not None:
        try:
            join_hosts(front, front.config)
        except PeerError:
            listener.close()
            raise
    await front.start()
    workers = len(front.workers)
    processes = ngettext("{n} worker", "{n} workers", workers)
    if front.hosts is not None:
        say(
            _(
                "One host of several: {name}, its relay on {relay}",
                name=front.hosts.name,
                relay=front.hosts.relay,
            )
        )
    say(
        _(
            "landlords serves on {host} port {port}: ssh -p {port} {host} ({processes})",
            host=config.host,
            port=port,
            processes=processes,
        )
    )
    running = Running(front, gate, listener, port, print_key)
    if config.test_clock:
        running.clock_requests = ClockRequests(config.folder, partial(_tell_workers, front))
        running.clock_requests.start()
        say(
            _(
                "Test clock: landlords clock --data-dir {folder} advance 25h moves the tables' clock on. "
                "For trying the turn-based pace out, never for real play.",
                folder=config.folder,
            )
        )
    return running


def _tell_workers(front: Front, message: dict[str, Any]) -> None:
    for handle in front.workers:
        if handle.link is not None:
            handle.link.send_json(message)


def join_hosts(front: Front, config: ServerConfig) -> None:
    """Make this server one host of several sharing its PostgreSQL (`server.network.hosts`); `PeerError`
    with a sentence for the operator when it cannot be."""
    from server.network.hosts import Hosts, default_name

    if config.store is None or config.relay is None or config.relay_secret is None:
        raise PeerError(
            _("Several hosts share a PostgreSQL store: give --store, --relay and --relay-secret.")
        )
    secret = read_secret(config.relay_secret)
    name = config.host_name or default_name(config.port)
    front.hosts = Hosts(front, config.store, name, config.relay, secret, config.lease)
    front.peer_secret = secret


async def serve(config: ServerConfig) -> int:
    """Serve until SIGTERM or SIGINT."""
    running = await start(config, lambda line: print(line, flush=True))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def stop_now() -> None:
        running.front.stopping = True  # the workers may get the same signal (a service's whole group)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop_now)
    await stop.wait()
    log.info("stopping: every room is saved")
    await running.stop()
    return 0
