"""PROXY protocol support (versions 1 and 2) for running behind a TCP load balancer: the header that carries
the player's own address.

A balancer in front of the server (HAProxy `send-proxy-v2`, say) opens each connection with a header
naming the address the player connected from; without it, every player would seem to come from the
balancer, and the limits per address and the logs would see one address for everybody. A header is
believed only from the addresses the operator lists (`--proxy-from`): from any other address the
connection is taken as it comes, and a header from there is not read (it would let anyone say they are
anyone). A listed address must send one: a connection from it without a header is closed.

The header is read by looking at the first bytes without taking them, then taking exactly the header, so
the SSH bytes that follow it in the same packet are left for SSH.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

V1_START = b"PROXY "
V1_LONGEST = 107  # the specification's bound on a version 1 line, its CR LF included
V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
V2_LONGEST = 16 + 536  # the fixed part and the most a balancer's extra fields take here
HEADER_TIME = 5.0  # seconds a listed address has to send its header


class ProxyError(ValueError):
    """Raised for a header that is malformed, too long, or missing where one is required."""


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(text: str) -> tuple[Network, ...]:
    """Parse `10.0.0.5,192.168.0.0/24,::1`: the addresses and networks whose headers are trusted."""
    out: list[Network] = []
    for word in text.replace(" ", ",").split(","):
        if word:
            try:
                out.append(ipaddress.ip_network(word, strict=False))
            except ValueError:
                raise ProxyError(f"not an address or a network: {word!r}") from None
    if not out:
        raise ProxyError("no address given")
    return tuple(out)


def is_trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.removeprefix("::ffff:") if "." in address else address)
    except ValueError:
        return False
    return any(ip.version == net.version and ip in net for net in networks)


@dataclass(frozen=True)
class Header:
    """A parsed header: its length, and the player's address and the one they reached (None when the balancer
    connects on its own behalf: a health check, `LOCAL`, `UNKNOWN`)."""

    length: int
    source: tuple[str, int] | None = None
    destination: tuple[str, int] | None = None


def parse(data: bytes) -> Header | None:
    """Parse the header at the start of `data`; None while more bytes are needed."""
    if data.startswith(V2_SIGNATURE[: len(data)]) and len(data) < len(V2_SIGNATURE):
        return None
    if data.startswith(V2_SIGNATURE):
        return _parse_v2(data)
    if V1_START.startswith(data[: len(V1_START)]) and len(data) < len(V1_START):
        return None
    if data.startswith(V1_START):
        return _parse_v1(data)
    raise ProxyError("the connection did not begin with a PROXY header")


def _parse_v1(data: bytes) -> Header | None:
    end = data.find(b"\r\n", 0, V1_LONGEST)
    if end < 0:
        if len(data) >= V1_LONGEST:
            raise ProxyError("a version 1 header longer than 107 bytes")
        return None
    words = data[:end].decode("ascii", "replace").split(" ")
    length = end + 2
    if len(words) >= 2 and words[1] == "UNKNOWN":
        return Header(length)
    if len(words) != 6 or words[1] not in ("TCP4", "TCP6"):
        raise ProxyError("a version 1 header that is not PROXY TCP4|TCP6|UNKNOWN src dst sport dport")
    try:
        src, dst = ipaddress.ip_address(words[2]), ipaddress.ip_address(words[3])
        sport, dport = int(words[4]), int(words[5])
    except ValueError:
        raise ProxyError("a version 1 header with a bad address or port") from None
    if src.version != (4 if words[1] == "TCP4" else 6) or not (0 <= sport < 65536 and 0 <= dport < 65536):
        raise ProxyError("a version 1 header with a bad address or port")
    return Header(length, (str(src), sport), (str(dst), dport))


def _parse_v2(data: bytes) -> Header | None:
    if len(data) < 16:
        return None
    version, command = data[12] >> 4, data[12] & 0x0F
    if version != 2 or command not in (0, 1):
        raise ProxyError("a version 2 header of an unknown version or command")
    size = int.from_bytes(data[14:16], "big")
    length = 16 + size
    if length > V2_LONGEST:
        raise ProxyError("a version 2 header too long")
    if len(data) < length:
        return None
    family, body = data[13], data[16:length]
    src: ipaddress.IPv4Address | ipaddress.IPv6Address
    dst: ipaddress.IPv4Address | ipaddress.IPv6Address
    if command == 0:  # LOCAL: the balancer's own connection (a health check)
        return Header(length)
    if family == 0x11 and size >= 12:  # TCP over IPv4
        src, dst = ipaddress.IPv4Address(body[0:4]), ipaddress.IPv4Address(body[4:8])
        ports = body[8:12]
    elif family == 0x21 and size >= 36:  # TCP over IPv6
        src, dst = ipaddress.IPv6Address(body[0:16]), ipaddress.IPv6Address(body[16:32])
        ports = body[32:36]
    elif family >> 4 in (0, 3) or family & 0x0F == 2:  # unspecified, a Unix socket, or UDP: no address
        return Header(length)
    else:
        raise ProxyError("a version 2 header whose addresses do not fit its family")
    sport, dport = int.from_bytes(ports[0:2], "big"), int.from_bytes(ports[2:4], "big")
    return Header(length, (str(src), sport), (str(dst), dport))


async def read_header(sock: socket.socket, timeout: float = HEADER_TIME) -> Header:
    """Read the header at the start of a connection (non-blocking `sock`), taking no byte after it."""
    loop = asyncio.get_running_loop()
    fd = sock.fileno()
    done: asyncio.Future[Header] = loop.create_future()

    def readable() -> None:
        if done.done():  # the header is found; the bytes after it stay readable until the reader goes
            return
        try:
            data = sock.recv(V2_LONGEST, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            done.set_exception(ProxyError(f"the connection failed: {exc}"))
            return
        if not data:
            done.set_exception(ProxyError("the connection closed before its header"))
            return
        try:
            header = parse(data)
        except ProxyError as exc:
            done.set_exception(exc)
            return
        if header is not None:
            done.set_result(header)

    loop.add_reader(fd, readable)
    try:
        header = await asyncio.wait_for(done, timeout)
    except TimeoutError:
        raise ProxyError(f"no header within {timeout:g} s") from None
    finally:
        loop.remove_reader(fd)
    taken = 0
    while taken < header.length:  # the bytes were there to peek at: they are there to take
        chunk = sock.recv(header.length - taken)
        if not chunk:
            raise ProxyError("the connection closed in its header")
        taken += len(chunk)
    return header


class ProxyListener:
    """A listener that accepts connections itself, reads the PROXY header of those from a trusted address, and
    runs SSH on each with the player's address; shaped like the SSH library's own listener (`close`,
    `wait_closed`, `sockets`) so the server stops it the same way."""

    def __init__(
        self,
        sock: socket.socket,
        networks: Sequence[Network],
        start_ssh: Callable[[socket.socket, str, tuple[str, int] | None], Any],
    ) -> None:
        self.sockets = [sock]
        self._sock = sock
        self._networks = tuple(networks)
        self._start_ssh = start_ssh
        self._task: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(
        cls,
        host: str,
        port: int,
        networks: Sequence[Network],
        start_ssh: Callable[[socket.socket, str, tuple[str, int] | None], Any],
    ) -> ProxyListener:
        info = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _name, address = info[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
        sock.setblocking(False)
        listener = cls(sock, networks, start_ssh)
        listener._task = asyncio.get_running_loop().create_task(listener._accept())
        return listener

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, peer = await loop.sock_accept(self._sock)
            except OSError as exc:  # out of descriptors, say: wait a moment, go on accepting
                log.warning("accepting a connection failed: %s", exc)
                await asyncio.sleep(0.1)
                continue
            task = loop.create_task(self._begin(conn, str(peer[0])))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _begin(self, conn: socket.socket, peer: str) -> None:
        address, reached = peer, None
        if is_trusted(peer, self._networks):
            try:
                header = await read_header(conn)
            except ProxyError as exc:
                log.warning("connection from %s closed: %s", peer, exc)
                conn.close()
                return
            if header.source is not None:
                address = header.source[0]
                reached = header.destination  # the balancer's address and port the player used
        try:
            await self._start_ssh(conn, address, reached)
        except Exception as exc:  # the SSH handshake failed: the connection is gone, nothing else
            log.info("connection from %s ended in its handshake: %s", address, exc)
            conn.close()

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for task in list(self._pending):
            task.cancel()
        self._sock.close()

    async def wait_closed(self) -> None:
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
