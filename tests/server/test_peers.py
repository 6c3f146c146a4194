"""The link between hosts proves itself before anything is read from it: a host with the operator's secret
begins a session at another, one with another secret (or none) is cut off and begins nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.network import peers
from server.network.frames import DATA, FramedProtocol, frame, json_frame
from server.network.peers import PeerError, PeerSession, reach_peer, split_address

SECRET = b"the operator's secret for every host"


class Recorded:
    """A session begun here, as the test sees it: what it was begun with and what was typed."""

    def __init__(self, begun: list[Any]) -> None:
        self.begun = begun

    def typed(self, data: bytes) -> None:
        self.begun.append({"typed": data})

    def resized(self, width: int, height: int) -> None: ...

    def close(self) -> None: ...

    def pause(self, paused: bool) -> None: ...


async def _listen(begun: list[Any]) -> tuple[asyncio.AbstractServer, str]:
    def begin(start: dict[str, Any], session: PeerSession) -> Recorded:
        begun.append(start)
        return Recorded(begun)

    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: PeerSession(SECRET, begin), "127.0.0.1", 0)
    return server, f"127.0.0.1:{server.sockets[0].getsockname()[1]}"


async def test_a_host_with_the_secret_begins_a_session_and_one_without_is_cut_off() -> None:
    begun: list[Any] = []
    server, address = await _listen(begun)
    try:
        link = FramedProtocol(lambda kind, payload: None)
        await reach_peer(address, SECRET, link, {"key": "SHA256:ada", "name": "Ada"})
        link.send(frame(DATA, b"r"))
        await asyncio.sleep(0.2)
        assert begun == [{"key": "SHA256:ada", "name": "Ada"}, {"typed": b"r"}]
        link.close()

        stranger = FramedProtocol(lambda kind, payload: None)
        await reach_peer(address, b"another secret, not the operator's", stranger, {"key": "SHA256:eve"})
        stranger.send(frame(DATA, b"x"))
        await asyncio.wait_for(stranger.lost.wait(), 5)  # cut off at its proof
        assert len(begun) == 2

        silent = FramedProtocol(lambda kind, payload: None)
        host, port = split_address(address)
        await asyncio.get_running_loop().create_connection(lambda: silent, host, port)
        silent.send(json_frame(b"S", {"key": "SHA256:eve"}))  # a session begun without a proof
        await asyncio.wait_for(silent.lost.wait(), 5)
        assert len(begun) == 2
    finally:
        server.close()


async def test_a_link_that_never_proves_itself_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peers, "REACH_WITHIN", 0.3)
    server, address = await _listen([])
    try:
        idle = FramedProtocol(lambda kind, payload: None)
        host, port = split_address(address)
        await asyncio.get_running_loop().create_connection(lambda: idle, host, port)
        await asyncio.wait_for(idle.lost.wait(), 5)
    finally:
        server.close()


async def test_a_host_that_cannot_be_reached_is_a_peer_error() -> None:
    server, address = await _listen([])
    server.close()
    await server.wait_closed()
    with pytest.raises(PeerError):
        await reach_peer(address, SECRET, FramedProtocol(lambda kind, payload: None), {"key": "k"})
    with pytest.raises(PeerError):
        split_address("no port here")
