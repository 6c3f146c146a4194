"""Edition data: the board, the decks and the printed figures, loaded from `engine/data/*.json`.

An edition is data plus the names of a few rule hooks. Editions differ by their data file (which may
extend another edition and replace some of its top-level keys), never by `if edition == ...` in the rules.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- card effects -------------------------------------------------------------------------------


class AdvanceTo(_Data):
    kind: Literal["advance_to"] = "advance_to"
    space: int


class AdvanceToNearest(_Data):
    """Move forward to the nearest space of a group; rent is then changed as the card says."""

    kind: Literal["advance_to_nearest"] = "advance_to_nearest"
    group: str
    rent_multiplier: int | None = None  # "pay twice the rental" -> 2
    dice_multiplier: int | None = None  # "throw dice and pay ten times the amount thrown" -> 10


class MoveBy(_Data):
    kind: Literal["move_by"] = "move_by"
    steps: int


class GoToJail(_Data):
    kind: Literal["go_to_jail"] = "go_to_jail"


class Collect(_Data):
    kind: Literal["collect"] = "collect"
    amount: int = Field(gt=0)


class Pay(_Data):
    kind: Literal["pay"] = "pay"
    amount: int = Field(gt=0)


class JailFree(_Data):
    kind: Literal["jail_free"] = "jail_free"


class Repairs(_Data):
    kind: Literal["repairs"] = "repairs"
    per_house: int
    per_hotel: int


class PayEachPlayer(_Data):
    kind: Literal["pay_each_player"] = "pay_each_player"
    amount: int = Field(gt=0)


class CollectFromEachPlayer(_Data):
    kind: Literal["collect_from_each_player"] = "collect_from_each_player"
    amount: int = Field(gt=0)


CardEffect = Annotated[
    AdvanceTo
    | AdvanceToNearest
    | MoveBy
    | GoToJail
    | Collect
    | Pay
    | JailFree
    | Repairs
    | PayEachPlayer
    | CollectFromEachPlayer,
    Field(discriminator="kind"),
]


class Card(_Data):
    id: str
    text: str
    effect: CardEffect


class Deck(_Data):
    name: str
    cards: list[Card]

    @model_validator(mode="after")
    def _unique_ids(self) -> Deck:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError(f"deck {self.name}: card ids must be unique")
        return self


# --- board ---------------------------------------------------------------------------------------

SpaceKind = Literal[
    "go", "street", "railroad", "utility", "card", "tax", "jail", "free_parking", "go_to_jail"
]
DEED_KINDS: frozenset[str] = frozenset({"street", "railroad", "utility"})


class Space(_Data):
    name: str
    short: str  # at most 8 characters, for compact boards
    kind: SpaceKind
    group: str | None = None
    price: int | None = None
    mortgage: int | None = None
    rent: list[int] | None = None  # streets: base, 1-4 houses, hotel
    house_cost: int | None = None
    deck: str | None = None
    tax: str | None = None

    @property
    def is_deed(self) -> bool:
        return self.kind in DEED_KINDS

    @model_validator(mode="after")
    def _complete(self) -> Space:
        if len(self.short) > 8:
            raise ValueError(f"{self.name}: short name longer than 8 characters")
        if self.kind in DEED_KINDS and (self.group is None or self.price is None or self.mortgage is None):
            raise ValueError(f"{self.name}: a deed needs group, price and mortgage")
        if self.kind == "street" and (self.rent is None or len(self.rent) != 6 or self.house_cost is None):
            raise ValueError(f"{self.name}: a street needs six rents and a house cost")
        if self.kind == "card" and self.deck is None:
            raise ValueError(f"{self.name}: a card space names its deck")
        if self.kind == "tax" and self.tax is None:
            raise ValueError(f"{self.name}: a tax space names its tax")
        return self


class Group(_Data):
    name: str
    color: str  # a colour name for themes; the TUI maps it
    rent_model: Literal["ladder", "count_tiers", "dice_multiplier"]
    tiers: list[int] | None = None  # count_tiers: rent by number owned
    multipliers: list[int] | None = None  # dice_multiplier: times the dice by number owned


class Tax(_Data):
    name: str
    flat: int
    percent: int | None = None  # offers the choice "flat or percent of worth"
    worth: Literal["printed_prices", "mortgage_values"] = "printed_prices"


class JailRules(_Data):
    space: int
    fine: int
    max_turns: int = 3
    fine_before_roll_turns: int = 2  # on which of the jail turns the fine may be paid before rolling


class BankSupply(_Data):
    houses: int
    hotels: int


class LargeGame(_Data):
    """Figures for a crowded table: more than `above` players start with `cash` plus a bank credit."""

    above: int
    cash: int
    credit: int


class DealtStart(_Data):
    """An official variant that deals deeds at the start (the Short Game and the Time Limit game)."""

    deal_deeds: int
    deeds_free: bool
    houses_before_hotel: int = 4
    flat_income_tax: bool = False
    pay_fine_after_failed_roll: bool = False
    mortgaged_at_half: bool = False


class Edition(_Data):
    id: str
    name: str
    year: str
    description: str
    min_players: int = 2
    max_players: int = 8
    starting_cash: int
    salary: int
    large_game: LargeGame | None = None
    bank: BankSupply
    jail: JailRules
    auction_min_bid: int
    mortgage_interest_percent: int = 10
    houses_before_hotel: int = 4
    groups: dict[str, Group]
    taxes: dict[str, Tax]
    spaces: list[Space]
    decks: dict[str, Deck]
    short_game: DealtStart
    time_limit: DealtStart
    rules_summary: list[str]

    @model_validator(mode="after")
    def _consistent(self) -> Edition:
        n = len(self.spaces)
        for i, s in enumerate(self.spaces):
            if s.group is not None and s.group not in self.groups:
                raise ValueError(f"space {i} ({s.name}): unknown group {s.group}")
            if s.deck is not None and s.deck not in self.decks:
                raise ValueError(f"space {i} ({s.name}): unknown deck {s.deck}")
            if s.tax is not None and s.tax not in self.taxes:
                raise ValueError(f"space {i} ({s.name}): unknown tax {s.tax}")
        if not 0 <= self.jail.space < n or self.spaces[self.jail.space].kind != "jail":
            raise ValueError("jail.space must name the jail")
        for deck in self.decks.values():
            for card in deck.cards:
                eff = card.effect
                if isinstance(eff, AdvanceTo) and not 0 <= eff.space < n:
                    raise ValueError(f"card {card.id}: no space {eff.space}")
                if isinstance(eff, AdvanceToNearest) and eff.group not in self.groups:
                    raise ValueError(f"card {card.id}: unknown group {eff.group}")
        for gid, g in self.groups.items():
            members = [s for s in self.spaces if s.group == gid]
            if not members:
                raise ValueError(f"group {gid} has no spaces")
            if g.rent_model == "count_tiers" and (g.tiers is None or len(g.tiers) < len(members)):
                raise ValueError(f"group {gid}: count_tiers needs a tier per member")
            if g.rent_model == "dice_multiplier" and (
                g.multipliers is None or len(g.multipliers) < len(members)
            ):
                raise ValueError(f"group {gid}: dice_multiplier needs a multiplier per member")
        return self


EDITIONS: tuple[str, ...] = ("classic", "modern", "darrow-1935")


def _read(name: str) -> dict[str, Any]:
    text = resources.files("engine.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def load_edition(name: str) -> Edition:
    """Load and validate an edition; `extends` names a base whose top-level keys this file replaces."""
    if name not in EDITIONS:
        raise ValueError(f"unknown edition {name!r}; known: {', '.join(EDITIONS)}")
    data = _read(name)
    base = data.pop("extends", None)
    if base is not None:
        merged = _read(base)
        merged.pop("extends", None)
        merged.update(data)
        data = merged
    return Edition.model_validate(data)
