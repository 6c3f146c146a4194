"""Auctions: how far to go for a deed, or for a building when the bank runs short.

A deed is worth what it adds to the bidder's worth (its price, its rent, what it does for his groups). A
bidder may also go on to keep a deed from a rival it would help: the rival's gain, weighted by how much the
style cares. Every bid stays within what the bidder can pay, and cash a bid would leave short of a safe
reserve counts against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.building import complete_groups, target
from engine.bots.position import Position
from engine.bots.valuation import Style, deed_value, development, rent_factor, worth_paying
from engine.core.phrases import N_, Phrase
from engine.core.state import Auction


@dataclass(frozen=True, slots=True)
class Bidding:
    """Parameters of how far a level goes at auction for a deed."""

    deny: float  # share of a rival's gain worth paying to keep a deed from him
    most: float  # the most it bids, as a share of the printed price, for a deed that completes nothing
    completing: float  # the same for a deed that completes one of its own groups
    blocking: float  # the most a bid only to keep the deed from a rival goes, as a share of the price


def deed_limit(pos: Position, style: Style, me: int, space: int, bidding: Bidding, safe: float) -> int:
    """Return the highest bid for a deed: what it is worth paying for it, or the share `deny` of its worth to
    the rival it would help most, within what I can pay and never beyond the level's multiples of the
    printed price (the worth of a deed is a forecast; what it costs at auction is certain)."""
    return limit_and_reason(pos, style, me, space, bidding, safe)[0]


def limit_and_reason(
    pos: Position, style: Style, me: int, space: int, bidding: Bidding, safe: float
) -> tuple[int, Phrase, Phrase]:
    """Return `deed_limit`, a description of what sets it, and why the deed is worth a bid at all: words
    that name no figure, said with a bid while the auction is open (the limit is said only after)."""
    funds = pos.funds[me]
    price = pos.board.price[space]
    lots = pos.board.members[pos.group(space)]
    mine = all(s == space or pos.owner[s] == me for s in lots)
    worth = float(worth_paying(pos, style, me, space, safe))
    cap = (bidding.completing if mine else bidding.most) * price
    limit = min(worth, cap)
    why = Phrase(N_("it completes my group")) if mine else Phrase(N_("what it is worth to me"))
    ground = why if mine else Phrase(N_("the rent it would earn me"))
    if worth > cap:
        why = Phrase(
            N_("{times:g} times its price, my most for it"),
            times=bidding.completing if mine else bidding.most,
        )
    if bidding.deny:
        rival = max((deed_value(pos, style, r, space) for r in pos.rivals), default=0.0)
        block = min(bidding.deny * rival, funds - safe / 2, bidding.blocking * price)
        if block > limit:
            limit, why = block, Phrase(N_("to keep it from a rival it would help"))
            ground = why
    if limit > funds:
        why = Phrase(N_("all the cash I have"))
    return max(0, min(int(limit), funds)), why, ground


def building_value(pos: Position, style: Style, player: int) -> float:
    """Return the rent one more building would add for a player over the horizon (toward its group's best
    level)."""
    k = rent_factor(pos, style, player)
    budget = pos.funds[player] - style.keep
    best = 0.0
    for g in complete_groups(pos, player):
        incomes, cost = development(pos, g)
        h0 = sum(pos.level(s) for s in pos.board.members[g])
        t = target(pos, style, g, k, max(budget, cost), pos.rules.max_level)
        if t > h0:
            best = max(best, (incomes[t] - incomes[h0]) * k / (t - h0))
    return best


def building_limit(pos: Position, style: Style, me: int, deny: float) -> int:
    funds = pos.funds[me]
    limit = building_value(pos, style, me)
    if deny:
        limit = max(limit, deny * max((building_value(pos, style, r) for r in pos.rivals), default=0.0))
    return max(0, min(int(limit), funds - style.keep // 2))


def next_bid(a: Auction, limit: int, opening: int, step: int) -> int | None:
    """Return the bid to make under `limit`: an opening bid, then the current bid plus `step`; None to
    pass."""
    least = a.next_minimum
    if least > limit:
        return None
    if a.high_bidder is None:
        return max(least, min(limit, opening))
    return max(least, min(limit, a.high_bid + step))
