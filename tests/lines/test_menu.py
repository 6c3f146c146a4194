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
        ("time 30", "Type an option's name"),
        ("done", "A seed"),
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


def test_rule_options_and_mixed_levels_are_chosen_as_on_the_full_screen() -> None:
    menu, out = _menu()
    for line in ("new", "classic", "3", "easy hard"):
        menu.feed(line)
    assert out[-2] == "Type one level for all the bots, or one for each of the 3 bots in turn.\n"
    menu.feed("easy hard expert")
    menu.feed("short")
    assert out[-2] == (
        "Rule options: Auctions on; Even building on; Rent in jail on; Free Parking pot off; "
        "Double salary on GO off; Starting cash as the edition says.\n"
    )
    said = {}
    for line in ("free", "double", "auc", "starting cash 2000", "list", "double 3", "starting cash", "zz"):
        before = len(out)
        menu.feed(line)
        said[line] = out[before:-1]
        assert out[-1].startswith("Type an option's name")
    assert said["free"] == ["Free Parking pot: on.\n"] and said["auc"] == ["Auctions: off.\n"]
    assert said["starting cash 2000"] == ["Starting cash: $2,000.\n"]
    assert said["list"][0].startswith("Auctions, off: A deed declined goes to auction")
    assert said["double 3"] == ["Double salary on GO is on or off: type its name to turn it over.\n"]
    assert said["starting cash"] == ["Type starting cash and a whole number.\n"]
    assert said["zz"] == ["No option is called 'zz'.\n"]
    menu.feed("done")
    menu.feed("7")
    assert menu.choice is not None and menu.choice.setup is not None
    setup = menu.choice.setup
    assert setup.rules == RuleOptions(
        short_game=True, free_parking_pot=True, double_go_salary=True, auctions=False, starting_cash=2000
    )
    assert [s.level for s in setup.seats] == [None, "easy", "hard", "expert"]


def test_an_editions_own_options_are_offered_and_checked() -> None:
    menu, out = _menu()
    for line in ("new", "add", "1", "normal", "full"):
        menu.feed(line)
    assert "Subway fare 0" in out[-2] and "The airplane off" in out[-2] and "Rotating" not in out[-2]
    for line, answer in [
        ("subway fare 5000", "Subway fare is from 0 to 1000.\n"),
        ("subway fare 50", "Subway fare: 50.\n"),
        ("the airplane", "The airplane: on.\n"),
        ("airplane, first space 99", "Type airplane, first space and a space's number, from 0 to 63.\n"),
    ]:
        menu.feed(line)
        assert out[-2] == answer, out[-3:]
    menu.feed("done")
    menu.feed("random")
    assert menu.choice is not None and menu.choice.setup is not None
    assert dict(menu.choice.setup.rules.edition_rules) == {"airplane": 1, "subway_fare": 50}


def test_bad_answers_get_one_sentence_and_the_question_again() -> None:
    menu, out = _menu()
    for line in ["x" * 1000, "\x1b[A", "frobnicate", "resume"]:
        before = len(out)
        menu.feed(line)
        assert len(out) - before == 2 and out[-1].startswith("Type quick"), out[before:]
    assert "There are no saved games yet.\n" in out and menu.choice is None
    menu.feed("new")
    menu.feed("back")
    assert out[-1].startswith("Type quick")
    menu.feed("quit")
    assert menu.choice is not None and menu.choice.kind == "quit"


def test_only_the_variants_an_edition_plays_are_offered() -> None:
    from cli.plain import _problem

    out: list[str] = []
    menu = StartMenu(out.append, list, "Vera", _problem)
    menu.start()
    for line in ("new", "landlords-1904", "2", "easy"):
        menu.feed(line)
    said = [line.rstrip("\n") for line in out]
    assert not any(line.startswith(("Full rules", "Type full")) for line in said)
    assert said[-3] == "Landlord's Game 1904 has neither a short game nor a time limit: it is played in full."
    assert said[-1].startswith("Type an option's name")
    for line in ("back", "new", "finance", "2", "easy"):
        menu.feed(line)
    assert out[-1] == "Full rules or a time limit? Type full, or time and a number of rounds (time 20).\n"


def test_an_empty_line_asks_again_and_help_says_how_to_answer() -> None:
    menu, out = _menu()
    asked = out[-1]
    menu.feed("")
    assert out[-2:] == [asked, asked]  # the question again, and nothing else
    menu.feed("help")
    assert out[-2].startswith("Answer each question with one of the words it offers") and out[-1] == asked


def test_ctrl_l_asks_the_question_again_and_is_no_control_character_refused() -> None:
    """A terminal's own line editing leaves Ctrl+L in the line, which was refused as "control
    characters"; it asks for the screen again, which in lines is the question."""
    menu, out = _menu()
    menu.feed("\x0c\n")
    assert out[-1] == out[-2] and out[-1].startswith("Type quick") and not any("control" in o for o in out)
    menu.feed("new\x0c\n")
    assert out[-1].startswith("Which edition?")
