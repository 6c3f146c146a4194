"""The people's store at a place of each kind, for the store's contract tests to run on both: an SQLite
file in a test's folder, or a fresh database of the tests' PostgreSQL (`pgserver`). A place opens its
store as often as a test likes (each time as a server starting again), and reads it from outside (the
tables, a table's columns, what `left as it is` compares) without the store."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from server.people import store as sqlite
from server.people.schema import Migration
from server.people.store import FILE, SqliteStore, SqlStore


class Place(Protocol):
    kind: str
    migrations: tuple[Migration, ...]
    url: str | None  # what `landlords serve --store` is given (None: SQLite in the data folder)

    def open(self, migrations: Sequence[Migration] | None = None) -> SqlStore: ...
    def sql(self, statement: str, values: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...
    def tables(self) -> set[str]: ...
    def columns(self, table: str) -> list[str]: ...
    def state(self) -> object: ...


class SqlitePlace:
    kind = "sqlite"
    migrations = sqlite.MIGRATIONS
    url: str | None = None

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE

    def open(self, migrations: Sequence[Migration] | None = None) -> SqlStore:
        return SqliteStore(self.path, self.migrations if migrations is None else migrations)

    def sql(self, statement: str, values: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        db = sqlite3.connect(self.path)
        try:
            with db:
                return db.execute(statement, values).fetchall()
        finally:
            db.close()

    def tables(self) -> set[str]:
        return {str(r[0]) for r in self.sql("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def columns(self, table: str) -> list[str]:
        return [str(r[1]) for r in self.sql(f"PRAGMA table_info({table})")]

    def state(self) -> object:
        return self.path.read_bytes()


class PostgresPlace:
    kind = "postgresql"

    def __init__(self, url: str) -> None:
        from server.people import postgres_store

        self.url: str | None = url
        self.migrations = postgres_store.MIGRATIONS

    def open(self, migrations: Sequence[Migration] | None = None) -> SqlStore:
        from server.people.postgres_store import PostgresStore

        return PostgresStore(str(self.url), self.migrations if migrations is None else migrations)

    def sql(self, statement: str, values: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        import psycopg

        with psycopg.connect(str(self.url), autocommit=True) as db:
            cursor = db.execute(statement.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description is not None else []

    def tables(self) -> set[str]:
        return {
            str(r[0])
            for r in self.sql(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        }

    def columns(self, table: str) -> list[str]:
        return [
            str(r[0])
            for r in self.sql(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                "AND table_schema = current_schema() ORDER BY ordinal_position",
                (table,),
            )
        ]

    def state(self) -> object:
        """Every table and every row of it."""
        return {t: sorted(map(repr, self.sql(f"SELECT * FROM {t}"))) for t in sorted(self.tables())}
