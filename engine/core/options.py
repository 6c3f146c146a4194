"""Rule options: house rules and the official variants, each defaulting to the edition's printed rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class RuleOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    free_parking_pot: bool = False
    """House rule: taxes, fines and card payments go to a pot that Free Parking pays out."""
    double_go_salary: bool = False
    """House rule: landing exactly on GO pays twice the salary."""
    auctions: bool = True
    """A declined deed goes to auction; off, it simply stays with the bank."""
    rent_in_jail: bool = True
    """Owners in jail still collect rent, as the rules say; off, they collect none."""
    even_building: bool = True
    """Houses are built and sold evenly across a group."""
    starting_cash: int | None = Field(default=None, ge=0)
    """None: the edition's figure."""
    short_game: bool = False
    """The official Short Game: deeds dealt free, hotels after three houses, ends at the first bankruptcy."""
    time_limit_rounds: int | None = Field(default=None, ge=1)
    """The Time Limit game: deeds dealt at their price; after this many rounds the richest player wins."""
    edition_rules: tuple[tuple[str, int], ...] = ()
    """The edition's own rule options that differ from their defaults, by name (a mapping may be given);
    the edition declares them (`Edition.options`) and the game is refused any it does not know."""

    @field_validator("edition_rules", mode="before")
    @classmethod
    def _sorted(cls, value: Any) -> Any:
        if isinstance(value, Mapping):
            return tuple(sorted((str(k), v) for k, v in value.items()))
        return value

    def edition_rule(self, name: str) -> int | None:
        """Return the value chosen for one of the edition's own options, or None (its default)."""
        for key, value in self.edition_rules:
            if key == name:
                return value
        return None

    lot_tickets: bool = True
    """Where the edition deals lot tickets at the start (1904): off, the patent's variant without them,
    each player starting with less cash and buying lots only by stopping on them."""
    circuits: int | None = Field(default=None, ge=1)
    """Where the game ends after every player has been round the board so many times (1904): how many.
    None: the edition's figure."""

    @model_validator(mode="after")
    def _one_variant(self) -> RuleOptions:
        if self.short_game and self.time_limit_rounds is not None:
            raise ValueError("choose the Short Game or the Time Limit game, not both")
        names = [name for name, _ in self.edition_rules]
        if len(set(names)) != len(names):
            raise ValueError("an edition rule is set twice")
        return self
