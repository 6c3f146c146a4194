"""Escape sequences, control and bidirectional characters in a crafted save's title and names (and in file
names and paths) never reach the terminal from the command line; markup in them is printed as typed. The
crafted save still loads: its text is made safe when it is read."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from cli.main import main
from engine.core.text import plain

from hostile import EVERY_CHARACTER, crafted_save, hostile_text, sample, unsafe

COMMANDS = (
    ("saves", "list"),
    ("saves", "show", "{id}"),
    ("replay", "{id}", "--to", "2"),
    ("resume", "--status", "{id}"),
    ("resume", "--status"),
    ("saves", "show", "{title}"),  # no such id: the error quotes what was asked for
    ("saves", "delete", "{id}"),  # no --yes and no terminal: refused, naming the game
)


def _outputs(capsys: pytest.CaptureFixture[str], root: Path, save_id: str, title: str) -> list[str]:
    """Everything the commands print about the crafted save, stdout and stderr."""
    printed = []
    for command in COMMANDS:
        argv = [part.format(id=save_id, title=title) for part in command]
        status = main([*argv, "--saves-dir", str(root)])
        out, err = capsys.readouterr()
        assert status in (0, 2), (argv, err)
        printed += [out, err]
    return printed


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("LANDLORDS_SAVES", raising=False)


def test_the_audits_title_is_shown_safely_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    title = "\x1b]0;PWNED\x07x [red]Title[/]"
    names = ["Ada\x1b[2J\u202eevil", "[bold]Grace\x9b31m"]
    save_id, _ = crafted_save(tmp_path, title, names, level="hard\x1b]52;c;eA==\x07")
    printed = _outputs(capsys, tmp_path, save_id, title)
    everything = "".join(printed)
    assert unsafe(everything) == []
    listing, _, show, _, replay, _, status, *_ = printed
    for out in (listing, show, replay, status):
        assert "\ufffd]0;PWNED\ufffdx [red]Title[/]" in out  # the text as it was, made visible
    assert "Ada\ufffd[2Jevil" in show and "[bold]Grace\ufffd31m (bot, hard\ufffd]52;c;eA==\ufffd)" in show
    assert "Waiting for " in status  # it loaded and replayed: the text is cleaned, the game intact


def test_every_control_and_bidi_character_in_names_and_titles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = "".join(EVERY_CHARACTER)
    for start in range(0, len(every), 70):  # a title holds at most 80 characters
        root = tmp_path / str(start)
        title = "T" + every[start : start + 70]
        save_id, _ = crafted_save(root, title, ["A" + every, every[::-1] + "B"])
        assert unsafe("".join(_outputs(capsys, root, save_id, title))) == []


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(title=hostile_text, first=hostile_text, second=hostile_text)
def test_fuzzed_names_and_titles_never_reach_the_terminal(
    title: str, first: str, second: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        save_id, _ = crafted_save(root, title[:80], [first, second + "2"])
        printed = "".join(_outputs(capsys, root, save_id, title[:80]))
    assert unsafe(printed) == [], printed


def test_hostile_file_names_and_folders_in_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A damaged file whose name is an escape sequence, and a saves folder with markup in its path."""
    folder = tmp_path / "x[/]y [backup] \x1b]0;dir\x07"
    folder.mkdir(parents=True)
    (folder / "\x1b]0;PWNED\x07-deadbeef.json").write_text("{")
    assert main(["saves", "list", "--saves-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert unsafe(out + err) == []
    assert "\ufffd]0;PWNED\ufffd-deadbeef.json: the file is cut short" in out
    assert main(["saves", "show", "nope", "--saves-dir", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert err == f"landlords: {plain(str(folder))}: no saved game has the id 'nope'\n"
    assert "x[/]y [backup] " in err


def test_a_saves_folder_with_markup_in_its_path_is_shown_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "x[/]" / "[backup]"
    crafted_save(folder, "fine", ["Ada", "Grace"])
    assert main(["saves", "list", "--saves-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"Saved games in {folder}" in out
    empty = tmp_path / "[bold]empty[/]"
    assert main(["saves", "--saves-dir", str(empty)]) == 0
    assert capsys.readouterr().out == f"No saved games in {empty}.\n"


def test_random_hostile_strings_from_a_seeded_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(13)
    for n in range(4):
        title = sample(rng, 12)[:80] or "t"
        save_id, _ = crafted_save(tmp_path / str(n), title, [sample(rng, 20), sample(rng, 20) + "2"])
        assert unsafe("".join(_outputs(capsys, tmp_path / str(n), save_id, title))) == []
