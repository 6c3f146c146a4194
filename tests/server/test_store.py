"""The people's store, on SQLite and on PostgreSQL alike (the `place` fixture: each test runs on both):
its schema and migrations, a finished game landing whole or not at all and once only however many hosts
record it at once, and databases it must not use (from a newer version, or of something else), which it
leaves exactly as they are. Then what is SQLite's alone (a damaged file) or PostgreSQL's alone."""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core.text import TextError
from lines.settings import Settings
from server.people.places import SeatResult
from server.people.players import Players
from server.people.rating import NEW, Rating
from server.people.store import (
    FILE,
    MIGRATIONS,
    GameRecord,
    MailRow,
    Rerate,
    SqlStore,
    StoreError,
    StoreFailure,
    open_store,
)

from stores import Place, SqlitePlace

ADA, BOB = "SHA256:ada", "SHA256:bob"


def game(save_id: str = "s1", counted: bool = True) -> GameRecord:
    seats = [SeatResult(1, key=ADA), SeatResult(2, level="hard"), SeatResult(3, key=BOB)]
    return GameRecord("Friday", save_id, "classic", "2026-11-24T10:00:00+00:00", seats, counted)


AFTER = {ADA: Rating(28.0, 7.0), BOB: Rating(22.0, 7.5)}


def to(after: Mapping[str, Rating]) -> Rerate:
    """New ratings that are `after`, whatever the ratings were."""
    return lambda before: after


def test_both_stores_know_the_same_versions(place: Place) -> None:
    assert len(place.migrations) == len(MIGRATIONS), "a version number means the same tables in both"


def test_both_stores_make_the_same_tables_and_columns(place: Place, tmp_path: Path) -> None:
    """The schema is written once (`server.people.schema`): only the column types differ."""
    place.open().close()
    reference = SqlitePlace(tmp_path / "reference")
    reference.open().close()
    assert place.tables() == reference.tables()
    assert {t: place.columns(t) for t in place.tables()} == {t: reference.columns(t) for t in place.tables()}


def test_a_new_store_is_made_at_the_latest_version(place: Place) -> None:
    store = place.open()
    assert store.version == len(MIGRATIONS) == 10
    store.close()
    made = {"schema_version", "people", "games", "places", "bots", "names", "lobby_chat", "faces"}
    made |= {"languages", "line_settings", "turn_people", "mail", "notices"}
    assert made <= place.tables()
    again = place.open()  # a second start finds it made
    assert again.version == 10
    again.close()


def test_a_finished_game_is_recorded_once_with_its_ratings_games_and_wins(place: Place) -> None:
    store = place.open()
    assert store.person(ADA) is None, "a key that never finished a game is unrated, not an error"
    assert store.record(game(), to(AFTER), {ADA: "Ada", BOB: "Bob"})
    ada, bob = store.person(ADA), store.person(BOB)
    assert ada is not None and bob is not None
    assert (ada.name, ada.rating, ada.games, ada.wins) == ("Ada", Rating(28.0, 7.0), 1, 1)
    assert (bob.games, bob.wins) == (1, 0)
    assert [p.key for p in store.people()] == [ADA, BOB]
    assert not store.record(game(), to({ADA: Rating(40.0, 1.0)}), {}), "the same save is not counted twice"
    again = store.person(ADA)
    assert again is not None and (again.rating, again.games) == (Rating(28.0, 7.0), 1)
    assert store.person("SHA256:nobody") is None
    assert store.record(game("s2"), to({ADA: Rating(30.0, 6.0)}), {ADA: "Ada"})
    second = store.person(ADA)
    assert second is not None and (second.rating, second.games, second.wins) == (Rating(30.0, 6.0), 2, 2)
    assert place.sql("SELECT seat, key, level, place FROM places ORDER BY game, seat")[:3] == [
        (0, ADA, None, 1),
        (1, None, "hard", 2),
        (2, BOB, None, 3),
    ]
    store.close()


def test_a_game_that_does_not_count_is_kept_but_changes_no_rating(place: Place) -> None:
    store = place.open()
    assert store.record(game(counted=False), to(AFTER), {})
    assert store.recorded("s1") and not store.recorded("s2")
    assert store.person(ADA) is None and store.people() == []
    store.close()


def test_a_game_and_its_ratings_land_together_or_not_at_all(place: Place) -> None:
    store = place.open()
    broken = {ADA: Rating(28.0, 7.0), BOB: Rating(math.nan, 7.0)}  # a rating that is no number: refused
    with pytest.raises(StoreFailure):
        store.record(game(), to(broken), {})
    assert not store.recorded("s1"), "the game's record went back with the rating that failed"
    assert store.person(ADA) is None
    assert store.record(game(), to(AFTER), {})  # and the store is still good for the next one
    store.close()
    reopened = place.open()
    assert reopened.recorded("s1") and reopened.person(BOB) is not None
    reopened.close()


def at_once(place: Place, rounds: int, record: Callable[[SqlStore, int, int], bool]) -> list[list[str]]:
    """Two hosts' fronts, each with its own connection in its own thread, each round calling `record`
    (store, host, round) at the same moment; what each said, round by round."""
    place.open().close()
    hosts = 2
    start = threading.Barrier(hosts)
    said: list[list[str]] = [[] for _ in range(hosts)]

    def host(number: int) -> None:
        store = place.open()
        try:
            for round_ in range(rounds):
                start.wait(timeout=30)
                try:
                    said[number].append("recorded" if record(store, number, round_) else "seen recorded")
                except StoreFailure as exc:
                    said[number].append(f"failed: {exc}")
        finally:
            store.close()

    threads = [threading.Thread(target=host, args=(n,)) for n in range(hosts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return [[s[round_] for s in said] for round_ in range(rounds)]


def test_two_hosts_recording_one_game_at_once_count_it_once(place: Place) -> None:
    said = at_once(place, 6, lambda store, host, round_: store.record(game(f"s{round_}"), to(AFTER), {}))
    assert [sorted(r) for r in said] == [["recorded", "seen recorded"]] * 6, "one host records each game"
    store = place.open()
    ada = store.person(ADA)
    assert ada is not None and (ada.games, ada.wins) == (6, 6)
    assert place.sql("SELECT COUNT(*) FROM games") == [(6,)]
    store.close()


def test_two_hosts_recording_two_games_of_one_person_at_once_rate_one_after_the_other(place: Place) -> None:
    def better(before: Mapping[str, Rating]) -> Mapping[str, Rating]:  # each game adds 1 to Ada's mu
        time.sleep(0.05)  # the other host reads meanwhile, if it is let
        return {key: Rating(before.get(key, NEW).mu + (key == ADA), 5.0) for key in (ADA, BOB)}

    said = at_once(place, 5, lambda store, host, round_: store.record(game(f"{host}-{round_}"), better, {}))
    assert said == [["recorded", "recorded"]] * 5
    store = place.open()
    ada = store.person(ADA)
    assert ada is not None and (ada.games, ada.rating) == (10, Rating(NEW.mu + 10, 5.0)), (
        "no game's change lost"
    )
    store.close()


def test_an_older_database_is_migrated_and_keeps_what_it_held(place: Place) -> None:
    store = place.open()
    store.record(game(), to(AFTER), {ADA: "Ada"})
    store.close()
    newer = (*place.migrations, ("ALTER TABLE people ADD COLUMN country TEXT NOT NULL DEFAULT ''",))
    migrated = place.open(newer)
    assert migrated.version == len(MIGRATIONS) + 1
    ada = migrated.person(ADA)
    assert ada is not None and ada.games == 1
    migrated.close()
    assert place.sql("SELECT country FROM people WHERE key = ?", (ADA,)) == [("",)]


def test_a_migration_that_fails_leaves_the_database_at_its_version(place: Place) -> None:
    place.open().close()
    broken = (
        *place.migrations,
        ("ALTER TABLE people ADD COLUMN note TEXT", "ALTER TABLE nowhere ADD COLUMN x"),
    )
    with pytest.raises(StoreError, match="left as it"):
        place.open(broken)
    store = place.open()
    assert store.version == len(MIGRATIONS)
    store.close()
    assert "note" not in place.columns("people"), "the migration's first step went back with its second"


def test_a_database_from_a_newer_version_is_refused_and_left_as_it_is(place: Place) -> None:
    place.open().close()
    newer = len(MIGRATIONS) + 1
    place.sql(f"UPDATE schema_version SET version = {newer}")
    before = place.state()
    with pytest.raises(StoreError) as refused:
        place.open()
    assert "newer version" in str(refused.value) and "left as it is" in str(refused.value)
    assert f"schema {newer}" in str(refused.value)
    assert place.state() == before


def test_a_database_of_something_else_is_not_taken_for_ours(place: Place) -> None:
    place.sql("CREATE TABLE recipes (name TEXT)")
    before = place.state()
    with pytest.raises(StoreError, match="not a landlords ratings database"):
        place.open()
    assert place.state() == before


def test_the_bots_ratings_are_kept(place: Place) -> None:
    store = place.open()
    store.set_bots({"easy": Rating(20.0, 1.0), "hard": Rating(30.0, 1.0)})
    store.set_bots({"easy": Rating(20.0, 1.0), "hard": Rating(30.0, 1.0)})  # as every start does
    store.close()
    again = place.open()
    assert again.bots() == {"easy": Rating(20.0, 1.0), "hard": Rating(30.0, 1.0)}
    again.set_bots({"hard": Rating(31.0, 1.0), "expert": Rating(32.0, 1.0)})  # a new version's
    assert again.bots() == {"hard": Rating(31.0, 1.0), "expert": Rating(32.0, 1.0)}
    again.close()


def test_the_names_are_kept_in_the_store_and_those_of_players_json_moved_in(
    place: Place, tmp_path: Path
) -> None:
    old = tmp_path / "players.json"  # as a server kept them before
    old.write_text(json.dumps({ADA: "Ada", BOB: "Bob"}))
    players = Players(place.open(), 3, tmp_path)
    assert players.name_of(ADA) == "Ada" and not old.exists()
    players.choose("SHA256:cy", "Cy")
    with pytest.raises(TextError, match="taken"):
        players.choose("SHA256:other", "ada")
    players.choose("SHA256:di", "Di", seated={BOB, "SHA256:cy"})  # the book full: Ada's name let go
    again = Players(place.open(), 3, tmp_path)
    assert [again.name_of(k) for k in (ADA, BOB, "SHA256:cy", "SHA256:di")] == [None, "Bob", "Cy", "Di"]


def test_the_ui_mode_each_key_chose_is_kept(place: Place) -> None:
    players = Players(place.open())
    players.choose_ui_mode(ADA, "lines")
    players.choose_ui_mode(BOB, "lines")
    players.choose_ui_mode(BOB, "screen")  # chose again: the last choice holds
    players.choose_ui_mode(ADA, "a drawing")  # not a UI mode: nothing kept
    again = Players(place.open())
    assert (again.ui_mode_of(ADA), again.ui_mode_of(BOB), again.ui_mode_of("SHA256:cy")) == (
        "lines",
        "screen",
        None,
    )


def test_the_language_each_key_chose_is_kept(place: Place) -> None:
    players = Players(place.open())
    players.choose_language(ADA, "es")
    players.choose_language(BOB, "es")
    players.choose_language(BOB, "en")  # chose again: the last choice holds
    players.choose_language(ADA, "x" * 40)  # no language's code: nothing kept
    again = Players(place.open())
    chosen = (again.language_of(ADA), again.language_of(BOB), again.language_of("SHA256:cy"))
    assert chosen == ("es", "en", None)
    assert sorted(place.sql("SELECT key, language FROM languages")) == [(ADA, "es"), (BOB, "en")]


def test_what_each_key_chose_to_hear_in_lines_is_kept(place: Place) -> None:
    players = Players(place.open())
    players.choose_settings(ADA, Settings(verbose=True))
    players.choose_settings(BOB, Settings(verbose=True, only_mine=True))
    players.choose_settings(BOB, Settings(only_mine=True))  # chose again: the last choice holds
    again = Players(place.open())  # as a server starting again
    heard = (again.settings_of(ADA), again.settings_of(BOB), again.settings_of("SHA256:cy"))
    assert heard == (Settings(verbose=True), Settings(only_mine=True), None)
    assert sorted(place.sql("SELECT key, settings FROM line_settings")) == [
        (ADA, "verbose"),
        (BOB, "brief mine"),
    ]


def test_a_database_of_the_version_before_gains_the_line_settings_and_keeps_the_rest(place: Place) -> None:
    before = place.open(place.migrations[:5])  # as a server of the version before left it
    assert before.version == 5 and "line_settings" not in place.tables()
    before.keep_language(ADA, "es")
    before.keep_ui_mode(ADA, "lines")
    before.close()
    players = Players(place.open())
    assert players.language_of(ADA) == "es" and players.ui_mode_of(ADA) == "lines"
    assert players.settings_of(ADA) is None
    players.choose_settings(ADA, Settings(verbose=True))
    again = Players(place.open())
    assert again.settings_of(ADA) == Settings(verbose=True) and again.language_of(ADA) == "es"


def test_what_the_store_holds_that_names_no_settings_is_not_used(place: Place) -> None:
    store = place.open()
    store.keep_line_settings(ADA, "loud")
    store.keep_line_settings(BOB, "verbose mine")
    store.close()
    players = Players(place.open())
    assert players.settings_of(ADA) is None
    assert players.settings_of(BOB) == Settings(verbose=True, only_mine=True)


def test_the_lobbys_chat_keeps_its_last_lines(place: Place) -> None:
    store = place.open()
    for n in range(5):
        store.keep_lobby_line("Ada", f"line {n}", 1000.0 + n, kept=3)
    store.close()
    again = place.open()
    assert again.lobby_lines() == [("Ada", f"line {n}", 1000.0 + n) for n in (2, 3, 4)]
    again.close()


# --- SQLite's alone ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all, just some text" * 50, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["text", "a-damaged-sqlite-file"],
)
def test_a_damaged_file_is_refused_and_left_as_it_is(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path)
    assert "damaged" in str(refused.value)
    assert (tmp_path / FILE).read_bytes() == content


def test_a_turn_based_game_is_rated_apart_from_live_ones(place: Place) -> None:
    store = place.open()
    assert store.record(game("live"), to(AFTER), {ADA: "Ada", BOB: "Bob"})
    turn = replace(game("turns"), turn_based=True)
    seen: list[Mapping[str, Rating]] = []

    def rerate(before: Mapping[str, Rating]) -> Mapping[str, Rating]:
        seen.append(dict(before))
        return {ADA: Rating(30.0, 6.0), BOB: Rating(20.0, 7.0)}

    assert store.record(turn, rerate, {ADA: "Ada", BOB: "Bob"})
    assert seen == [{}], "rated from scratch: the live ratings are not the turn-based ones"
    live, apart = store.person(ADA), store.person(ADA, turn_based=True)
    assert live is not None and (live.rating, live.games) == (AFTER[ADA], 1), "the live rating untouched"
    assert apart is not None and (apart.rating, apart.games, apart.wins) == (Rating(30.0, 6.0), 1, 1)
    assert [p.key for p in store.people(turn_based=True)] == [ADA, BOB]
    assert not store.record(turn, rerate, {}), "recorded once"
    store.close()


def test_a_keys_mail_and_the_moves_told_are_kept_once_a_move(place: Place) -> None:
    """The notices by e-mail (`server.people.notices`): an address, its code hash, a choice; a move of a room
    noted once (a second note of it changes nothing), held for a digest until it is sent."""
    store = place.open()
    assert store.mail_of(ADA) is None
    row = MailRow(ADA, pending="ada@example.org", code_hash="salt$hash", code_until=1000.5, asked="900 950")
    store.keep_mail(row)
    assert store.mail_of(ADA) == row
    confirmed = replace(row, address="ada@example.org", pending="", code_hash="", choice="digest")
    store.keep_mail(confirmed)
    assert store.note_move(ADA, "Friday", "turn 3", "your turn", 100.0, held=True)
    assert not store.note_move(ADA, "Friday", "turn 3", "your turn", 200.0, held=True), "told once a move"
    assert store.note_move(ADA, "Duo", "turn 1", "an auction", 150.0, held=True)
    assert store.note_move(BOB, "Duo", "turn 1", "an auction", 150.0, held=False)
    assert store.held_notices(ADA) == [("Friday", "your turn", 100.0), ("Duo", "an auction", 150.0)]
    assert store.digests_due(0.0) == [ADA], "Bob has no address"
    assert store.claim_digest(ADA, 0.0, 90_000.0)
    assert not store.claim_digest(ADA, 0.0, 90_000.0), "claimed once, by one host"
    store.digest_sent(ADA, ["Friday", "Duo"], 90_000.0)
    assert store.held_notices(ADA) == [] and store.digests_due(1000.0) == []
    assert store.mail_of(ADA) == replace(confirmed, digest_due=90_000.0)
    assert not store.note_move(ADA, "Friday", "turn 3", "your turn", 300.0, held=True), "sent: still told"
    store.forget_notices(before=1000.0)
    assert store.note_move(ADA, "Friday", "turn 3", "your turn", 300.0, held=True), "forgotten: told again"
    store.close()
    again = place.open()
    assert again.held_notices(ADA) == [("Friday", "your turn", 300.0)]
    again.drop_mail(ADA)
    assert again.mail_of(ADA) is None and again.held_notices(ADA) == [] and again.digests_due(10**9) == []
    again.close()
