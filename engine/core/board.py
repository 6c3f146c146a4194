"""Lookup tables derived once from an edition, so that the rules read plain lists on the hot path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

from engine.core.edition import Card, Edition, JailFree, Space, load_edition
from engine.core.track import Track, track_for


@dataclass(frozen=True, slots=True)
class Board:
    edition: Edition
    size: int
    spaces: tuple[Space, ...]
    kinds: tuple[str, ...]
    deeds: tuple[int, ...]  # every space that has a title deed, in board order
    streets: tuple[int, ...]
    group_of: tuple[str | None, ...]
    members: dict[str, tuple[int, ...]]  # group -> its spaces
    street_groups: tuple[tuple[int, ...], ...]  # the groups that take buildings
    groups_by_cost: tuple[tuple[int, tuple[int, ...]], ...]  # (house cost, lots) of those, cheapest first
    price: tuple[int, ...]  # 0 where there is no deed
    mortgage: tuple[int, ...]
    house_cost: tuple[int, ...]
    rent: tuple[tuple[int, ...], ...]
    rent_models: tuple[str | None, ...]  # each deed's rent model, by name (None off the deeds)
    pays: tuple[int, ...]  # paid for landing on or passing a space going forward (GO's salary); 0: none
    pay_spaces: tuple[int, ...]  # the spaces that pay, in board order
    jail: int | None  # None: the edition has no jail
    track: Track
    cards: dict[str, dict[str, Card]]  # deck -> card id -> card
    jail_card: dict[str, str]  # deck -> the id of its Get Out of Jail Free card

    def name(self, space: int) -> str:
        return self.spaces[space].name

    def unmortgage_cost(self, space: int) -> int:
        """Return the unmortgage cost: mortgage value plus interest; half a dollar of interest rounds up ($175
        -> $193)."""
        return self.mortgage[space] + self.interest(space)

    def interest(self, space: int) -> int:
        pct = self.edition.mortgage_interest_percent
        return (self.mortgage[space] * pct + 50) // 100

    def sale_price(self, space: int) -> int:
        """Return what the bank pays for one building sold back from a lot: half its price."""
        return self.house_cost[space] // 2

    def nearest(self, start: int, group: str) -> int:
        """Return the first space of `group` reached moving forward from `start`."""
        return self.track.nearest(start, self.members[group])


@cache
def board_for(edition_id: str) -> Board:
    ed = load_edition(edition_id)
    spaces = tuple(ed.spaces)
    members: dict[str, list[int]] = {}
    for i, s in enumerate(spaces):
        if s.group is not None:
            members.setdefault(s.group, []).append(i)
    building = {
        g for g, grp in ed.groups.items() if any(spaces[s].kind == "street" for s in members.get(g, ()))
    }
    street_groups = tuple(tuple(v) for g, v in members.items() if g in building)
    house_cost = tuple(s.house_cost or 0 for s in spaces)
    return Board(
        edition=ed,
        size=len(spaces),
        spaces=spaces,
        kinds=tuple(s.kind for s in spaces),
        deeds=tuple(i for i, s in enumerate(spaces) if s.is_deed),
        streets=tuple(i for i, s in enumerate(spaces) if s.kind == "street"),
        group_of=tuple(s.group for s in spaces),
        members={g: tuple(v) for g, v in members.items()},
        street_groups=street_groups,
        # a stable sort: groups of one cost stay in board order
        groups_by_cost=tuple(
            sorted(((house_cost[lots[0]], lots) for lots in street_groups), key=lambda g: g[0])
        ),
        price=tuple(s.price or 0 for s in spaces),
        mortgage=tuple(s.mortgage or 0 for s in spaces),
        house_cost=house_cost,
        rent=tuple(tuple(s.rent or ()) for s in spaces),
        rent_models=tuple(ed.groups[s.group].rent_model if s.group is not None else None for s in spaces),
        pays=tuple(_pays(ed, s) for s in spaces),
        pay_spaces=tuple(i for i, s in enumerate(spaces) if _pays(ed, s)),
        jail=ed.jail.space if ed.jail is not None else None,
        track=track_for(ed),
        cards={d: {c.id: c for c in deck.cards} for d, deck in ed.decks.items()},
        jail_card={
            d: c.id for d, deck in ed.decks.items() for c in deck.cards if isinstance(c.effect, JailFree)
        },
    )


Holders = Callable[[Any], tuple[int | None, ...]]
"""Reads the holders of some lots, in their order, off a list or a mapping of holders by space."""


def holders_of(lots: tuple[int, ...]) -> Holders:
    """Return a function that reads the holders of `lots`, in their order, off a list or a mapping of holders
    by space, in one call: a group's holders looked up without a loop."""
    get = itemgetter(*lots)
    if len(lots) == 1:  # `itemgetter` of one item gives the item itself
        return lambda holders: (get(holders),)
    return get


def _pays(edition: Edition, space: Space) -> int:
    if space.pays is not None:
        return space.pays
    return edition.salary if space.kind == "go" else 0
