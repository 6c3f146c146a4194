"""Text that players supply (names, save titles): what is accepted where it enters, and how any stored text
is made safe to print.

Names and titles reach terminals, file lists and other players' screens. A control character there is an
instruction to the terminal (an escape sequence can retitle the window, write the clipboard or clear the
screen) and a bidirectional override makes text read differently from what it is. So new text is checked
where it enters (`check_name`, `check_title`), and text read back from anywhere is passed through `plain`
before it is shown, because a file can always be edited by hand.
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 20
"""The longest player name, in characters."""

TITLE_MAX = 80
"""The longest save title, in characters."""

REPLACEMENT = "\ufffd"
"""What `plain` shows in place of a control character."""

_ACCEPTED = frozenset({"L", "M", "N", "P", "S"})  # letters, marks, numbers, punctuation, symbols
_LINE_BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")


class TextError(ValueError):
    """Raised for text refused where it enters; the message is one sentence a player can act on."""


def plain(text: str) -> str:
    """Return `text` made safe to print: control characters (C0, C1, DEL, NUL) become U+FFFD, line breaks and
    tabs a space, and format characters (bidirectional overrides, isolates and marks, zero-width characters)
    are dropped. Printable text comes back unchanged; markup characters such as `[` are left to the caller,
    which renders the result as plain text."""
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
            continue
        category = unicodedata.category(ch)
        if ch in _LINE_BREAKS:
            out.append(" ")
        elif category in ("Cc", "Cs"):
            out.append(REPLACEMENT)
        elif category == "Cf":
            continue
        else:  # other spaces, private use, not yet assigned: harmless to a terminal
            out.append(ch)
    return "".join(out)


def check_name(name: str) -> str:
    """Validate and normalise a player's name as it will be stored (spaces tidied, composed characters
    joined), or `TextError`."""
    return _checked(name, "A name", NAME_MAX, empty="Every player needs a name.")


def check_title(title: str) -> str:
    """Validate and normalise a save's title as it will be stored, or raise `TextError`."""
    return _checked(title, "A title", TITLE_MAX, empty="A saved game needs a title.")


def clean_name(text: str) -> str:
    """Return the best name that can be made of `text` (a login name, say): refused characters dropped, spaces
    tidied, cut to `NAME_MAX`. Empty when nothing usable is left; the caller picks a fallback."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if _refusal(ch) is None)
    return " ".join(kept.split())[:NAME_MAX].rstrip()


def shorten(text: str, limit: int) -> str:
    """Return `text` cut to at most `limit` characters, with "..." where it was cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 3, 0)].rstrip() + "..."


def _checked(text: str, what: str, limit: int, empty: str) -> str:
    normal = unicodedata.normalize("NFC", text)
    for ch in normal:
        refusal = _refusal(ch)
        if refusal is not None:
            raise TextError(f"{what} may not contain {refusal} (U+{ord(ch):04X}).")
    tidy = " ".join(normal.split())
    if not tidy:
        raise TextError(empty)
    if len(tidy) > limit:
        raise TextError(f"{what} has at most {limit} characters, not {len(tidy)}.")
    return tidy


def _refusal(ch: str) -> str | None:
    """Return why `ch` has no place in a name or a title, or None: only letters, marks, numbers, punctuation,
    symbols and spaces are accepted."""
    category = unicodedata.category(ch)
    if category[0] in _ACCEPTED or category == "Zs":
        return None
    if ch in _LINE_BREAKS or category in ("Zl", "Zp"):
        return "line breaks or tabs"
    if category == "Cc":
        return "control characters"
    if category == "Cf":
        return "invisible formatting characters such as direction marks"
    return "private-use or unassigned characters"
