"""What a list of saves shows of each game (`SaveSummary`, its `Seat`s), and the text in it made safe.

Kept apart from `saves.model` (which re-exports the two), so that a list made from summaries already known
(`saves.summary_cache`) loads neither the engine's game state nor its commands, only this and pydantic.
Both models are built when first validated rather than when defined: such a list makes them from entries
it has checked itself (`model_construct`), and so never pays for building their validators.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.text import REPLACEMENT, plain

if TYPE_CHECKING:
    from saves.model import SaveFile

__all__ = ["SaveSummary", "Seat", "safe_name", "safe_seat", "safe_title"]


class Seat(BaseModel):
    """Who sits at a place of the table: a person, or a bot and how well it plays."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1)
    kind: Literal["human", "bot"]
    level: str | None = None  # a bot's level ("easy", "normal", "hard", ...); None for people

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @model_validator(mode="after")
    def _levels_are_for_bots(self) -> Seat:
        if self.kind == "human" and self.level is not None:
            raise ValueError("a human seat has no bot level")
        return self


class SaveSummary(BaseModel):
    """What a list of saves shows. `turn` is the turn in play, counted from 1 as the narration does."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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

    @classmethod
    def of(cls, save_id: str, path: Path, save: SaveFile) -> SaveSummary:
        return cls(
            id=save_id,
            path=path,
            title=save.title,
            edition=save.edition,
            seats=save.players,
            turn=save.snapshot.turn + 1,
            winner=save.snapshot.winner,
            created=save.created,
            updated=save.updated,
            takebacks=save.takebacks,
            lesson=save.lesson,
        )


def safe_name(name: str) -> str:
    return plain(name) or REPLACEMENT


def safe_title(title: str) -> str:
    return plain(title) or REPLACEMENT


def safe_seat(seat: Seat) -> Seat:
    name = safe_name(seat.name)
    level = None if seat.level is None else plain(seat.level)
    if name == seat.name and level == seat.level:
        return seat
    return seat.model_copy(update={"name": name, "level": level})
