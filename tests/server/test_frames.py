"""The pipe between the front and a worker: frames cut right however the stream is split, and a worker's
session answers START, DATA, RESIZE and CLOSE frames as the SSH side would have driven its app."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time
from pathlib import Path

import pytest

from server.network.frames import (
    CLOSE,
    CONTROL_FRAME,
    DATA,
    END,
    MAX_FRAME,
    RESIZE,
    START,
    FramedProtocol,
    FrameError,
    Frames,
    frame,
    json_frame,
    read_size,
    resize_frame,
)
from server.network.front import clear_stale
from server.network.worker import front_path, worker_path
from server.screens.new_room import NewRoomScreen

from sshplay import start_server


def test_frames_split_anywhere_come_out_whole_and_in_order() -> None:
    stream = frame(DATA, b"hello") + resize_frame(120, 40) + frame(CLOSE) + json_frame(START, {"key": "k"})
    for cut in range(1, len(stream)):
        frames = Frames()
        got = frames.feed(stream[:cut]) + frames.feed(stream[cut:])
        assert got == [
            (DATA, b"hello"),
            (RESIZE, resize_frame(120, 40)[5:]),
            (CLOSE, b""),
            (START, b'{"key":"k"}'),
        ]
        assert frames.pending == 0
    one_by_one = Frames()
    got = [f for i in range(len(stream)) for f in one_by_one.feed(stream[i : i + 1])]
    assert [kind for kind, _ in got] == [DATA, RESIZE, CLOSE, START]


def test_a_resize_frame_carries_the_size_and_only_that() -> None:
    kind, payload = Frames().feed(resize_frame(250, 100))[0]
    assert kind == RESIZE and read_size(payload) == (250, 100)
    assert read_size(Frames().feed(resize_frame(100_000, -5))[0][1]) == (65535, 0)  # clamped, never wrapped
    with pytest.raises(FrameError):
        read_size(b"\x00\x01\x02")


def test_a_broken_stream_is_refused() -> None:
    with pytest.raises(FrameError, match="unknown frame kind"):
        Frames().feed(b"Z\x00\x00\x00\x00")
    with pytest.raises(FrameError, match="bytes"):
        Frames().feed(DATA + (MAX_FRAME + 1).to_bytes(4, "big"))
    held = Frames()
    assert held.feed(frame(DATA, b"x" * 10)[:7]) == [] and held.pending == 7  # half a frame waits


async def test_a_framed_link_delivers_frames_and_is_cut_on_a_broken_one() -> None:
    loop = asyncio.get_running_loop()
    left, right = socket.socketpair()
    got: list[tuple[bytes, bytes]] = []
    receiver = FramedProtocol(lambda kind, payload: got.append((kind, payload)))
    await loop.connect_accepted_socket(lambda: receiver, right)
    left.setblocking(False)
    data = frame(DATA, b"abc") + resize_frame(80, 24) + frame(CLOSE)
    for i in range(len(data)):  # a byte at a time
        await loop.sock_sendall(left, data[i : i + 1])
        await asyncio.sleep(0)
    for _ in range(100):
        if len(got) == 3:
            break
        await asyncio.sleep(0.02)
    assert got == [(DATA, b"abc"), (RESIZE, resize_frame(80, 24)[5:]), (CLOSE, b"")]
    await loop.sock_sendall(left, b"?garbage")
    await asyncio.wait_for(receiver.lost.wait(), 10)
    left.close()


async def _frames_until(
    reader: asyncio.StreamReader, frames: Frames, wanted: bytes
) -> list[tuple[bytes, bytes]]:
    seen: list[tuple[bytes, bytes]] = []
    while not any(kind == wanted for kind, _ in seen):
        chunk = await asyncio.wait_for(reader.read(65536), 30)
        assert chunk, f"the worker closed before a {wanted!r} frame"
        seen.extend(frames.feed(chunk))
    return seen


@pytest.mark.slow
async def test_a_worker_session_starts_resizes_and_closes_on_frames(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        runtime = running.front.runtime  # the sockets are in a folder of the server's own
        assert runtime.stat().st_mode & 0o777 == 0o700
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in runtime.glob("*.sock"))
        assert len(list(runtime.glob("*.sock"))) == 3  # the front's and two workers'
        running.front.players.choose("SHA256:test", "Ada")
        reader, writer = await asyncio.open_unix_connection(str(worker_path(running.front.runtime, 1)))
        start = json_frame(
            START, {"key": "SHA256:test", "name": "Ada", "term": "xterm", "width": 90, "height": 28}
        )
        for piece in (start[:3], start[3:11], start[11:]):  # the first frame split three ways
            writer.write(piece)
            await writer.drain()
            await asyncio.sleep(0.05)
        frames = Frames()
        drawn = b"".join(p for k, p in await _frames_until(reader, frames, DATA) if k == DATA)
        session = next(s for s in running.worker_sessions() if s.fingerprint == "SHA256:test")
        app = session.app
        assert app is not None
        for _ in range(300):
            if app.size == (90, 28) and b"\x1b[?1049h" in drawn:
                break
            drawn += b"".join(p for k, p in frames.feed(await asyncio.wait_for(reader.read(65536), 30)))
        assert app.size == (90, 28) and b"\x1b[?1049h" in drawn  # its first screen, at its size
        resize = resize_frame(1000, 30)
        writer.write(resize[:4])
        await writer.drain()
        writer.write(resize[4:] + frame(DATA, b"n"))  # a resize and a key in one packet
        limits = running.limits
        for _ in range(300):
            if app.size == (limits.max_width, 30) and isinstance(app.screen, NewRoomScreen):
                break
            await asyncio.sleep(0.05)
        assert app.size == (limits.max_width, 30), "the size is clamped"
        assert isinstance(app.screen, NewRoomScreen), "the key after the resize was read"
        writer.write(frame(CLOSE))
        await writer.drain()
        ended = [p for k, p in await _frames_until(reader, frames, END) if k == END]
        assert json.loads(ended[0]) == {"line": None, "status": 0}
        assert await asyncio.wait_for(reader.read(), 10) == b""  # and the worker closes the stream
        assert session not in running.worker_sessions()
        writer.close()
    finally:
        await running.stop()


async def test_the_socket_folder_of_a_server_gone_is_cleared_and_a_live_one_kept(tmp_path: Path) -> None:
    gone, live, other = tmp_path / "workers-gone", tmp_path / "workers-live", tmp_path / "notes"
    starting = tmp_path / "workers-starting"  # another server's, made a moment ago: not listening yet
    for folder in (gone, live, other, starting):
        folder.mkdir()
    (gone / "front.sock").touch()  # a socket's name left behind, nobody listening
    an_hour_ago = time.time() - 3600
    os.utime(gone, (an_hour_ago, an_hour_ago))
    server = await asyncio.start_unix_server(lambda r, w: None, str(front_path(live)))
    try:
        clear_stale(tmp_path)
    finally:
        server.close()
    assert not gone.exists() and live.is_dir() and other.is_dir() and starting.is_dir()


def test_only_the_control_link_between_the_front_and_its_workers_takes_a_large_frame() -> None:
    """The registry of every room goes to a worker in one frame (6.8 MB at 10,000 rooms): the control link
    takes up to `CONTROL_FRAME`; a session's or another host's link keeps the smaller bound."""
    large = DATA + (MAX_FRAME + 1).to_bytes(4, "big")
    control = Frames(CONTROL_FRAME)
    assert control.feed(large) == [] and control.pending == len(large), "waits for the rest of it"
    with pytest.raises(FrameError, match="bytes"):
        Frames().feed(large)
    with pytest.raises(FrameError, match="bytes"):
        Frames(CONTROL_FRAME).feed(DATA + (CONTROL_FRAME + 1).to_bytes(4, "big"))
