"""`landlords saves list` from the summaries kept in the saves folder: the same list, shown as safely, in
a folder of any kind, and without loading the engine's game state."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli.main import main
from cli.saved_games import edition_name
from engine import EDITIONS, known_editions, load_edition
from engine.core.catalogue import EDITION_NAMES
from engine.core.text import plain
from saves import SaveStore, SaveSummary
from saves import summary_cache as cache_module
from saves.summary_cache import NAME

from saved_games import GAMES, finished, play, seats_of

ROOT = Path(__file__).resolve().parents[2]
HEAVY = (
    "engine.core.state",
    "engine.core.commands",
    "engine.core.edition",
    "saves.codec",
    "saves.model",
    "pydantic",
)
"""What a list of summaries already known does without: the engine's state, commands and editions, and
the validation library."""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A finished game and one in progress, listed as if they were saved well before the list (a list
    does not keep the summary of a file changed in the last seconds)."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("LANDLORDS_SAVES", raising=False)
    monkeypatch.setattr(cache_module, "RECENT_NS", 0)
    store = SaveStore(tmp_path)
    done, _ = finished(GAMES["modern, Short Game"])
    with store.create(done, seats_of(done), "Over and done"):
        pass
    going = GAMES["classic, 2 players"].start()
    play(going, stop=lambda g: g.state.turn >= 5)
    with store.create(going, seats_of(going), "Still going"):
        pass
    (tmp_path / NAME).unlink()  # the summaries the games kept on closing: the first list keeps its own
    return tmp_path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path) -> SaveSummary:
        raise AssertionError(f"{path.name} was read again")

    monkeypatch.setattr("saves.header.summarise", refuse)


@pytest.mark.parametrize("lines", [False, True], ids=["table", "plain"])
def test_the_second_list_is_the_first_without_reading_a_file(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: bool
) -> None:
    argv = [*(["--plain"] if lines else []), "saves", "list", "--saves-dir", str(folder)]
    first = _run(capsys, *argv)
    assert first[0] == 0 and "Still going" in first[1] and "Over and done" in first[1]
    assert (folder / NAME).is_file()
    _no_reading(monkeypatch)
    assert _run(capsys, *argv) == first


def test_a_doctored_title_is_shown_as_plain_text(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(capsys, "saves", "list", "--saves-dir", str(folder))
    document = json.loads((folder / NAME).read_text(encoding="utf-8"))
    for entry in document["saves"].values():
        entry["title"] = "\x1b[2J\x1b]0;owned\x07Doctored [bold]title[/bold]"
        entry["seats"][0]["name"] = "Ada\x1b[5m"
    (folder / NAME).write_text(json.dumps(document), encoding="utf-8")
    _no_reading(monkeypatch)
    status, out, err = _run(capsys, "saves", "list", "--saves-dir", str(folder))
    assert status == 0 and not err
    assert "\x1b" not in out and "\x07" not in out
    assert out.count("[2J") == 2 and "Doctored [bold]title[/bold]" in out  # never read as markup
    assert plain("Ada\x1b[5m") in out and plain("\x1b]0;owned\x07Doctored") in out


def test_a_folder_where_nothing_can_be_kept_lists_without_a_word_more(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / NAME).mkdir()  # no file can take its place, even for root
    for _ in range(2):
        status, out, err = _run(capsys, "saves", "list", "--saves-dir", str(folder))
        assert status == 0 and err == ""
        assert "Still going" in out and "Over and done" in out and "could not be read" not in out


LIST_AND_TELL = textwrap.dedent(
    """
    import json, sys
    from cli.main import main
    status = main(["saves", "list", "--saves-dir", sys.argv[1]])
    print(json.dumps([status, sorted(m for m in sys.modules if m in sys.argv[2:])]), file=sys.stderr)
    """
)


def _list_in_a_new_process(root: Path) -> tuple[str, list[object]]:
    done = subprocess.run(
        [sys.executable, "-c", LIST_AND_TELL, str(root), *HEAVY],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    told: list[object] = json.loads(done.stderr.splitlines()[-1])
    return done.stdout, told


def test_a_list_of_summaries_kept_loads_no_game_state(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, "saves", "list", "--saves-dir", str(folder))
    out, told = _list_in_a_new_process(folder)
    assert "Still going" in out and "Over and done" in out and "Modern" in out and "Classic" in out
    assert told == [0, []]


def test_an_empty_folder_loads_no_game_state_and_keeps_nothing(tmp_path: Path) -> None:
    out, told = _list_in_a_new_process(tmp_path)
    assert out.startswith("No saved games in") and told == [0, []]
    assert list(tmp_path.iterdir()) == []


def test_the_edition_names_a_list_shows_are_the_editions_own() -> None:
    assert set(EDITION_NAMES) == set(EDITIONS)
    for edition in EDITIONS:
        assert EDITION_NAMES[edition] == load_edition(edition).name == edition_name(edition)


def test_an_edition_not_packaged_is_named_from_its_data() -> None:
    registered = next(e for e in known_editions() if e not in EDITIONS)  # the tests' own (conftest.py)
    assert edition_name(registered) == load_edition(registered).name
    assert edition_name("no-such-edition") == "no-such-edition"
