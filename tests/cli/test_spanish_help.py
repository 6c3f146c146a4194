"""`landlords --lang es --help`, and each command's help, in Spanish: our words and argparse's own
("usage:", "options:", its error lines), with no English left but the command and option names."""

from __future__ import annotations

import contextvars

import pytest

from cli import main as cli

ENGLISH = ("usage", "options", "positional arguments", "show this help", "default", " the ", " and ", " game")
"""Words of the English help that a Spanish one must not hold (the options' names and values aside)."""


def said(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str]:
    """What `landlords WORDS` writes, run in a context of its own (its language stays there)."""
    try:
        code = contextvars.copy_context().run(cli.main, list(words))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


def english_in(text: str) -> list[str]:
    lowered = " ".join(text.lower().split())
    return [word for word in ENGLISH if word in lowered]


@pytest.mark.parametrize("command", ["", *cli.SUBCOMMANDS])
def test_the_help_of_every_command_is_spanish(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, text = said(capsys, "--lang", "es", *([command] if command else []), "--help")
    assert code == 0
    assert text.startswith("uso: landlords")
    assert english_in(text) == [], text


def test_argparse_refuses_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(capsys, "--lang", "es", "simulate", "--games", "x")
    assert code == 2
    assert "landlords simulate: error: argumento --games: 'x' no es un número entero" in text
    code, text = said(capsys, "--lang", "es", "simulate", "--nonsense")
    assert "argumentos no reconocidos: --nonsense" in text and english_in(text) == []


def test_the_help_stays_english_without_a_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(capsys, "--lang", "en", "--help")
    assert code == 0 and text.startswith("usage: landlords") and "show this help message and exit" in text
