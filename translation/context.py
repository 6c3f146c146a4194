"""The current language, stored in a context variable, and the gettext functions that read it.

The language is a context variable, not a process-wide setting: a server runs one session a person in a
process, and two people at one table read the same moment each in their own language. A session sets it
once where it starts (`use`), and everything that session's tasks draw inherits it.

Message ids are whole sentences with named placeholders (`_("{name} bought {deed}.", name=..., deed=...)`),
so a translator can put the words in the order their language needs; the values are filled in after the
translation is looked up. `ngettext` fills `{n}` with the count, written in the language's own way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from translation.catalogues import ENGLISH, Language

_speaking: ContextVar[Language] = ContextVar("speaking", default=ENGLISH)


def speaking() -> Language:
    """Return the current language."""
    return _speaking.get()


def speak(language: Language) -> None:
    """Speak `language` from here on, in this context and the tasks it starts (a process's start-up)."""
    _speaking.set(language)


@contextmanager
def use(language: Language) -> Iterator[Language]:
    """Speak `language` within the block (a session, a test), and as before after it."""
    token = _speaking.set(language)
    try:
        yield language
    finally:
        _speaking.reset(token)


def _fill(text: str, values: dict[str, object]) -> str:
    return text.format(**values) if values else text


def _(message: str, /, **values: object) -> str:
    """`message` in the language spoken, its placeholders filled from `values`."""
    return _fill(_speaking.get().translations.gettext(message), values)


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for `n` of a message that depends on a count; `{n}` is the count, written locally."""
    language = _speaking.get()
    text = language.translations.ngettext(singular, plural, n)
    return text.format(**{"n": language.number(n), **values})


def pgettext(context: str, message: str, /, **values: object) -> str:
    """`message` where the same English words need different translations in different places."""
    return _fill(_speaking.get().translations.pgettext(context, message), values)


def rule_text(text: str) -> str:
    """A rule's words from the sources beside an edition (`engine.play.sources`: how the edition plays it, the
    reasoning where the sources are silent, why it has no such rule, a document's name) in the language
    spoken: `pgettext("rules", text)`, as the extraction finds them (`translation.extracting.rule_texts`).
    "" stays "" (gettext's "" is the catalogue's header)."""
    return pgettext("rules", text) if text else ""


def N_(message: str, /) -> str:  # noqa: N802 - the name the extraction tools know
    """Mark a message to be translated where it is shown, not where it is written (constants)."""
    return message
