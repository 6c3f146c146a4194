"""`landlords serve --store postgresql://...` as its operator meets it: a database that cannot be reached,
psycopg not installed, or a database from a newer version each stop the server with one line and exit
status 1 (never a traceback, never the URL's password); a connection that breaks fails one read or
write, and the next makes it again.
(The store's contract on both databases is in test_store.py.)"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from server.people.store import MIGRATIONS, StoreFailure

from pgserver import PostgresServer
from stores import PostgresPlace

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def serve(tmp_path: Path, url: str, before: str = "") -> subprocess.CompletedProcess[str]:
    """`landlords serve` with `--store url`, in a process of its own; `before` runs in it first."""
    args = ["serve", "--port", "0", "--data-dir", str(tmp_path / "server"), "--workers", "1", "--store", url]
    code = f"import sys\n{before}\nfrom cli.main import main\nsys.exit(main({args!r}))"
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT, check=False
    )


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens there once it is closed


def said_once(done: subprocess.CompletedProcess[str]) -> str:
    """The one line the server said of its store, having stopped with exit status 1 and no traceback."""
    assert done.returncode == 1, done
    assert "Traceback" not in done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("landlords serve:")]
    assert len(lines) == 1, done.stdout
    return lines[0]


def test_a_database_out_of_reach_stops_the_server_in_one_line(tmp_path: Path) -> None:
    port = closed_port()
    line = said_once(serve(tmp_path, f"postgresql://ada:secret@127.0.0.1:{port}/people"))
    assert f"The ratings database postgresql://ada@127.0.0.1:{port}/people cannot be reached" in line
    assert "secret" not in line


def test_without_psycopg_the_server_says_what_to_install(tmp_path: Path) -> None:
    hidden = "sys.modules['psycopg'] = None  # as where the postgres extra is not installed"
    line = said_once(serve(tmp_path, "postgresql://ada@127.0.0.1:5432/people", before=hidden))
    assert "needs psycopg" in line and "pip install 'landlords[postgres]'" in line


def test_a_database_from_a_newer_version_stops_the_server(tmp_path: Path, postgres: PostgresServer) -> None:
    place = PostgresPlace(postgres.database())
    place.open().close()
    newer = len(MIGRATIONS) + 1
    place.sql(f"UPDATE schema_version SET version = {newer}")
    line = said_once(serve(tmp_path, str(place.url)))
    assert "newer version" in line and f"schema {newer}" in line and "left as it is" in line
    assert place.sql("SELECT version FROM schema_version") == [(newer,)]


def test_a_broken_connection_fails_one_read_and_is_made_again(postgres: PostgresServer) -> None:
    place = PostgresPlace(postgres.database())
    store = place.open()
    store.keep_lobby_line("Ada", "still here", 1000.0, kept=5)
    cut = (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    assert place.sql(cut) == [(True,)], "the store's connection, cut as a database restart would"
    with pytest.raises(StoreFailure):
        store.lobby_lines()
    assert store.lobby_lines() == [("Ada", "still here", 1000.0)]
    store.keep_lobby_line("Ada", "and again", 1001.0, kept=5)
    store.close()
    again = place.open()
    assert [line for _, line, _ in again.lobby_lines()] == ["still here", "and again"]
    again.close()
