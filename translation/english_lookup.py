"""Find the catalogue message that a piece of stored English text was made from.

So that words kept as text are said in a player's language too: a bot's reason in a saved game ("it is
worth $260 to me"), what a payment was for. Games keep such words in English, as their saves always
have; here they are matched against the catalogue's message ids, the values taken out (sums of money as
money, words that are themselves messages in turn) and the message said with them in the language
spoken.

A text that matches no message is left as it is: words from people are never in the catalogue's form
by design, and a reason from a bot outside the game reads as its author wrote it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import lru_cache

from engine.core.phrases import Money, Phrase, Plural
from translation.catalogues import Language

DEPTH = 3
"""How deep values are read as messages in turn ("{why}; {words}" holds two reasons)."""

_MONEY = re.compile(r"-?\$\d{1,3}(?:,\d{3})*|-?\$\d+")


def read_back(text: str, language: Language, depth: int = DEPTH) -> Phrase | None:
    """The message `text` is the English of, with its values, or None where it is none of them. Where
    several messages match, the one that leaves the fewest words unread wins ("{offered} is worth less
    to me than {what}" matches more than it should)."""
    found = _best(text, language, depth)
    return None if found is None else found[1]


def _best(text: str, language: Language, depth: int) -> tuple[int, Phrase] | None:
    best: tuple[int, Phrase] | None = None
    for pattern, message, specs in _templates(language):
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values: dict[str, object] = {}
        unread = 0
        for name, value in found.groupdict().items():
            read = _value(value, specs.get(name, ""), language, depth)
            if read is None:
                break
            values[name], left = read
            unread += left
        else:
            if best is None or unread < best[0]:
                best = (unread, Phrase(message, **values))
            if unread == 0:
                break
    return best


def _value(text: str, spec: str, language: Language, depth: int) -> tuple[object, int] | None:
    """A value as the message wants it (a number where it has a format, money, a message, or words),
    and how many of its characters are left unread."""
    if spec:
        try:
            return (float(text) if "." in spec or "f" in spec or "g" in spec else int(text)), 0
        except ValueError:
            return None
    if _MONEY.fullmatch(text):
        return Money(int(text.replace("$", "").replace(",", ""))), 0
    for context in ("space", "edition", "card"):  # a space, a colour group, a deck: the edition's words
        if language.translations.pgettext(context, text) != text:
            return Phrase.within(context, text), 0
    if language.translations.gettext(text) != text:
        return Phrase(text), 0
    counted = _counted(text, language)
    if counted is not None:
        return counted, 0
    if depth > 1:
        inner = _best(text, language, depth - 1)
        if inner is not None and inner[0] < len(text):
            return inner[1], inner[0]
    return text, len(text)


_COUNT = re.compile(r"(\d+) (\w[\w ]*)")


def _counted(text: str, language: Language) -> Plural | None:
    """A count and its noun ("3 houses") as the plural message it was made from ("{n} house"), where the
    catalogue has it: its English plural is the singular with an s (the engine's plural nouns)."""
    found = _COUNT.fullmatch(text)
    if found is None:
        return None
    n, words = int(found.group(1)), found.group(2)
    singular = words[:-1] if n != 1 and words.endswith("s") else words
    key = "{n} " + singular
    catalog = getattr(language.translations, "_catalog", {})
    if (key, 0) not in catalog:
        return None
    return Plural(key, "{n} " + (singular + "s"), n)


@lru_cache(maxsize=8)
def _templates(language: Language) -> tuple[tuple[re.Pattern[str], str, dict[str, str]], ...]:
    """The language's messages with placeholders, as patterns, the most literal first (so that a
    message of few words between its values is tried last)."""
    found = []
    for message in _messages(language):
        compiled = _pattern(message)
        if compiled is not None:
            pattern, literal, specs = compiled
            found.append((literal, pattern, message, specs))
    found.sort(key=lambda t: -t[0])
    return tuple((pattern, message, specs) for _literal, pattern, message, specs in found)


def _messages(language: Language) -> Iterator[str]:
    catalog = getattr(language.translations, "_catalog", {})
    for key in catalog:
        if isinstance(key, str) and key and "\x04" not in key and "{" in key:
            yield key


def _pattern(message: str) -> tuple[re.Pattern[str], int, dict[str, str]] | None:
    parts: list[str] = []
    literal = 0
    seen: set[str] = set()
    specs: dict[str, str] = {}
    try:
        parsed = list(string.Formatter().parse(message))
    except ValueError:
        return None
    for text, name, spec, _conversion in parsed:
        parts.append(re.escape(text))
        literal += len(text)
        if name is None:
            continue
        if not name.isidentifier():
            return None
        if name in seen:
            parts.append(f"(?P={name})")
            continue
        seen.add(name)
        specs[name] = spec or ""
        parts.append(f"(?P<{name}>.+?)")
    if not seen or literal < 2:
        return None
    return re.compile("".join(parts), re.DOTALL), literal, specs
