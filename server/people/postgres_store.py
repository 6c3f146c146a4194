"""The server's store in PostgreSQL (psycopg 3), which several hosts can share: `landlords serve --store
postgresql://user@host:port/db`. psycopg is an extra (`pip install 'landlords[postgres]'`), so only this
module imports it, and only a server given such a URL imports this module.

The tables are SQLite's in PostgreSQL's words (`server.people.schema`, written once for both), in the
connection's schema (`current_schema()`; `?options=-csearch_path%3Dname` in the URL picks
another). The queries are `SqlStore`'s, the same for both. Hosts that start at once migrate one after the
other: each migration holds a lock to the end of its transaction, reads the version again under it and
takes the database one version on, or finds that another host did. A password belongs in the URL, in
`PGPASSWORD` or in `~/.pgpass` (libpq's ways); no message here names it.

A connection that breaks (the database restarted) fails the read or write in hand (`StoreFailure`, nothing
changed) and is made again for the next.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict

from server.people.schema import POSTGRES, Migration, migrations
from server.people.store import Row, SqlStore, StoreError, StoreFailure
from translation import _

CONNECT_TIMEOUT = 10  # seconds to reach the database, unless the URL says otherwise
MIGRATION_LOCK = 0x6C616E64  # the advisory lock's number ("land"), held while a host migrates

MIGRATIONS: tuple[Migration, ...] = migrations(POSTGRES)
"""The schema, version by version, in PostgreSQL's words (`server.people.schema`)."""


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def where_of(url: str) -> str:
    """Describe the database a URL names, for the operator: user, host, port and name, no password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return "postgresql://(a URL that cannot be read)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host') or 'localhost'}{port}/{parts.get('dbname') or ''}"


def _words(exc: BaseException) -> str:
    """Return the first line of the database's error message (psycopg's run over several, with hints)."""
    lines = str(exc).strip().splitlines()
    return lines[0].strip() if lines else type(exc).__name__


class PostgresStore(SqlStore):
    """The `Store` in a PostgreSQL database; `StoreError` when it cannot be reached or used."""

    lock = " FOR UPDATE"

    def __init__(self, url: str, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.where = where_of(url)
        self.latest = len(migrations)
        self._url = url
        self._in_transaction = False
        try:
            self._db = self._connect()
        except psycopg.Error as exc:
            raise StoreError(
                _(
                    "The ratings database {where} cannot be reached: {reason}.",
                    where=self.where,
                    reason=_words(exc),
                )
            ) from None
        try:
            self._check_and_migrate(migrations)
        except BaseException:
            self._db.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        extra: dict[str, Any] = {"application_name": "landlords"}
        if "connect_timeout" not in conninfo_to_dict(self._url):
            extra["connect_timeout"] = CONNECT_TIMEOUT
        return psycopg.connect(self._url, autocommit=True, **extra)  # transactions are begun by hand

    def _check_and_migrate(self, migrations: Sequence[Migration]) -> None:
        db = self._db
        number = 0
        try:
            while True:
                with db.transaction():
                    db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                    tables = {
                        str(row[0])
                        for row in db.execute(
                            "SELECT table_name FROM information_schema.tables "
                            "WHERE table_schema = current_schema()"
                        )
                    }
                    if tables and "schema_version" not in tables:
                        raise self._foreign()
                    row = db.execute("SELECT version FROM schema_version").fetchone() if tables else None
                    version = int(row[0]) if row is not None else 0
                    if version > self.latest:
                        raise self._newer(version)
                    if version == self.latest:
                        return
                    number = version + 1
                    if number == 1:
                        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                        db.execute("INSERT INTO schema_version VALUES (0)")
                    for step in migrations[number - 1]:
                        db.execute(step)
                    db.execute("UPDATE schema_version SET version = %s", (number,))
        except psycopg.Error as exc:
            raise StoreError(
                _(
                    "The ratings database {where} could not be taken to schema {number} ({reason}); "
                    "it is left as it was.",
                    where=self.where,
                    number=number,
                    reason=_words(exc),
                )
            ) from None

    def _live(self) -> psycopg.Connection[Any]:
        """Return the connection, reconnecting if it broke (never inside a transaction: that one fails
        whole)."""
        if (self._db.closed or self._db.broken) and not self._in_transaction:
            self._db = self._connect()
        return self._db

    def _rows(self, sql: str, values: Sequence[Any] = ()) -> list[Row]:
        try:
            cursor = self._live().execute(sql.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description is not None else []
        except psycopg.Error as exc:
            raise StoreFailure(f"the ratings database {self.where}: {_words(exc)}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        try:
            with self._live().transaction():
                self._in_transaction = True
                try:
                    yield
                finally:
                    self._in_transaction = False
        except psycopg.Error as exc:
            raise StoreFailure(f"the ratings database {self.where}: {_words(exc)}") from exc

    def close(self) -> None:
        self._db.close()
