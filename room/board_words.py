"""The board's own words in the language spoken, from one place for every face: the colour groups' and
the money boxes' names.

The editions' data names each group and box in English ("Dark Blue", "Wages"); the catalogue has each
name in context "edition" (`translation.extracting` finds them there), and every face that shows a group
or a box, or reads a group typed (`build azul oscuro 2`), goes through here, so that each has one name in
each language.
"""

from __future__ import annotations

import unicodedata

from engine import Board
from translation import pgettext


def group_name(board: Board, group: str) -> str:
    """A group's name as the board shows it, in the language spoken ("Dark Blue", "Azul oscuro")."""
    return pgettext("edition", board.edition.groups[group].name)


def box_name(board: Board, box: str) -> str:
    """A money box's name in the language spoken ("Wages", "Caja de salarios")."""
    return pgettext("edition", board.edition.boxes[box].name)


def group_named(typed: str, board: Board) -> str | None:
    """The group whose name is typed, in the language spoken or in English, in any case and with or
    without its accents ("azul oscuro", "Dark Blue"); None when no group has that name."""
    want = _fold(typed)
    for gid, group in board.edition.groups.items():
        if want in (_fold(group.name), _fold(group_name(board, gid))):
            return gid
    return None


def _fold(text: str) -> str:
    """Words as compared: in any case, without accents, one space between them."""
    decomposed = unicodedata.normalize("NFD", " ".join(text.casefold().split()))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
