"""What the server refuses a stranger: a session without a terminal, a second session, every channel and
forwarding other than the game's, passwords, and keys not listed when a list is given."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from asyncssh.channel import SSHClientChannel
from asyncssh.packet import String, UInt32

from server.base.config import Limits
from server.network.main import Running

from sshplay import Screen, fingerprint, make_key, start_server

pytestmark = pytest.mark.slow


async def _connect(running: Running, key: asyncssh.SSHKey, **options: object) -> asyncssh.SSHClientConnection:
    settings: dict[str, object] = {"agent_path": None, "config": None, "known_hosts": None, **options}
    return await asyncssh.connect(
        "127.0.0.1",
        running.port,
        username="x",
        client_keys=[key],
        **settings,
    )


async def test_a_session_without_a_terminal_gets_one_line_and_is_closed(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        key = make_key(tmp_path, "a")
        for command in (None, "Friday", "scp -t /tmp"):  # a shell, a room, a copy: no terminal, no game
            async with await _connect(running, key) as conn:
                chan, view = await conn.create_session(lambda: Screen(80, 24), command, encoding=None)
                assert isinstance(view, Screen)
                await chan.wait_closed()
                text = bytes(view.raw).decode()
                assert text.startswith("landlords needs a terminal: ssh -t"), text
                assert f" -p {running.port} " in text, "the port it listens on, not the 0 it was given"
                assert f" -p {running.port} 127.0.0.1 [ROOM]" in text, "the address it was reached at"
                assert text.count("\n") == 1
                assert view.exit_status == 2
        assert running.worker_sessions() == [] and all(s.relay is None for s in running.sessions())
    finally:
        await running.stop()


async def test_every_other_channel_and_forwarding_is_refused(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        key = make_key(tmp_path, "a")
        async with await _connect(running, key) as conn:
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()
        async with await _connect(running, key) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", running.port)  # local port forwarding
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_unix_connection("/tmp/anything.sock")
        async with await _connect(running, key, x11_forwarding=True, x11_display="127.0.0.1:0") as conn:
            with pytest.raises(asyncssh.ChannelOpenError, match="X11 forwarding request failed"):
                await conn.create_session(lambda: Screen(80, 24), term_type="xterm", encoding=None)
        async with await _connect(running, key) as conn:  # one session per connection
            chan, _view = await conn.create_session(lambda: Screen(80, 24), term_type="xterm", encoding=None)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_session(lambda: Screen(80, 24), term_type="xterm", encoding=None)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_session(lambda: Screen(80, 24), subsystem="sftp", encoding=None)
            chan.close()
        agent = str(tmp_path / "agent.sock")
        async with await _connect(running, key, agent_forwarding=True, agent_path=agent) as conn:
            chan, _view = await conn.create_session(lambda: Screen(80, 24), term_type="xterm", encoding=None)
            server_side = running.sessions()[0]
            assert server_side.chan is not None and server_side.chan.get_agent_path() is None
            chan.close()
    finally:
        await running.stop()


async def test_passwords_are_off_and_a_listed_keys_file_keeps_others_out(tmp_path: Path) -> None:
    listed, other = make_key(tmp_path, "a"), make_key(tmp_path, "b")
    keys_file = tmp_path / "authorized_keys"
    keys_file.write_text(
        "# friends\n" + 'no-pty,command="x" ' + listed.export_public_key().decode(), encoding="utf-8"
    )
    running = await start_server(tmp_path, authorized_keys=keys_file)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                running.port,
                username="x",
                password="secret",
                client_keys=None,
                known_hosts=None,
                agent_path=None,
                config=None,
            )
        with pytest.raises(asyncssh.PermissionDenied):
            await _connect(running, other)
        async with await _connect(running, listed):
            pass
        assert fingerprint(listed) != fingerprint(other)
    finally:
        await running.stop()


async def test_connections_are_limited_in_all_and_per_address(tmp_path: Path) -> None:
    running = await start_server(tmp_path, limits=Limits(connections=3, per_address=2))
    try:
        key = make_key(tmp_path, "a")
        first = await _connect(running, key)
        second = await _connect(running, key)
        with pytest.raises((asyncssh.Error, ConnectionError, OSError)):
            await _connect(running, key)
        second.close()
        await second.wait_closed()
        third = await _connect(running, key)  # a place freed is a place taken again
        first.close()
        third.close()
    finally:
        await running.stop()


async def test_a_connection_that_never_begins_a_session_is_closed_within_the_login_time(
    tmp_path: Path,
) -> None:
    """A session channel opened but never asked for a shell or a command (with a terminal or not) held
    its place for ever: eight of them shut an address out. Each must begin within the login time."""
    running = await start_server(tmp_path, limits=Limits(login_timeout=1.5, idle_timeout=60.0))
    try:
        key = make_key(tmp_path, "a")
        bare = await _connect(running, key)  # opens nothing
        opened = await _connect(running, key)  # a session channel, and not a word more
        silent = SSHClientChannel(opened, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 2**15)
        await silent._open(b"session")
        with_terminal = await _connect(running, key)  # a terminal asked for, but no shell nor command
        held = SSHClientChannel(
            with_terminal, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 2**15
        )
        await held._open(b"session")
        held._send_request(
            b"pty-req", String("xterm"), UInt32(80), UInt32(24), UInt32(0), UInt32(0), String(b"")
        )
        playing = await _connect(running, key)
        chan, view = await playing.create_session(lambda: Screen(80, 24), term_type="xterm", encoding=None)
        assert isinstance(view, Screen) and running.gate.by_address["127.0.0.1"] == 4
        for conn in (bare, opened, with_terminal):
            await asyncio.wait_for(conn.wait_closed(), 5)
        await asyncio.sleep(0.5)
        assert not view.closed.is_set(), "a session that began is held only to the idle limit"
        assert running.gate.by_address["127.0.0.1"] == 1
        chan.close()
        playing.close()
    finally:
        await running.stop()
