"""Every word a player reads, in the player's language: gettext catalogues, chosen per player.

The engine speaks no language: it says what happened as data. The faces (the full screen, the lines,
the server's screens, the command line) choose the words where they show them, through `_`, `ngettext`
and `pgettext` (a rule's words, from the sources beside an edition, through `rule_text`), and write
numbers, money and dates through `number`, `money` and `day`. How to add a language:
docs/translating.md.
"""

from translation.catalogues import ENGLISH, Language, available, language
from translation.context import N_, _, ngettext, pgettext, rule_text, speak, speaking, use
from translation.engine_phrases import say
from translation.formats import day, local_moment, moment, money, number
from translation.negotiation import Choice, choose, from_environment

__all__ = [
    "ENGLISH",
    "N_",
    "Choice",
    "Language",
    "_",
    "available",
    "choose",
    "day",
    "from_environment",
    "language",
    "local_moment",
    "moment",
    "money",
    "ngettext",
    "number",
    "pgettext",
    "rule_text",
    "say",
    "speak",
    "speaking",
    "use",
]
