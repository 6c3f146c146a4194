"""Patch: parsed stylesheets are shared by every app in the process.

Each Textual app keeps a stylesheet of its own and parses the CSS of each kind of widget or screen the first
time one is shown. A server's worker runs an app for every person at its tables, so each of them parsed
the same CSS again when they first opened a buy dialog, an auction or the chat line: CPU time and rule
objects for every session (measured in docs/developers.md, "Textual patches"), spent just as the games
start, and every rule object stays for the garbage collector to walk on each complete pass.

The parsed rules depend on nothing but the CSS, where it was read from, its place in the cascade and the
values of the CSS variables (the theme), and Textual never changes them once parsed. `install` keys them
by all of those, so an app with the same theme reuses what another has parsed; a theme of its own, or CSS
with an error in it, is parsed (and refused) as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

_TEXTUAL_PARSE_RULES = Stylesheet._parse_rules

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_PARSE_RULES: "2f1c2d220b672d1b86c19f185bbffba8f2bbf22d10e779a532cdec8fbd2fe01d",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""

MOST_KEPT = 2048
"""Parsed sources kept at most (a few dozen per theme are used; this bounds a process that sees many)."""

_parsed: dict[tuple[object, ...], list[RuleSet]] = {}
_themes: dict[tuple[tuple[str, str], ...], int] = {}  # each set of variable values met: its number
_theme_of: WeakKeyDictionary[Stylesheet, tuple[dict[str, str], int]] = WeakKeyDictionary()


def _theme(sheet: Stylesheet) -> int:
    """Return a number for the stylesheet's variable values, computed once for each set it is given (a
    stylesheet parses every source again whenever one is added)."""
    variables = sheet._variables
    known = _theme_of.get(sheet)
    if known is not None and known[0] is variables:
        return known[1]
    number = _themes.setdefault(tuple(sorted(variables.items())), len(_themes))
    _theme_of[sheet] = (variables, number)
    return number


def _parse_rules(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    if len(_parsed) >= MOST_KEPT:  # before the theme is numbered: the numbers start again
        _forget()
    key = (css, read_from, is_default_rules, tie_breaker, scope, _theme(self))
    rules = _parsed.get(key)
    if rules is None:
        rules = _TEXTUAL_PARSE_RULES(self, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = rules
    return rules


def install() -> None:
    """Share parsed rules between the apps of this process from now on (once per process)."""
    if Stylesheet._parse_rules is not _parse_rules:
        Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's per-app parsing (for the tests that compare the two)."""
    Stylesheet._parse_rules = _TEXTUAL_PARSE_RULES  # type: ignore[method-assign]
    _forget()


def _forget() -> None:
    _parsed.clear()
    _themes.clear()
    _theme_of.clear()


def installed() -> bool:
    """Whether this patch is in place now."""
    return Stylesheet._parse_rules is _parse_rules
