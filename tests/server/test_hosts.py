"""Several hosts, one service, on the real PostgreSQL the suite starts: a room's lease is claimed, renewed
and fenced (a host whose lease ran out can no longer write the room); two hosts share one database, a
person on one plays at the other's table beside a person connected there; and a host killed outright has
its table taken up by the other within 30 s, its save, banks and chat as they were."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

import psycopg
import pytest
from asyncssh import SSHKey

from cli.main import main
from room import Persistence
from server.base.clock import LoopClock
from server.base.state import write_json
from server.network.leases import Leases, Written
from server.network.main import Running
from server.people.postgres_store import PostgresStore
from server.tables.keeping import Keeper
from server.tables.plans import Plan, RoomRequest, SeatPlan
from server.tables.table import Table

from pgserver import PostgresServer
from sshplay import Person, ServerProcess, make_key, seated, start_server
from tmuxterm import Terminal, ada_makes_friday, bob_joins_and_they_talk, ssh_command

SECRET = "a secret the operator gives every host"


def _migrated(postgres: PostgresServer) -> str:
    url = postgres.database()
    PostgresStore(url).close()  # the schema, with its rooms and hosts tables
    return url


@pytest.fixture
def shared(tmp_path: Path, postgres: PostgresServer) -> tuple[str, Path]:
    """What the hosts of one server share: a database, and the relay secret's file."""
    secret = tmp_path / "relay-secret"
    secret.write_text(SECRET)
    return _migrated(postgres), secret


@pytest.mark.slow
def test_a_host_reads_again_only_the_rooms_changed_since_its_last_round(postgres: PostgresServer) -> None:
    """Every second each host lists every room: the plans and lines of the rooms unchanged are not read
    again (the same strings are given back), those written, claimed anew or made are, and a room removed
    is gone from the list."""
    url = _migrated(postgres)
    ada, bob = Leases(url, "ada", ttl=30), Leases(url, "bob", ttl=30)
    try:
        for room in ("r1", "r2", "r3"):
            assert ada.claim(room, f'{{"id": "{room}"}}') is not None
        first = {r.id: r for r in bob.rooms()}
        assert sorted(first) == ["r1", "r2", "r3"] and first["r2"].plan == '{"id": "r2"}'
        assert ada.write("r2", 1, Written(plan='{"id": "r2", "turn": 2}', status='{"turn": 2}'))
        assert ada.write("r3", 1, Written(kept=b"chat"))  # not listed: its listing is unchanged
        ada.remove("r1", 1)
        assert bob.claim("r4", '{"id": "r4"}') is not None
        again = {r.id: r for r in bob.rooms()}
        assert sorted(again) == ["r2", "r3", "r4"]
        assert (again["r2"].plan, again["r2"].status) == ('{"id": "r2", "turn": 2}', '{"turn": 2}')
        assert again["r3"].plan is first["r3"].plan, "not read again"
        assert (again["r4"].host, again["r4"].plan) == ("bob", '{"id": "r4"}')
        assert sorted(r.plan for r in ada.rooms()) == sorted(r.plan for r in bob.rooms())
    finally:
        ada.close()
        bob.close()


@pytest.mark.slow
def test_a_lease_is_claimed_renewed_and_fenced(postgres: PostgresServer) -> None:
    url = _migrated(postgres)
    ada, bob = Leases(url, "ada", ttl=0.5), Leases(url, "bob", ttl=30)
    try:
        first = ada.claim("r1", '{"id": "r1"}')
        assert first is not None and first.fence == 1
        assert bob.claim("r1", "{}") is None  # held, and not run out
        assert ada.renew({"r1": 1}) == {"r1"}  # renewal keeps the fence
        assert ada.write("r1", 1, Written(kept=b'{"chat": 1}', save_name="x-1.json", save=b"game"))
        time.sleep(0.6)  # ada stalls past her lease
        taken = bob.claim("r1", "{}")
        assert taken is not None and taken.fence == 2
        assert (taken.plan, taken.save_name, taken.save, taken.kept) == (
            '{"id": "r1"}',
            "x-1.json",
            b"game",
            b'{"chat": 1}',
        )
        assert not ada.write("r1", 1, Written(kept=b"stale"))  # her fence is stale: nothing written
        assert ada.renew({"r1": 1}) == set()
        assert ada.claim("r1", "{}") is None  # bob's lease runs
        assert bob.write("r1", 2, Written(kept=b"new"))
        assert ada.claim("r1", "{}") is None
        ada.release({"r1": 1})  # a stale host letting go changes nothing
        assert bob.renew({"r1": 2}) == {"r1"}
        bob.release({"r1": 2})
        again = ada.claim("r1", "{}")
        assert again is not None and again.fence == 3 and again.kept == b"new"
    finally:
        ada.close()
        bob.close()


def _host(tmp: Path, name: str, url: str, secret: Path) -> ServerProcess:
    extra = ["--store", url, "--relay", "127.0.0.1:0", "--relay-secret", str(secret), "--host-name", name]
    extra += ["--host-key", str(tmp / "shared_host_key"), "--lease", "3"]
    (tmp / name).mkdir(exist_ok=True)
    return ServerProcess(tmp / name, workers=1, extra=tuple(extra))


async def _in_process(tmp: Path, name: str, url: str, secret: Path, **more: Any) -> Running:
    """A host of the server in this process (a test looks inside it), sharing `url` with the others."""
    options = {"store": url, "relay": "127.0.0.1:0", "relay_secret": secret, "host_name": name, **more}
    return await start_server(tmp / name, workers=1, **options)


@contextlib.asynccontextmanager
async def two_hosts(tmp: Path, shared: tuple[str, Path], **more: Any) -> AsyncIterator[list[Running]]:
    """Hosts a and b of one server, in this process; those still in the list are stopped at the end."""
    hosts: list[Running] = []
    try:
        for name in ("a", "b"):
            hosts.append(await _in_process(tmp, name, *shared, **more))
        yield hosts
    finally:
        for running in hosts:
            await running.stop()


async def _heard_of(running: Running, room: str) -> None:
    """Wait until a host has read of a room another host holds (it reads them every second)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while running.front.entry_of(room) is None:
        assert loop.time() < end, f"never heard of {room}"
        await asyncio.sleep(0.1)


def _has_row(url: str, room: str) -> bool:
    with psycopg.connect(url) as db:
        return db.execute("SELECT 1 FROM rooms WHERE id = %s", (room,)).fetchone() is not None


def _row(url: str, room: str) -> tuple[str, int, bytes | None, bytes | None]:
    with psycopg.connect(url) as db:
        row = db.execute("SELECT host, fence, save, kept FROM rooms WHERE id = %s", (room,)).fetchone()
    assert row is not None
    return str(row[0]), int(row[1]), row[2], row[3]


def _at_table(person: Person) -> bool:
    screen = person.text()
    return "Ada" in screen and "Lobby chat" not in screen


async def _friday_at_a(tmp_path: Path, url: str, secret: Path) -> tuple[str, tuple[SSHKey, SSHKey]]:
    """Host a makes the room Friday for Ada, Bob and a bot (in this process, to seat its people), and
    stops: it lets its lease go. The room's id, and Ada's and Bob's keys."""
    running = await _in_process(tmp_path, "a", url, secret, host_key=tmp_path / "shared_host_key")
    ada, bob = (
        Person(running, make_key(tmp_path, "a"), "Ada"),
        Person(running, make_key(tmp_path, "b"), "Bob"),
    )
    try:
        table = await seated(running, [ada, bob], "Friday", bots=1, pace="instant", turn_timer=600, bank=180)
    finally:
        await running.stop()
    return table.id, (ada.key, bob.key)


async def _at_friday(
    host_a: ServerProcess, host_b: ServerProcess, keys: tuple[SSHKey, SSHKey]
) -> tuple[Person, Person]:
    """Both hosts started (or failed) before going on: a host left starting would outlive the test. Bob
    at a, the room's host; Ada at b, carried to a: both at the table."""
    for outcome in await asyncio.gather(host_a.start(), host_b.start(), return_exceptions=True):
        if isinstance(outcome, BaseException):
            raise outcome
    ada, bob = Person(host_b, keys[0], "Ada"), Person(host_a, keys[1], "Bob")
    await bob.connect("Friday", size=(120, 40))
    # at b, which lists a's rooms once it has read them (it reads the others' rooms every second):
    # she takes her seat from b's lobby, and is carried to a
    await ada.connect(size=(120, 40))
    await ada.wait_for("* Friday", timeout=20)
    await ada.press("enter")
    for p in (ada, bob):  # at the table, not in a lobby (whose head names Ada too)
        await p.wait_for(partial(_at_table, p), timeout=20)
    return ada, bob


@pytest.mark.slow
async def test_two_hosts_one_table_and_a_killed_host_taken_up_within_30_s(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    url, secret = shared
    a_dir = tmp_path / "a"
    room, keys = await _friday_at_a(tmp_path, url, secret)
    host_a, host_b = _host(tmp_path, "a", url, secret), _host(tmp_path, "b", url, secret)
    try:
        ada, bob = await _at_friday(host_a, host_b, keys)
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("from host b\r")
        await bob.wait_for("Ada: from host b")  # one table: what she says at b is heard at a
        await bob.press("slash")
        await bob.wait_for("Say to the table")
        await bob.type("from host a\r")
        await ada.wait_for("Bob: from host a")
        assert _row(url, room)[0] == "a"

        # a's state reaches the database; then a dies outright, every process of it
        kept_path = a_dir / "server" / "room-state" / f"{room}.json"
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while True:
            _host_name, fence, _save, kept = _row(url, room)
            if kept is not None and kept == kept_path.read_bytes():
                break
            assert loop.time() < end, "the room's state never reached the database"
            await asyncio.sleep(0.1)
        saved = next((a_dir / "saves").glob("*.json")).read_bytes()
        host_a.crash()
        killed = loop.time()
        await bob.drop()  # he was at a: he connects again; Ada, at b, stays and waits for her room
        while _row(url, room)[0] != "b":
            assert loop.time() - killed < 30, "the dead host's room was not taken up within 30 s"
            await asyncio.sleep(0.2)
        took = loop.time() - killed
        _host_name, fence_b, save_b, kept_b = _row(url, room)
        assert fence_b == fence + 1
        assert save_b == saved  # the game as it was
        assert kept_b is not None and json.loads(kept_b) == json.loads(kept_path.read_bytes())  # banks, chat
        print(f"room taken up by host b {took:.1f} s after host a was killed")

        # Bob comes back (to b), and finds the table, its chat and banks as they were; Ada is at it again
        # without having done a thing
        bob = Person(host_b, bob.key, "Bob")
        await bob.connect("Friday", size=(120, 40))
        await bob.wait_for("Bob: from host a", timeout=20)
        await bob.wait_for("Ada: from host b")
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("still here\r")
        await bob.wait_for("Ada: still here")
        for p in (ada, bob):
            await p.leave()
    finally:
        await host_b.stop()
        if host_a.proc is not None and host_a.proc.returncode is None:
            host_a.crash()


@pytest.mark.slow
async def test_a_person_carried_to_a_host_whose_worker_dies_waits_for_the_room_and_plays_on(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    """The worker running a room dies and its host lives: a person connected there is told to connect
    again (as on a single host), but one carried there from another host is kept by that host, which
    waits for the room to come back (here, on the worker started again) as it waits when a host dies."""
    url, secret = shared
    _room, keys = await _friday_at_a(tmp_path, url, secret)
    host_a, host_b = _host(tmp_path, "a", url, secret), _host(tmp_path, "b", url, secret)
    try:
        ada, bob = await _at_friday(host_a, host_b, keys)
        (worker,) = host_a.worker_pids()
        os.kill(worker, signal.SIGKILL)
        await bob.wait_until(lambda p: p.view is not None and p.view.closed.is_set(), timeout=30)
        assert bob.view is not None and b"lost the process running your table" in bytes(bob.view.raw)

        await asyncio.sleep(1.0)  # a's worker comes back, its room from its save; Ada is carried to it again
        await ada.press("slash")
        await ada.wait_for("Say to the table", timeout=30)
        await ada.type("still at a\r")
        assert ada.view is not None and not ada.view.closed.is_set()
        bob = Person(host_a, bob.key, "Bob")
        await bob.connect("Friday", size=(120, 40))
        await bob.wait_for("Ada: still at a", timeout=20)
        assert "lost the process" not in ada.text()
        for p in (ada, bob):
            await p.leave()
    finally:
        await host_b.stop()
        await host_a.stop()


@pytest.mark.slow
async def test_one_lobby_for_every_hosts_rooms_people_and_chat_and_a_stale_host_stops_its_room(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    url = shared[0]
    async with two_hosts(tmp_path, shared) as (a, b):
        ada, cy = Person(a, make_key(tmp_path, "a"), "Ada"), Person(b, make_key(tmp_path, "c"), "Cy")
        b.front.players.choose(cy.fingerprint, "Cy")
        table = await seated(a, [ada], "Friday", bots=1, pace="slow", turn_timer=600)
        await ada.connect("Friday")
        await cy.connect()
        await cy.wait_for("Friday")  # a's room, in b's lobby
        await cy.wait_for("here: Ada, Cy")  # and a's people
        await cy.press("slash")
        await cy.wait_for("Say to the lobby")
        await cy.type("hello from b\r")
        await ada.wait_for(lambda: any(s.text == "hello from b" for s in a.front.lobby_talk.lines))
        assert _row(url, table.id)[:2] == ("a", 1)

        # another host claims the room (a stalled past its lease, say): a can no longer write it, and
        # stops it at once, with a line to its people
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(
                "UPDATE rooms SET host = 'x', fence = fence + 1, lease_until = now() + interval '1 hour' "
                "WHERE id = %s",
                (table.id,),
            )
        await ada.wait_for("This room has moved to another host of the server")
        assert a.table("Friday") is None
        _host_name, fence, _save, kept = _row(url, table.id)
        await asyncio.sleep(2.5)
        assert _row(url, table.id) == ("x", fence, _save, kept)  # nothing more from a
        await cy.leave()


@pytest.mark.slow
async def test_a_host_stopped_lets_its_rooms_go_and_the_people_carried_there_follow_them(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    async with two_hosts(tmp_path, shared) as hosts:
        a, b = hosts
        ada = Person(a, make_key(tmp_path, "a"), "Ada")
        table = await seated(a, [ada], "Friday", bots=1, pace="slow", turn_timer=600)
        table.say("Ada", "before the stop", 200)
        await _heard_of(b, "Friday")
        loop = asyncio.get_running_loop()
        via_b = copy.copy(a)  # her app runs at a, where the room is ...
        via_b.port = b.port  # ... and she connects to b
        ada = Person(via_b, ada.key, "Ada")
        await ada.connect("Friday")
        await ada.wait_for("before the stop")
        stopped = loop.time()
        await a.stop()  # an update, say: a lets its rooms go, and b takes Friday up
        hosts.remove(a)
        ada.running = b
        await ada.wait_for(lambda: getattr(ada.app_now(), "game_screen", None) is not None)
        assert loop.time() - stopped < 5
        assert _row(shared[0], table.id)[0] == "b"
        await ada.wait_for("before the stop")  # at the room again, without connecting again
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("after the stop\r")
        again = b.table("Friday")
        assert again is not None
        both = ["before the stop", "after the stop"]
        await ada.wait_for(lambda: [s.text for s in again.chat_lines][-2:] == both)
        await ada.leave()


async def _waiting_room(folder: Path) -> Table:
    """A turn-based room of Ada, Bob and a bot in a host's folders, as its worker writes one: its plan, its
    game (waiting on Ada's roll, a day a move) and its kept state with her deadline; let go from memory."""
    loop = asyncio.get_running_loop()
    people = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")]
    plan = Plan("turns1", "Days", "classic", {"short_game": True}, [*people, SeatPlan("bot", "easy")])
    plan.move_hours = 24
    keeper = Keeper(folder / "server", loop)
    table = Table(plan, Persistence(folder / "saves"), LoopClock(loop), lambda: None, keeper=keeper)
    table.start()
    assert table.unload(), "it waits on Ada, nobody at it"
    write_json(folder / "server" / "rooms" / f"{plan.id}.json", plan.to_json())
    while keeper._writing:  # its state as let go, written last
        await asyncio.sleep(0.01)
    keeper.stop()
    return table


def _fired(kept: bytes | None) -> float | None:
    """When the kept state says the deadline fired (its chat line's time), or None."""
    lines = json.loads(kept or b"{}").get("chat", [])
    return next((float(line["at"]) for line in lines if "time for this move ran out" in line["text"]), None)


@pytest.mark.slow
async def test_a_deadline_falling_due_while_its_host_is_dead_fires_on_time_at_the_host_taking_it_up(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    """A turn-based room waits on a person at host a; a dies; its deadline, kept in the store with the
    room's state, falls due while a is dead, and b, which takes the room up, makes the move then."""
    url, secret = shared
    table = await _waiting_room(tmp_path / "a")
    host_a, host_b = _host(tmp_path, "a", url, secret), _host(tmp_path, "b", url, secret)
    try:
        for outcome in await asyncio.gather(host_a.start(), host_b.start(), return_exceptions=True):
            if isinstance(outcome, BaseException):
                raise outcome
        loop = asyncio.get_running_loop()
        end = loop.time() + 15
        while True:  # a holds the room, and its deadline (a day away) is in the store
            host, fence, save, kept = _row(url, table.id) if _has_row(url, table.id) else ("", 0, None, None)
            if host == "a" and kept is not None:
                break
            assert loop.time() < end, "the room's state never reached the database"
            await asyncio.sleep(0.1)
        state = json.loads(kept)
        assert state["deadline"]["seat"] == 0 and state["deadline"]["due"] > time.time() + 23 * 3600
        host_a.crash()
        killed = time.time()
        # the day passes while a is dead: its deadline, as the store keeps it, is moved to a few seconds on
        due = killed + 7.0
        state["deadline"]["due"] = round(due, 3)
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("UPDATE rooms SET kept = %s WHERE id = %s", (json.dumps(state).encode(), table.id))
        while (fired := _fired(_row(url, table.id)[3])) is None:
            assert time.time() < due + 15, "the deadline never fired"
            await asyncio.sleep(0.1)
        # the room's save and its kept state reach the store each in its own write, a moment apart
        while (row := _row(url, table.id))[2] == save and time.time() < fired + 5:
            await asyncio.sleep(0.1)
        host, fence_b, save_b, _kept = row
        assert (host, fence_b) == ("b", fence + 1), "b took the room up"
        assert due - 0.05 <= fired <= due + 3.0, f"fired {fired - due:+.2f} s from its deadline"
        assert save_b != save, "the move was made and saved"
        print(
            f"the deadline fired at host b {fired - due:+.2f} s from its time, "
            f"{fired - killed:.1f} s after host a was killed"
        )
    finally:
        await host_b.stop()
        if host_a.proc is not None and host_a.proc.returncode is None:
            host_a.crash()


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs OpenSSH's ssh and tmux (apt-get install openssh-client tmux)",
)
async def test_two_people_on_two_hosts_at_one_table_over_openssh(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    keys = {}
    for name in ("ada", "bob"):
        keys[name] = tmp_path / name
        make_key(tmp_path, name).write_private_key(str(keys[name]))
        os.chmod(keys[name], 0o600)
    socket = str(tmp_path / "tmux.sock")
    ada, bob = Terminal("ada", socket), Terminal("bob", socket)
    try:
        async with two_hosts(tmp_path, shared, host_key=tmp_path / "host_key") as (a, b):
            assert a.fingerprint == b.fingerprint  # one host key: the clients see one server
            known = tmp_path / "known_hosts"
            ada.open(ssh_command(keys["ada"], a.port, known), (100, 30))
            await ada_makes_friday(ada)
            await _heard_of(b, "Friday")
            bob.open(ssh_command(keys["bob"], b.port, known, "Friday"), (120, 40))  # to b, to the room
            await bob_joins_and_they_talk(ada, bob)
            assert a.table("Friday") is not None and b.table("Friday") is None  # one table, held by a
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True, check=False)


@pytest.mark.parametrize("missing", ["--store", "--relay-secret"])
def test_a_relay_without_its_store_or_secret_is_refused_in_one_line(
    tmp_path: Path, missing: str, capsys: pytest.CaptureFixture[str]
) -> None:
    given = {"--store": "postgresql://nobody@127.0.0.1:1/x", "--relay-secret": str(tmp_path / "s")}
    given.pop(missing)
    args = ["serve", "--port", "0", "--data-dir", str(tmp_path), "--relay", "127.0.0.1:0"]
    assert main([*args, *(x for pair in given.items() for x in pair)]) == 2
    said = capsys.readouterr()
    assert said.out == "landlords serve: --relay needs --store postgresql://... and --relay-secret FILE\n"
    assert not said.err and not list(tmp_path.iterdir())  # nothing was started


@pytest.mark.slow
async def test_days_away_declared_at_one_host_move_the_rooms_another_host_holds(
    tmp_path: Path, shared: tuple[str, Path]
) -> None:
    """Ada, connected to host a, declares three days away: her turn-based room, which host b holds, takes
    them (through the store) as a room of a would, and her answer counts it; then she is back."""
    async with two_hosts(tmp_path, shared) as (a, b):
        ada, bob = Person(a, make_key(tmp_path, "a"), "Ada"), Person(b, make_key(tmp_path, "b"), "Bob")
        for person in (ada, bob):
            b.front.players.choose(person.fingerprint, person.name)
        people = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "easy")]
        asked = RoomRequest(
            ada.fingerprint,
            "Ada",
            "Days",
            "classic",
            {"short_game": True},
            people,
            60,
            "instant",
            move_hours=24,
        )
        table_id, _worker = await b.front.create(asked)
        table = b.table(table_id)
        assert table is not None
        table.take_seat(bob.fingerprint, "Bob")
        table.start()
        await _heard_of(a, "Days")
        worker_rooms = a.workers_rooms()[0]
        assert not worker_rooms.tables, "host a holds no room"

        said = await worker_rooms.away(ada.fingerprint, 3)
        assert "You are away until" in said and "in your turn-based room:" in said, said
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while ada.fingerprint not in table.plan.away_until:
            assert loop.time() < end, "host b's room never heard of her days away"
            await asyncio.sleep(0.1)
        until = table.plan.away_until[ada.fingerprint]
        assert abs(until - (time.time() + 3 * 86400)) < 60
        deadline = table.deadline
        if deadline is not None and deadline.seat == 0:  # waiting on her: her day starts after them
            assert deadline.due >= until + 24 * 3600
        assert bob.fingerprint not in table.plan.away_until

        assert "You are back" in await worker_rooms.away(ada.fingerprint, 0)
        end = loop.time() + 10
        while ada.fingerprint in table.plan.away_until:
            assert loop.time() < end, "host b's room never heard she is back"
            await asyncio.sleep(0.1)
