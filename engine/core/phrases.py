"""Translatable messages as data: a message id and its values, rendered in a player's language by the front
end that shows it (`translation.say`). The engine renders no language itself; `str()` of a phrase is its
English, for logs, tests and anything that reads the engine without a front end.

A message id is a whole English sentence with named placeholders, marked with `N_` where it is written
so that the extraction tools find it: `Phrase(N_("{name} paid {amount} rent for {deed}."), name=...,
amount=Money(550), deed=...)`. Amounts of money are `Money`, so that each language writes them its own
way; a value may itself be a phrase (a deed's card text, a part of a bundle), translated in turn.

A sentence that depends on a count is a `Plural` (`Plural("{n} house", "{n} houses", n)`: the extraction
tools know the name as they know `ngettext`), and words read in one place only (a card's text, a deck's
name, context "card") are a `Phrase.within` a context, as `pgettext` says them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def N_(message: str, /) -> str:  # noqa: N802 - the name the extraction tools know
    """Mark an English message id for translation where it is shown."""
    return message


class Money(int):
    """A number of dollars: written `$1,500` in English, as each language writes money elsewhere."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"-${-self:,}" if self < 0 else f"${int(self):,}"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int(self).__format__(spec)


class Phrase:
    """A message id and its values; equal when both are. `context` distinguishes the same English text
    translated differently in different places (card texts use context "card")."""

    __slots__ = ("context", "text", "values")

    def __init__(self, text: str, /, **values: object) -> None:
        self.text = text
        self.context: str | None = None
        self.values: Mapping[str, object] = values

    @classmethod
    def within(cls, context: str, text: str, /, **values: object) -> Phrase:
        """Return a phrase in `context` (as `pgettext` qualifies a message): `Phrase.within("card", text)`."""
        phrase = cls(text, **values)
        phrase.context = context
        return phrase

    def __str__(self) -> str:
        return self.text.format(**self.values) if self.values else self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r}, {dict(self.values)!r})"

    def _key(self) -> tuple[object, ...]:
        return (type(self), self.text, self.context, dict(self.values))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self.text)


class Plural(Phrase):
    """A message whose text depends on a count `n`: the singular is its message id, the plural its other
    English form; `{n}` is the count, and each language picks its own form (`ngettext`)."""

    __slots__ = ("n", "plural")

    def __init__(self, singular: str, plural: str, n: int, /, **values: object) -> None:
        super().__init__(singular, **values)
        self.plural = plural
        self.n = n

    def __str__(self) -> str:
        return (self.text if self.n == 1 else self.plural).format(n=self.n, **self.values)

    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self.plural, self.n)


class Said(Phrase):
    """English text the engine stores verbatim (a bot's reason in a saved game, what a payment was for):
    translated where the catalogue has it whole, or where it matches one of its message templates filled in
    (`translation.english_lookup`); else as they are."""

    __slots__ = ()


def recalled(said: object, known: Mapping[str, Phrase]) -> object:
    """Return `said` with every English text whose phrase `known` holds replaced by that phrase: a bot's
    reason, stored as English with the game (as saves store it), rendered again in each player's language
    while the phrase it was made from is still at hand."""
    if isinstance(said, str):
        return known.get(said, said)
    if not isinstance(said, Phrase):
        return said
    if not said.values and said.context is None and said.text in known:
        return known[said.text]
    values = {key: recalled(value, known) for key, value in said.values.items()}
    if all(values[key] is value for key, value in said.values.items()):
        return said
    copy = Plural(said.text, said.plural, said.n) if isinstance(said, Plural) else Phrase(said.text)
    copy.context = said.context
    copy.values = values
    return copy


def listing(items: Sequence[object]) -> object:
    """Return a phrase joining items into one list, "A", "A and B", "A, B and C", in each language's way of
    joining them (an item may be a phrase; an empty list is "nothing")."""
    if not items:
        return Phrase(N_("nothing"))
    if len(items) == 1:
        return items[0]
    head: object = items[0]
    for item in items[1:-1]:
        head = Phrase(N_("{items}, {item}"), items=head, item=item)
    return Phrase(N_("{items} and {last}"), items=head, last=items[-1])
