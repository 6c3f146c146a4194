"""A room's bots have one driver, made and stopped by whoever hosts the room: the one client of a room
played here alone, or a server's table, which hands its driver to every session's client. A client given
the host's driver never makes one of its own, nor stops it, nor changes the host's pace."""

from __future__ import annotations

from collections.abc import Callable

from room import BotDriver, Room
from room.library import NoRecorder
from tui.client import LocalClient

from playtable import ADA, VERA, scripted_game, simple_opponents


class _Clock:
    """Timers that never fire: enough to see what is scheduled."""

    def __init__(self) -> None:
        self.scheduled = 0

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Clock:
        self.scheduled += 1
        return self

    def stop(self) -> None:
        return None


class _Kept(NoRecorder):
    closed = False

    def close(self) -> None:
        self.closed = True


def _room() -> tuple[Room, _Kept]:
    seats = [ADA, VERA]  # a bot first: a bot move is due from the start
    recorder = _Kept()
    return Room(scripted_game(seats), seats, simple_opponents(seats), recorder), recorder


def _follow(client: LocalClient, clock: _Clock) -> None:
    client.follow(
        lambda message: None,
        lambda delay, callback: clock.call_later(delay, callback),  # type: ignore[arg-type,return-value]
        lambda: True,
        lambda update: False,
        print,
    )


def test_a_room_played_here_alone_is_hosted_by_its_client() -> None:
    room, recorder = _room()
    client = LocalClient(room)
    assert client.hosting and client.settled()  # no driver until a screen follows the room
    clock = _Clock()
    _follow(client, clock)
    assert not client.settled()  # its own driver, with a bot due
    client.speed = "fast"
    client.hurry()
    assert client.speed == "fast" and clock.scheduled == 1
    client.close()
    assert recorder.closed and client.settled()


def test_a_client_given_the_hosts_driver_only_follows() -> None:
    room, recorder = _room()
    clock = _Clock()
    host = BotDriver(room, clock, "slow")
    watcher = LocalClient(room, [], driver=host)
    seated = LocalClient(room, [1], driver=host)
    for client in (watcher, seated):
        assert not client.hosting
        _follow(client, _Clock())  # a screen's pacing hooks make no driver of its own
        client.speed = "instant"
        assert client.speed == "slow" and host.speed == "slow"  # the host's pace, the same for everyone
    watcher.hurry()
    assert not host.hurrying and clock.scheduled == 0  # a watcher does not skip ahead for the table
    seated.hurry()
    assert host.hurrying and clock.scheduled == 1
    for client in (watcher, seated):
        client.close()
    assert not recorder.closed  # the host's room stays open for the others,
    assert not host.settled()  # and its bots' driver runs on
