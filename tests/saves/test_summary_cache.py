"""The summaries a list keeps in the saves folder (`.summaries.cache`): used again only for a file that has
not changed, never for a damaged one, and read as the untrusted file it is."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from engine.core.text import plain
from saves import SaveStore, SaveSummary, Seat
from saves import summary_cache as cache_module
from saves.atomic import temp_name
from saves.files import MAX_BYTES
from saves.header import summarise
from saves.ids import INDEX
from saves.location import id_of
from saves.summary_cache import CHECKS, NAME

from saved_games import GAMES, play, seats_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the files had been written well before the list: a list keeps what it reads at once (files
    changed in the last two seconds are otherwise read again by the next list)."""
    monkeypatch.setattr(cache_module, "RECENT_NS", 0)


def _save(root: Path, title: str = "Friday night", turns: int = 3, *, closed: bool = False) -> Path:
    """A game saved in `root`; with `closed`, the summary it keeps on closing stays, else it is taken out
    of the file again (as for a save copied in), so that a list is the first to read the save."""
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: g.state.turn >= turns)
    with SaveStore(root).create(game, seats_of(game), title) as session:
        path = session.path
    if not closed:
        document = json.loads((root / NAME).read_text(encoding="utf-8"))
        del document["saves"][path.name]
        if document["saves"]:
            (root / NAME).write_text(json.dumps(document), encoding="utf-8")
        else:
            (root / NAME).unlink()
    return path


def _kept(root: Path) -> dict[str, Any]:
    entries: dict[str, Any] = json.loads((root / NAME).read_text(encoding="utf-8"))["saves"]
    return entries


def _no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, reading a save file fails the test: what is listed comes from the summaries kept."""

    def refuse(path: Path) -> SaveSummary:
        raise AssertionError(f"{path.name} was read again")

    monkeypatch.setattr("saves.header.summarise", refuse)


LISTING = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from saves import SaveStore

    found, damaged = SaveStore(Path(sys.argv[1])).scan()
    print(json.dumps({
        "titles": [s.title for s in found],
        "damaged": [e.path.name for e in damaged],
        "loaded": sorted(
            m for m in sys.modules if m in ("engine.core.state", "engine.core.commands", "saves.codec")
        ),
    }))
    """
)


def _list_in_a_new_process(root: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", LISTING, str(root)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_a_list_after_the_first_loads_none_of_the_engines_game_state(tmp_path: Path, settled: None) -> None:
    path = _save(tmp_path)
    first = SaveStore(tmp_path).list()
    assert [s.title for s in first] == ["Friday night"]
    assert list(_kept(tmp_path)) == [path.name]
    again = _list_in_a_new_process(tmp_path)
    assert again == {"titles": ["Friday night"], "damaged": [], "loaded": []}


def test_a_summary_kept_is_the_summary_read(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save(tmp_path, "One")
    _save(tmp_path, "Two", turns=6)
    fresh = SaveStore(tmp_path).list()
    written = os.stat(tmp_path / NAME)
    _no_reading(monkeypatch)
    assert SaveStore(tmp_path).list() == fresh
    again = os.stat(tmp_path / NAME)
    assert (again.st_ino, again.st_mtime_ns) == (written.st_ino, written.st_mtime_ns), "nothing new to keep"
    assert [s.seats for s in fresh] == [
        [Seat(name="Ada", kind="human"), Seat(name="Grace", kind="bot", level="easy")]
    ] * 2


def test_a_game_closed_is_listed_without_reading_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer of a save keeps its summary on closing, however recent the file: the first list after
    the game reads nothing, and shows what reading the file shows."""
    path = _save(tmp_path, closed=True)
    assert list(_kept(tmp_path)) == [path.name]
    read = summarise(path)
    _no_reading(monkeypatch)
    assert SaveStore(tmp_path).list() == [read]


def test_a_game_closed_keeps_the_summaries_kept_before(tmp_path: Path, settled: None) -> None:
    first = _save(tmp_path, "One")
    SaveStore(tmp_path).list()
    second = _save(tmp_path, "Two", closed=True)
    assert sorted(_kept(tmp_path)) == sorted([first.name, second.name])


def test_a_game_opened_and_closed_unsaved_writes_nothing(tmp_path: Path, settled: None) -> None:
    """Only a session that wrote the file knows what it holds: one that did not leaves the summaries be."""
    path = _save(tmp_path)
    (tmp_path / NAME).write_text('{"version": 1}', encoding="utf-8")
    _, session = SaveStore(tmp_path).open(id_of(path))
    session.close()
    assert json.loads((tmp_path / NAME).read_text(encoding="utf-8")) == {"version": 1}


def test_a_file_just_written_is_not_kept(tmp_path: Path) -> None:
    """A change in the same tick of the clock as the list could not be told apart: the next list reads
    a file changed in the last seconds again."""
    _save(tmp_path)
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Friday night"]
    assert not (tmp_path / NAME).exists()


def _retitled(path: Path, old: str, new: str) -> bytes:
    data = path.read_bytes()
    assert len(old) == len(new) and data.count(old.encode()) == 1
    return data.replace(old.encode(), new.encode())


def test_a_file_changed_in_place_is_read_again(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same size and the same inode, other content and another modification time."""
    path = _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    before = os.stat(path)
    with open(path, "r+b") as f:
        f.write(_retitled(path, "Friday night", "Monday night"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns - 1_000_000_000))
    after = os.stat(path)
    assert (after.st_size, after.st_ino) == (before.st_size, before.st_ino)
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Monday night"]
    assert _kept(tmp_path)[path.name]["title"] == "Monday night"


def test_a_file_changed_with_its_time_put_back_is_read_again(tmp_path: Path, settled: None) -> None:
    """Its size and modification time as they were (as `cp -p` or `touch -r` leave them): its change
    time says it changed."""
    path = _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    before = os.stat(path)
    with open(path, "r+b") as f:
        f.write(_retitled(path, "Friday night", "Sunday night"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_mtime_ns == before.st_mtime_ns
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Sunday night"]


def test_a_file_replaced_by_another_is_read_again(tmp_path: Path, settled: None) -> None:
    path = _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    before = os.stat(path)
    other = tmp_path / "elsewhere.tmp"
    other.write_bytes(_retitled(path, "Friday night", "Easter night"))
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(other, path)
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Easter night"]


def test_a_damaged_file_is_never_kept_and_stays_damaged(tmp_path: Path, settled: None) -> None:
    good = _save(tmp_path)
    broken = tmp_path / "broken-deadbeef.json"
    broken.write_text('{"format_version": 1, "title": "cut')
    for _ in range(2):
        found, damaged = SaveStore(tmp_path).scan()
        assert [s.path for s in found] == [good]
        assert [(e.path, e.reason) for e in damaged] == [
            (broken, "the file is cut short: it ends in the middle of the game")
        ]
        assert list(_kept(tmp_path)) == [good.name]


def test_a_file_damaged_after_it_was_kept_is_listed_as_damaged(tmp_path: Path, settled: None) -> None:
    path = _save(tmp_path)
    SaveStore(tmp_path).list()
    with open(path, "r+b") as f:
        f.truncate(os.stat(path).st_size // 2)
    found, damaged = SaveStore(tmp_path).scan()
    assert found == [] and [e.path for e in damaged] == [path]
    assert "cut short" in damaged[0].reason
    assert _kept(tmp_path) == {}


def test_a_save_gone_leaves_the_summaries_kept(tmp_path: Path, settled: None) -> None:
    gone, stays = _save(tmp_path, "Gone"), _save(tmp_path, "Stays")
    SaveStore(tmp_path).list()
    assert sorted(_kept(tmp_path)) == sorted([gone.name, stays.name])
    SaveStore(tmp_path).delete(gone.name)
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Stays"]
    assert list(_kept(tmp_path)) == [stays.name]


def test_a_summary_kept_by_another_version_is_not_used(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    document = json.loads((tmp_path / NAME).read_text(encoding="utf-8"))
    (entry,) = document["saves"].values()
    entry["title"] = "Kept by another landlords"
    document["program"] = "1 landlords-0.9.0.dist-info"
    (tmp_path / NAME).write_text(json.dumps(document), encoding="utf-8")
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Friday night"]


NOT_OURS: dict[str, bytes] = {
    "not JSON": b"\x00\xffnot json at all",
    "a list": b"[]",
    "no entries": b'{"version": 1}',
    "the wrong version": b'{"version": 99, "program": "", "saves": {}}',
    "nested without end": b"[" * 200_000,
    "a number without end": b'{"version": ' + b"9" * 100_000 + b"}",
    "too large": b'{"version": 1, "saves": {}}' + b" " * MAX_BYTES,
}


@pytest.mark.parametrize("content", NOT_OURS.values(), ids=list(NOT_OURS))
def test_a_file_of_summaries_that_is_not_ours_is_as_none(
    tmp_path: Path, settled: None, content: bytes
) -> None:
    path = _save(tmp_path)
    (tmp_path / NAME).write_bytes(content)
    assert [s.title for s in SaveStore(tmp_path).list()] == ["Friday night"]
    assert list(_kept(tmp_path)) == [path.name]  # written again, whole


def _doctored(root: Path, **changes: Any) -> None:
    """Change the entry kept for the one save in `root`."""
    document = json.loads((root / NAME).read_text(encoding="utf-8"))
    (entry,) = document["saves"].values()
    entry.update(changes)
    (root / NAME).write_text(json.dumps(document), encoding="utf-8")


def test_titles_and_names_in_a_doctored_file_are_made_plain(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save(tmp_path)
    SaveStore(tmp_path).list()
    title = "\x1b[2J\x1b]0;owned\x07Friday\u202e night"
    seats = [
        {"name": "Ada\x1b[31m", "kind": "human", "level": None},
        {"name": "\x1b]8;;http://x\x07", "kind": "bot", "level": "easy\r\n"},
    ]
    _doctored(tmp_path, title=title, seats=seats)
    _no_reading(monkeypatch)
    (summary,) = SaveStore(tmp_path).list()
    assert summary.title == plain(title) and "\x1b" not in summary.title and "\u202e" not in summary.title
    shown = [(seat.name, seat.level) for seat in summary.seats]
    assert shown == [(plain("Ada\x1b[31m"), None), (plain("\x1b]8;;http://x\x07"), plain("easy\r\n"))]
    assert all(text.isprintable() for pair in shown for text in pair if text)


def test_text_that_is_not_unicode_in_a_doctored_file_is_shown_and_kept_safely(
    tmp_path: Path, settled: None
) -> None:
    """A lone surrogate (which JSON can spell, and UTF-8 cannot) is shown replaced, and written back."""
    path = _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    _doctored(tmp_path, title="Friday \ud800 night")
    another = _save(tmp_path, "Another")  # a list with something new to keep writes the file again
    titles = sorted(s.title for s in SaveStore(tmp_path).list())
    assert titles == ["Another", plain("Friday \ud800 night")] and titles[1].isprintable()
    assert sorted(_kept(tmp_path)) == sorted([path.name, another.name])
    assert _kept(tmp_path)[path.name]["title"] == "Friday \ud800 night"
    assert [s.title for s in SaveStore(tmp_path).list() if s.path == path] == [plain("Friday \ud800 night")]


BAD_ENTRIES: dict[str, dict[str, Any]] = {
    "a winner who is not a player": {"winner": 2},
    "a negative winner": {"winner": -1},
    "a winner that is not a number": {"winner": "0"},
    "a turn of 0": {"turn": 0},
    "a turn that is a bool": {"turn": True},
    "an edition not packaged": {"edition": "homemade"},
    "an empty title": {"title": ""},
    "a title too long": {"title": "x" * 1000},
    "no seats": {"seats": []},
    "a seat of no kind": {"seats": [{"name": "Ada"}, {"name": "Grace", "kind": "bot"}]},
    "a person with a level": {"seats": [{"name": "Ada", "kind": "human", "level": "hard"}]},
    "a time without its zone": {"updated": "2026-01-01T10:00:00"},
    "a time that is not one": {"created": "yesterday"},
    "taken back -1 times": {"takebacks": -1},
    "a lesson that is a word": {"lesson": "no"},
    "a key of the wrong length": {"key": [1, 2, 3]},
    "a key of bools": {"key": [True, True, True, True]},
    "a field more": {"cheat": 1},
}


@pytest.mark.parametrize("change", BAD_ENTRIES.values(), ids=list(BAD_ENTRIES))
def test_an_entry_that_does_not_fit_its_game_is_as_none(
    tmp_path: Path, settled: None, change: dict[str, Any]
) -> None:
    """The file is read afresh instead, and the entry written again as it should be."""
    path = _save(tmp_path, "Friday night")
    SaveStore(tmp_path).list()
    _doctored(tmp_path, **{"title": "Doctored", **change})
    (summary,) = SaveStore(tmp_path).list()
    assert summary.title == "Friday night"
    assert _kept(tmp_path)[path.name]["title"] == "Friday night"


def test_a_folder_that_cannot_be_written_lists_all_the_same(
    tmp_path: Path, settled: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Here the file's name is taken by a folder, which no file can replace (as root may write any
    folder, this stands in for one that cannot be written)."""
    path = _save(tmp_path)
    (tmp_path / NAME).mkdir()
    with caplog.at_level(logging.DEBUG):
        for _ in range(2):
            assert [s.path for s in SaveStore(tmp_path).list()] == [path]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert (tmp_path / NAME).is_dir() and not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes any folder")
def test_a_read_only_folder_lists_all_the_same(tmp_path: Path, settled: None) -> None:
    path = _save(tmp_path)
    tmp_path.chmod(0o555)
    try:
        assert [s.path for s in SaveStore(tmp_path).list()] == [path]
    finally:
        tmp_path.chmod(0o755)
    assert not (tmp_path / NAME).exists()


def test_a_failed_write_leaves_no_half_written_copy(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _save(tmp_path)

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    assert [s.path for s in SaveStore(tmp_path).list()] == [path]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, INDEX])  # INDEX: the ids


def test_a_link_under_the_name_is_neither_followed_nor_written_through(tmp_path: Path, settled: None) -> None:
    path = _save(tmp_path)
    notes = tmp_path.parent / f"{tmp_path.name}-notes.txt"
    notes.write_text("my notes")
    (tmp_path / NAME).symlink_to(notes)
    assert [s.path for s in SaveStore(tmp_path).list()] == [path]
    assert notes.read_text() == "my notes"
    assert not (tmp_path / NAME).is_symlink() and list(_kept(tmp_path)) == [path.name]


def test_a_half_written_copy_a_killed_list_left_goes_with_the_next_write(
    tmp_path: Path, settled: None
) -> None:
    path = _save(tmp_path)
    old, live = temp_name(tmp_path / NAME), temp_name(tmp_path / NAME)
    for stray in (old, live):
        stray.write_bytes(b'{"version": 1, "sa')
    an_hour_ago = time.time_ns() - 3600 * 10**9
    os.utime(old, ns=(an_hour_ago, an_hour_ago))
    SaveStore(tmp_path).list()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([NAME, path.name, live.name, INDEX])


SEATS: list[Any] = [
    {"name": "Ada", "kind": "human"},
    {"name": "Ada", "kind": "human", "level": None},
    {"name": "Ada", "kind": "human", "level": "easy"},
    {"name": "Grace", "kind": "bot", "level": "hard"},
    {"name": "Grace", "kind": "bot"},
    {"name": "", "kind": "bot"},
    {"name": "Grace", "kind": "robot"},
    {"name": "Grace", "kind": ["bot"]},
    {"name": 7, "kind": "bot"},
    {"name": "Grace", "kind": "bot", "level": 3},
    {"name": "Grace", "kind": "bot", "colour": "red"},
    {"kind": "bot"},
    {"name": "Grace"},
    ["Grace", "bot"],
    "Grace",
    None,
]


@pytest.mark.parametrize("seat", SEATS, ids=[repr(s) for s in SEATS])
def test_a_seat_kept_is_checked_as_a_seat_read(seat: Any) -> None:
    try:
        expected: Seat | None = TypeAdapter(Seat).validate_python(seat)  # as a save's header reads it
    except ValidationError:
        expected = None
    assert cache_module._seat(seat) == expected


def test_the_modules_that_read_a_save_all_date_the_summaries(tmp_path: Path) -> None:
    """A change to any module that decides what a list makes of a file stops the summaries kept from
    being used: `CHECKS` names every one that reading a file loads."""
    path = _save(tmp_path)
    code = textwrap.dedent(
        f"""
        import json, sys
        from pathlib import Path
        before = set(sys.modules)
        from saves.header import summarise
        summarise(Path({str(path)!r}))
        print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("engine", "saves"))))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    named = {
        f"{package}.{m}".removesuffix(".__init__") for package, modules in CHECKS.items() for m in modules
    }
    assert "engine.core.state" in loaded and set(loaded) <= named
