"""Draft model of a trade, and its effect on both players' colour groups.

Pure: it works from a `GameView` and the board data, so the negotiator can show every consequence before
anything is sent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine import Board, Bundle, GameView, ProposeTrade, TradeOffer
from engine.queries import markers_left
from room.board_words import group_name
from translation import _


@dataclass
class TradeDraft:
    """Both sides of an offer from `proposer` to `partner`."""

    proposer: int
    partner: int | None = None
    give_deeds: set[int] = field(default_factory=set)
    take_deeds: set[int] = field(default_factory=set)
    give_cash: int = 0
    take_cash: int = 0
    give_cards: int = 0
    take_cards: int = 0
    give_houses: tuple[int, ...] = ()  # one lot per house sold (where houses change hands)
    take_houses: tuple[int, ...] = ()
    give_held: list[str] = field(default_factory=list)  # cards in hand ("deck/card"; "deck/?" face down)
    take_held: list[str] = field(default_factory=list)

    @classmethod
    def countering(cls, offer: TradeOffer) -> TradeDraft:
        """Create a counter-offer from the offer received, seen from the other side."""
        return cls.between(offer.to, offer.proposer, offer.take, offer.give)

    @classmethod
    def proposing(cls, offer: ProposeTrade) -> TradeDraft:
        """Create a draft of an offer not yet sent (the advisor's suggestion), for its proposer to change or
        send."""
        return cls.between(offer.player, offer.to, offer.give, offer.take)

    @classmethod
    def between(cls, proposer: int, partner: int, give: Bundle, take: Bundle) -> TradeDraft:
        """Create a draft in which `proposer` gives `partner` what `give` holds for what `take` holds."""
        return cls(
            proposer=proposer,
            partner=partner,
            give_deeds=set(give.deeds),
            take_deeds=set(take.deeds),
            give_cash=give.cash,
            take_cash=take.cash,
            give_cards=give.jail_cards,
            take_cards=take.jail_cards,
            give_houses=give.houses,
            take_houses=take.houses,
            give_held=list(give.cards),
            take_held=list(take.cards),
        )

    def clear(self) -> None:
        self.give_deeds.clear()
        self.take_deeds.clear()
        self.give_cash = self.take_cash = self.give_cards = self.take_cards = 0
        self.give_houses = self.take_houses = ()
        self.give_held.clear()
        self.take_held.clear()

    @property
    def give(self) -> Bundle:
        return Bundle(
            cash=self.give_cash,
            deeds=tuple(sorted(self.give_deeds)),
            jail_cards=self.give_cards,
            houses=self.give_houses,
            cards=tuple(self.give_held),
        )

    @property
    def take(self) -> Bundle:
        return Bundle(
            cash=self.take_cash,
            deeds=tuple(sorted(self.take_deeds)),
            jail_cards=self.take_cards,
            houses=self.take_houses,
            cards=tuple(self.take_held),
        )

    @property
    def empty(self) -> bool:
        return self.give.empty and self.take.empty

    def command(self) -> ProposeTrade | None:
        if self.partner is None:
            return None
        return ProposeTrade(player=self.proposer, to=self.partner, give=self.give, take=self.take)


def spare_houses(
    view: GameView, board: Board, owner: int, count: int, skip: Iterable[int]
) -> tuple[int, ...]:
    """Return the lots that `count` houses sold by `owner` come off: the most built first, never a lot's own
    house nor a lot in the same trade (as many as he has, if fewer)."""
    keep = board.edition.houses_with_lot
    spare = {
        s: view.deeds[s].level - keep
        for s in board.streets
        if view.deeds[s].owner == owner and s not in set(skip) and view.deeds[s].level > keep
    }
    out: list[int] = []
    while len(out) < count and any(spare.values()):
        space = max(spare, key=lambda s: (spare[s], board.price[s]))
        out.append(space)
        spare[space] -= 1
    return tuple(sorted(out))


@dataclass(frozen=True)
class GroupChange:
    completes: tuple[str, ...] = ()
    breaks: tuple[str, ...] = ()

    @property
    def none(self) -> bool:
        return not self.completes and not self.breaks


def owners_after(view: GameView, moves: Iterable[tuple[int, int]]) -> dict[int, int | None]:
    """Return the deed owners once each (space, new owner) move is made."""
    owners = {space: deed.owner for space, deed in view.deeds.items()}
    for space, owner in moves:
        owners[space] = owner
    return owners


def full_groups(board: Board, owners: dict[int, int | None], player: int) -> set[str]:
    """Return the groups of which a player owns every deed."""
    return {g for g, lots in board.members.items() if all(owners.get(s) == player for s in lots)}


def group_changes(
    view: GameView, board: Board, proposer: int, partner: int, give: Bundle, take: Bundle
) -> dict[int, GroupChange]:
    """Return, for both players, the groups the trade would complete and the full groups it would break up."""
    before = owners_after(view, ())
    after = owners_after(view, [(s, partner) for s in give.deeds] + [(s, proposer) for s in take.deeds])
    out: dict[int, GroupChange] = {}
    for player in (proposer, partner):
        had = full_groups(board, before, player)
        has = full_groups(board, after, player)
        out[player] = GroupChange(
            completes=tuple(_group_name(board, g) for g in sorted(has - had)),
            breaks=tuple(_group_name(board, g) for g in sorted(had - has)),
        )
    return out


def _group_name(board: Board, group: str) -> str:
    return group_name(board, group)


def holding(view: GameView, board: Board, space: int, player: int) -> tuple[int, int]:
    """Return (deeds of this space's group the player owns, deeds in the group)."""
    group = board.group_of[space]
    assert group is not None
    lots = board.members[group]
    return sum(1 for s in lots if view.deeds[s].owner == player), len(lots)


def deed_note(
    view: GameView,
    board: Board,
    space: int,
    receiver: int,
    names: Sequence[str],
    moved: Mapping[int, int] | None = None,
) -> str:
    """Describe what one deed means to the player who would receive it, his group as it would stand after the
    deal (`moved`: the deal's other deeds, each to its new holder): "Orange: completes Ada's group (3 of 3
    after the deal)", "Yellow: Ada holds 2 of 3 after the deal"."""
    group = board.group_of[space]
    assert group is not None
    if not board.edition.colour_groups:
        held, _size = holding(view, board, space, receiver)
        left = markers_left(view, receiver)
        if left is not None:
            return _(
                "{name} holds {n} lots, {left} ownership markers left",
                name=names[receiver],
                n=held,
                left=left,
            )
        return _("{name} holds {n} lots", name=names[receiver], n=held)
    after = {**(moved or {}), space: receiver}
    lots = board.members[group]
    held = sum(1 for s in lots if after.get(s, view.deeds[s].owner) == receiver)
    size = len(lots)
    name = _group_name(board, group)
    if held == size:
        return _(
            "{group}: completes {name}'s group ({held} of {size} after the deal)",
            group=name,
            name=names[receiver],
            held=held,
            size=size,
        )
    return _(
        "{group}: {name} holds {held} of {size} after the deal",
        group=name,
        name=names[receiver],
        held=held,
        size=size,
    )


def value_of(view: GameView, board: Board, space: int) -> int:
    """Return a deed's value in a trade: its printed price, half if mortgaged, and the houses added to a house
    and lot at their price (the rule books' valuation)."""
    deed = view.deeds[space]
    price = board.price[space]
    added = max(0, deed.level - board.edition.houses_with_lot) if board.edition.houses_with_lot else 0
    return (price // 2 if deed.mortgaged else price) + added * board.house_cost[space]
