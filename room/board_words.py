"""Translated board names for every front end: spaces without a title deed, colour groups and money boxes.

The editions' data names them in English ("Chance", "Dark Blue", "Wages"); the catalogue has the spaces'
names (and the short forms the board's cells write) in context "space", the groups' and the boxes' in
context "edition" (`translation.extracting` finds them there). Every face that shows them, or reads them
typed (`build azul oscuro 2`, `where Suerte`), goes through here, so that each has one name in each
language: the space "Chance" is "Suerte" as its deck is, "Go" is "Salida" as the cards say. A deed's name
stays as the edition prints it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from engine import Board, Edition
from translation import ENGLISH, pgettext, speaking

SPACE = "space"
"""The catalogue's context of the spaces' names (`translation.extracting.SPACES`)."""

_SPOKEN: dict[tuple[str, str], Board] = {}
_PRINTED: dict[int, Board] = {}  # a board named in a language (kept in `_SPOKEN`) -> the edition's own


def spoken(board: Board) -> Board:
    """Return the board with its spaces without a title deed named in the current language (the same board in
    English): what the front ends show and read, the narration included (`room.Room.board`). Only the names
    differ; every figure is the board's own."""
    language = speaking()
    if language is ENGLISH:
        return board
    key = (board.edition.id, language.code)
    found = _SPOKEN.get(key)
    if found is None or found.edition is not board.edition:  # an edition of that name made anew (tests)
        if found is not None:
            _PRINTED.pop(id(found), None)
        found = _SPOKEN[key] = _named(board)
    return found


def _named(board: Board) -> Board:
    deeds = set(board.deeds)
    spaces = tuple(
        sp
        if index in deeds
        else sp.model_copy(update={"name": pgettext(SPACE, sp.name), "short": pgettext(SPACE, sp.short)})
        for index, sp in enumerate(board.spaces)
    )
    named = replace(board, spaces=spaces)
    _PRINTED[id(named)] = board
    return named


def printed(board: Board) -> Board:
    """Return the board with every name as the edition prints it (English), whatever the front end's
    language."""
    return _PRINTED.get(id(board), board)


def edition_name(edition: Edition) -> str:
    """Return an edition's name in the current language ("Classic", "Clásico"; a game's own name, such as
    Finance, stays as it was published)."""
    return pgettext("edition", edition.name)


def group_name(board: Board, group: str) -> str:
    """Return a group's name as the board shows it, in the current language ("Dark Blue", "Azul oscuro")."""
    return pgettext("edition", board.edition.groups[group].name)


def tells_groups(board: Board) -> bool:
    """Whether deeds are shown with their colour group (a tag, a star for the deed that completes one): where
    lots come in several colour groups. 1904's and Finance's lots are one group, with no colour to tell."""
    return board.edition.colour_groups and len(board.members) > 1


def box_name(board: Board, box: str) -> str:
    """Return a money box's name in the current language ("Wages", "Caja de salarios")."""
    return pgettext("edition", board.edition.boxes[box].name)


def group_named(typed: str, board: Board) -> str | None:
    """Look up a group by a typed name, in the current language or in English, in any case and with or
    without its accents ("azul oscuro", "Dark Blue"); None when no group has that name."""
    want = _fold(typed)
    for gid, group in board.edition.groups.items():
        if want in (_fold(group.name), _fold(group_name(board, gid))):
            return gid
    return None


def _fold(text: str) -> str:
    """Normalise text for comparison: case-folded, without accents, single spaces."""
    decomposed = unicodedata.normalize("NFD", " ".join(text.casefold().split()))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
