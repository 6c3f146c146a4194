"""What each level does at the table over a tournament, beyond who wins: its offers (how many, how often the
same lot, how early), what it pays at auction against the printed price, how much of its complete groups
stands built, the groups it hands to rivals, what it asks for its stray deeds, how it leaves jail, and how
often it wins the race that decides most games: the first to put three houses on every lot of a group.

A `Scorecard` watches every command and its events (`engine.tools.simulate.play_game`'s `watch`) and reads the
table after each; it never changes the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.bots.position import THIRD_HOUSE
from engine.core.commands import Command
from engine.core.events import Event
from engine.core.state import Bundle, TradeOffer

if TYPE_CHECKING:
    from engine.play.game import Game


@dataclass
class LevelCard:
    """One level's figures, summed over its seats and games."""

    seat_games: int = 0
    offers: int = 0  # proposals made
    accepted: int = 0  # of those, accepted
    received: int = 0  # proposals received
    received_accepted: int = 0  # of those, accepted
    named_prices: int = 0  # offers at the price the partner named when refusing the last one
    # per seat and game: the most offers made to one player for one lot, and received for one lot
    most_same_ask: list[int] = field(default_factory=list)
    received_same: list[int] = field(default_factory=list)
    first_offer: list[int] = field(default_factory=list)  # round of the seat's first offer, if it made one
    auction_ratios: list[float] = field(default_factory=list)  # deeds won at auction: price / printed price
    group_samples: int = 0  # complete street groups seen at the start of the holder's turns
    built_samples: int = 0  # of those, with buildings
    mortgaged_samples: int = 0  # of those, with a mortgaged lot
    got_by_trade: int = 0  # groups completed by the seat's trades
    first_group: list[int] = field(default_factory=list)  # round of the seat's first complete group
    handed: int = 0  # trades that completed the partner's group and none of this seat's
    handed_ratios: list[float] = field(default_factory=list)  # cash got for such a deed / its printed price
    sale_ratios: list[float] = field(default_factory=list)  # stray sales asked: cash / printed price
    mortgaged_sale_ratios: list[float] = field(default_factory=list)  # the same for mortgaged deeds
    jail_early: int = 0  # decisions in jail while a quarter of the deeds are with the bank
    jail_early_stayed: int = 0  # of those, rolled for doubles instead of leaving
    race_first: int = 0  # games in which the seat was the first to put three houses on every lot of a group
    race_first_won: int = 0  # of those, games it won

    def as_dict(self) -> dict[str, object]:
        games = max(1, self.seat_games)
        return {
            "seat_games": self.seat_games,
            "offers_per_game": round(self.offers / games, 2),
            "offers_accepted": round(self.accepted / self.offers, 3) if self.offers else 0.0,
            "offers_received_per_game": round(self.received / games, 2),
            "received_accepted": _share(self.received_accepted, self.received),
            "offers_at_named_price": self.named_prices,
            "same_lot_asked_most": max(self.most_same_ask, default=0),
            "same_lot_received": _spread(self.received_same),
            "first_offer_round": _spread(self.first_offer),
            "auction_price_to_printed": _spread(self.auction_ratios),
            "complete_groups_built": _share(self.built_samples, self.group_samples),
            "complete_groups_mortgaged": _share(self.mortgaged_samples, self.group_samples),
            "groups_by_trade_per_game": round(self.got_by_trade / games, 3),
            "first_group_round": _spread(self.first_group),
            "groups_handed_per_game": round(self.handed / games, 3),
            "handed_price_to_printed": _spread(self.handed_ratios),
            "stray_sale_asked_to_printed": _spread(self.sale_ratios),
            "mortgaged_sale_asked_to_printed": _spread(self.mortgaged_sale_ratios),
            "jail_early_stayed": _share(self.jail_early_stayed, self.jail_early),
            "first_to_three_houses": _share(self.race_first, self.seat_games),
            "won_when_first": _share(self.race_first_won, self.race_first),
        }

    def merge(self, other: LevelCard) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, list):
                mine.extend(value)
            else:
                setattr(self, name, mine + value)


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _spread(values: list[float] | list[int]) -> dict[str, float] | None:
    """Return the median, 90th percentile and maximum of a list of figures (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    n = len(ordered)
    return {
        "n": n,
        "median": round(float(ordered[n // 2]), 3),
        "p90": round(float(ordered[min(n - 1, int(0.9 * n))]), 3),
        "max": round(float(ordered[-1]), 3),
    }


class Scorecard:
    """Statistics by level over many games; `begin` each game with its seats' levels, then `watch` it."""

    def __init__(self) -> None:
        self.levels: dict[str, LevelCard] = {}
        self._game: Game | None = None
        self._seats: list[str] = []
        self._asks: Counter[tuple[int, int, int]] = Counter()  # (proposer, to, lot) -> offers
        self._first: dict[int, int] = {}
        self._offers: dict[int, TradeOffer] = {}  # this game's offers awaiting an answer
        self._grouped: set[int] = set()  # seats that have held a complete group this game
        self._named: dict[tuple[int, int], int] = {}  # (proposer, to) -> the price named in the last refusal
        self._race: int | None = None  # the seat first to put three houses on every lot of a group

    def card(self, level: str) -> LevelCard:
        return self.levels.setdefault(level, LevelCard())

    def begin(self, game: Game, seats: list[str]) -> None:
        self.end()
        self._game = game
        self._seats = list(seats)
        self._asks = Counter()
        self._first = {}
        self._offers = {}
        self._named = {}
        self._grouped = set()
        self._race = None
        for level in seats:
            self.card(level).seat_games += 1

    def end(self) -> None:
        """Close the game being watched (done by `begin` and by `as_dict`)."""
        if self._game is None:
            return
        asks = self._asks.items()
        for seat, level in enumerate(self._seats):
            card = self.card(level)
            card.most_same_ask.append(max((n for (p, _t, _s), n in asks if p == seat), default=0))
            card.received_same.append(max((n for (_p, t, _s), n in asks if t == seat), default=0))
            if seat in self._first:
                card.first_offer.append(self._first[seat])
        if self._race is not None:
            card = self.card(self._seats[self._race])
            card.race_first += 1
            card.race_first_won += self._game.state.winner == self._race
        self._game = None

    def watch(self, cmd: Command, events: list[Event]) -> None:
        game = self._game
        if game is None:
            return
        st = game.state
        board = game.board
        seats = self._seats
        kind = cmd.kind
        if kind in ("pay_jail_fine", "use_jail_card", "roll_dice") and self._in_jail_choice(events, kind):
            unowned = sum(1 for s in board.deeds if st.deeds[s].owner is None)
            if unowned * 4 >= len(board.deeds):
                card = self.card(seats[cmd.player])
                card.jail_early += 1
                card.jail_early_stayed += kind == "roll_dice"
        for e in events:
            if e.kind == "turn_started":
                self._groups(game, e.player)
            elif e.kind == "trade_proposed":
                t = e.trade
                self._offers[t.id] = t
                card = self.card(seats[t.proposer])
                card.offers += 1
                named = self._named.pop((t.proposer, t.to), None)
                if named is not None and named == t.give.cash - t.take.cash:
                    card.named_prices += 1
                self.card(seats[t.to]).received += 1
                self._first.setdefault(t.proposer, st.round)
                for s in t.take.deeds:
                    self._asks[t.proposer, t.to, s] += 1
                if len(t.give.deeds) == 1 and not t.take.deeds and t.take.cash and not t.give.cash:
                    s = t.give.deeds[0]
                    ratio = t.take.cash / board.price[s]
                    if st.deeds[s].mortgaged:
                        card.mortgaged_sale_ratios.append(ratio)
                    else:
                        card.sale_ratios.append(ratio)
            elif e.kind == "trade_completed":
                t = e.trade
                self.card(seats[t.proposer]).accepted += 1
                self.card(seats[t.to]).received_accepted += 1
                for side, got in ((t.proposer, t.take.deeds), (t.to, t.give.deeds)):
                    if _completed(game, side, got):
                        self.card(seats[side]).got_by_trade += 1
                self._handed(game, t.proposer, t.to, t.give, t.take)
                self._handed(game, t.to, t.proposer, t.take, t.give)
            elif e.kind == "trade_rejected":
                offer = self._offers.pop(e.trade_id, None)
                if offer is not None and e.asking is not None:
                    self._named[offer.proposer, offer.to] = e.asking
            elif (
                e.kind == "building_bought" and self._race is None and _three_houses(game, e.player, e.space)
            ):
                self._race = e.player
            elif e.kind == "auction_won" and e.lot == "deed":
                self.card(seats[e.player]).auction_ratios.append(e.amount / board.price[e.space])

    @staticmethod
    def _in_jail_choice(events: list[Event], kind: str) -> bool:
        if kind != "roll_dice":
            return any(e.kind == "left_jail" for e in events)
        return any(
            e.kind == "jail_roll_failed" or (e.kind == "left_jail" and e.how == "doubles") for e in events
        )

    def _groups(self, game: Game, player: int) -> None:
        deeds = game.state.deeds
        card = self.card(self._seats[player])
        for lots in game.board.street_groups:
            if all(deeds[s].owner == player for s in lots):
                if player not in self._grouped:
                    self._grouped.add(player)
                    card.first_group.append(game.state.round)
                card.group_samples += 1
                card.built_samples += any(deeds[s].level for s in lots)
                card.mortgaged_samples += any(deeds[s].mortgaged for s in lots)

    def _handed(self, game: Game, giver: int, receiver: int, gave: Bundle, got: Bundle) -> None:
        """Score a completed trade from the giver's side: did it complete a group for the receiver and none
        for the giver? Then what the giver got for it, against the printed prices."""
        if not gave.deeds or _completed(game, giver, got.deeds) or not _completed(game, receiver, gave.deeds):
            return
        card = self.card(self._seats[giver])
        card.handed += 1
        printed = sum(game.board.price[s] for s in gave.deeds)
        card.handed_ratios.append((got.cash - gave.cash) / printed)

    def as_dict(self) -> dict[str, object]:
        self.end()
        return {level: card.as_dict() for level, card in self.levels.items()}

    def merge(self, other: Scorecard) -> None:
        other.end()
        for level, card in other.levels.items():
            self.card(level).merge(card)


def _completed(game: Game, holder: int, deeds: tuple[int, ...]) -> bool:
    """Whether these deeds, just received by `holder`, complete one of his street groups."""
    owners = game.state.deeds
    return any(
        any(s in lots for s in deeds) and all(owners[t].owner == holder for t in lots)
        for lots in game.board.street_groups
    )


def _three_houses(game: Game, holder: int, space: int) -> bool:
    """Whether `holder`, having just built on `space`, has three houses (or more, or a hotel; the edition's
    top level where it allows fewer) on every lot of its group? The level at which the bots reckon a group
    turns decisive, so the first to reach it on a whole group usually wins."""
    board = game.board
    group = board.group_of[space]
    lots = board.members[group] if group is not None else ()
    if lots not in board.street_groups:
        return False  # an edition whose lots are built on alone (1904) has no such race
    deeds = game.state.deeds
    level = min(THIRD_HOUSE, game.ruleset.max_level)
    return all(deeds[t].owner == holder and deeds[t].level >= level for t in lots)
