"""Text labels for commands, amounts and spaces: buttons, the footer, the command palette and hints."""

from __future__ import annotations

from engine.core.events import Event
from room.command_words import (
    building_name,
    buildings_on,
    charge_text,
    describe_command,
    plural,
    raising,
    raising_all,
)
from translation import N_, _

__all__ = [
    "actor_of",
    "building_name",
    "buildings_on",
    "charge_text",
    "describe_command",
    "fit",
    "plural",
    "raising",
    "raising_all",
]


def actor_of(event: Event) -> int | None:
    """Return the player an event is mostly about, for colouring the log."""
    for attr in ("player", "payer", "from_player"):
        value = getattr(event, attr, None)
        if isinstance(value, int):
            return value
    offer = getattr(event, "trade", None) or getattr(event, "deal", None)
    if offer is not None:
        return int(offer.proposer)
    winner = getattr(event, "winner", None)
    return winner if isinstance(winner, int) else None


_VOWELS = set("aeiou")


def fit(text: str, width: int) -> str:
    """Abbreviate a name to `width` cells, keeping it readable: as it is if it fits; else without its dots and
    spaces ("IncTax", "PennRR"); else one vowel fewer ("Readng", "NewYrk", "PennAv": a silent final e,
    else the last vowel inside a word); else its first letters ("Orient", "Kentuc"), never a word
    stripped of most of its vowels."""
    if len(text) <= width:
        return text
    joined = text.replace(".", "").replace(" ", "")
    if len(joined) <= width:
        return joined
    if len(joined) == width + 1:
        at = _vowel_to_drop(joined)
        if at is not None:
            return joined[:at] + joined[at + 1 :]
    return joined[:width]


def _vowel_to_drop(word: str) -> int | None:
    """Return the position of the vowel whose removal is least noticeable: a final e, else the last lower-case
    vowel that neither starts a word part nor ends the word."""
    if word.endswith("e"):
        return len(word) - 1
    for i in range(len(word) - 2, 0, -1):
        if word[i] in _VOWELS:
            return i
    return None


SPEED_WORDS = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "fastest": N_("fastest"),
    "instant": N_("instant"),
}
"""The bots' speeds (`room.pacing`) and a replay's paces in words."""


def speed_word(speed: str) -> str:
    """Return a bot speed's label in the current language."""
    return _(SPEED_WORDS.get(speed, speed))
