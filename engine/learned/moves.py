"""Moves judged by the learned value (`engine.learned`) without playouts: trades and auction limits.

Two rounds of playouts cannot see what a trade or an auction is worth a dozen rounds later; the learned
value was fitted on who went on to win whole games, so the change it sees in a seat's chance is the
long view. Each move is made on a position drawn from the seat's view (the hidden cards drawn afresh, as
the look-ahead draws them: the value reads only what the table shows, so the draw does not move it),
and the value is asked before and after. A move is surely better only where every member of the
ensemble says so by more than `MARGIN`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.commands import AcceptTrade, Command, PassAuction, PlaceBid, ProposeTrade
from engine.core.errors import IllegalCommand
from engine.core.state import Auction, TradeOffer
from engine.learned.acceptance import AcceptanceModel, terms
from engine.lookahead.sampling import Sampler
from engine.play.game import Game
from engine.play.view import GameView

if TYPE_CHECKING:
    from engine.learned.model import Judgement, LearnedValue

MARGIN = 0.01
"""How much every member must agree a move gains (or loses), in chance to win, before it overrules the
shark: a point, about the members' spread on a quiet position."""
LIMIT_STEPS = (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""The prices, in multiples of the printed price, an auction limit is weighed at."""


def after(view: GameView, course: Sequence[Command], seed: int = 0) -> Game | None:
    """Return the position after `course` from a drawn copy of `view`, or None if the rules refuse it."""
    game = Game(Sampler(view).draw(seed))
    try:
        for cmd in course:
            game.apply(cmd)
    except IllegalCommand:
        return None
    return game


def trade_edge(value: LearnedValue, view: GameView, me: int, trade: TradeOffer) -> Judgement | None:
    """Return what accepting this open offer changes in `me`'s chance (None where it cannot be carried
    out)."""
    return course_edge(value, view, me, [AcceptTrade(player=me, trade_id=trade.id)])


def course_edge(value: LearnedValue, view: GameView, me: int, course: Sequence[Command]) -> Judgement | None:
    """Return what `course`, made from a drawn copy of `view`, changes in `me`'s chance (None where the rules
    refuse it)."""
    done = after(view, course)
    if done is None:
        return None
    from engine.learned.model import edges

    return edges(value, Game(Sampler(view).draw(0)), [done], me)[0]


def settled(view: GameView, winner: int, price: int) -> Game | None:
    """Return the position after the open auction of `view` closes with `winner` buying at `price`: he bids it
    when first asked at or above it, everyone else passes."""
    game = Game(Sampler(view).draw(0))
    bid = False
    try:
        for _ in range(64):
            pend = game.state.pending
            if not isinstance(pend, Auction):
                break
            p = pend.player
            if p == winner and not bid:
                game.apply(PlaceBid(player=p, amount=max(price, pend.next_minimum)))
                bid = True
            else:
                game.apply(PassAuction(player=p))
    except IllegalCommand:
        return None
    return game


@dataclass(frozen=True, slots=True)
class Limit:
    """An auction limit weighed by the value: the dearest price at which winning is surely better than
    letting the deed go (None: none is), and the cheapest at which it is surely worse (None: none is)."""

    sure: int | None
    worse: int | None


def auction_limit(value: LearnedValue, view: GameView, me: int, pend: Auction, cash: int) -> Limit:
    """Compare winning the deed at each of a few prices against the worst rival for `me` winning it at the
    least next bid."""
    price = view.board.price[pend.space]
    least = pend.next_minimum
    rivals = [p for p in pend.bidders if p != me]
    if pend.high_bidder is not None and pend.high_bidder != me and pend.high_bidder not in rivals:
        rivals.append(pend.high_bidder)
    lost = [g for g in (settled(view, r, least) for r in rivals) if g is not None]
    prices = sorted({p for p in (int(price * f) for f in LIMIT_STEPS) if least <= p <= cash})
    won: list[tuple[int, Game]] = []
    for p in prices:
        game = settled(view, me, p)
        if game is not None:
            won.append((p, game))
    if not won:
        return Limit(None, None)
    every = value.all_chances([*lost, *(g for _, g in won)])[:, :, me]  # (members, tables)
    if lost:
        worst = int(every[:, : len(lost)].mean(axis=0).argmin())  # the rival whose win hurts most
        losing = every[:, worst]
    else:
        losing = every[:, 0] * 0.0
    sure: int | None = None
    worse: int | None = None
    for k, (p, _) in enumerate(won):
        gain = every[:, len(lost) + k] - losing  # each member's edge of winning at p over losing
        if float(gain.min()) > MARGIN:
            sure = p
        elif float(gain.max()) < -MARGIN and worse is None:
            worse = p
    return Limit(sure, worse)


SPREAD = 0.02
"""How sharply a partner's acceptance follows his gain in chance, as the value sees it: a partner who gains
two points more than he asks accepts about three times in four."""
PRICE_STEPS = (-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0)
"""The other prices an offer is weighed at: the net cash to the partner moved by these shares of the
printed price of the deeds it asks for (of those it gives, for a sale). The dearest two are weighed only
where the learned acceptance model (`engine.learned.acceptance`) says how a partner takes them."""
NARROW = 10
"""How many of `PRICE_STEPS` are weighed where there is no acceptance model: the earlier rule was never
judged at a premium of more than the printed price."""


@dataclass(frozen=True, slots=True)
class Priced:
    """An offer weighed by the value: the offer, its edge for the proposer if accepted (mean and least of
    the members), the partner's edge (mean), and the chance he accepts it."""

    offer: ProposeTrade
    mine: float
    mine_low: float
    mine_high: float
    theirs: float
    accepted: float

    @property
    def worth(self) -> float:
        """What making it is worth to the proposer: its edge if accepted, times the chance it is."""
        return self.accepted * self.mine


def acceptance(theirs: float, demand: float) -> float:
    """Return the chance a partner accepts an offer that changes his chance by `theirs`, when he asks
    `demand`."""
    x = (theirs - demand) / SPREAD
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def repriced(view: GameView, me: int, offer: ProposeTrade, wide: bool = False) -> list[ProposeTrade]:
    """Return the offer at other net prices (the first `NARROW` of `PRICE_STEPS`, or all of them if `wide`),
    within both sides' cash, the offer itself first."""
    board = view.board
    asked = sum(board.price[s] for s in offer.take.deeds) or sum(board.price[s] for s in offer.give.deeds)
    scale = max(asked, 50)
    net = offer.give.cash - offer.take.cash
    mine, theirs = view.players[me].cash, view.players[offer.to].cash
    nets = [net]
    for step in PRICE_STEPS if wide else PRICE_STEPS[:NARROW]:
        n = net + 10 * round(step * scale / 10)
        if n not in nets and -theirs <= n <= mine:
            nets.append(n)
    return [
        offer.model_copy(
            update={"give": replace(offer.give, cash=max(n, 0)), "take": replace(offer.take, cash=max(-n, 0))}
        )
        for n in nets
    ]


def weigh_offers(
    value: LearnedValue,
    view: GameView,
    me: int,
    offers: Sequence[ProposeTrade],
    demand: float,
    model: AcceptanceModel | None = None,
    figures: Sequence[Sequence[float]] = (),
) -> list[Priced]:
    """Return each offer proposed and accepted, judged for both sides; offers the rules refuse are left out.

    The chance the partner accepts is the acceptance model's where there is one (`engine.learned.acceptance`,
    reading each offer's `figures` from the partner's side, in the order of `offers`), else the earlier
    rule's (`acceptance`, with what his answers so far showed he asks, `demand`)."""
    before = Game(Sampler(view).draw(0))
    made: list[tuple[ProposeTrade, Game, Sequence[float]]] = []
    for k, offer in enumerate(offers):
        done = after(view, [offer, AcceptTrade(player=offer.to, trade_id=view.next_trade_id)])
        if done is not None:
            made.append((offer, done, figures[k] if k < len(figures) else ()))
    if not made:
        return []
    every = value.all_chances([before, *(g for _, g, _ in made)])
    out: list[Priced] = []
    for k, (offer, _, raw) in enumerate(made):
        mine = every[:, k + 1, me] - every[:, 0, me]
        gain = every[:, k + 1, offer.to] - every[:, 0, offer.to]
        theirs = float(gain.mean())
        if model is None or not raw:
            chance = acceptance(theirs, demand)
        else:
            chance = model.chance(
                terms(raw, theirs, float(gain.min()), float(gain.max()), float(mine.mean()))
            )
        out.append(Priced(offer, float(mine.mean()), float(mine.min()), float(mine.max()), theirs, chance))
    return out


def best_offer(
    value: LearnedValue,
    view: GameView,
    me: int,
    offers: Sequence[ProposeTrade],
    figures: Sequence[Sequence[float]],
    shark: ProposeTrade | None,
    model: AcceptanceModel,
    edge: float,
) -> ProposeTrade | None:
    """Return the offer worth most (its edge if accepted times the chance it is, `weigh_offers`) of those
    every member is sure gain `me` more than `MARGIN`, where it is worth `edge` more than `shark` (the
    offer made otherwise, or None for none); else `shark`."""
    weighed = {w.offer: w for w in weigh_offers(value, view, me, offers, 0.0, model, figures)}
    sure = [w for w in weighed.values() if w.mine_low > MARGIN]
    best = max(sure, key=lambda w: w.worth, default=None)
    at_shark = weighed.get(shark) if shark is not None else None
    least = (at_shark.worth if at_shark is not None else 0.0) + edge
    return best.offer if best is not None and best.worth > least else shark
