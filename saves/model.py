"""Pydantic models of the save file: one JSON document per game, with `extra="forbid"` throughout.

A save holds the state before the first command and the command log, which replay to the snapshot of
the current state that it also holds: loading checks that they agree. The header (title, seats, times,
edition, rules, seed) is what lists show without replaying anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from engine import GameState, RuleOptions
from engine.core.commands import Command
from engine.core.text import TITLE_MAX
from saves.summary import SaveSummary, Seat

FORMAT_VERSION = 4
"""The format written now. Raise it (and add a migration) whenever an older file would no longer load.

2: a deed's buildings are one building level (`level`) instead of a house count and a hotel flag.
3: a refused trade carries the price it names as a figure (`asking`), not in its reason's words alone.
4: the header says how many times moves were taken back (`takebacks`) and whether the game is the first
   game that teaches (`lesson`); a charge waiting to be paid names the rule that charges it (`rule`);
   the bots' reasons for their moves (`reasons`), by the place of the command in the log; the
   fingerprint of the seed shown at the start (`fingerprint`, optional: older files of format 4 lack it);
   the bots' pace chosen at the table (`pace`, optional: older files of format 4 lack it)."""

__all__ = ["FORMAT_VERSION", "TITLE_MAX", "SaveFile", "SaveHeader", "SaveSummary", "Seat", "summary_of"]


class SaveHeader(BaseModel):
    """The start of the file, all that a list of saves needs besides the turn and the winner."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format_version: Literal[4]
    program_version: str
    title: str = Field(min_length=1, max_length=TITLE_MAX)
    created: AwareDatetime
    updated: AwareDatetime
    edition: str
    rules: RuleOptions
    seed: int
    fingerprint: str | None = Field(pattern=r"^[0-9a-f]{64}$")
    """The SHA-256 of the seed (`engine.core.fairness.fingerprint`) as the table was shown it when the game
    began, kept as it was then: `landlords verify` checks the seed revealed at the end against it. Always
    written; None in a file of format 4 written before it was kept, which lacks it."""
    players: list[Seat] = Field(min_length=1)
    takebacks: int = Field(ge=0)
    """How many times a person took back moves (in a game at the keyboard against bots); 0: never."""
    lesson: bool
    """The game is the first game that teaches (`landlords learn`), and explains what happens in it."""
    pace: str | None = Field(pattern=r"^[a-z]{1,16}$")
    """The bots' pace chosen at the table (`room.pacing`), taken up again with the game. Always written
    (None: none chosen); None in a file of format 4 written before it was kept, which lacks it: such a
    game goes on at the pace the program starts with."""

    @model_validator(mode="before")
    @classmethod
    def _fingerprint_came_later(cls, data: Any) -> Any:
        """Accept a format 4 file written before the fingerprint or the pace was stored: it loads without
        them."""
        if isinstance(data, dict):
            return {"fingerprint": None, "pace": None, **data}
        return data


class SaveFile(SaveHeader):
    """The whole file. Field order is the order written, header first and the long parts last."""

    initial: GameState
    log: list[Command] = Field(fail_fast=True)  # one bad command says enough: never a million errors
    reasons: dict[int, str]
    """Why a bot made a move, in its own words, by the place of the command in `log` (from 0): the moves a
    bot gave a reason for, beyond the one an answer to an offer carries in itself."""
    snapshot: GameState

    @model_validator(mode="after")
    def _reasons_are_for_moves(self) -> SaveFile:
        if any(not 0 <= i < len(self.log) for i in self.reasons):
            raise ValueError("a bot's reason is kept for a move the log does not have")
        return self


def summary_of(save_id: str, path: Path, save: SaveFile) -> SaveSummary:
    """Return what a list of saves shows of a save file read whole."""
    return SaveSummary(
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
