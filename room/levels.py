"""The bots' levels in words, and the level a bot plays at unless another is chosen.

Apart from `room.seats`, which loads the bots: the start screen says the quick game's level before any
rule or bot is loaded."""

from __future__ import annotations

from translation import N_, _

DEFAULT_LEVEL = "normal"
"""The level of the quick game's bots, and of a bot seat until another is chosen."""
LEVEL_WORDS = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "random": N_("random"),
}
"""The built-in bot levels in words (a bot from outside keeps its own name)."""


def level_word(level: str) -> str:
    """Return a bot's level in the current language ("hard", "difícil"); a bot from outside by its name."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
