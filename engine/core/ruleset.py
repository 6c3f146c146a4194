"""The ruleset a game plays by: the edition's figures and hooks, with the chosen variant applied.

Everything that differs between editions and variants and is not plain board data is read from here:
the doubles limit and which throws earn another, what the building levels are, whether mortgages exist,
when building is allowed, what happens as a token comes to rest, and how the game ends. The hooks are
named in the edition file and resolved once, by `engine.play.rulebook`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import state
from engine.core.edition import DealtStart, Edition
from engine.core.options import RuleOptions
from engine.core.track import Track

if TYPE_CHECKING:
    from engine.core.errors import Refusal
    from engine.core.events import Event

BuildingKind = state.BuildingKind

# The hooks take the game (an `engine.core.live.LiveGame`) or the table (an `engine.core.tabletop.Tabletop`),
# and
# both of those carry this ruleset: naming them here would tie the three modules into a circle of
# annotations. So the first parameter is `Any` here; every hook a rule area registers is typed in full.

ThrowAgain = Callable[[int, int], bool]
"""(die 1, die 2) -> whether this throw earns another in the same turn."""
BuildRule = Callable[[Any, int, int], "tuple[BuildingKind | None, Refusal]"]
"""(table, player, space) -> the building the lot may take next by the rules of its group, or why not
(money and the bank's stock aside)."""
Arrival = Callable[[Any, int, int], None]
"""(game, player, space): what happens as a token comes to rest, before the space's own action."""
BuildRoom = Callable[[Any, BuildingKind], "dict[int, list[tuple[int, int]]]"]
"""(table, kind) -> per player, the buildings of `kind` the building rule would let him put up now, as
(cost, count) pairs, money aside: who could want the bank's last houses in a shortage."""
Throw = Callable[[Any, int, int, int], None]
"""(game, player, die 1, die 2): what a throw does, once the dice are thrown."""
Opening = Callable[[Any], "list[Event]"]
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
    ending: Any  # an `engine.rules.endings.Ending`
    track: Track  # the track tokens move along (the edition's, as its own options change it)
    pot_reasons: frozenset[str]  # payments to the bank, by reason, that go to the pot on the table
    options: Mapping[str, int]  # the edition's own rule options, each chosen or at its default
    throw: Throw | None  # None: the standard throw of `engine.rules.turns`
    opening: Opening
    circuits: int | None  # times round the board after which the game ends, if it ends so
    max_level: int = 0  # the highest building level: the most houses, and the hotel above them

    def option(self, name: str) -> int:
        """Return one of the edition's own rule options (0 for an option the edition does not have)."""
        return self.options.get(name, 0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_level", self.houses_before_hotel + (1 if self.hotels else 0))

    def is_hotel(self, level: int) -> bool:
        return level > self.houses_before_hotel and self.hotels

    def houses(self, level: int) -> int:
        """Return the houses standing at a building level (a hotel stands alone)."""
        return 0 if self.is_hotel(level) else level

    def hotels_at(self, level: int) -> int:
        return 1 if self.is_hotel(level) else 0

    def next_building(self, level: int) -> BuildingKind:
        """Return what putting up the next level on a lot at `level` means: a house, or the hotel."""
        return "hotel" if self.hotels and level == self.houses_before_hotel else "house"

    def rent_row(self, level: int, rents: int) -> int:
        """Return the printed rent that applies at a building level, of `rents` printed (a hotel takes the
        last)."""
        return rents - 1 if self.is_hotel(level) else level

    def starting_funds(self, players: int, rules: RuleOptions) -> tuple[int, int]:
        """Return (cash, bank credit) each player starts with at a table of this size."""
        ed = self.edition
        cash, credit = ed.starting_cash_by_players.get(players, ed.starting_cash), 0
        if ed.large_game is not None and players > ed.large_game.above:
            cash, credit = ed.large_game.cash, ed.large_game.credit
        if ed.lot_tickets is not None and not rules.lot_tickets:
            cash = ed.lot_tickets.cash_without
        if rules.starting_cash is not None:
            cash = rules.starting_cash
        return cash, credit
