"""The saves folder: where it is, what its files are called, listing, finding, loading and deleting."""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs
import pytest

from engine import Game, new_game
from saves import FORMAT_VERSION, SaveError, SaveNotFound, SaveStore, Seat, saves_dir
from saves.atomic import temp_name
from saves.ids import INDEX
from saves.location import backup_of, id_of, lock_of
from saves.summary_cache import NAME

from saved_games import GAMES, finished, play, seats_of


def _game(turns: int = 5) -> Game:
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: g.state.turn >= turns)
    return game


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_folder_is_the_option_then_the_environment_then_the_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("LANDLORDS_SAVES", raising=False)
    assert saves_dir() == platformdirs.user_data_path("landlords") / "saves"
    monkeypatch.setenv("LANDLORDS_SAVES", str(tmp_path / "env"))
    assert saves_dir() == tmp_path / "env"
    assert SaveStore().root == tmp_path / "env"
    assert saves_dir(tmp_path / "option") == tmp_path / "option"
    assert saves_dir("~/games") == Path.home() / "games"


def test_a_new_save_is_written_at_once_named_from_its_title_and_id(tmp_path: Path) -> None:
    game = _game()
    store = SaveStore(tmp_path / "not yet there")
    with store.create(game, seats_of(game), "  Friday night: Ada vs Grace!  ") as session:
        assert session.path.name == f"friday-night-ada-vs-grace-{session.id}.json"
        assert len(session.id) == 8 and id_of(session.path) == session.id
        assert session.summary.title == "Friday night: Ada vs Grace!"
        assert lock_of(session.path).exists()
        document = json.loads(session.path.read_text())
    assert not lock_of(session.path).exists()
    assert document["format_version"] == FORMAT_VERSION == 4
    assert document["title"] == "Friday night: Ada vs Grace!"
    assert document["edition"] == "classic" and document["seed"] == 1
    assert [p["name"] for p in document["players"]] == ["Ada", "Grace"]
    assert document["players"][1] == {"name": "Grace", "kind": "bot", "level": "easy"}
    assert len(document["log"]) == len(game.log) > 0
    assert document["snapshot"]["turn"] == game.state.turn
    assert list(document)[-4:] == ["initial", "log", "reasons", "snapshot"]


def test_create_refuses_what_cannot_be_saved(tmp_path: Path) -> None:
    game = _game()
    store = SaveStore(tmp_path)
    with pytest.raises(ValueError, match="title"):
        store.create(game, seats_of(game), "   ")
    with pytest.raises(ValueError, match="seats"):
        store.create(game, [Seat(name="Ada", kind="human"), Seat(name="Bob", kind="human")], "x")
    with pytest.raises(ValueError):
        Seat(name="Ada", kind="human", level="hard")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(SaveError, match="folder cannot be made"):
        SaveStore(blocker / "saves").create(game, seats_of(game), "x")
    assert list(tmp_path.iterdir()) == [blocker]


def test_each_save_keeps_the_one_before_as_backup(tmp_path: Path) -> None:
    game = _game()
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "backup") as session:
        assert not backup_of(session.path).exists()
        first = session.path.read_bytes()
        play(game, stop=lambda g: g.state.turn >= 8)
        session.save(game)
        assert backup_of(session.path).read_bytes() == first
        second = session.path.read_bytes()
        play(game, stop=lambda g: g.state.turn >= 9)
        session.save(game)
        assert backup_of(session.path).read_bytes() == second
    assert store.load(str(backup_of(session.path)).removesuffix(".bak")).game.state == game.state
    assert [s.id for s in store.list()] == [session.id]  # the backup is not a second save


def test_list_shows_the_most_recently_played_first_and_the_damaged_apart(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    assert store.list() == [] and store.damaged() == [] and store.most_recent() is None
    games = [_game(turns) for turns in (3, 6, 9)]
    ids = []
    for n, game in enumerate(games):
        with store.create(game, seats_of(game), f"game {n}") as session:
            ids.append(session.id)
    (tmp_path / "broken-0badf00d.json").write_text('{"format_version": 1, "title": "x"')
    (tmp_path / "notes.txt").write_text("not a save")
    loaded, session = store.open(ids[0])
    with session:  # played again: now the most recent
        game = loaded.game
        moves = len(game.log)
        play(game, stop=lambda g: len(g.log) > moves)
        session.save(game)
    listed = store.list()
    assert [s.id for s in listed] == [ids[0], ids[2], ids[1]]
    assert [s.turn for s in listed] == [game.state.turn + 1, 10, 7]
    assert listed[0].seats == seats_of(games[0]) and listed[0].edition == "classic"
    assert listed[0].winner is None and listed[0].updated >= listed[0].created
    assert store.most_recent() == listed[0]
    [problem] = store.damaged()
    assert problem.path == tmp_path / "broken-0badf00d.json"
    assert problem.reason == "the file is cut short: it ends in the middle of the game"


def test_a_game_saved_again_without_a_move_keeps_its_last_played(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game, _ = finished(GAMES["classic, 2 players"])
    with store.create(game, seats_of(game), "done") as session:
        session.save(game)
    (before,) = store.list()
    loaded, session = store.open(before.id)
    with session:  # opened, looked at, left: saved on the way out
        session.save(loaded.game)
        session.save(loaded.game)
    (after,) = store.list()
    assert after.updated == before.updated
    loaded, session = store.open(before.id)
    with session:  # a take-back is a move
        session.takebacks += 1
        session.save(loaded.game)
    (taken_back,) = store.list()
    assert taken_back.updated > before.updated


def test_a_finished_game_stays_loadable(tmp_path: Path) -> None:
    game, _ = finished(GAMES["modern, Short Game"])
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "done") as session:
        pass
    loaded = store.load(session.id)
    assert loaded.game.state.winner == game.state.winner is not None
    assert loaded.summary.winner == game.state.winner
    assert loaded.game.legal_commands(0) == []


def test_saves_are_found_by_id_start_of_id_title_or_path(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game()
    paths = {}
    for title in ("Friday night", "Saturday"):
        with store.create(game, seats_of(game), title) as session:
            paths[title] = session.path
    friday = paths["Friday night"]
    assert store.resolve(id_of(friday)) == friday
    assert store.resolve(id_of(friday)[:6]) == friday
    assert store.resolve("friday") == friday
    assert store.resolve(str(friday)) == friday
    assert store.resolve(friday.name) == friday
    with pytest.raises(SaveNotFound, match="no saved game has the id 'sunday'") as err:
        store.resolve("sunday")
    assert err.value.path == tmp_path
    with pytest.raises(SaveNotFound, match="no save was named"):
        store.resolve("  ")
    with pytest.raises(SaveNotFound, match="no such save file"):
        store.resolve(str(tmp_path / "gone.json"))


def test_an_ambiguous_start_of_an_id_names_the_candidates(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game()
    for title in ("one", "two"):
        with store.create(game, seats_of(game), title):
            pass
    for name in ("aaaa1111", "aaaa2222"):
        (tmp_path / f"copy-{name}.json").write_bytes(next(tmp_path.glob("one-*.json")).read_bytes())
    with pytest.raises(SaveNotFound, match="'aaaa' could be any of aaaa1111, aaaa2222: say which"):
        store.resolve("aaaa")
    assert store.load("aaaa1").summary.id == "aaaa1111"


def test_delete_removes_the_save_its_backup_and_leftovers(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game()
    with store.create(game, seats_of(game), "doomed") as session:
        session.save(game)
    temp_name(session.path).write_bytes(b'{"format_version": 1, "tit')  # a write cut short by a crash
    with store.create(game, seats_of(game), "kept") as kept:
        pass
    store.delete(session.id)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([kept.path.name, NAME, INDEX])
    assert list(json.loads((tmp_path / NAME).read_text(encoding="utf-8"))["saves"]) == [kept.path.name]
    with pytest.raises(SaveNotFound):
        store.load(session.id)


def test_a_damaged_file_can_be_deleted(tmp_path: Path) -> None:
    (tmp_path / "bad-12345678.json").write_text("nonsense")
    store = SaveStore(tmp_path)
    assert [e.path.name for e in store.damaged()] == ["bad-12345678.json"]
    store.delete("12345678")
    assert list(tmp_path.iterdir()) == []


def test_opening_clears_what_a_crashed_writer_left(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game()
    with store.create(game, seats_of(game), "crash") as session:
        pass
    stray = temp_name(session.path)
    stray.write_bytes(b"{")
    assert [s.id for s in store.list()] == [session.id] and store.damaged() == []
    loaded, again = store.open(session.id)
    with again:
        assert not stray.exists()
        assert loaded.game.state == game.state


BAD_FILES: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "the file is empty"),
    "blank": (b"  \n", "the file is empty"),
    "not json": (b"Ada owes Grace $200", "not a landlords save: not valid JSON (line 1, column 1"),
    "binary": (b"\xff\xfe\x00garbage", "not a landlords save"),
    "a list": (b"[1, 2, 3]", "not a landlords save: the file holds no game"),
    "no version": (b'{"title": "x"}', "not a landlords save: it has no format version"),
    "text version": (b'{"format_version": "1"}', "the format version '1' is not a number"),
    "newer": (
        b'{"format_version": 7, "program_version": "9.0.0"}',
        "saved by landlords 9.0.0 in format 7; this landlords",
    ),
    "older than any": (b'{"format_version": 0}', "unknown save format 0"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_files_get_a_clear_answer_and_stay_as_they_are(case: str, tmp_path: Path) -> None:
    data, expected = BAD_FILES[case]
    path = tmp_path / "bad-abcdef12.json"
    path.write_bytes(data)
    store = SaveStore(tmp_path)
    for attempt in (lambda: store.load("abcdef12"), lambda: store.open("abcdef12")):
        with pytest.raises(SaveError) as err:
            attempt()
        assert err.value.path == path
        assert expected in err.value.reason
        assert str(err.value).startswith(str(path))
    assert [e.reason for e in store.damaged()] == [err.value.reason]
    assert _snapshot(tmp_path) == {path.name: data}


def _saved_document(tmp_path: Path) -> tuple[SaveStore, Path, dict[str, object]]:
    store = SaveStore(tmp_path)
    game = _game(turns=12)
    with store.create(game, seats_of(game), "edited") as session:
        pass
    return store, session.path, json.loads(session.path.read_bytes())


def _rewrite(path: Path, document: dict[str, object]) -> bytes:
    data = json.dumps(document).encode()
    path.write_bytes(data)
    return data


def test_an_edited_snapshot_is_a_damaged_save(tmp_path: Path) -> None:
    store, path, doc = _saved_document(tmp_path)
    doc["snapshot"]["players"][1]["cash"] += 1000  # type: ignore[index]
    data = _rewrite(path, doc)
    assert [s.path for s in store.list()] == [path]  # the file reads well: only a replay finds it out
    with pytest.raises(SaveError) as err:
        store.load(path.name)
    assert err.value.reason == (
        "the command log does not lead to the saved state (state.players.1.cash differs): "
        "the file was edited or damaged"
    )
    assert path.read_bytes() == data


def test_an_edited_log_is_a_damaged_save(tmp_path: Path) -> None:
    store, path, doc = _saved_document(tmp_path)
    log = doc["log"]
    assert isinstance(log, list)
    _rewrite(path, {**doc, "log": [{"kind": "end_turn", "player": 0}, *log[1:]]})
    with pytest.raises(SaveError) as err:
        store.load(path.name)
    assert err.value.reason.startswith(f"command 1 of {len(log)} (end_turn) is refused on replay: Not now")
    _rewrite(path, {**doc, "log": log[:-1]})  # one command short of the snapshot
    with pytest.raises(SaveError, match="the command log does not lead to the saved state"):
        store.load(path.name)


def test_a_save_from_another_version_that_no_longer_replays_says_so(tmp_path: Path) -> None:
    store, path, doc = _saved_document(tmp_path)
    doc["program_version"] = "0.0.1"
    doc["snapshot"]["turn"] += 1  # type: ignore[index]
    _rewrite(path, doc)
    with pytest.raises(SaveError, match=r"\(saved by landlords 0\.0\.1; this is "):
        store.load(path.name)


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.update(edition="monopoly"), "unknown edition 'monopoly' (this landlords knows classic"),
        (lambda d: d["initial"].update(edition="modern"), "the edition in the header does not match"),
        (lambda d: d.update(seed=d["seed"] + 1), "the seed in the header does not match the game"),
        (lambda d: d["players"][0].update(name="Eve"), "the players in the header do not match the game"),
        (lambda d: d["rules"].update(auctions=False), "the rules in the header do not match the game"),
        (lambda d: d["rules"].update(short_game=True, time_limit_rounds=3), "rules: Value error, choose"),
        (lambda d: d.update(title=""), "not a valid landlords save: title: String should have at least 1"),
        (lambda d: d.update(colour="red"), "save: colour: Extra inputs are not permitted"),
        (lambda d: d.pop("snapshot"), "not a valid landlords save: snapshot: Field required"),
        (lambda d: d["log"][2].update(kind="cheat"), "save: log.2: unknown kind 'cheat'"),
        (lambda d: d.update(created="yesterday"), "created: Input should be a valid datetime"),
    ],
)
def test_edited_headers_are_refused(edit: object, expected: str, tmp_path: Path) -> None:
    store, path, doc = _saved_document(tmp_path)
    edit(doc)  # type: ignore[operator]
    data = _rewrite(path, doc)
    with pytest.raises(SaveError) as err:
        store.load(path.name)
    assert expected in err.value.reason
    assert "\n" not in err.value.reason
    assert path.read_bytes() == data


def test_a_save_can_be_resumed_by_path_outside_the_folder(tmp_path: Path) -> None:
    game = new_game("darrow-1935", ["Ada", "Grace", "Linus"], seed=9)
    seats = [Seat(name=n, kind="human") for n in ("Ada", "Grace", "Linus")]
    with SaveStore(tmp_path / "a").create(game, seats, "moved") as session:
        pass
    elsewhere = tmp_path / "b" / "mine.json"
    elsewhere.parent.mkdir()
    os.replace(session.path, elsewhere)
    loaded, again = SaveStore(tmp_path / "c").open(str(elsewhere))
    with again:
        play(loaded.game, stop=lambda g: g.state.turn >= 3)
        again.save(loaded.game)
    assert SaveStore().load(str(elsewhere)).game.state == loaded.game.state
    assert loaded.summary.id == "mine"


def test_a_session_refuses_another_game(tmp_path: Path) -> None:
    game = _game()
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "mine") as session, pytest.raises(ValueError, match="another"):
        session.save(new_game("classic", ["Ada", "Grace"], seed=2))
    with pytest.raises(RuntimeError, match="closed"):
        session.save(game)
