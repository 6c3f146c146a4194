"""A finished game the store could not take (its database down) is kept on disk by the front and tried again
until the store takes it: whatever became of its room meanwhile (out of the lobby, its reports over), and
across a restart. On the tests' PostgreSQL, its database closed to connections and opened again."""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from server.base.config import ServerConfig
from server.network.front import Front
from server.network.records_due import RECORDS_DUE
from server.people.places import SeatResult
from server.tables.plans import Plan, SeatPlan

from pgserver import PostgresServer
from sshplay import start_server
from stores import PostgresPlace

pytestmark = pytest.mark.slow

ADA, BOB = "SHA256:ada", "SHA256:bob"


def _over(table_id: str) -> Plan:
    """A room of Ada's, Bob's and a bot whose game is over (Ada won): one that counts."""
    seats = [
        SeatPlan("person", name="Ada", owner=ADA),
        SeatPlan("person", name="Bob", owner=BOB),
        SeatPlan("bot", "easy", name="Bot"),
    ]
    result = [SeatResult(1, key=ADA), SeatResult(2, key=BOB), SeatResult(3, level="easy")]
    return Plan(
        table_id,
        f"Room {table_id}",
        "classic",
        {},
        seats,
        save_id=f"s-{table_id}",
        finished=True,
        result=result,
        ended=time.time(),
    )


def _database(postgres: PostgresServer, url: str, open_: bool) -> None:
    """Open a database to connections again, or close it and cut those it has (as if it were down)."""
    name = url.rsplit("/", 1)[1]
    admin = PostgresPlace(postgres.url())
    admin.sql(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {'true' if open_ else 'false'}")
    if not open_:
        admin.sql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")


def _games(url: str, save_id: str) -> int:
    return int(PostgresPlace(url).sql("SELECT count(*) FROM games WHERE save_id = ?", (save_id,))[0][0])


async def _until(done: Callable[[], bool], within: float) -> None:
    end = time.monotonic() + within
    while not done():
        assert time.monotonic() < end, "not within the time"
        await asyncio.sleep(0.05)


def _front(tmp_path: Path, url: str) -> Front:
    config = ServerConfig(data_dir=tmp_path / "server", saves_dir=tmp_path / "saves", store=url)
    return Front(config, in_process=True)


def _close(front: Front) -> None:
    if front.records_due is not None:
        front.records_due.stop()
    if front.store is not None:
        front.store.close()
    shutil.rmtree(front.runtime, ignore_errors=True)


async def test_a_game_the_store_could_not_take_is_recorded_once_it_is_back(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.database()
    front = _front(tmp_path, url)
    try:
        assert front.records_due is not None and front.ratings is not None
        front.records_due.again_after = 0.1
        _database(postgres, url, open_=False)
        plan = _over("t1")
        plan.ended = time.time() - 3_600  # the game ended an hour before the store came back
        front.finished(plan.to_json())  # the room reports its game over: the store cannot take it
        front.finished(plan.to_json())  # and again, while it is in the lobby
        kept = tmp_path / "server" / RECORDS_DUE / "t1.json"
        assert kept.exists() and list(front.records_due.due) == ["t1"], "kept once, on disk"
        # the room leaves the lobby: no report of it any more; the front tries again on its own
        await asyncio.sleep(0.5)
        assert kept.exists(), "still kept while the store is down"
        _database(postgres, url, open_=True)
        await _until(lambda: not kept.exists(), 10)
        assert _games(url, "s-t1") == 1, "recorded once the store is back"
        ended = PostgresPlace(url).sql("SELECT ended FROM games WHERE save_id = ?", ("s-t1",))[0][0]
        assert datetime.fromisoformat(ended).timestamp() == int(plan.ended), "kept with its end, not the try"
        assert {p.key: p.games for p in front.ratings.store.people()} == {ADA: 1, BOB: 1}
        assert front.records_due.due == {}
        front.finished(plan.to_json())
        assert _games(url, "s-t1") == 1 and not kept.exists(), "a report after that records nothing twice"
    finally:
        _database(postgres, url, open_=True)
        _close(front)


async def test_a_game_kept_when_the_server_stopped_is_recorded_as_it_starts_again(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.database()
    front = _front(tmp_path, url)
    try:
        _database(postgres, url, open_=False)
        front.finished(_over("t2").to_json())
        assert (tmp_path / "server" / RECORDS_DUE / "t2.json").exists()
    finally:
        _close(front)  # the server stops with the store still down
        _database(postgres, url, open_=True)
    running = await start_server(tmp_path, store=url)
    try:
        assert _games(url, "s-t2") == 1, "recorded as the server started, its room long gone from the lobby"
        assert not (tmp_path / "server" / RECORDS_DUE / "t2.json").exists()
        ratings = running.front.ratings
        assert ratings is not None and {p.key for p in ratings.board().ranked()} == {ADA, BOB}
    finally:
        await running.stop()
