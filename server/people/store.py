"""The server's persistent store: its people (the name each key chose, and their ratings; the interface mode,
the language and the line-mode settings each key chose), its finished games, the bots' ratings and the lobby's
recent chat.

`Store` is what the front needs of it. `SqlStore` asks it of a database in SQL that SQLite and PostgreSQL
both speak, so the two stores behave alike by construction: `SqliteStore` keeps it in one SQLite file in
the server's data folder (the standard library's `sqlite3`: nothing to install), the default;
`server.people.postgres_store` keeps it in PostgreSQL, which several hosts can share. Only a host's front
process writes it. A finished game's record and the ratings it changes are written in one transaction:
both land or neither, so a crash loses at most the game in progress; and a game is recorded once, by its
save's id (a unique column), however many hosts record it at once. The schema has a version (the
`schema_version` table) and a list of migrations, each taking the database one version on; a database
from a newer version, or one that is damaged, is left exactly as it is (`StoreError`, with a sentence for
the server's operator). A read or a write that fails later raises `StoreFailure`, and changes nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from server.people.places import SeatResult
from server.people.rating import NEW, Rating
from server.people.schema import SQLITE, Migration, migrations
from translation import _

FILE = "landlords.sqlite3"


class StoreError(Exception):
    """Raised when the store cannot be used; the message is a sentence for the server's operator."""


class StoreFailure(Exception):
    """Raised when a read or a write failed (the database's error in the message) and changed nothing; the
    store may work again at the next (a database that was out of reach, back)."""


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
    turn_based: bool = False
    """Played in a turn-based room: its people's ratings are those of turn-based games, apart."""


@dataclass(frozen=True)
class MailRow:
    """A key's e-mail for the notices (`server.people.notices`): its confirmed `address` ('' none), the one
    `pending` its code, the code's salted hash and when it lapses (seconds since the epoch), the wrong tries
    at it, the `choice` ("each" move, or a daily "digest") and when the next digest is due, and the times of
    its last codes asked (`asked`, numbers between spaces)."""

    key: str
    address: str = ""
    pending: str = ""
    code_hash: str = ""
    code_until: float = 0.0
    tries: int = 0
    choice: str = "each"
    digest_due: float = 0.0
    asked: str = ""


Rerate = Callable[[Mapping[str, Rating]], Mapping[str, Rating]]
"""A game's people's new ratings, from the ratings they had (a key missing: a newcomer)."""


class Store(Protocol):
    """Storage interface for people, ratings and finished games (used by the front)."""

    where: str
    """The database in words for the operator (a file's path, or a URL without its password)."""

    def person(self, key: str, turn_based: bool = False) -> Person | None:
        """Return a person who has finished a counted game (a turn-based one: `turn_based`), or None
        (unrated)."""
        ...

    def people(self, turn_based: bool = False) -> list[Person]:
        """Return every rated person, the highest rated first (in turn-based games: `turn_based`)."""
        ...

    def bots(self) -> dict[str, Rating]:
        """Return the bots' levels' fixed ratings."""
        ...

    def set_bots(self, ratings: Mapping[str, Rating]) -> None:
        """Store the bots' ratings (as shipped with the package)."""
        ...

    def recorded(self, save_id: str) -> bool:
        """Whether the game of this save is recorded already."""
        ...

    def record(self, game: GameRecord, rate: Rerate, names: Mapping[str, str]) -> bool:
        """Record a finished game and, if it counted, its people's new ratings (`rate` of the ratings
        they have, read in the same transaction, none changing meanwhile), games and wins, all at once.
        False (and nothing written) when the game was recorded before."""
        ...

    def names(self) -> list[tuple[str, str]]:
        """Return every key's chosen name, (key, name), the earliest chosen first."""
        ...

    def bind_name(self, key: str, name: str, let_go: str | None = None) -> None:
        """Bind `name` to `key`, having let go the name of the key `let_go` (the book full), at once."""
        ...

    def rename(self, key: str, name: str) -> None:
        """Give `key`, which has a name, the name `name` instead, as the latest chosen (so that the other
        hosts hear it); the ratings, which follow the key, show it from now on."""
        ...

    def lobby_lines(self) -> list[tuple[str, str, float]]:
        """Return the stored lobby chat lines, (who, text, when), oldest first."""
        ...

    def keep_lobby_line(self, who: str, text: str, at: float, kept: int) -> None:
        """Store a lobby chat line, keeping only the last `kept` lines."""
        ...

    def ui_modes(self) -> list[tuple[str, str]]:
        """Return the interface mode each key last chose, (key, face)."""
        ...

    def keep_ui_mode(self, key: str, ui_mode: str) -> None:
        """Store the interface mode `key` chose (the next connection without a choice gets it)."""
        ...

    def languages(self) -> list[tuple[str, str]]:
        """Return the language each key chose to play in, (key, language code)."""
        ...

    def keep_language(self, key: str, language: str) -> None:
        """Store the language `key` chose (it outranks the one its client's environment names)."""
        ...

    def line_settings(self) -> list[tuple[str, str]]:
        """Return each key's line-mode settings, (key, settings text: "brief", "verbose mine"...)."""
        ...

    def keep_line_settings(self, key: str, words: str) -> None:
        """Store `key`'s line-mode settings (its next table in lines starts with them)."""
        ...

    def mail_of(self, key: str) -> MailRow | None:
        """Return the key's e-mail for the notices, or None (it never gave one)."""
        ...

    def keep_mail(self, row: MailRow) -> None:
        """Store a key's e-mail (its address, pending code, choice and codes asked), as a whole."""
        ...

    def drop_mail(self, key: str) -> None:
        """Forget a key's e-mail and the notices held for it (`mail off`)."""
        ...

    def note_move(self, key: str, room: str, move: str, asked: str, at: float, held: bool) -> bool:
        """Note that `room` waits on `key` for `move` (what is `asked`, in words); False, changing nothing,
        when this very move was noted already (a message a move). `held`: kept for the digest."""
        ...

    def held_notices(self, key: str) -> list[tuple[str, str, float]]:
        """Return the notices held for a key's digest, (room, asked, when), the oldest first."""
        ...

    def digest_sent(self, key: str, rooms: Sequence[str], due: float) -> None:
        """Mark these rooms' held notices sent in a digest, and the key's next digest due then."""
        ...

    def digests_due(self, now: float) -> list[str]:
        """Return the keys with a confirmed address, the digest chosen, notices held, and a digest due."""
        ...

    def claim_digest(self, key: str, now: float, due: float) -> bool:
        """Take the key's digest due now for this host to send, its next one due then; False when it is
        not due (another host sharing the store took it first)."""
        ...

    def forget_notices(self, before: float) -> None:
        """Forget the moves noted before then (a room that waits so long is told again at its next move)."""
        ...

    def close(self) -> None: ...


# --- the schema and its migrations ------------------------------------------------------------------

MIGRATIONS: tuple[Migration, ...] = migrations(SQLITE)
"""The schema, version by version, in SQLite's words (`server.people.schema`)."""


def open_store(folder: Path, migrations: Sequence[Migration] = MIGRATIONS) -> SqliteStore:
    return SqliteStore(folder / FILE, migrations)


Row = tuple[Any, ...]


class SqlStore:
    """The `Store` over a database, in the SQL dialect SQLite and PostgreSQL share (`?` for each value). A
    database's store gives it four things: rows read, a statement run, a transaction, and `where` (the
    database in words for the operator, never with a password)."""

    where = ""
    latest = 0
    lock = ""
    """What a read adds to lock the rows it reads until the transaction ends (` FOR UPDATE`), where
    writers do not already take turns (SQLite's `BEGIN IMMEDIATE` has them do so)."""

    def _rows(self, sql: str, values: Sequence[Any] = ()) -> list[Row]:
        raise NotImplementedError

    def _run(self, sql: str, values: Sequence[Any] = ()) -> None:
        self._rows(sql, values)

    def _transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _one(self, sql: str, values: Sequence[Any] = ()) -> Row | None:
        rows = self._rows(sql, values)
        return rows[0] if rows else None

    def _newer(self, version: int) -> StoreError:
        return StoreError(
            _(
                "The ratings database {where} is from a newer version of landlords (schema {version}; "
                "this one knows {latest}); it is left as it is.",
                where=self.where,
                version=version,
                latest=self.latest,
            )
        )

    def _foreign(self) -> StoreError:
        return StoreError(
            _("{where} is not a landlords ratings database; it is left as it is.", where=self.where)
        )

    @property
    def version(self) -> int:
        row = self._one("SELECT version FROM schema_version")
        return int(row[0]) if row is not None else 0

    # --- reading ------------------------------------------------------------------------------

    def person(self, key: str, turn_based: bool = False) -> Person | None:
        table = "turn_people" if turn_based else "people"
        row = self._one(
            f"SELECT key, name, mu, sigma, games, wins FROM {table} WHERE key = ? AND games > 0", (key,)
        )
        return _person(row) if row is not None else None

    def people(self, turn_based: bool = False) -> list[Person]:
        table = "turn_people" if turn_based else "people"
        rows = self._rows(
            f"SELECT key, name, mu, sigma, games, wins FROM {table} WHERE games > 0 "
            "ORDER BY mu - 3 * sigma DESC, key"
        )
        return [_person(row) for row in rows]

    def bots(self) -> dict[str, Rating]:
        rows = self._rows("SELECT level, mu, sigma FROM bots ORDER BY mu")
        return {str(level): Rating(float(mu), float(sigma)) for level, mu, sigma in rows}

    def recorded(self, save_id: str) -> bool:
        return self._one("SELECT 1 FROM games WHERE save_id = ?", (save_id,)) is not None

    # --- writing ------------------------------------------------------------------------------

    def set_bots(self, ratings: Mapping[str, Rating]) -> None:
        if self.bots() == dict(sorted(ratings.items(), key=lambda kv: kv[1].mu)):
            return
        with self._transaction():  # row by row: hosts starting at once may both write them
            for level, rating in ratings.items():
                self._run(
                    "INSERT INTO bots VALUES (?, ?, ?) ON CONFLICT (level) DO UPDATE "
                    "SET mu = excluded.mu, sigma = excluded.sigma",
                    (level, rating.mu, rating.sigma),
                )
            for (level,) in self._rows("SELECT level FROM bots"):
                if level not in ratings:
                    self._run("DELETE FROM bots WHERE level = ?", (level,))

    def record(self, game: GameRecord, rate: Rerate, names: Mapping[str, str]) -> bool:
        with self._transaction():
            # The save's id is unique: of two hosts recording one game at once, the second waits for the
            # first's transaction, then inserts nothing and so counts nothing.
            row = self._one(
                "INSERT INTO games (save_id, room, edition, ended, counted, turn_based) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (save_id) DO NOTHING RETURNING id",
                (game.save_id, game.room, game.edition, game.ended, int(game.counted), int(game.turn_based)),
            )
            if row is None:
                return False
            number = int(row[0])
            for seat, r in enumerate(game.seats):
                self._run(
                    "INSERT INTO places VALUES (?, ?, ?, ?, ?, ?)",
                    (number, seat, r.key, r.level, r.place, int(r.left)),
                )
            if game.counted:
                table = "turn_people" if game.turn_based else "people"  # one of two names, never a value
                after = rate(self._held([r.key for r in game.seats if r.key is not None], table))
                for r in game.seats:
                    if r.key is None or r.key not in after:
                        continue
                    rating = after[r.key]
                    won = int(r.place == 1 and not r.left)
                    self._run(
                        f"INSERT INTO {table} (key, name, mu, sigma, games, wins) VALUES (?, ?, ?, ?, 1, ?) "
                        "ON CONFLICT (key) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                        f"sigma = excluded.sigma, games = {table}.games + 1, "
                        f"wins = {table}.wins + excluded.wins",
                        (r.key, names.get(r.key, ""), rating.mu, rating.sigma, won),
                    )
        return True

    def _held(self, keys: Sequence[str], table: str = "people") -> dict[str, Rating]:
        """Return the ratings of a game's people, their rows locked to the end of the transaction: two hosts
        recording two games of one person at once rate the second from the first's result. A newcomer
        gets a row first (with no game, so still unrated), for there to be a row to hold."""
        held: dict[str, Rating] = {}
        for key in sorted(set(keys)):  # always in one order: two hosts never wait for each other
            self._run(
                f"INSERT INTO {table} (key, mu, sigma) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
                (key, NEW.mu, NEW.sigma),
            )
            row = self._one(f"SELECT mu, sigma, games FROM {table} WHERE key = ?{self.lock}", (key,))
            if row is not None and int(row[2]) > 0:
                held[key] = Rating(float(row[0]), float(row[1]))
        return held

    def names(self) -> list[tuple[str, str]]:
        return [(str(k), str(n)) for k, n in self._rows("SELECT key, name FROM names ORDER BY chosen")]

    def bind_name(self, key: str, name: str, let_go: str | None = None) -> None:
        with self._transaction():
            if let_go is not None:
                self._run("DELETE FROM names WHERE key = ?", (let_go,))
            last = self._one("SELECT COALESCE(MAX(chosen), 0) FROM names")
            self._run(
                "INSERT INTO names (key, name, folded, chosen) VALUES (?, ?, ?, ?)",
                (key, name, name.casefold(), int(last[0] if last else 0) + 1),
            )

    def rename(self, key: str, name: str) -> None:
        with self._transaction():
            last = self._one("SELECT COALESCE(MAX(chosen), 0) FROM names")
            self._run(
                "UPDATE names SET name = ?, folded = ?, chosen = ? WHERE key = ?",
                (name, name.casefold(), int(last[0] if last else 0) + 1, key),
            )
            for table in ("people", "turn_people"):  # the ratings keep the last name known
                self._run(f"UPDATE {table} SET name = ? WHERE key = ?", (name, key))

    def lobby_lines(self) -> list[tuple[str, str, float]]:
        rows = self._rows("SELECT who, line, said_at FROM lobby_chat ORDER BY id")
        return [(str(who), str(line), float(at)) for who, line, at in rows]

    def keep_lobby_line(self, who: str, text: str, at: float, kept: int) -> None:
        with self._transaction():
            row = self._one(
                "INSERT INTO lobby_chat (who, line, said_at) VALUES (?, ?, ?) RETURNING id", (who, text, at)
            )
            self._run("DELETE FROM lobby_chat WHERE id <= ?", (int(row[0] if row else 0) - max(1, kept),))

    def ui_modes(self) -> list[tuple[str, str]]:
        return [(str(k), str(f)) for k, f in self._rows("SELECT key, face FROM faces")]

    def keep_ui_mode(self, key: str, ui_mode: str) -> None:
        with self._transaction():
            self._run(
                "INSERT INTO faces (key, face) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET face = excluded.face",
                (key, ui_mode),
            )

    def languages(self) -> list[tuple[str, str]]:
        return [(str(k), str(code)) for k, code in self._rows("SELECT key, language FROM languages")]

    def keep_language(self, key: str, language: str) -> None:
        with self._transaction():
            self._run(
                "INSERT INTO languages (key, language) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET language = excluded.language",
                (key, language),
            )

    def line_settings(self) -> list[tuple[str, str]]:
        return [(str(k), str(words)) for k, words in self._rows("SELECT key, settings FROM line_settings")]

    def keep_line_settings(self, key: str, words: str) -> None:
        with self._transaction():
            self._run(
                "INSERT INTO line_settings (key, settings) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET settings = excluded.settings",
                (key, words),
            )

    def mail_of(self, key: str) -> MailRow | None:
        row = self._one(
            "SELECT key, address, pending, code_hash, code_until, tries, choice, digest_due, asked "
            "FROM mail WHERE key = ?",
            (key,),
        )
        if row is None:
            return None
        k, address, pending, code_hash, until, tries, choice, due, asked = row
        return MailRow(
            str(k), str(address), str(pending), str(code_hash), float(until), int(tries), str(choice),
            float(due), str(asked),
        )  # fmt: skip

    def keep_mail(self, row: MailRow) -> None:
        with self._transaction():
            self._run(
                "INSERT INTO mail (key, address, pending, code_hash, code_until, tries, choice, digest_due, "
                "asked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
                "address = excluded.address, pending = excluded.pending, code_hash = excluded.code_hash, "
                "code_until = excluded.code_until, tries = excluded.tries, choice = excluded.choice, "
                "digest_due = excluded.digest_due, asked = excluded.asked",
                (
                    row.key, row.address, row.pending, row.code_hash, row.code_until, row.tries,
                    row.choice, row.digest_due, row.asked,
                ),
            )  # fmt: skip

    def drop_mail(self, key: str) -> None:
        with self._transaction():
            self._run("DELETE FROM mail WHERE key = ?", (key,))
            self._run("DELETE FROM notices WHERE key = ?", (key,))

    def note_move(self, key: str, room: str, move: str, asked: str, at: float, held: bool) -> bool:
        with self._transaction():
            row = self._one(
                "INSERT INTO notices (key, room, move, asked, at, held) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (key, room) DO UPDATE SET move = excluded.move, asked = excluded.asked, "
                "at = excluded.at, held = excluded.held WHERE notices.move <> excluded.move RETURNING key",
                (key, room, move, asked, at, int(held)),
            )
        return row is not None

    def held_notices(self, key: str) -> list[tuple[str, str, float]]:
        rows = self._rows(
            "SELECT room, asked, at FROM notices WHERE key = ? AND held = 1 ORDER BY at", (key,)
        )
        return [(str(room), str(asked), float(at)) for room, asked, at in rows]

    def digest_sent(self, key: str, rooms: Sequence[str], due: float) -> None:
        with self._transaction():
            for room in rooms:
                self._run("UPDATE notices SET held = 0 WHERE key = ? AND room = ?", (key, room))
            self._run("UPDATE mail SET digest_due = ? WHERE key = ?", (due, key))

    def digests_due(self, now: float) -> list[str]:
        rows = self._rows(
            "SELECT key FROM mail WHERE choice = 'digest' AND address <> '' AND digest_due <= ? "
            "AND EXISTS (SELECT 1 FROM notices WHERE notices.key = mail.key AND held = 1) ORDER BY key",
            (now,),
        )
        return [str(row[0]) for row in rows]

    def claim_digest(self, key: str, now: float, due: float) -> bool:
        with self._transaction():
            row = self._one(
                "UPDATE mail SET digest_due = ? WHERE key = ? AND digest_due <= ? RETURNING key",
                (due, key, now),
            )
        return row is not None

    def forget_notices(self, before: float) -> None:
        with self._transaction():
            self._run("DELETE FROM notices WHERE at < ? AND held = 0", (before,))


class SqliteStore(SqlStore):
    """The store in one SQLite file."""

    def __init__(self, path: Path, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.path = path
        self.where = str(path)
        self.latest = len(migrations)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None)  # transactions are begun by hand
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(
                _("The ratings database {where} cannot be opened: {reason}.", where=path, reason=exc)
            ) from None
        try:
            self._check_and_migrate(migrations)
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreError(
                _(
                    "The ratings database {where} is damaged ({reason}); it is left as it is.",
                    where=path,
                    reason=exc,
                )
            ) from None
        except StoreError:
            self._db.close()
            raise

    def _check_and_migrate(self, migrations: Sequence[Migration]) -> None:
        db = self._db
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise StoreError(
                _("The ratings database {where} is damaged; it is left as it is.", where=self.path)
            )

        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "schema_version" not in tables:
            raise self._foreign()
        version = 0
        if tables:
            row = db.execute("SELECT version FROM schema_version").fetchone()
            version = int(row[0]) if row is not None else 0
        if version > self.latest:
            raise self._newer(version)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = FULL")
        for number in range(version + 1, self.latest + 1):
            self._migrate(number, migrations[number - 1])

    def _migrate(self, number: int, steps: Migration) -> None:
        """Migrate the file to version `number`: its steps and the new version, in one transaction."""
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

    def _rows(self, sql: str, values: Sequence[Any] = ()) -> list[Row]:
        try:
            return self._db.execute(sql, values).fetchall()
        except sqlite3.Error as exc:
            raise StoreFailure(f"the ratings database {self.path}: {exc}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """Context manager for a transaction: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when anything in it
        fails."""
        self._run("BEGIN IMMEDIATE")
        try:
            yield
            self._run("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self._db.close()


def _person(row: tuple[Any, ...]) -> Person:
    key, name, mu, sigma, games, wins = row
    return Person(str(key), str(name), Rating(float(mu), float(sigma)), int(games), int(wins))
