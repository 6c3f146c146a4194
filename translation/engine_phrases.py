"""Translate the engine's narration into the current language.

`say` takes an `engine.core.phrases.Phrase` (a message id and its values), or English the engine kept as text
(`Said`, read back into its message), and gives the words a player reads."""

from __future__ import annotations

from translation.catalogues import ENGLISH
from translation.context import speaking
from translation.formats import money


def fill(text: str, values: dict[str, object]) -> str:
    """A translated message with its values put in."""
    return text.format(**values) if values else text


def _read(text: str) -> str:
    """Translate English stored as text (`engine.core.phrases.Said`): the catalogue's translation of it
    whole, else
    of the message it reads as (`translation.english_lookup`), else the words as they are."""
    from translation.english_lookup import read_back  # here: it reads the engine's types, which cost a start

    language = speaking()
    translated = language.translations.gettext(text)
    if translated != text or language.code == ENGLISH.code:
        return translated
    found = read_back(text, language)
    return text if found is None else say(found)


def say(phrase: object) -> str:
    """What the engine said (an `engine.core.phrases.Phrase`, or plain text), in the language spoken: its
    message translated (in its context, in the form for its count if it is a `Plural`), money written
    the language's way, phrases among its values said in turn."""
    from engine.core.phrases import Money, Phrase, Plural, Said  # here: importing the engine costs a start

    if isinstance(phrase, Money):
        return money(phrase)
    if not isinstance(phrase, Phrase):
        return str(phrase)
    if isinstance(phrase, Said) and not phrase.values:
        return _read(phrase.text)
    values = {
        key: money(value) if isinstance(value, Money) else say(value) if isinstance(value, Phrase) else value
        for key, value in phrase.values.items()
    }
    translations = speaking().translations
    if isinstance(phrase, Plural):
        if phrase.context is None:
            text = translations.ngettext(phrase.text, phrase.plural, phrase.n)
        else:
            text = translations.npgettext(phrase.context, phrase.text, phrase.plural, phrase.n)
        return text.format(**{"n": speaking().number(phrase.n), **values})
    if phrase.context is not None:
        return fill(translations.pgettext(phrase.context, phrase.text), values)
    return fill(translations.gettext(phrase.text), values)
