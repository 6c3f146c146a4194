"""Reporting what of a table's state could not be restored after a restart, in one line for its people.

Each combination of what was lost is a whole message of its own (a count of chat lines in the form its
language gives that count), kept as its message id and said in each reader's language: never a sentence
built from English words of what was lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.phrases import N_, Phrase, Plural


@dataclass
class Lost:
    """What of a table's runtime state could not be restored after a restart."""

    chat: bool = False
    """The chat as a whole (it was not a list of lines)."""
    lines: int = 0
    """Chat lines dropped, the others read back."""
    vote: bool = False
    """The vote under way."""
    banks: bool = False
    """The people's time banks (they start full)."""

    def __bool__(self) -> bool:
        return self.chat or self.lines > 0 or self.vote or self.banks

    @property
    def words(self) -> list[str]:
        """Describe what was lost, in English, for the server's log ("chat", "2 chat lines", "banks")."""
        said = ["chat"] if self.chat else []
        if self.lines:
            said.append(f"{self.lines} chat line{'s' if self.lines != 1 else ''}")
        return said + ["vote under way"] * self.vote + ["banks"] * self.banks


_LOST: dict[tuple[bool, bool, bool], str] = {
    (True, False, False): N_(
        "After the server restarted, this room's chat could not be read back; the rest is as it was."
    ),
    (False, True, False): N_(
        "After the server restarted, this room's vote under way could not be read back; "
        "the rest is as it was."
    ),
    (False, False, True): N_(
        "After the server restarted, this room's banks could not be read back; the rest is as it was."
    ),
    (True, True, False): N_(
        "After the server restarted, this room's chat and vote under way could not be read back; "
        "the rest is as it was."
    ),
    (True, False, True): N_(
        "After the server restarted, this room's chat and banks could not be read back; "
        "the rest is as it was."
    ),
    (False, True, True): N_(
        "After the server restarted, this room's vote under way and banks could not be read back; "
        "the rest is as it was."
    ),
    (True, True, True): N_(
        "After the server restarted, this room's chat, vote under way and banks could not be read back; "
        "the rest is as it was."
    ),
}
"""The line for what was lost, by (the chat, the vote, the banks)."""

_LINES_LOST: dict[tuple[bool, bool], Callable[[int], Plural]] = {
    (False, False): lambda n: Plural(
        "After the server restarted, this room's {n} chat line could not be read back; "
        "the rest is as it was.",
        "After the server restarted, this room's {n} chat lines could not be read back; "
        "the rest is as it was.",
        n,
    ),
    (True, False): lambda n: Plural(
        "After the server restarted, this room's {n} chat line and vote under way could not be read back; "
        "the rest is as it was.",
        "After the server restarted, this room's {n} chat lines and vote under way could not be read back; "
        "the rest is as it was.",
        n,
    ),
    (False, True): lambda n: Plural(
        "After the server restarted, this room's {n} chat line and banks could not be read back; "
        "the rest is as it was.",
        "After the server restarted, this room's {n} chat lines and banks could not be read back; "
        "the rest is as it was.",
        n,
    ),
    (True, True): lambda n: Plural(
        "After the server restarted, this room's {n} chat line, vote under way and banks could not be read "
        "back; the rest is as it was.",
        "After the server restarted, this room's {n} chat lines, vote under way and banks could not be read "
        "back; the rest is as it was.",
        n,
    ),
}
"""The line when some chat lines were dropped, by (the vote, the banks), in the form for their count."""


def lost_line(lost: Lost) -> Phrase:
    """Return the message describing what was lost (`lost` is not empty), in each reader's language."""
    if lost.lines and not lost.chat:
        return _LINES_LOST[(lost.vote, lost.banks)](lost.lines)
    return Phrase(_LOST[(lost.chat, lost.vote, lost.banks)])
