"""`landlords learn --plain`: the lesson told in lines, as the full screen tells it, each explanation once,
the first time its event happens, with the words to type; taken up again, nothing explained twice."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cli.main import main
from room.lesson import EXPLANATIONS, WELCOME_BACK
from translation import _


def _said(topic: str) -> str:
    explanation = EXPLANATIONS[topic]
    return f"Lesson: {explanation.title}. {explanation.typed}"


def _learn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], saves: Path, typed: str
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    argv = ["learn", "--plain", "--speed", "instant", "--saves-dir", str(saves), "--name", "Vera"]
    assert main(argv) == 0
    return capsys.readouterr().out


def test_learn_in_lines_explains_each_thing_once_with_the_words_to_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = _learn(monkeypatch, capsys, tmp_path, "roll\nbuy\nend\nquit\n")
    lines = out.splitlines()
    welcome = lines.index(_said("welcome"))
    assert lines[welcome + 1].startswith("Your turn:")  # the question is still the last line said
    assert "Type roll to throw the dice" in lines[welcome]
    purchase = lines.index(_said("purchase"))
    assert "type buy" in lines[purchase]
    assert lines[purchase + 1].startswith("Oriental Avenue costs $100")  # the lesson's first throw
    assert all(out.count(_said(topic)) <= 1 for topic in EXPLANATIONS)
    again = _learn(monkeypatch, capsys, tmp_path, "quit\n")
    assert f"Lesson: {WELCOME_BACK.title}. {WELCOME_BACK.typed}" in again
    assert _said("welcome") not in again and _said("purchase") not in again


def test_every_explanation_has_its_words_for_lines() -> None:
    for explanation in (*EXPLANATIONS.values(), WELCOME_BACK):
        words = _(explanation.said)
        assert words and not any(f" {key} " in f" {words} " for key in ("r", "b", "z", "s", "?", "m"))
