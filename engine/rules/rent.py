"""Rent: one small model per way of charging it, named by the group in the edition data.

A model answers three questions: the rent due now on a deed as the table stands (`rent`), the rent for
any holding (`at`: how many of the group the owner holds and the lot's building level, for anyone
planning ahead), and the rows of the printed card (`schedule`, with the row that applies now marked).
Everyone who needs a rent asks here; nobody else knows how a rent model works.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

from engine.core.hooks import RENT_MODELS
from engine.core.phrases import N_, Money, Phrase, Plural

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.edition import Group
    from engine.core.rule_ids import RuleId
    from engine.core.ruleset import Ruleset
    from engine.core.tabletop import Tabletop

AVERAGE_THROW = 7
"""The throw a rent that multiplies the dice is reckoned at when no throw is in hand."""


@dataclass(frozen=True, slots=True)
class Holding:
    """A deed as its rent sees it: its space, how many of its group the owner holds (0: nobody owns it,
    or the lot is built, whose rent does not count the group) and the lot's building level."""

    space: int
    held: int
    level: int = 0


@dataclass(frozen=True, slots=True)
class Visit:
    """What else a rent may depend on: the visitor's throw (`dice_total`), a card's "pay twice the
    rental" (`multiplier`) and a card's own dice multiplier (`times`, 0: the deed's own)."""

    dice_total: int = AVERAGE_THROW
    multiplier: int = 1
    times: int = 0


VISIT = Visit()
"""A visit with no card, reckoned at the average throw."""

_holding = cache(Holding)
_visit = cache(Visit)
"""Shared instances (they are immutable) for the holdings and visits of every landing and every bot's
reckoning: a few dozen values come round again and again."""


@dataclass(frozen=True, slots=True)
class RentRow:
    """One line of a deed's rent table: "With 3 houses  $550", marked when it is the rent that applies."""

    label: Phrase
    amount: Money | Phrase
    current: bool = False


class RentModel(Protocol):
    dice: bool  # the rent is a multiple of the visitor's throw

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        """Return the rent for a holding and a visit, with a few words saying why."""
        ...

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        """Return the card's rent rows, the one for this holding marked (`held` 0: nobody owns it)."""
        ...

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        """Return the other printed terms of the card (what buildings cost), as (label, value)."""
        ...

    def rule(self, board: Board, holding: Holding) -> RuleId:
        """Return the rule the rent for this holding is charged under (`engine.core.rule_ids`)."""
        ...


def _members(board: Board, space: int) -> tuple[int, ...]:
    group = board.group_of[space]
    assert group is not None
    return board.members[group]


def model_of(board: Board, space: int) -> RentModel:
    name = board.rent_models[space]
    assert name is not None
    model: RentModel = RENT_MODELS.table.get(name) or RENT_MODELS.resolve(name)
    return model


def with_houses(n: int) -> Plural:
    """Return a rent table's row for `n` houses: "With 1 house", "With 3 houses"."""
    return Plural("With {n} house", "With {n} houses", n)


def _word(name: str) -> Phrase:
    """Return a group's name used as a word of a sentence ("railroads"), said in the edition's context."""
    return Phrase.within("edition", name)


def houses_phrase(n: int) -> str:
    """Return a phrase counting houses: "1 house", "3 houses"."""
    return f"{n} house{'s' if n != 1 else ''}"


class Ladder:
    """Rent model for streets: a printed rent per building level, doubled on a bare lot of a complete
    group."""

    dice = False

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        space, held, level = holding.space, holding.held, holding.level
        multiplier = visit.multiplier
        ladder = board.rent[space]
        if level:
            amount = ladder[ruleset.rent_row(level, len(ladder))] * multiplier
            return amount, "with a hotel" if ruleset.is_hotel(level) else f"with {houses_phrase(level)}"
        if held == len(_members(board, space)):
            return ladder[0] * 2 * multiplier, "double rent for the full group"
        return ladder[0] * multiplier, ""

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        space, held, level = holding.space, holding.held, holding.level
        ladder = board.rent[space]
        full = held == len(_members(board, space))
        rows = [
            RentRow(Phrase(N_("Rent")), Money(ladder[0]), held > 0 and level == 0 and not full),
            RentRow(
                Phrase(N_("With the full group")), Money(2 * ladder[0]), held > 0 and level == 0 and full
            ),
        ]
        for n in range(1, ruleset.houses_before_hotel + 1):
            rows.append(RentRow(with_houses(n), Money(ladder[n]), held > 0 and level == n))
        if ruleset.hotels:
            top = ruleset.max_level
            rows.append(RentRow(Phrase(N_("With a hotel")), Money(ladder[-1]), held > 0 and level == top))
        return rows

    def rule(self, board: Board, holding: Holding) -> RuleId:
        space, held, level = holding.space, holding.held, holding.level
        if level:
            return "rent.buildings"
        return "rent.full_group" if held == len(_members(board, space)) else "rent.printed"

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        cost = Money(board.house_cost[space])
        out: list[tuple[Phrase, Money | Phrase]] = [
            (Phrase(N_("Houses cost")), Phrase(N_("{cost} each"), cost=cost))
        ]
        if ruleset.hotels:
            n = ruleset.houses_before_hotel
            out.append(
                (Phrase(N_("A hotel")), Plural("{cost} + {n} house", "{cost} + {n} houses", n, cost=cost))
            )
        return out


class CountTiers:
    """Rent model for railroads: the rent depends on how many of the group the owner holds."""

    dice = False

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        space, held = holding.space, holding.held
        multiplier = visit.multiplier
        tiers = _group(board, space).tiers
        assert tiers is not None
        detail = f"the owner holds {held} of {len(_members(board, space))}"
        if multiplier != 1:
            detail += ", paid twice" if multiplier == 2 else f", paid {multiplier} times"
        return tiers[held - 1] * multiplier, detail

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        space, held = holding.space, holding.held
        grp = _group(board, space)
        assert grp.tiers is not None
        plural = grp.name.lower()
        single = plural[:-1] if plural.endswith("s") else plural
        lots = len(_members(board, space))
        return [
            RentRow(
                Plural(
                    "{n} {single} owned", "{n} {plural} owned", n, single=_word(single), plural=_word(plural)
                ),
                Money(amount),
                held == n,
            )
            for n, amount in enumerate(grp.tiers[:lots], start=1)
        ]

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        return []

    def rule(self, board: Board, holding: Holding) -> RuleId:
        return "rent.railroads"


class DiceMultiplier:
    """Rent model for utilities: the visitor's throw times a multiplier that depends on how many the owner
    holds."""

    dice = True

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        """`visit.times` is the card's own multiplier (nearest utility: 10); 0 means the deed's figure."""
        space, held = holding.space, holding.held
        dice_total, times = visit.dice_total, visit.times
        if not times:
            mults = _group(board, space).multipliers
            assert mults is not None
            times = mults[held - 1]
        return times * dice_total, f"{times} times the {dice_total} thrown"

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        space, held = holding.space, holding.held
        mults = _group(board, space).multipliers
        assert mults is not None
        lots = len(_members(board, space))
        return [
            RentRow(Plural("{n} owned", "{n} owned", n), Phrase(N_("{times} x dice"), times=t), held == n)
            for n, t in enumerate(mults[:lots], start=1)
        ]

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        return []

    def rule(self, board: Board, holding: Holding) -> RuleId:
        return "rent.utilities"


def _group(board: Board, space: int) -> Group:
    group = board.group_of[space]
    assert group is not None
    return board.edition.groups[group]


RENT_MODELS.add("ladder", Ladder())
RENT_MODELS.add("count_tiers", CountTiers())
RENT_MODELS.add("dice_multiplier", DiceMultiplier())


# --- the queries --------------------------------------------------------------------------------


def owned_in_group(table: Tabletop, owner: int, group: str) -> int:
    """Return how many deeds of a group one player holds, mortgaged ones included."""
    deeds = table.deeds
    return [deeds[s].owner for s in table.board.members[group]].count(owner)


def full_group(table: Tabletop, owner: int, group: str) -> bool:
    deeds = table.deeds
    return all(deeds[s].owner == owner for s in table.board.members[group])


def holding(table: Tabletop, space: int) -> int:
    """Return how many of `space`'s group its owner holds (0 when nobody owns it)."""
    owner = table.deeds[space].owner
    if owner is None:
        return 0
    group = table.board.group_of[space]
    assert group is not None
    return owned_in_group(table, owner, group)


def rent_for(
    table: Tabletop, space: int, dice_total: int, multiplier: int = 1, times: int = 0
) -> tuple[int, str]:
    """Return the rent a visitor owes on `space` now (the deed's owner and state as they stand)."""
    deed = table.deeds[space]
    if deed.owner is None or deed.mortgaged:
        return 0, "mortgaged" if deed.mortgaged else ""
    board = table.board
    level = deed.level
    held = holding(table, space) if not level else 0  # a built lot's rent does not count the group
    return model_of(board, space).at(
        board, table.ruleset, _holding(space, held, level), _visit(dice_total, multiplier, times)
    )


def rent_rule(table: Tabletop, space: int, multiplier: int = 1, times: int = 0) -> RuleId:
    """Return the rule the rent a visitor owes on `space` now is charged under: a card's own terms ("pay twice
    the rental", "ten times the throw") first, else the deed's."""
    if times:
        return "cards.nearest_utility"
    if multiplier != 1:
        return "cards.nearest_railroad"
    deed = table.deeds[space]
    held = holding(table, space) if not deed.level else 0
    return model_of(table.board, space).rule(table.board, _holding(space, held, deed.level))


def rent_and_rule(
    table: Tabletop, space: int, dice_total: int, multiplier: int = 1, times: int = 0
) -> tuple[int, str, RuleId]:
    """Return `rent_for` and `rent_rule` together, from one look at the deed and its group: a visitor
    landing asks for both."""
    deed = table.deeds[space]
    board = table.board
    level = deed.level
    held = holding(table, space) if not level else 0
    model = model_of(board, space)
    at = _holding(space, held, level)
    if times:
        rule: RuleId = "cards.nearest_utility"
    elif multiplier != 1:
        rule = "cards.nearest_railroad"
    else:
        rule = model.rule(board, at)
    if deed.owner is None or deed.mortgaged:
        return 0, "mortgaged" if deed.mortgaged else "", rule
    amount, detail = model.at(board, table.ruleset, at, _visit(dice_total, multiplier, times))
    return amount, detail, rule


def rent_due(table: Tabletop, space: int, visitor: int, dice_total: int = AVERAGE_THROW) -> int:
    """Return what `visitor` would pay for stopping on `space` now: nothing on his own deed, an unowned or a
    mortgaged one, or (if the rule is off) one whose owner is in jail. Dice rents at `dice_total`."""
    deed = table.deeds.get(space)
    if deed is None or deed.owner is None or deed.owner == visitor or deed.mortgaged:
        return 0
    if not table.rules.rent_in_jail and table.players[deed.owner].in_jail:
        return 0
    return rent_for(table, space, dice_total)[0]


def rent_at(
    board: Board, ruleset: Ruleset, space: int, held: int, level: int = 0, dice_total: int = 7
) -> int:
    """Return the rent of a deed for a holding that may not be the table's: its owner holding `held` of the
    group, the lot at building `level` (dice rents at `dice_total`)."""
    return model_of(board, space).at(board, ruleset, _holding(space, held, level), _visit(dice_total))[0]


def rent_schedule(table: Tabletop, space: int) -> list[RentRow]:
    """Return the rows of a deed's rent table, the one that applies now marked (none while mortgaged)."""
    board = table.board
    deed = table.deeds[space]
    held = 0 if deed.mortgaged else holding(table, space)
    return model_of(board, space).schedule(board, table.ruleset, Holding(space, held, deed.level))


def deed_terms(table: Tabletop, space: int) -> list[tuple[Phrase, Money | Phrase]]:
    """Return the printed terms of a deed other than its rents: what buildings cost, mortgage and lifting."""
    board = table.board
    terms: list[tuple[Phrase, Money | Phrase]] = [*model_of(board, space).terms(board, table.ruleset, space)]
    if table.ruleset.mortgages:
        terms.append((Phrase(N_("Mortgage value")), Money(board.mortgage[space])))
        terms.append((Phrase(N_("Lift the mortgage")), Money(board.unmortgage_cost(space))))
    return terms
