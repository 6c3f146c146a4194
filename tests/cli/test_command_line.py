"""The `landlords` command line: its subcommands and display options, editions by name, the version,
help for every option, `learn`, and `demo`."""

from __future__ import annotations

import argparse
import contextvars
import re

import pytest

from cli import commands, launch
from cli import main as cli


def test_the_command_line_has_new_and_opens_the_start_screen_bare() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["new", "--quick", "--seed", "9", "--ascii"])
    assert args.command == "new" and args.quick and args.seed == 9 and args.ascii
    assert args.run.__module__ == "cli.new"
    bare = parser.parse_args(["--theme", "ansi"])
    assert bare.command is None and bare.theme == "ansi"
    ordered = parser.parse_args(["--speed", "fast", "new"])
    assert ordered.speed == "fast"
    assert isinstance(parser, argparse.ArgumentParser)


def test_learn_starts_the_lesson_with_the_display_options(monkeypatch: pytest.MonkeyPatch) -> None:
    args = cli.build_parser().parse_args(["--speed", "slow", "learn", "--ascii"])
    assert args.command == "learn" and args.run.__module__ == "cli.learn"
    assert args.speed == "slow" and args.ascii
    opened: list[str] = []

    def run(args: argparse.Namespace, kind: str = "menu", **opening: object) -> int:
        opened.append(kind)
        return 0

    monkeypatch.setattr(launch, "run", run)
    assert cli.main(["learn"]) == 0
    assert opened == ["learn"]


def test_the_command_line_takes_editions_as_the_form_names_them_and_tells_its_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["new", "--edition", "Classic"]).edition == "classic"
    assert parser.parse_args(["simulate", "--edition", "MODERN"]).edition == "modern"
    with pytest.raises(SystemExit):
        parser.parse_args(["new", "--edition", "Monopoly"])
    assert "no edition 'Monopoly'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        parser.parse_args(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("landlords ")
    for action in _all_actions(parser):
        assert action.help, f"{action.option_strings or action.dest} has no help text"


def _all_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_actions(sub)
        elif not isinstance(action, argparse._HelpAction):
            found.append(action)
    return found


def test_demo_tells_the_first_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--seed", "5", "--turns", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("Fair dice: every throw and card comes from this game's secret seed")
    assert lines[2] == "Turn 1: Ada to play."


def _said(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str]:
    """What `landlords WORDS` writes, and its exit status, in a context of its own (its language stays
    there)."""
    try:
        code = contextvars.copy_context().run(cli.main, list(words))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_help_names_every_subcommand_with_its_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The faster start-up read no subcommand named as "no subcommands at all", and the help listed none."""
    monkeypatch.setenv("COLUMNS", "200")
    code, text = _said(capsys, "--lang", "en", "--help")
    assert code == 0
    for name, (_module, line) in commands.SUBCOMMANDS.items():
        assert re.search(rf"^ +{name} +{re.escape(line)}$", text, re.MULTILINE), (name, text)


def test_an_unknown_subcommand_is_answered_with_the_list_and_the_closest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = ", ".join(commands.SUBCOMMANDS)
    code, text = _said(capsys, "--lang", "en", "nwe")
    assert code == 2
    assert f"landlords: error: 'nwe' is not a command; did you mean 'new'? The commands: {names}." in text
    code, text = _said(capsys, "--lang", "en", "--ascii", "nosuch")
    assert code == 2 and f"landlords: error: 'nosuch' is not a command. The commands: {names}." in text
    code, text = _said(capsys, "--lang", "en", "saves", "lsit")
    assert code == 2 and "did you mean 'list'? The commands: list, show, delete." in text
    code, text = _said(capsys, "--lang", "es", "reveiw")
    assert code == 2 and "'reveiw' no es una orden; ¿quisiste decir 'review'? Las órdenes: new, learn" in text
