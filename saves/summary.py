"""The saves list's summary of each game (`SaveSummary`, its `Seat`s), with its text sanitised.

Kept apart from `saves.model` (which re-exports the two), so that a list made from summaries already known
(`saves.summary_cache`) loads neither the engine's game state, nor its commands, nor pydantic: both are
plain frozen dataclasses. `Seat` checks itself when made (`__post_init__`), and pydantic, which validates
it as a field of a save's header, runs the same check and forbids other keys (`__pydantic_config__`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import ClassVar, Literal

from engine.core.text import REPLACEMENT, plain

__all__ = ["SaveSummary", "Seat", "safe_name", "safe_seat", "safe_title"]


@dataclass(frozen=True)
class Seat:
    """Who sits at a place of the table: a person, or a bot and how well it plays."""

    __pydantic_config__: ClassVar[dict[str, object]] = {  # as a field of a save's header
        "extra": "forbid",
        "json_schema_extra": lambda schema: schema["properties"]["name"].update(minLength=1),
    }

    name: str
    kind: Literal["human", "bot"]
    level: str | None = None  # a bot's level ("easy", "normal", "hard", ...); None for people

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("a seat needs a name")
        if self.kind not in ("human", "bot"):
            raise ValueError("a seat is a human's or a bot's")
        if self.level is not None and not isinstance(self.level, str):
            raise ValueError("a bot's level is a word")
        if self.kind == "human" and self.level is not None:
            raise ValueError("a human seat has no bot level")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def as_dict(self) -> dict[str, str | None]:
        """Return the seat as a save writes it."""
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class SaveSummary:
    """One game's entry in the saves list. `turn` is the turn in play, counted from 1 as the narration
    does."""

    id: str
    path: Path
    title: str
    edition: str
    seats: list[Seat]
    turn: int
    winner: int | None
    created: datetime
    updated: datetime
    takebacks: int = 0
    lesson: bool = False


def safe_name(name: str) -> str:
    return plain(name) or REPLACEMENT


def safe_title(title: str) -> str:
    return plain(title) or REPLACEMENT


def safe_seat(seat: Seat) -> Seat:
    name = safe_name(seat.name)
    level = None if seat.level is None else plain(seat.level)
    if name == seat.name and level == seat.level:
        return seat
    return replace(seat, name=name, level=level)
