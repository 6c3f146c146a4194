"""Choose a player's language: the one asked for, else their environment's, else English.

Locally that is `--lang`, then the variables gettext itself reads (`LANGUAGE`, a list tried in order,
then `LC_ALL`, `LC_MESSAGES`, `LANG`); over SSH, the choice the server keeps for the player's key, then
the `LANG` their client sent. A language asked for by name that the game does not have falls back to
English with one line saying so; one merely named by the environment falls back without a word (most
terminals name a language whatever program runs in them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from translation.catalogues import ENGLISH, FOLDER, SOURCE, Language, language

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@dataclass(frozen=True, slots=True)
class Choice:
    """The language chosen, and the line to show when the one asked for could not be had."""

    language: Language
    note: str = ""


def candidates(name: str) -> list[str]:
    """The catalogue codes a locale name may be served by, most exact first: es_MX.UTF-8 -> es_MX, es."""
    code = name.split(".")[0].split("@")[0].strip().replace("-", "_")
    if not code or code in ("C", "POSIX"):
        return [SOURCE]
    language_part, _, region = code.partition("_")
    found = [f"{language_part.lower()}_{region.upper()}"] if region else []
    return [*found, language_part.lower()]


def find(name: str, folder: Path = FOLDER) -> Language | None:
    """The language a locale name asks for, if the game has it."""
    for code in candidates(name):
        if (found := language(code, folder)) is not None:
            return found
    return None


def from_environment(environ: Mapping[str, str], folder: Path = FOLDER) -> Language:
    """The language the environment names, in gettext's order; English if none is ours."""
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        names: Iterable[str] = value.split(":") if variable == "LANGUAGE" else (value,)
        for name in names:
            if found := find(name, folder):
                return found
        if variable != "LANGUAGE":
            return ENGLISH  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in gettext
    return ENGLISH


def choose(asked: str | None, environ: Mapping[str, str], folder: Path = FOLDER) -> Choice:
    """The language for a player who asked for `asked` (or nothing) in this environment."""
    if asked:
        if found := find(asked, folder):
            return Choice(found)
        shown = "".join(c for c in asked if c.isalnum() or c in "_-.@")[:20]
        return Choice(ENGLISH, f"There is no translation into {shown!r}: the game is in English.")
    return Choice(from_environment(environ, folder))
