"""A past game told in lines: turn by turn as the person asks, with the line mode's questions answered as
the table stood at the turn told, and one sentence for a line it does not understand."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from cli.main import main
from lines.replay_lines import ReplayLines
from room.past_game import from_save
from saves import SaveStore

from reviewed import FINISHED, GOLDEN


def _replay() -> tuple[ReplayLines, list[str]]:
    out: list[str] = []
    replay = ReplayLines(from_save(SaveStore(GOLDEN), str(GOLDEN / FINISHED)), out.append)
    replay.start()
    return replay, out


def _said(replay: ReplayLines, out: list[str], line: str) -> list[str]:
    before = len(out)
    replay.feed(line)
    return [text.rstrip("\n") for text in out[before:]]


def test_turns_are_told_forward_back_and_by_number() -> None:
    replay, out = _replay()
    assert out[0].startswith("Replay of Short game, over (Modern edition): Ada, Grace (bot, easy), Linus")
    assert "Turn 1: Ada to play.\n" in out and out[-1].startswith("End of turn 1 of 25. Type next, back")
    second = _said(replay, out, "next")
    assert second[0] == "Turn 2: Grace to play." and second[-1].startswith("End of turn 2 of 25.")
    assert "Trade done: Grace gave $800 and got Boardwalk from Linus." in second
    assert _said(replay, out, "back")[-1].startswith("End of turn 1 of 25.")
    last = _said(replay, out, "turn 25")
    assert last[0] == "Turn 25: Ada to play." and "Ada is bankrupt; everything goes to Grace." in last
    assert last[-1].startswith("End of turn 25 of 25; the game is over.")
    assert _said(replay, out, "next")[0] == "That was the last turn."
    assert _said(replay, out, "turn 99")[0] == "Type turn and a number from 1 to 25."
    assert _said(replay, out, "dance")[0].startswith("'dance' is not a command here.")
    replay.feed("quit")
    assert replay.quitting


def test_questions_are_answered_as_the_table_stood_at_the_turn_told() -> None:
    replay, out = _replay()
    replay.feed("turn 2")
    assert _said(replay, out, "status grace")[0].startswith("Grace: $")
    where = _said(replay, out, "where boardw")[0]
    assert where.startswith("Boardwalk is space 39 of 40")
    assert "39. Boardwalk, Grace's, 1 house." in _said(replay, out, "board")  # built in turn 2
    replay.feed("turn 25")
    assert _said(replay, out, "status ada")[0] == "Ada: bankrupt, out of the game."
    assert "39. Boardwalk, Grace's, 3 houses." in _said(replay, out, "board")
    assert _said(replay, out, "status zed")[0] == "No player is called 'zed'."


def test_replay_plain_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(GOLDEN / FINISHED, tmp_path / FINISHED)
    monkeypatch.setattr("sys.stdin", io.StringIO("next\nwho\nquit\nnext\n"))
    argv = ["replay", "--plain", "--saves-dir", str(tmp_path), "--to", "3", "modern-short-finished"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "\nTurn 3: Linus to play.\n" in out and "\nTurn 4: Ada to play.\n" in out
    assert "\nTurn 5:" not in out and "It is Grace's turn, turn 5." in out
    assert "\x1b" not in out and not any(0x2500 <= ord(c) <= 0x259F for c in out)
    assert main(["replay", "--plain", "--saves-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
