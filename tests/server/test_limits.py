"""What holds when a session misbehaves or outstays its welcome: a crash in one session's interface ends
that session alone (logged, the table and the others untouched), an idle session is closed with its seat
kept, a connection ends with its one session, a player's rooms and a room's seats are bounded, and the
log tells who came, with what, and for how long."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

import server.network.ssh
from server.base.config import Limits
from server.people.players import Players
from server.people.store import open_store
from server.tables.plans import RoomRequest, SeatPlan, TableError

from sshplay import Person, ada_and_bob, make_key, seated, start_server

pytestmark = pytest.mark.slow


def _boom() -> None:
    raise RuntimeError("a fault in one session's interface")


async def test_a_crash_in_one_session_ends_it_alone_and_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="server")
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="instant")
        await ada.connect("Friday")
        await bob.connect("Friday")
        for p in (ada, bob):
            await p.wait_until(lambda p: p.app().game_screen is not None)
        room = table.room
        assert room is not None and table.here(0) and table.here(1)

        ada.app().call_later(_boom)
        assert ada.view is not None
        await ada.wait_for(lambda: ada.view is not None and ada.view.closed.is_set())
        assert b"something went wrong on the server" in bytes(ada.view.raw)
        assert ada.view.exit_status == 1
        assert ada.conn is not None
        await asyncio.wait_for(ada.conn.wait_closed(), 10)  # the server ends the connection too
        failures = [
            r for r in caplog.records if r.levelno >= logging.ERROR and ada.fingerprint in r.getMessage()
        ]
        assert failures and failures[0].exc_info is not None, "the failure is logged with its player"

        assert not table.here(0) and table.seat_of(ada.fingerprint) == 0, "Ada's seat is kept"
        assert table.here(1) and bob.app().is_running
        version = room.version
        await bob.press("h")  # Bob's screen still answers
        await bob.wait_for("Holdings")
        await bob.press("escape")
        await ada.connect("Friday")  # and Ada comes back to her seat
        await ada.wait_for(lambda: ada.app().game_screen is not None)
        assert table.here(0) and room.version == version
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_an_idle_session_is_closed_and_keeps_its_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server.network.ssh, "IDLE_CHECK", 0.2)
    running = await start_server(tmp_path, limits=Limits(idle_timeout=4.0))
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="slow")
        await ada.connect("Friday")
        await bob.connect("Friday")
        assert ada.view is not None and bob.view is not None
        for _ in range(20):  # Bob keeps pressing keys; Ada presses none
            await bob.press("h")
            await bob.press("escape")
            await asyncio.sleep(0.3)
        assert not bob.view.closed.is_set()
        await ada.wait_for(lambda: ada.view is not None and ada.view.closed.is_set(), timeout=20)
        assert not table.here(0) and table.seat_of(ada.fingerprint) == 0
        assert table.here(1)
        await bob.leave()
    finally:
        await running.stop()


async def test_a_player_may_keep_a_few_rooms_and_a_room_seats_a_few(tmp_path: Path) -> None:
    limits = Limits(rooms_per_player=2, waiting_rooms_per_player=2, seats_per_room=3)
    running = await start_server(tmp_path, limits=limits)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        front = running.front
        front.players.choose(ada.fingerprint, "Ada")
        two = [SeatPlan("person"), SeatPlan("person")]

        def asked(name: str, seats: list[SeatPlan]) -> RoomRequest:
            return RoomRequest(ada.fingerprint, "Ada", name, "classic", {}, seats, 60, "normal")

        with pytest.raises(TableError, match="seats 2 to 3"):
            await front.create(
                RoomRequest(
                    ada.fingerprint,
                    "Ada",
                    "Big",
                    "classic",
                    {},
                    [*two, *[SeatPlan("bot", "easy")] * 2],
                    60,
                    "normal",
                )
            )
        for name in ("One", "Two"):
            await front.create(
                RoomRequest(ada.fingerprint, "Ada", name, "classic", {}, list(two), 60, "normal")
            )
        with pytest.raises(TableError, match="open rooms already"):
            await front.create(
                RoomRequest(ada.fingerprint, "Ada", "Three", "classic", {}, list(two), 60, "normal")
            )
        assert front.holder_of("Three") is None and front.holder_of("Big") is None
        assert running.table("One") is not None and running.table("Two") is not None
    finally:
        await running.stop()


async def test_a_waiting_room_nobody_is_at_ends_and_a_key_has_one_waiting_room(tmp_path: Path) -> None:
    """Waiting rooms outlived their makers and any key could make three: throwaway keys filled the server's
    rooms. A room still gathering ends once nobody has waited at it for a while; a key has one at a time."""
    running = await start_server(tmp_path, limits=Limits(waiting_room_idle=1.5, idle_timeout=60.0))
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        front = running.front
        front.players.choose(bob.fingerprint, "Bob")
        await ada.connect()
        await ada.wait_for("Choose the name")
        await ada.type("Ada\r")
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday\r")
        await ada.wait_for("Waiting for 1 more person")
        await ada.wait_for(f"ssh -t -p {running.port} 127.0.0.1 Friday")  # the address she reached, no HOST
        with pytest.raises(TableError, match="Your room Friday is still waiting for players"):
            await front.create(
                RoomRequest(
                    ada.fingerprint, "Ada", "Second", "classic", {}, [SeatPlan("person")] * 2, 60, "slow"
                )
            )
        await asyncio.sleep(2.5)  # longer than a room may wait with nobody at it: Ada is at it
        assert front.holder_of("Friday") is not None
        await bob.connect()
        await bob.wait_for("Friday")
        await ada.drop()  # gone without leaving her seat: her terminal closed
        await bob.wait_for(lambda: "Friday" not in bob.text(), timeout=10)
        assert front.holder_of("Friday") is None
        assert not any((tmp_path / "server" / "rooms").glob("*.json")), "its plan is gone with it"
        await bob.leave()
    finally:
        await running.stop()


async def test_the_book_of_names_is_bounded_and_keeps_the_names_of_seated_keys(tmp_path: Path) -> None:
    """Any key may choose a name; with the book full the oldest name of a key holding no seat goes."""
    running = await start_server(tmp_path, limits=Limits(players=2, idle_timeout=60.0))
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        cid = Person(running, make_key(tmp_path, "c"), "Cid")
        dee = Person(running, make_key(tmp_path, "d"), "Dee")
        players = running.front.players
        await seated(running, [ada], "Monday", bots=1)  # Ada, named first, holds a seat
        for person in (bob, cid):
            await person.connect()
            await person.wait_for("Choose the name")
            await person.type(person.name + "\r")
            await person.wait_for("Monday")
            await person.leave()
        assert len(players) == 2 and players.name_of(ada.fingerprint) == "Ada"
        assert players.name_of(bob.fingerprint) is None and players.name_of(cid.fingerprint) == "Cid"
        await dee.connect()
        await dee.wait_for("Choose the name")
        await dee.type("Dee\r")
        await dee.wait_for("Monday")
        assert players.name_of(cid.fingerprint) is None and players.name_of(dee.fingerprint) == "Dee"
        assert players.name_of(ada.fingerprint) == "Ada"
        await dee.leave()
    finally:
        await running.stop()
    again = Players(open_store(tmp_path / "server"), 2)
    assert again.name_of(ada.fingerprint) == "Ada" and again.name_of(dee.fingerprint) == "Dee"


async def test_the_log_tells_address_key_terminal_size_and_duration_and_no_secret(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="server")
    running = await start_server(tmp_path)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        running.front.players.choose(ada.fingerprint, "Ada")
        await ada.connect(size=(90, 28), term="xterm-256color")
        await ada.wait_for("No rooms yet")
        await ada.leave()
        await ada.wait_for(lambda: "ended after" in caplog.text, timeout=5)
    finally:
        await running.stop()
    text = caplog.text
    assert f"session of {ada.fingerprint} from 127.0.0.1: terminal xterm-256color 90x28" in text
    assert f"session of {ada.fingerprint} from 127.0.0.1 ended after" in text
    assert "connection from 127.0.0.1 closed after" in text and f"(key {ada.fingerprint})" in text
    secret = ada.key.export_private_key().decode()
    assert "PRIVATE KEY" not in text and secret.splitlines()[1][:40] not in text
