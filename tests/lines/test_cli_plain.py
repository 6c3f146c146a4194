"""`--plain` from the command line: every command that starts a game plays it in lines at this terminal,
without a full screen; a game left is saved and taken up again in lines."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cli.main import main

Capture = pytest.CaptureFixture[str]


def _run(monkeypatch: pytest.MonkeyPatch, capsys: Capture, argv: list[str], typed: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out  # never a full screen's escape sequence
    return out


def test_plain_starts_saves_and_resumes_a_game_in_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["--speed", "instant", "--saves-dir", str(tmp_path), "--name", "Vera"]
    out = _run(monkeypatch, capsys, ["--plain", *common], "roll\nquit\n")
    assert out.startswith("Landlords, Classic: you are Vera") and "Vera rolled" in out
    assert "Saved. Take it up again with landlords resume --plain." in out
    again = _run(monkeypatch, capsys, ["resume", "--plain", *common], "status\nquit\n")
    assert "You: $" in again and "Vera rolled" in again  # the turn under way, told again
    new = _run(
        monkeypatch,
        capsys,
        ["new", "--plain", "--edition", "finance-1936", "--seed", "3", *common],
        "who\nquit\n",
    )
    assert new.startswith("Landlords, Finance") and "It is Vera's turn, turn 1." in new
    lesson = _run(monkeypatch, capsys, ["learn", "--plain", *common], "quit\n")
    assert "you are Vera, playing" in lesson and lesson.count("(bot)") == 2


def test_plain_refuses_what_it_does_not_do_yet_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cli import launch

    args = type("Args", (), {"plain": True})()
    assert launch.run(args, "review") == 2
    assert "not available in plain lines yet" in capsys.readouterr().err
