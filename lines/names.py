"""Matching typed names: a deed, a space or a player, by an unambiguous part, in any case, accents
and punctuation optional (`nuria` for Núria, `b&o` for B. & O. Railroad).

An exact name wins over a longer one that it begins ("Lot 1" before "Lot 10"), and a name's beginning over
the beginnings of its later words (`james` for St. James Place); a name shared by several spaces
("Chance") is typed as `space N`. Every miss is a sentence saying what would work, and a near miss
(`boardwlk`) is asked about: "did you mean Boardwalk?".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Board
from lines import verbs
from room.board_words import printed
from translation import N_, _

_SPACE = re.compile(r"^(?:space\s*|#)(\d{1,3})$")
_NUMBER = re.compile(r"^\d{1,3}$")


@dataclass(frozen=True)
class Miss:
    """A name that matched nothing or too much, with the message to show."""

    sentence: str


def _fold(text: str) -> str:
    """Normalise a name for comparison: no case, no accents, its punctuation a space (`B. & O.` is `b o`),
    and the word "and" taken as the `&` it spells (`b and o` is `b o` too)."""
    ands = {"and", verbs.fold(verbs.word("and"))}
    return " ".join(w for w in re.sub(r"[^\w]+|_", " ", verbs.fold(text)).split() if w not in ands)


def _words_begin(want: str, name: str) -> bool:
    """Whether each typed word begins a word of the name, in the name's order (`james` for St. James
    Place, `north car` for North Carolina Avenue)."""
    words = name.split()
    at = 0
    for typed in want.split():
        while at < len(words) and not words[at].startswith(typed):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def match(typed: str, choices: Sequence[tuple[int, str]], what: str) -> int | Miss:
    """Return the one choice (key, name) that `typed` names: exactly, else by a unique beginning, else by the
    beginnings of its words; a near miss is answered with what it may have meant."""
    want = _fold(typed)
    if not want:
        return Miss(_(_NAME_THE.get(what, _NAME_THE["space"])))
    exact = [key for key, name in choices if _fold(name) == want]
    if len(set(exact)) == 1:
        return exact[0]
    found = list(dict.fromkeys(key for key, name in choices if _fold(name).startswith(want)))
    if not found:
        found = list(dict.fromkeys(key for key, name in choices if _words_begin(want, _fold(name))))
    if len(found) == 1:
        return found[0]
    names = dict(choices)
    shown = typed.strip()[:40]
    if not found:
        none = _(_NONE_CALLED.get(what, _NONE_CALLED["space"]), typed=shown)
        near = _near(want, choices)
        if near:
            return Miss(_("{none} Did you mean {names}?", none=none, names=or_list(near)))
        return Miss(none)
    listed = ", ".join(names[k] for k in found[:6]) + (" ..." if len(found) > 6 else "")
    return Miss(_("{typed!r} could be {listed}: type more of the name.", typed=shown, listed=listed))


def _near(want: str, choices: Sequence[tuple[int, str]]) -> list[str]:
    """Return up to three names a typed name may be a typo of: the closest whole names, or the names
    with a word close to it."""
    folded: dict[str, str] = {}
    for _key, name in choices:
        folded.setdefault(_fold(name), name)
    close = difflib.get_close_matches(want, list(folded), n=3, cutoff=0.75)
    if not close:
        by_word = {word: f for f in folded for word in f.split()}
        close = [by_word[w] for w in difflib.get_close_matches(want, list(by_word), n=3, cutoff=0.8)]
    return list(dict.fromkeys(folded[f] for f in close))


def or_list(names: Sequence[str]) -> str:
    """Return the names as a list ending in "or" ("A, B or C"), in the current language."""
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])


_NAME_THE = {
    "space": N_("Name the space."),
    "deed": N_("Name the deed."),
    "lot": N_("Name the lot."),
    "player": N_("Name the player."),
    "edition": N_("Name the edition."),
    "level": N_("Name the level."),
    "option": N_("Name the option."),
    "room": N_("Name the room."),
}
_NONE_CALLED = {
    "space": N_("No space is called {typed!r}."),
    "deed": N_("No deed is called {typed!r}."),
    "lot": N_("No lot is called {typed!r}."),
    "player": N_("No player is called {typed!r}."),
    "edition": N_("No edition is called {typed!r}."),
    "level": N_("No level is called {typed!r}."),
    "option": N_("No option is called {typed!r}."),
    "room": N_("No room is called {typed!r}."),
}

_NOT_HERE = {
    "space": N_("Space {space} is not a space you can name here."),
    "deed": N_("Space {space} is not a deed you can name here."),
    "lot": N_("Space {space} is not a lot you can name here."),
}


def space_named(
    typed: str, board: Board, among: Sequence[int] | None = None, what: str = "space"
) -> int | Miss:
    """Look up a space by name (or `space N`), among `among` (every space when None): by its name in the
    language spoken, or else as the edition prints it ("Salida" or "Go")."""
    spaces = range(board.size) if among is None else among
    number = _SPACE.match(typed.strip().casefold())
    if number is None and _NUMBER.match(typed.strip()) and not _numbered(typed.strip(), board, spaces):
        number = _NUMBER.match(typed.strip())  # `route 25`: a number no name holds is the space's
    if number:
        space = int(number.group(number.lastindex or 0))
        return space if space in spaces else Miss(_(_NOT_HERE.get(what, _NOT_HERE["space"]), space=space))
    found = match(typed, [(s, board.name(s)) for s in spaces], what)
    english = printed(board)
    if isinstance(found, Miss) and english is not board:
        again = match(typed, [(s, english.name(s)) for s in spaces], what)
        if not isinstance(again, Miss):
            return again
    return found


def _numbered(typed: str, board: Board, spaces: Sequence[int]) -> bool:
    """Whether a number typed alone begins a word of some space's name ("Lot 12" holds `1` and `12`)."""
    return any(_words_begin(typed, _fold(board.name(s))) for s in spaces)


def space_word(space: int, board: Board) -> str:
    """Return how a space is typed: its name, or `space N` where several spaces share the name."""
    name = board.name(space)
    shared = sum(1 for s in range(board.size) if _fold(board.name(s)) == _fold(name))
    return name if shared == 1 else f"{verbs.word('space')} {space}"


def player_named(typed: str, names: Sequence[str], me: int | None = None) -> int | Miss:
    """Look up a player by name; `me` and `I` name oneself."""
    if me is not None and _fold(typed) in ("me", "i", "myself"):
        return me
    return match(typed, list(enumerate(names)), "player")
