"""The ruleset a game plays by: the edition's figures and hooks, with the chosen variant applied.

Everything that differs between editions and variants and is not plain board data is read from here:
the doubles limit and which throws earn another, what the building levels are, whether mortgages exist,
when building is allowed, what happens as a token comes to rest, and how the game ends. The hooks are
named in the edition file and resolved once, through `engine.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from engine import rules as _rule_areas  # noqa: F401  (the hooks are registered by the rule areas)
from engine import state
from engine.board import board_for
from engine.edition import DealtStart, Edition, load_edition
from engine.options import RuleOptions
from engine.registry import (
    ARRIVAL_ACTIONS,
    BUILD_ROOM,
    BUILD_RULES,
    END_RULES,
    OPENINGS,
    POT_RULES,
    THROW_AGAIN,
    THROW_RULES,
    TRACK_RULES,
)
from engine.track import Track, track_for

if TYPE_CHECKING:
    from engine.errors import Refusal
    from engine.events import Event
    from engine.game import Game
    from engine.tabletop import Tabletop

BuildingKind = state.BuildingKind

ThrowAgain = Callable[[int, int], bool]
"""(die 1, die 2) -> whether this throw earns another in the same turn."""
BuildRule = Callable[["Tabletop", int, int], "tuple[BuildingKind | None, Refusal]"]
"""(table, player, space) -> the building the lot may take next by the rules of its group, or why not
(money and the bank's stock aside)."""
Arrival = Callable[["Game", int, int], None]
"""(game, player, space): what happens as a token comes to rest, before the space's own action."""
BuildRoom = Callable[["Tabletop", BuildingKind], "dict[int, list[tuple[int, int]]]"]
"""(table, kind) -> per player, the buildings of `kind` the building rule would let him put up now, as
(cost, count) pairs, money aside: who could want the bank's last houses in a shortage."""
Throw = Callable[["Game", int, int, int], None]
"""(game, player, die 1, die 2): what a throw does, once the dice are thrown."""
Opening = Callable[["Game"], "list[Event]"]
"""(game): what happens before the first throw; it may set what the game first waits for."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    edition: Edition
    dealt: DealtStart | None  # the Short Game's or the Time Limit game's deal, if playing one
    houses_before_hotel: int  # the most houses a lot takes
    hotels: bool  # a hotel is the level above the houses
    flat_income_tax: bool
    pay_fine_after_failed_roll: bool
    mortgaged_at_half: bool  # how net worth counts a mortgaged deed
    doubles_limit: int | None  # this many doubles in one turn go to jail; None: no limit
    mortgages: bool  # whether deeds can be mortgaged at all
    throw_again: ThrowAgain
    building: BuildRule
    building_room: BuildRoom
    arrival: Arrival | None  # None: nothing happens before the space's own action
    ending: Any  # an `engine.endings.Ending`
    track: Track  # the track tokens move along (the edition's, as its own options change it)
    pot_reasons: frozenset[str]  # payments to the bank, by reason, that go to the pot on the table
    options: Mapping[str, int]  # the edition's own rule options, each chosen or at its default
    throw: Throw | None  # None: the standard throw of `engine.turns`
    opening: Opening
    circuits: int | None  # times round the board after which the game ends, if it ends so
    max_level: int = 0  # the highest building level: the most houses, and the hotel above them

    def option(self, name: str) -> int:
        """One of the edition's own rule options (0 for an option the edition does not have)."""
        return self.options.get(name, 0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_level", self.houses_before_hotel + (1 if self.hotels else 0))

    def is_hotel(self, level: int) -> bool:
        return level > self.houses_before_hotel and self.hotels

    def houses(self, level: int) -> int:
        """Houses standing at a building level (a hotel stands alone)."""
        return 0 if self.is_hotel(level) else level

    def hotels_at(self, level: int) -> int:
        return 1 if self.is_hotel(level) else 0

    def next_building(self, level: int) -> BuildingKind:
        """What putting up the next level on a lot at `level` means: a house, or the hotel."""
        return "hotel" if self.hotels and level == self.houses_before_hotel else "house"

    def rent_row(self, level: int, rents: int) -> int:
        """The printed rent that applies at a building level, of `rents` printed (a hotel takes the last)."""
        return rents - 1 if self.is_hotel(level) else level

    def starting_funds(self, players: int, rules: RuleOptions) -> tuple[int, int]:
        """(cash, bank credit) each player starts with at a table of this size."""
        ed = self.edition
        cash, credit = ed.starting_cash_by_players.get(players, ed.starting_cash), 0
        if ed.large_game is not None and players > ed.large_game.above:
            cash, credit = ed.large_game.cash, ed.large_game.credit
        if ed.lot_tickets is not None and not rules.lot_tickets:
            cash = ed.lot_tickets.cash_without
        if rules.starting_cash is not None:
            cash = rules.starting_cash
        return cash, credit


@cache
def ruleset_for(edition_id: str, rules: RuleOptions) -> Ruleset:
    """The ruleset of a game of this edition with these options. Raises KeyError for a hook the
    edition names that no rule area registers, and ValueError for a variant the edition does not have."""
    edition = load_edition(edition_id)
    if rules.short_game and edition.short_game is None:
        raise ValueError(f"{edition.name} has no Short Game")
    dealt = (
        edition.short_game if rules.short_game else edition.time_limit if rules.time_limit_rounds else None
    )
    hooks = edition.hooks
    options = {
        name: rules.edition_rule(name) if rules.edition_rule(name) is not None else spec.default
        for name, spec in edition.options.items()
    }
    data = TRACK_RULES.resolve(hooks.track)(edition, options)
    common: dict[str, Any] = {
        "edition": edition,
        "dealt": dealt,
        "hotels": edition.hotels,
        "doubles_limit": edition.doubles_limit,
        "mortgages": edition.mortgages,
        "throw_again": THROW_AGAIN.resolve(hooks.throw_again),
        "building": BUILD_RULES.resolve(hooks.building),
        "building_room": BUILD_ROOM.table.get(hooks.building) or BUILD_ROOM.resolve("complete_group"),
        "arrival": ARRIVAL_ACTIONS.resolve(hooks.arrival),
        "track": board_for(edition_id).track if data is edition.track else track_for(edition, data),
        "pot_reasons": frozenset(POT_RULES.resolve(hooks.pot)(edition, rules, options)),
        "options": options,
        "throw": THROW_RULES.resolve(hooks.throw),
        "opening": OPENINGS.resolve(hooks.opening),
        "circuits": rules.circuits if rules.circuits is not None and edition.circuits else edition.circuits,
    }
    if dealt is None:
        return Ruleset(
            houses_before_hotel=edition.houses_before_hotel,
            flat_income_tax=False,
            pay_fine_after_failed_roll=False,
            mortgaged_at_half=True,
            ending=END_RULES.resolve(hooks.ending),
            **common,
        )
    return Ruleset(
        houses_before_hotel=dealt.houses_before_hotel,
        flat_income_tax=dealt.flat_income_tax,
        pay_fine_after_failed_roll=dealt.pay_fine_after_failed_roll,
        mortgaged_at_half=True,
        ending=END_RULES.resolve(dealt.ending),
        **common,
    )


def rules_problem(edition: Edition, rules: RuleOptions) -> str | None:
    """Why these rule options cannot be played in this edition (in a sentence), or None."""
    if rules.free_parking_pot and edition.hooks.pot != "free_parking":
        return f"In {edition.name} the pool on the table takes the place of the Free Parking pot."
    rings = edition.track.rings if edition.track is not None else [list(range(len(edition.spaces)))]
    for name, value in rules.edition_rules:
        spec = edition.options.get(name)
        if spec is None:
            return f"{edition.name} has no rule option {name!r}."
        if not spec.supported:
            return f"{spec.label}: {spec.help}"
        if spec.kind == "flag" and value not in (0, 1):
            return f"{spec.label} is on (1) or off (0), not {value}."
        if spec.kind == "number" and (
            value < spec.minimum or (spec.maximum is not None and value > spec.maximum)
        ):
            top = "" if spec.maximum is None else f" to {spec.maximum}"
            return f"{spec.label} must be from {spec.minimum}{top}, not {value}."
        if spec.kind == "space" and (
            not 0 <= value < len(edition.spaces) or (spec.ring is not None and value not in rings[spec.ring])
        ):
            return f"{spec.label}: space {value} is not one it may take."
    return None
