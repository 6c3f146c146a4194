"""The ratings' store: its schema and migrations, a finished game landing whole or not at all, and files
it must not use (damaged, or from a newer version), which it leaves exactly as they are."""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path

import pytest

from engine.text import TextError
from server.people.places import SeatResult
from server.people.players import Players
from server.people.rating import Rating
from server.people.store import FILE, MIGRATIONS, GameRecord, SqliteStore, StoreError, open_store

ADA, BOB = "SHA256:ada", "SHA256:bob"


def game(save_id: str = "s1", counted: bool = True) -> GameRecord:
    seats = [SeatResult(1, key=ADA), SeatResult(2, level="hard"), SeatResult(3, key=BOB)]
    return GameRecord("Friday", save_id, "classic", "2026-11-24T10:00:00+00:00", seats, counted)


AFTER = {ADA: Rating(28.0, 7.0), BOB: Rating(22.0, 7.5)}


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_a_new_store_is_made_at_the_latest_version(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.version == len(MIGRATIONS) == 2
    store.close()
    assert {"schema_version", "people", "games", "places", "bots", "names", "lobby_chat"} <= tables(
        tmp_path / FILE
    )


def test_a_finished_game_is_recorded_once_with_its_ratings_games_and_wins(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.person(ADA) is None, "a key that never finished a game is unrated, not an error"
    assert store.record(game(), AFTER, {ADA: "Ada", BOB: "Bob"})
    ada, bob = store.person(ADA), store.person(BOB)
    assert ada is not None and bob is not None
    assert (ada.name, ada.rating, ada.games, ada.wins) == ("Ada", Rating(28.0, 7.0), 1, 1)
    assert (bob.games, bob.wins) == (1, 0)
    assert [p.key for p in store.people()] == [ADA, BOB]
    assert not store.record(game(), {ADA: Rating(40.0, 1.0)}, {}), "the same save is not counted twice"
    again = store.person(ADA)
    assert again is not None and (again.rating, again.games) == (Rating(28.0, 7.0), 1)
    assert store.person("SHA256:nobody") is None


def test_a_game_that_does_not_count_is_kept_but_changes_no_rating(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.record(game(counted=False), AFTER, {})
    assert store.recorded("s1")
    assert store.person(ADA) is None and store.people() == []


def test_a_game_and_its_ratings_land_together_or_not_at_all(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    broken = {ADA: Rating(28.0, 7.0), BOB: Rating(math.nan, 7.0)}  # NaN is NULL to SQLite: refused
    with pytest.raises(sqlite3.IntegrityError):
        store.record(game(), broken, {})
    assert not store.recorded("s1"), "the game's record went back with the rating that failed"
    assert store.person(ADA) is None
    assert store.record(game(), AFTER, {})  # and the store is still good for the next one
    store.close()
    reopened = open_store(tmp_path)
    assert reopened.recorded("s1") and reopened.person(BOB) is not None


def test_an_older_file_is_migrated_and_keeps_what_it_held(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record(game(), AFTER, {ADA: "Ada"})
    store.close()
    newer = (*MIGRATIONS, ("ALTER TABLE people ADD COLUMN country TEXT NOT NULL DEFAULT ''",))
    migrated = SqliteStore(tmp_path / FILE, newer)
    assert migrated.version == len(MIGRATIONS) + 1
    ada = migrated.person(ADA)
    assert ada is not None and ada.games == 1
    migrated.close()
    with sqlite3.connect(tmp_path / FILE) as db:
        assert db.execute("SELECT country FROM people WHERE key = ?", (ADA,)).fetchone() == ("",)


def test_a_migration_that_fails_leaves_the_file_at_its_version(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    broken = (*MIGRATIONS, ("ALTER TABLE people ADD COLUMN note TEXT", "ALTER TABLE nowhere ADD COLUMN x"))
    with pytest.raises(StoreError, match="damaged"):
        SqliteStore(tmp_path / FILE, broken)
    store = open_store(tmp_path)
    assert store.version == len(MIGRATIONS)
    with sqlite3.connect(tmp_path / FILE) as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(people)")]
    assert "note" not in columns, "the migration's first step went back with its second"


def test_a_file_from_a_newer_version_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    with sqlite3.connect(tmp_path / FILE) as db:
        db.execute("UPDATE schema_version SET version = 7")
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path)
    assert "newer version" in str(refused.value) and "left as it is" in str(refused.value)
    assert (tmp_path / FILE).read_bytes() == before


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all, just some text" * 50, b"SQLite format 3\x00" + b"\xff" * 4000],
)
def test_a_damaged_file_is_refused_and_left_as_it_is(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path)
    assert "damaged" in str(refused.value)
    assert (tmp_path / FILE).read_bytes() == content


def test_a_database_of_something_else_is_not_taken_for_ours(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(StoreError, match="not a landlords ratings database"):
        open_store(tmp_path)
    assert (tmp_path / FILE).read_bytes() == before


def test_the_bots_ratings_are_kept(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.set_bots({"easy": Rating(20.0, 1.0), "hard": Rating(30.0, 1.0)})
    store.close()
    assert open_store(tmp_path).bots() == {"easy": Rating(20.0, 1.0), "hard": Rating(30.0, 1.0)}


def test_the_names_are_kept_in_the_store_and_those_of_players_json_moved_in(tmp_path: Path) -> None:
    old = tmp_path / "players.json"  # as a server kept them before
    old.write_text(json.dumps({ADA: "Ada", BOB: "Bob"}))
    players = Players(open_store(tmp_path), 3, tmp_path)
    assert players.name_of(ADA) == "Ada" and not old.exists()
    players.choose("SHA256:cy", "Cy")
    with pytest.raises(TextError, match="taken"):
        players.choose("SHA256:other", "ada")
    players.choose("SHA256:di", "Di", seated={BOB, "SHA256:cy"})  # the book full: Ada's name let go
    again = Players(open_store(tmp_path), 3, tmp_path)
    assert [again.name_of(k) for k in (ADA, BOB, "SHA256:cy", "SHA256:di")] == [None, "Bob", "Cy", "Di"]


def test_the_lobbys_chat_keeps_its_last_lines(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    for n in range(5):
        store.keep_lobby_line("Ada", f"line {n}", 1000.0 + n, kept=3)
    store.close()
    assert [line for _, line, _ in open_store(tmp_path).lobby_lines()] == ["line 2", "line 3", "line 4"]
