"""Behind a TCP balancer: the PROXY header (versions 1 and 2) gives each player's own address, believed
only from the balancers the operator lists, so that the limits per address and the log see players, not
the balancer."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import shutil
import socket
from pathlib import Path

import asyncssh
import pytest

from server.base.config import Limits
from server.network.proxy import V2_SIGNATURE, Header, ProxyError, parse, trusted_networks

from sshplay import Person, make_key, start_server


def v1(source: str, port: int = 40000, family: str = "TCP4", dest: str = "198.51.100.1") -> bytes:
    return f"PROXY {family} {source} {dest} {port} 2222\r\n".encode()


def v2(source: str, port: int = 40000, dest: str = "198.51.100.1", command: int = 1) -> bytes:
    src, dst = ipaddress.ip_address(source), ipaddress.ip_address(dest)
    family = 0x11 if src.version == 4 else 0x21
    body = src.packed + dst.packed + port.to_bytes(2, "big") + (2222).to_bytes(2, "big")
    tlv = b"\x04\x00\x01\x00"  # a balancer's extra field (NOOP): skipped
    body += tlv
    return V2_SIGNATURE + bytes([0x20 | command, family]) + len(body).to_bytes(2, "big") + body


def test_both_versions_name_the_players_address_and_take_only_the_header() -> None:
    ssh = b"SSH-2.0-client\r\n"
    for header, source in (
        (v1("203.0.113.7"), ("203.0.113.7", 40000)),
        (v1("2001:db8::7", family="TCP6", dest="2001:db8::1"), ("2001:db8::7", 40000)),
        (v2("203.0.113.8"), ("203.0.113.8", 40000)),
        (v2("2001:db8::8", dest="2001:db8::1"), ("2001:db8::8", 40000)),
    ):
        told = parse(header + ssh)
        assert told is not None and told.source == source and told.length == len(header)
    assert parse(b"PROXY UNKNOWN\r\n" + ssh) == Header(15)
    assert parse(v2("203.0.113.8", command=0) + ssh) == Header(len(v2("203.0.113.8")))  # a health check


def test_a_header_in_pieces_waits_for_the_rest() -> None:
    for header in (v1("203.0.113.7"), v2("203.0.113.8")):
        for cut in (1, 5, 13, len(header) - 1):
            assert parse(header[:cut]) is None, cut


@pytest.mark.parametrize(
    "data",
    [
        b"SSH-2.0-client\r\n",
        b"PROXY TCP4 203.0.113.7 1.2.3.4 99999 22\r\n",
        b"PROXY TCP4 2001:db8::7 1.2.3.4 1 22\r\n",
        b"PROXY TCP5 203.0.113.7 1.2.3.4 1 22\r\n",
        b"PROXY TCP4 " + b"9" * 120,
        V2_SIGNATURE + bytes([0x31, 0x11]) + (12).to_bytes(2, "big") + bytes(12),
        V2_SIGNATURE + bytes([0x21, 0x11]) + (4000).to_bytes(2, "big"),
        V2_SIGNATURE + bytes([0x21, 0x11]) + (4).to_bytes(2, "big") + bytes(4),
    ],
)
def test_a_bad_header_is_refused(data: bytes) -> None:
    with pytest.raises(ProxyError):
        parse(data)


def test_the_balancers_are_addresses_or_networks() -> None:
    assert [str(n) for n in trusted_networks("127.0.0.1, 10.0.0.0/8,::1")] == [
        "127.0.0.1/32",
        "10.0.0.0/8",
        "::1/128",
    ]
    with pytest.raises(ProxyError):
        trusted_networks("10.0.0.300")


@pytest.mark.slow
async def test_behind_a_listed_balancer_each_player_is_held_to_their_own_address(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="server")
    running = await start_server(tmp_path, limits=Limits(per_address=1), proxy_from=("127.0.0.1",))
    people = [Person(running, make_key(tmp_path, name), name) for name in ("Ada", "Bob", "Cy")]
    ada, bob, cy = people
    try:
        await ada.connect(header=v1("203.0.113.7"))
        await bob.connect(header=v2("2001:db8::9", dest="2001:db8::1"))
        assert dict(running.gate.by_address) == {"203.0.113.7": 1, "2001:db8::9": 1}
        assert "connection from 203.0.113.7" in caplog.text
        with pytest.raises((asyncssh.Error, OSError)):  # a second from Ada's address: over its limit
            await cy.connect(header=v1("203.0.113.7", port=40001))
        assert dict(running.gate.by_address) == {"203.0.113.7": 1, "2001:db8::9": 1}
        with pytest.raises((asyncssh.Error, OSError)):  # from the balancer, a header is due
            await cy.connect()
        assert "closed: the connection did not begin with a PROXY header" in caplog.text
    finally:
        for person in people:
            if person.conn is not None:
                person.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_a_header_from_an_address_not_listed_is_not_believed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="server")
    running = await start_server(tmp_path, proxy_from=("10.9.0.0/16",))
    ada = Person(running, make_key(tmp_path, "Ada"), "Ada")
    try:
        await ada.connect()  # straight from 127.0.0.1, not a balancer: plays as it comes
        assert dict(running.gate.by_address) == {"127.0.0.1": 1}
        ada.conn.close()  # type: ignore[union-attr]
        await asyncio.sleep(0.2)
        reader, writer = await asyncio.open_connection("127.0.0.1", running.port)
        writer.write(v1("203.0.113.7") + b"SSH-2.0-x\r\n")  # a made-up header: not read as one
        banner = await asyncio.wait_for(reader.readline(), 5)
        assert banner.startswith(b"SSH-2.0-")
        assert "203.0.113.7" not in running.gate.by_address
        assert "connection from 203.0.113.7" not in caplog.text
        writer.close()
    finally:
        await running.stop()


HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


@pytest.mark.slow
@pytest.mark.skipif(HAPROXY is None, reason="HAProxy is not installed (Debian: apt-get install haproxy)")
async def test_behind_a_real_haproxy_the_player_is_seen_from_their_own_address(tmp_path: Path) -> None:
    """HAProxy in `mode tcp` with `send-proxy-v2`, as docs/server.md shows it; the player connects from
    127.0.0.3, the balancer from 127.0.0.1: the server sees 127.0.0.3, and tells the player the way in
    as they came, by the balancer's port (it named its own)."""
    running = await start_server(tmp_path, proxy_from=("127.0.0.1",))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        front = probe.getsockname()[1]
    config = tmp_path / "haproxy.cfg"
    config.write_text(
        "defaults\n  mode tcp\n  timeout connect 5s\n  timeout client 60s\n  timeout server 60s\n"
        f"frontend ssh\n  bind 127.0.0.1:{front}\n  default_backend landlords\n"
        f"backend landlords\n  server one 127.0.0.1:{running.port} send-proxy-v2\n"
    )
    assert HAPROXY is not None
    balancer = await asyncio.create_subprocess_exec(
        HAPROXY, "-f", str(config), "-db", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )
    conn = None
    try:
        for _ in range(50):  # until it listens
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", front)
                w.close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        await asyncio.sleep(0.2)  # its health of the first probe connection settles
        conn = await asyncssh.connect(
            "127.0.0.1",
            front,
            local_addr=("127.0.0.3", 0),
            username="ada",
            client_keys=[make_key(tmp_path, "Ada")],
            known_hosts=None,
            agent_path=None,
            config=None,
        )
        assert "127.0.0.3" in running.gate.by_address, dict(running.gate.by_address)
        said = bytearray()

        class Lines(asyncssh.SSHClientSession[bytes]):
            def data_received(self, data: bytes, datatype: int | None) -> None:
                said.extend(data)

        await conn.create_session(Lines, "plain", encoding=None)  # greeted with the way the player came
        for _ in range(100):
            if b"screen." in said:
                break
            await asyncio.sleep(0.05)
        assert f"ssh -t -p {front} 127.0.0.1 screen.".encode() in said, bytes(said)
    finally:
        if conn is not None:
            conn.close()
        balancer.terminate()
        await balancer.wait()
        await running.stop()


async def test_reading_a_header_says_nothing_is_wrong_when_nothing_is() -> None:
    """The bytes after the header stay to be read while the reader waits to be removed: the header,
    once found, is not found again (which logged an ERROR for every connection)."""
    from server.network.proxy import read_header

    loop = asyncio.get_running_loop()
    faults: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: faults.append(context))
    ours, theirs = socket.socketpair()
    try:
        ours.setblocking(False)
        theirs.sendall(b"PROXY TCP4 203.0.113.7 10.0.0.5 51000 2222\r\nSSH-2.0-client\r\n")
        header = await read_header(ours)
        for _ in range(5):
            await asyncio.sleep(0.01)
        assert header.source == ("203.0.113.7", 51000)
        assert ours.recv(100) == b"SSH-2.0-client\r\n"
        assert not faults, faults
    finally:
        loop.set_exception_handler(None)
        ours.close()
        theirs.close()
