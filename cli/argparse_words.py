"""Translation of argparse's own strings ("usage:", "options:", "show this help message and exit", its error
lines) into the current language, so that `landlords --help` and a mistyped option read in the player's
language.

argparse looks its words up through the standard library's gettext (domain `argparse`), which no
language pack on most machines translates. Its lookup functions are pointed at the game's catalogue
instead: the ids below are argparse's own (Python 3.11 to 3.13), marked here so that the extraction tools
put them in every catalogue and the completeness check holds them translated.
"""

from __future__ import annotations

import argparse

from translation import N_, speaking

WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's messages a person may read (the rest are for programmers who misuse argparse)."""


def _gettext(message: str) -> str:
    return speaking().translations.gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return speaking().translations.ngettext(singular, plural, n)


def install() -> None:
    """Make argparse look up its strings in the game's catalogue, in the language current when it writes."""
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
