"""The servers these tests start run their workers' apps as a worker process does: with `tui.patches`.

`postgres` is a real PostgreSQL for the whole session (`pgserver`), started on first use; a test that asks
for it is skipped, saying why, only where PostgreSQL is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tui import patches

from pgserver import PostgresServer, start_postgres
from stores import Place, PostgresPlace, SqlitePlace

patches.install()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    server = start_postgres()
    if server is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl, postgres: apt-get install postgresql)")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    """Where a store is kept, once of each kind: the store's contract holds for both."""
    if request.param == "sqlite":
        return SqlitePlace(tmp_path)
    server: PostgresServer = request.getfixturevalue("postgres")
    return PostgresPlace(server.database())
