"""Who sits at the table: a `Seat` (a name, a person or a bot, and the bot's level), names and defaults.

A saved game's seats and a new game's seats are the same thing; the save format defines `Seat`, and the
room and everything above it take it from here.
"""

from __future__ import annotations

import getpass
import os

from engine.bots import LEVELS, check_level
from engine.bots.outside import installed_bots
from engine.core.text import clean_name
from room.levels import DEFAULT_LEVEL, LEVEL_WORDS, level_word
from saves import Seat

BOT_NAMES: tuple[str, ...] = (
    "Ada",
    "Grace",
    "Alan",
    "Linus",
    "Ken",
    "Barbara",
    "Dennis",
    "Margaret",
    "Edsger",
)

__all__ = [
    "BOT_NAMES",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_WORDS",
    "Seat",
    "bot_choices",
    "bot_names",
    "bot_problem",
    "level_word",
    "player_name",
    "quick_seats",
]


def bot_choices() -> list[str]:
    """Return the bot names a seat can be given: the built-in levels, then the installed bots from outside."""
    return [*LEVELS, *(name for name in installed_bots() if name not in LEVELS)]


def bot_problem(level: str) -> str | None:
    """Return why no bot can be seated at this level or name (`module:Class`), or None if one can."""
    return check_level(level.strip())


def player_name() -> str:
    """Return the local player's name: `$LANDLORDS_NAME`, else their login name capitalised, else "Player".
    Each is cleaned to what a name may hold (`engine.core.text.clean_name`); one with nothing left is
    passed."""
    for var in ("LANDLORDS_NAME", "USER", "LOGNAME"):
        value = clean_name(os.environ.get(var, ""))
        if value:
            return value[:1].upper() + value[1:]
    try:
        return clean_name(getpass.getuser()).capitalize() or "Player"
    except (OSError, KeyError):
        return "Player"


def your_name(given: str | None) -> str:
    """Return the name for the person's seat: `given` (`--name`) cleaned, else `player_name()`."""
    return clean_name(given or "") or player_name()


def bot_names(count: int, taken: set[str]) -> list[str]:
    """Return names for `count` bots, avoiding those already at the table."""
    free = [n for n in BOT_NAMES if n.casefold() not in {t.casefold() for t in taken}]
    names = free[:count]
    k = 1
    while len(names) < count:
        candidate = f"Bot {k}"
        if candidate.casefold() not in {t.casefold() for t in taken}:
            names.append(candidate)
        k += 1
    return names


def quick_seats(name: str | None = None, bots: int = 3) -> list[Seat]:
    """Return the quick game's seats: you and three bots at the normal level."""
    me = your_name(name)
    seats = [Seat(name=me, kind="human")]
    seats += [Seat(name=n, kind="bot", level=DEFAULT_LEVEL) for n in bot_names(bots, {me})]
    return seats
