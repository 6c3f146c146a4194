"""What the engine says, as data: a message id and its values, put into a player's language by the face
that shows it (`translation.say`). The engine speaks no language itself; `str()` of a phrase is its
English, for logs, tests and anything that reads the engine without a face.

A message id is a whole English sentence with named placeholders, marked with `N_` where it is written
so that the extraction tools find it: `Phrase(N_("{name} paid {amount} rent for {deed}."), name=...,
amount=Money(550), deed=...)`. Amounts of money are `Money`, so that each language writes them its own
way; a value may itself be a phrase (a deed's card text, a part of a bundle), translated in turn.
"""

from __future__ import annotations

from collections.abc import Mapping


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
    """A message id and its values; equal when both are."""

    __slots__ = ("text", "values")

    def __init__(self, text: str, /, **values: object) -> None:
        self.text = text
        self.values: Mapping[str, object] = values

    def __str__(self) -> str:
        return self.text.format(**self.values) if self.values else self.text

    def __repr__(self) -> str:
        return f"Phrase({self.text!r}, {dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.text, dict(self.values)) == (
            other.text,
            dict(other.values),
        )

    def __hash__(self) -> int:
        return hash(self.text)
