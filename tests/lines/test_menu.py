"""The start in lines: each question the last line, a bad answer one sentence and the question again,
and the choice made is the game the person asked for."""

from __future__ import annotations

from engine import RuleOptions
from lines.menu import StartMenu
from room import SavedGame


def _menu(saved: list[SavedGame] | None = None) -> tuple[StartMenu, list[str]]:
    out: list[str] = []
    menu = StartMenu(out.append, lambda: saved or [], "Vera")
    menu.start()
    return menu, out


def test_a_new_game_is_asked_for_question_by_question() -> None:
    menu, out = _menu()
    for line, asked in [
        ("new", "Which edition?"),
        ("land", "How many bots"),
        ("9", "How many bots"),
        ("2", "Their level"),
        ("exp", "Full rules, the short game, or a time limit?"),
        ("time 30", "A seed"),
        ("42", None),
    ]:
        menu.feed(line)
        if asked is not None:
            assert out[-1].startswith(asked), (line, out[-2:])
    choice = menu.choice
    assert choice is not None and choice.kind == "new" and choice.setup is not None
    setup = choice.setup
    assert setup.edition == "landlords-1904" and setup.seed == 42
    assert setup.rules == RuleOptions(time_limit_rounds=30)
    assert [(s.name, s.kind, s.level) for s in setup.seats][1:] == [
        ("Ada", "bot", "expert"),
        ("Grace", "bot", "expert"),
    ]
    assert "Type a number of bots from 1 to 7.\n" in out


def test_bad_answers_get_one_sentence_and_the_question_again() -> None:
    menu, out = _menu()
    for line in ["", "x" * 1000, "\x1b[A", "frobnicate", "resume"]:
        before = len(out)
        menu.feed(line)
        assert len(out) - before == 2 and out[-1].startswith("Type quick"), out[before:]
    assert "There are no saved games yet.\n" in out and menu.choice is None
    menu.feed("new")
    menu.feed("back")
    assert out[-1].startswith("Type quick")
    menu.feed("quit")
    assert menu.choice is not None and menu.choice.kind == "quit"
