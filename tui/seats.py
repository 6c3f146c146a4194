"""Who sits at the table: a name, human or bot, and the bot's level.

`SeatSpec` has exactly the shape of the saves' `Seat`, so a saved game's seats and a new game's seats are
the same thing to the rest of the interface.
"""

from __future__ import annotations

import getpass
import os
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random")
"""Bot levels, in the order the new-game form offers them."""

DEFAULT_LEVEL = "normal"

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


class SeatSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    kind: Literal["human", "bot"]
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def label(self) -> str:
        """ "Grace (normal bot)" or "Ada"."""
        return f"{self.name} ({self.level or DEFAULT_LEVEL} bot)" if self.is_bot else self.name


def player_name() -> str:
    """The person at the keyboard: their login name, capitalised, or "Player" when none is known."""
    for var in ("LANDLORDS_NAME", "USER", "LOGNAME"):
        value = os.environ.get(var, "").strip()
        if value:
            return value[:1].upper() + value[1:]
    try:
        return getpass.getuser().capitalize() or "Player"
    except (OSError, KeyError):
        return "Player"


def bot_names(count: int, taken: set[str]) -> list[str]:
    """Names for `count` bots, avoiding those already at the table."""
    free = [n for n in BOT_NAMES if n.casefold() not in {t.casefold() for t in taken}]
    names = free[:count]
    k = 1
    while len(names) < count:
        candidate = f"Bot {k}"
        if candidate.casefold() not in {t.casefold() for t in taken}:
            names.append(candidate)
        k += 1
    return names


def quick_seats(name: str | None = None, bots: int = 3) -> list[SeatSpec]:
    """You and three bots at the normal level."""
    me = (name or player_name()).strip() or "Player"
    seats = [SeatSpec(name=me, kind="human")]
    seats += [SeatSpec(name=n, kind="bot", level=DEFAULT_LEVEL) for n in bot_names(bots, {me})]
    return seats
