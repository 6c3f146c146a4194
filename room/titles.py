"""A saved game's title, made from its parts and read in the reader's language.

A new game's save is titled from its edition, its players and what kind of game it is ("Classic short
game: Ada, Grace"), in the language of whoever started it, and the save keeps that text. Shown as kept, a
game begun in Spanish read "Clásico, partida corta: ..." to someone playing in English. So a title is read
back: when it is one of the titles its own edition and players make in a language landlords speaks, it is
made again in the reader's; any other title (one from an older version, or named otherwise) is shown as it
was written.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from engine.core.catalogue import EDITION_NAMES
from engine.core.text import TITLE_MAX, shorten
from translation import Language, _, available, language, pgettext, use

if TYPE_CHECKING:
    from saves import SaveSummary

KINDS = ("lesson", "short", "full")
"""The kinds of game a title names: the first game that teaches, a Short Game, any other."""


def _edition_name(edition: str) -> str:
    """Return an edition's name in the language spoken (as `room.board_words.edition_name` does), a packaged
    one's without loading its data: a list of saves reads every title. Raises `ValueError` for an edition
    this version does not know."""
    name = EDITION_NAMES.get(edition)
    if name is None:
        from engine import load_edition

        name = load_edition(edition).name
    return pgettext("edition", name)


def edition_name_of(edition: str) -> str:
    """Return the name of the edition with id `edition` in the language spoken, as a list of saves shows it;
    the id itself for an edition this version does not know."""
    try:
        return _edition_name(edition)
    except ValueError:
        return edition


def game_title(edition: str, names: Sequence[str], kind: str) -> str:
    """Return the title of a new game, in the language spoken: its edition, kind and players."""
    values = {"edition": _edition_name(edition), "names": ", ".join(names)}
    if kind == "lesson":
        title = _("{edition} lesson: {names}", **values)
    elif kind == "short":
        title = _("{edition} short game: {names}", **values)
    else:
        title = _("{edition}: {names}", **values)
    return shorten(title, TITLE_MAX)


def title_read(title: str, edition: str, names: Sequence[str]) -> str:
    """Return a save's title in the language spoken: made again from its parts when it is a title they
    make in any language, else as it was written."""
    kind = _kind(title, edition, tuple(names))
    return title if kind is None else game_title(edition, names, kind)


@cache
def _languages() -> tuple[Language, ...]:
    return tuple(found for code in available() if (found := language(code)) is not None)


@cache
def _kind(title: str, edition: str, names: tuple[str, ...]) -> str | None:
    """Return the kind of game `title` was made for from these parts, in whichever language, if any."""
    try:
        _edition_name(edition)
    except ValueError:  # an edition this version does not know: its title stays as written
        return None
    for spoken in _languages():
        with use(spoken):
            for kind in KINDS:
                if game_title(edition, names, kind) == title:
                    return kind
    return None


def summary_title(summary: SaveSummary) -> str:
    """Return the title of a save, from the saves list, in the language spoken (`title_read`)."""
    return title_read(summary.title, summary.edition, [seat.name for seat in summary.seats])
