"""`landlords review GAME`: the save is read and checked before the screen is taken over, so that a file
that is not a save, a damaged one or a game that is not there gets one line and exit status 2, and
nothing is written; the review itself is on the screen (see tests/tui/test_review_screen.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cli.main import main
from tui.terminal import NEEDS_TERMINAL

from reviewed import FINISHED, GOLDEN


def review(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(["review", *words])
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code: int, out: str, err: str) -> bool:
    return code == 2 and out == "" and err.count("\n") == 1 and err.startswith("landlords: ")


def test_a_file_that_is_not_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "there"}')
    code, out, err = review(capsys, str(bad))
    assert _one_line(code, out, err) and "not a landlords save" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]


def test_a_damaged_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged = tmp_path / "damaged.json"
    whole = (GOLDEN / FINISHED).read_bytes()
    damaged.write_bytes(whole[: len(whole) // 2])
    code, out, err = review(capsys, str(damaged))
    assert _one_line(code, out, err)
    assert damaged.read_bytes() == whole[: len(whole) // 2]


def test_no_such_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = review(capsys, "--saves-dir", str(tmp_path), "nothing-like-it")
    assert _one_line(code, out, err)
    code, out, err = review(capsys, "./no-such-file.json")
    assert _one_line(code, out, err) and "no such save file" in err


def test_a_good_save_is_read_then_the_screen_is_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Here there is no terminal: the save was read and found good, and only then was one asked for."""
    kept = tmp_path / FINISHED
    shutil.copy(GOLDEN / FINISHED, kept)
    before = kept.read_bytes()
    code, out, err = review(capsys, "--saves-dir", str(tmp_path), "modern-short-finished")
    assert code == 2 and out == "" and err.strip() == NEEDS_TERMINAL.strip()
    assert kept.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [FINISHED]
