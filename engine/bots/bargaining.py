"""A bot's memory of its own offers, and what the answers taught it about each partner.

The bot prices an offer with its own valuation of both sides, asking the partner to gain at least a share
(`demand`) of what the bot gains. It starts each partner at its own standard of fairness and learns from
the answers alone: an offer taken means the partner may take less next time (the share comes down a
step); a refusal sends it back up a step, but never above where it started. So a refusal never makes a
bot bid against itself: a partner who refuses everything is offered what a bot that never asked would
offer. A refusal that names a price ("I would take $1,400 for it") is remembered, and met once if the bot's
own judgement allows; and a partner heard naming his prices (to anyone) is offered the least first, since
he will say what he would take. The same lots are never asked for twice on an unchanged table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots.position import Position
from engine.core.events import Event

STEP = 0.15
"""How far one answer moves the share of the gain a partner is asked to be content with."""
FLOOR = 0.1
"""The least share a bot ever assumes a partner will be content with."""

Key = tuple[int, tuple[int, ...]]
"""(partner, the lots asked of him); sales are keyed (-1 - buyer, (lot,))."""


@dataclass
class Asked:
    """The offers made for one partner's lots: when last, on what table, how often, in which forms (the
    deeds offered with the cash)."""

    turn: int
    table: int
    tries: int
    forms: frozenset[tuple[int, ...]] = frozenset()
    prices: tuple[tuple[tuple[int, ...], int], ...] = ()  # (form, cash offered) for each form, the last

    def price_of(self, form: tuple[int, ...]) -> int | None:
        """Return the cash last offered (negative: asked) with this form, or None if it was never offered."""
        return next((p for f, p in self.prices if f == form), None)


@dataclass(frozen=True, slots=True)
class Counter:
    """A price a partner named when refusing: the form refused, and the cash he would take (negative:
    pay) for it."""

    form: tuple[int, ...]
    price: int
    turn: int  # when the refused offer was made


@dataclass
class Open:
    """The bot's offer awaiting an answer."""

    key: Key
    partner: int
    form: tuple[int, ...]
    demand: float  # the share of the bot's gain the partner was asked to be content with
    start: float  # where the bot starts every partner: its own standard
    trade_id: int | None = None


_TRADE_EVENTS = frozenset({"trade_proposed", "trade_rejected", "trade_completed", "trade_cancelled"})
"""The events of a trade, the only ones a bot learns its partners' minds from."""


@dataclass
class TradeMemory:
    asked: dict[Key, Asked] = field(default_factory=dict)
    demand: dict[int, float] = field(default_factory=dict)  # partner -> share of the gain asked of him
    counters: dict[Key, Counter] = field(default_factory=dict)
    open: Open | None = None
    quiet: tuple[int, int] = (0, 0)  # (turn, table): nothing to offer before that turn, on that table
    turn: int = -1
    made: int = 0  # offers made in `turn`
    taken: int = 0  # of the bot's offers, accepted
    refused: int = 0  # of the bot's offers, refused
    heard: dict[int, tuple[int, int]] = field(
        default_factory=dict
    )  # offers awaiting answers: id -> (from, to)
    names_prices: set[int] = field(default_factory=set)  # players heard naming a price as they refused
    snubbed: dict[int, int] = field(default_factory=dict)  # partner -> turn of his last plain refusal

    def count(self, turn: int) -> int:
        return self.made if turn == self.turn else 0

    def may_offer(self, turn: int, per_turn: int) -> bool:
        """Whether another offer is allowed this turn: up to `per_turn`, and one more to meet a price named
        this turn."""
        if self.count(turn) < per_turn:
            return True
        return self.count(turn) == per_turn and any(c.turn == turn for c in self.counters.values())

    def rest(self, until: int, table: int) -> None:
        """Stop offering until turn `until`, or as soon as the table changes."""
        self.quiet = (until, table)

    def welcome(self, partner: int, turn: int, rest: int) -> bool:
        """Whether the bot may make `partner` an offer: Not within `rest` turns of his refusing one without a
        word about price: a person who refuses is not asked again and again."""
        last = self.snubbed.get(partner)
        return last is None or turn - last >= rest

    def resting(self, turn: int, table: int) -> bool:
        until, quiet_table = self.quiet
        return turn < until and table == quiet_table

    def share(self, partner: int, start: float) -> float:
        """Return the share of the bot's gain it asks `partner` to accept: `start` at first, half as much
        for a partner who names his prices (he will name what he would take)."""
        share = self.demand.get(partner, start)
        if partner in self.names_prices:
            return max(FLOOR, min(share, start / 2))
        return share

    def record(
        self,
        turn: int,
        table: int,
        key: Key,
        partner: int,
        demand: float,
        start: float,
        form: tuple[int, ...] = (),
        price: int | None = None,
    ) -> None:
        """Record an offer made now (to be answered), with the cash it offers (negative: asks) if it is
        priced."""
        if turn != self.turn:
            self.turn, self.made = turn, 0
        self.made += 1
        last = self.asked.get(key)
        priced = () if price is None else ((form, price),)
        if last is None:
            self.asked[key] = Asked(turn, table, 1, frozenset({form}), priced)
        else:
            prices = tuple((f, p) for f, p in last.prices if f != form) + priced
            self.asked[key] = Asked(turn, table, last.tries + 1, last.forms | {form}, prices)
        self.counters.pop(key, None)
        self.open = Open(key, partner, form, demand, start)

    def hear(self, events: Sequence[Event], me: int) -> None:
        """Learn from the answers: to the bot's open offer, and who names his prices."""
        for e in events:
            if e.kind not in _TRADE_EVENTS:
                continue  # nearly every event: one set lookup
            if e.kind == "trade_proposed":
                self.heard[e.trade.id] = (e.trade.proposer, e.trade.to)
            elif e.kind == "trade_rejected":
                if self.heard.pop(e.trade_id, None) is not None and e.asking is not None:
                    self.names_prices.add(e.player)
            elif e.kind in ("trade_completed", "trade_cancelled"):
                self.heard.pop(e.trade.id if e.kind == "trade_completed" else e.trade_id, None)
        offer = self.open
        if offer is None:
            return
        for e in events:
            if e.kind == "trade_proposed" and e.trade.proposer == me and offer.trade_id is None:
                offer.trade_id = e.trade.id
            elif e.kind == "trade_completed" and e.trade.id == offer.trade_id:
                self.demand[offer.partner] = max(FLOOR, offer.demand - STEP)
                self.taken += 1
                self.open = None
            elif e.kind == "trade_rejected" and e.trade_id == offer.trade_id:
                self.demand[offer.partner] = min(offer.start, offer.demand + STEP)
                self.refused += 1
                if e.asking is not None:
                    self.counters[offer.key] = Counter(offer.form, e.asking, self.turn)
                else:
                    self.snubbed[offer.partner] = self.turn
                self.open = None
            elif e.kind == "trade_cancelled" and e.trade_id == offer.trade_id:
                self.open = None


def table_signature(pos: Position) -> int:
    """Return a signature of the table for an offer: who holds each deed, and which are mortgaged (a hash of
    integers only, the same in every process)."""
    key = table_signature  # the function itself: no other key of the memo is like it
    found = pos.memo.get(key)
    if found is None:  # worked out once per decision: every offer composed and recorded asks for it
        holders = tuple([-1 if o is None else o for o in pos.owner])
        found = pos.memo[key] = hash((holders, tuple(pos.mortgaged)))
    return found  # type: ignore[return-value]
