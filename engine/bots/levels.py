"""Where a level plays the decisions of the level below it: data per edition (`engine/data/levels.json`).

Each level must win more than an even share against three of the level below, in every edition. Where a
measure shows a level failing that (the expert against three `hard` at Magie's 1904 table, say), it plays
the lower level's decisions in that edition, so that it is never weaker than the level below, until a
measure shows its own play winning more there. The file names, for each level, the editions where it does
so and the measure that decided it, with the command that gives it again; it is validated when read.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict


class Fallback(BaseModel):
    """One edition where a level plays another's decisions: which level's, and the measure behind it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    plays: str
    measured: str


class LevelsFile(BaseModel):
    """The file as packaged: what it is for, and each level's editions where it plays the level below's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    plays_below: dict[str, dict[str, Fallback]]


@cache
def _table() -> dict[str, dict[str, Fallback]]:
    text = resources.files("engine.data").joinpath("levels.json").read_text(encoding="utf-8")
    return LevelsFile.model_validate_json(text).plays_below


def plays_below(level: str, edition: str) -> str | None:
    """Return the level whose decisions `level` plays in `edition`, or None where it plays its own."""
    entry = _table().get(level, {}).get(edition)
    return None if entry is None else entry.plays


def measured(level: str) -> dict[str, str]:
    """Return, for each edition where `level` plays the level below's decisions, the measure behind it."""
    return {edition: entry.measured for edition, entry in _table().get(level, {}).items()}
