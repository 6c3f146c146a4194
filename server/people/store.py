"""Where the server keeps its people (the name each key chose, and their ratings), its finished games, the
bots' ratings and the lobby's recent chat.

`Store` is what the front needs of it; `SqliteStore` keeps it in one SQLite file in the server's data
folder (the standard library's `sqlite3`: nothing to install). Only the front process writes it. A
finished game's record and the ratings it changes are written in one transaction: both land or neither,
so a crash loses at most the game in progress. The schema has a version (the `schema_version` table) and
a list of migrations, each taking the file one version on; a file from a newer version, or one that is
damaged, is left exactly as it is (`StoreError`, with a sentence for the server's operator).

Another store (PostgreSQL, for a server of several machines) would implement the same `Store`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from server.people.places import SeatResult
from server.people.rating import Rating

FILE = "landlords.sqlite3"


class StoreError(Exception):
    """The store cannot be used; the message is a sentence for the server's operator."""


@dataclass(frozen=True)
class Person:
    """A person as the ratings know them: their key, last known name, rating, counted games and wins."""

    key: str
    name: str
    rating: Rating
    games: int
    wins: int


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its room, save, edition, when it ended (ISO 8601, UTC), and every seat's place."""

    room: str
    save_id: str
    edition: str
    ended: str
    seats: Sequence[SeatResult]
    counted: bool


class Store(Protocol):
    """What the front keeps of people, ratings and finished games."""

    def person(self, key: str) -> Person | None:
        """A person who has finished a counted game, or None (unrated)."""
        ...

    def people(self) -> list[Person]:
        """Every rated person, the highest rated first."""
        ...

    def ratings_of(self, keys: Sequence[str]) -> dict[str, Rating]:
        """The ratings of those of `keys` who have one."""
        ...

    def bots(self) -> dict[str, Rating]:
        """The bots' levels' fixed ratings."""
        ...

    def set_bots(self, ratings: Mapping[str, Rating]) -> None:
        """Keep the bots' ratings (as shipped with the package)."""
        ...

    def recorded(self, save_id: str) -> bool:
        """Whether the game of this save is recorded already."""
        ...

    def record(self, game: GameRecord, after: Mapping[str, Rating], names: Mapping[str, str]) -> bool:
        """Record a finished game and, if it counted, its people's new ratings, games and wins, all at
        once. False (and nothing written) when the game was recorded before."""
        ...

    def names(self) -> list[tuple[str, str]]:
        """Every key's chosen name, (key, name), the earliest chosen first."""
        ...

    def bind_name(self, key: str, name: str, let_go: str | None = None) -> None:
        """Bind `name` to `key`, having let go the name of the key `let_go` (the book full), at once."""
        ...

    def lobby_lines(self) -> list[tuple[str, str, float]]:
        """The lobby's chat lines kept, (who, text, when), oldest first."""
        ...

    def keep_lobby_line(self, who: str, text: str, at: float, kept: int) -> None:
        """Keep a line of the lobby's chat, and only the last `kept` lines."""
        ...

    def close(self) -> None: ...


# --- the schema and its migrations ------------------------------------------------------------------

Migration = Sequence[str]

MIGRATIONS: tuple[Migration, ...] = (
    (  # version 1
        """CREATE TABLE people (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL DEFAULT '',
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            save_id TEXT NOT NULL UNIQUE,
            room TEXT NOT NULL,
            edition TEXT NOT NULL,
            ended TEXT NOT NULL,
            counted INTEGER NOT NULL)""",
        """CREATE TABLE places (
            game INTEGER NOT NULL REFERENCES games(id),
            seat INTEGER NOT NULL,
            key TEXT,
            level TEXT,
            place INTEGER NOT NULL,
            left_game INTEGER NOT NULL,
            PRIMARY KEY (game, seat))""",
        "CREATE INDEX places_by_key ON places(key)",
        """CREATE TABLE bots (
            level TEXT PRIMARY KEY,
            mu REAL NOT NULL,
            sigma REAL NOT NULL)""",
    ),
    (  # version 2: the people's names (from players.json) and the lobby's chat, kept across a restart
        """CREATE TABLE names (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            folded TEXT NOT NULL UNIQUE,
            chosen INTEGER NOT NULL)""",
        """CREATE TABLE lobby_chat (
            id INTEGER PRIMARY KEY,
            who TEXT NOT NULL,
            line TEXT NOT NULL,
            said_at REAL NOT NULL)""",
    ),
)


def open_store(folder: Path, migrations: Sequence[Migration] = MIGRATIONS) -> SqliteStore:
    return SqliteStore(folder / FILE, migrations)


class SqliteStore:
    """The store in one SQLite file."""

    def __init__(self, path: Path, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.path = path
        self.latest = len(migrations)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None)  # transactions are begun by hand
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"The ratings database {path} cannot be opened: {exc}.") from None
        try:
            self._check_and_migrate(migrations)
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreError(
                f"The ratings database {path} is damaged ({exc}); it is left as it is."
            ) from None
        except StoreError:
            self._db.close()
            raise

    def _check_and_migrate(self, migrations: Sequence[Migration]) -> None:
        db = self._db
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise StoreError(f"The ratings database {self.path} is damaged; it is left as it is.")
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "schema_version" not in tables:
            raise StoreError(
                f"The file {self.path} is not a landlords ratings database; it is left as it is."
            )
        version = 0
        if tables:
            row = db.execute("SELECT version FROM schema_version").fetchone()
            version = int(row[0]) if row is not None else 0
        if version > self.latest:
            raise StoreError(
                f"The ratings database {self.path} is from a newer version of landlords (schema {version}; "
                f"this one knows {self.latest}); it is left as it is."
            )
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = FULL")
        for number in range(version + 1, self.latest + 1):
            self._migrate(number, migrations[number - 1])

    def _migrate(self, number: int, steps: Migration) -> None:
        """Take the file to version `number`: its steps and the new version, in one transaction."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            if number == 1:
                db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                db.execute("INSERT INTO schema_version VALUES (0)")
            for step in steps:
                db.execute(step)
            db.execute("UPDATE schema_version SET version = ?", (number,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @property
    def version(self) -> int:
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0])

    # --- reading ------------------------------------------------------------------------------

    def person(self, key: str) -> Person | None:
        row = self._db.execute(
            "SELECT key, name, mu, sigma, games, wins FROM people WHERE key = ? AND games > 0", (key,)
        ).fetchone()
        return _person(row) if row is not None else None

    def people(self) -> list[Person]:
        rows = self._db.execute(
            "SELECT key, name, mu, sigma, games, wins FROM people WHERE games > 0 "
            "ORDER BY mu - 3 * sigma DESC, key"
        )
        return [_person(row) for row in rows]

    def ratings_of(self, keys: Sequence[str]) -> dict[str, Rating]:
        found: dict[str, Rating] = {}
        for key in keys:
            row = self._db.execute("SELECT mu, sigma FROM people WHERE key = ?", (key,)).fetchone()
            if row is not None:
                found[key] = Rating(float(row[0]), float(row[1]))
        return found

    def bots(self) -> dict[str, Rating]:
        rows = self._db.execute("SELECT level, mu, sigma FROM bots ORDER BY mu")
        return {str(level): Rating(float(mu), float(sigma)) for level, mu, sigma in rows}

    def recorded(self, save_id: str) -> bool:
        return self._db.execute("SELECT 1 FROM games WHERE save_id = ?", (save_id,)).fetchone() is not None

    # --- writing ------------------------------------------------------------------------------

    def set_bots(self, ratings: Mapping[str, Rating]) -> None:
        if self.bots() == dict(sorted(ratings.items(), key=lambda kv: kv[1].mu)):
            return
        with self._transaction():
            self._db.execute("DELETE FROM bots")
            self._db.executemany(
                "INSERT INTO bots VALUES (?, ?, ?)", [(lv, r.mu, r.sigma) for lv, r in ratings.items()]
            )

    def record(self, game: GameRecord, after: Mapping[str, Rating], names: Mapping[str, str]) -> bool:
        db = self._db
        with self._transaction():
            if self.recorded(game.save_id):
                return False
            cursor = db.execute(
                "INSERT INTO games (save_id, room, edition, ended, counted) VALUES (?, ?, ?, ?, ?)",
                (game.save_id, game.room, game.edition, game.ended, int(game.counted)),
            )
            number = cursor.lastrowid
            db.executemany(
                "INSERT INTO places VALUES (?, ?, ?, ?, ?, ?)",
                [(number, seat, r.key, r.level, r.place, int(r.left)) for seat, r in enumerate(game.seats)],
            )
            if game.counted:
                for r in game.seats:
                    if r.key is None or r.key not in after:
                        continue
                    rating = after[r.key]
                    won = int(r.place == 1 and not r.left)
                    db.execute(
                        "INSERT INTO people (key, name, mu, sigma, games, wins) VALUES (?, ?, ?, ?, 1, ?) "
                        "ON CONFLICT(key) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                        "sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins",
                        (r.key, names.get(r.key, ""), rating.mu, rating.sigma, won),
                    )
        return True

    def names(self) -> list[tuple[str, str]]:
        return [(str(k), str(n)) for k, n in self._db.execute("SELECT key, name FROM names ORDER BY chosen")]

    def bind_name(self, key: str, name: str, let_go: str | None = None) -> None:
        db = self._db
        with self._transaction():
            if let_go is not None:
                db.execute("DELETE FROM names WHERE key = ?", (let_go,))
            last = db.execute("SELECT COALESCE(MAX(chosen), 0) FROM names").fetchone()[0]
            db.execute(
                "INSERT INTO names (key, name, folded, chosen) VALUES (?, ?, ?, ?)",
                (key, name, name.casefold(), int(last) + 1),
            )

    def lobby_lines(self) -> list[tuple[str, str, float]]:
        rows = self._db.execute("SELECT who, line, said_at FROM lobby_chat ORDER BY id")
        return [(str(who), str(line), float(at)) for who, line, at in rows]

    def keep_lobby_line(self, who: str, text: str, at: float, kept: int) -> None:
        db = self._db
        with self._transaction():
            cursor = db.execute(
                "INSERT INTO lobby_chat (who, line, said_at) VALUES (?, ?, ?)", (who, text, at)
            )
            db.execute("DELETE FROM lobby_chat WHERE id <= ?", (int(cursor.lastrowid or 0) - max(1, kept),))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        self._db.close()


class _Transaction:
    """BEGIN ... COMMIT, or ROLLBACK when anything in it fails."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def _person(row: tuple[Any, ...]) -> Person:
    key, name, mu, sigma, games, wins = row
    return Person(str(key), str(name), Rating(float(mu), float(sigma)), int(games), int(wins))
