"""Composing trade offers: the lots that would complete a group, and a price the other side should take.

A bot looks for groups it could complete with lots held by a single rival, and offers cash, a lot that
completes one of that rival's groups, or a lot the rival can use, with cash to balance. The price is found
by search: the least the rival should accept as a typical player judges (`model`), as long as the bot's
own judgement still finds the deal worth making. Each offer is remembered; a refused offer is not made
again for a while, and when it is, it comes with a better price or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.bots.judging import Deal, Fairness, baseline, completed
from engine.bots.plain import face_value, plain_price
from engine.bots.position import Position
from engine.bots.valuation import Style
from engine.commands import ProposeTrade
from engine.state import Bundle


@dataclass(frozen=True, slots=True)
class Want:
    partner: int
    group: str
    lots: tuple[int, ...]  # what the partner holds of the group: all the bot lacks


@dataclass
class Asked:
    """The offers made for one partner's lots: when last, how generous, how often, and in which forms
    (the deeds offered with the cash)."""

    turn: int
    generosity: float  # the last offer's surplus over the printed prices of what was asked
    tries: int
    forms: frozenset[tuple[int, ...]] = frozenset()


@dataclass
class TradeMemory:
    """What a bot has asked for: (partner, lots asked) -> the last offer, however it was paid for."""

    asked: dict[tuple[int, tuple[int, ...]], Asked] = field(default_factory=dict)
    next_look: int = 0
    turn: int = -1
    made: int = 0  # offers made in `turn`

    def count(self, turn: int) -> int:
        return self.made if turn == self.turn else 0

    def record(
        self, turn: int, key: tuple[int, tuple[int, ...]], generosity: float, form: tuple[int, ...] = ()
    ) -> None:
        if turn != self.turn:
            self.turn, self.made = turn, 0
        self.made += 1
        last = self.asked.get(key)
        if last is None:
            self.asked[key] = Asked(turn, generosity, 1, frozenset({form}))
        else:
            self.asked[key] = Asked(turn, generosity, last.tries + 1, last.forms | {form})


@dataclass(frozen=True, slots=True)
class Judgement:
    style: Style
    fair: Fairness


def tradeable(pos: Position, space: int) -> bool:
    return not pos.built(pos.group(space))


def wants(pos: Position, me: int, consolidate: bool = False) -> list[Want]:
    """Groups (colour groups, and the railroads from two held) the bot could complete by one trade with a
    partner who holds no more of the group than the bot does. With `consolidate`, also a colour group
    split between the bot and two rivals (or a rival and the bank): the lots of the rival holding fewer,
    which leave one trade, or the bank, between the bot and the group."""
    out = []
    board = pos.board
    streets = pos.tables.street_groups
    for group in board.edition.groups:
        if group in pos.tables.dice_groups or pos.built(group):
            continue
        lots = board.members[group]
        mine = sum(1 for s in lots if pos.owner[s] == me)
        if mine == 0 or mine == len(lots) or (group not in streets and mine < 2):
            continue
        held: dict[int, tuple[int, ...]] = {}
        for s in lots:
            o = pos.owner[s]
            if o is not None and o != me:
                held[o] = (*held.get(o, ()), s)
        unowned = any(pos.owner[s] is None for s in lots)
        if len(held) == 1 and not unowned:
            partner, theirs = next(iter(held.items()))
            if partner in pos.players and len(theirs) <= mine:  # else he is the one collecting it
                out.append(Want(partner, group, theirs))
        elif consolidate and group in streets and len(held) + unowned == 2:
            partner, theirs = min(held.items(), key=lambda kv: len(kv[1]))
            if partner in pos.players and len(theirs) <= mine:
                out.append(Want(partner, group, theirs))
    return out


def swaps(pos: Position, me: int, partner: int, skip: str) -> list[tuple[int, ...]]:
    """Sets of the bot's lots that would complete one of the partner's groups (other than `skip`)."""
    return [w.lots for w in wants(pos, partner) if w.partner == me and w.group != skip]


def strays(pos: Position, me: int, partner: int, skip: str) -> list[int]:
    """The bot's lone deeds the partner may value: in groups where the partner holds a lot too."""
    board = pos.board
    out = []
    for s in board.deeds:
        if pos.owner[s] != me or not tradeable(pos, s):
            continue
        group = pos.group(s)
        if group == skip:
            continue
        lots = board.members[group]
        if any(pos.owner[t] == partner for t in lots) and sum(1 for t in lots if pos.owner[t] == me) == 1:
            out.append(s)
    return out[:3]


def price_for(deal: Deal, lo: int, hi: int) -> int | None:
    """The least cash a pays b (negative: b pays a) that b accepts by the deal's fairness, or None."""
    pos, style, fair = deal.pos, deal.style, deal.fair

    def accepted(price: int) -> bool:
        ga, gb, others = deal.gains(price)
        return gb >= baseline(fair, pos, style, ga, others, deal.groups_a, deal.b)

    if not accepted(hi):
        return None
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if accepted(mid):
            hi = mid
        else:
            lo = mid
    return hi


def _round_up(price: int) -> int:
    step = 10 if abs(price) >= 100 else 5
    return -((-price) // step) * step


def compose(
    pos: Position,
    me: int,
    own: Judgement,
    model: Judgement | None,
    memory: TradeMemory,
    patience: Fairness,
    cooldown: int,
    raise_by: float,
    tries: int = 4,
    consolidate: bool = False,
) -> ProposeTrade | None:
    """The best offer to make now, or None.

    The first offer for a want is priced by `model` (the least a partner judging that way accepts), or at
    the plain fair price when `model` is None or finds no price. The bot proposes while its own gain
    passes `patience` (a looser fairness than it answers offers with: it is the one asking). A refused
    want is asked again only after `cooldown` turns and, in a form already refused, for more (its surplus
    over printed prices up by `raise_by` of that surplus and the lots' price); after `tries` refusals,
    only once ten times the cooldown has passed. A form of offer not yet refused (cash alone, a group for
    a group, a lone deed with cash) is tried before a refused one again; among the rest, the bot's gain
    decides. With `consolidate`, lots that leave a split group one deal from complete are asked for too.
    """
    best: tuple[tuple[bool, float], ProposeTrade, tuple[int, tuple[int, ...]], float, tuple[int, ...]] | None
    best = None
    for want in wants(pos, me, consolidate):
        r = want.partner
        key = (r, tuple(sorted(want.lots)))
        last = memory.asked.get(key)
        if last is not None:
            waited = pos.turn - last.turn
            if waited < cooldown or (last.tries >= tries and waited < 10 * cooldown):
                continue
            if last.tries >= tries:
                last = None
        options: list[tuple[int, ...]] = [(), *swaps(pos, me, r, want.group)]
        options += [(s,) for s in strays(pos, me, r, want.group)]
        asked = face_value(pos, want.lots)
        for give_deeds in options:
            give = Bundle(deeds=give_deeds)
            take = Bundle(deeds=want.lots)
            gets = completed(pos, take, give, me)
            yields = completed(pos, give, take, r)
            price: int | None = None
            if model is not None:
                deal = Deal(pos, model.style, model.fair, me, r, give, take)
                price = price_for(deal, -pos.funds[r], pos.funds[me])
            if price is None:  # no typical player would take cash for it: ask at the plain fair price
                price = plain_price(pos, give_deeds, want.lots, gets, yields)
            surplus = face_value(pos, give_deeds) + price - asked
            fresh = last is None or give_deeds not in last.forms
            if last is not None and not fresh:
                # the same form again: worth the refusal only with a clearly better offer
                floor = last.generosity + raise_by * (abs(last.generosity) + asked) + 20
                if surplus < floor:
                    price += int(floor - surplus) + 1
            price = _round_up(price)
            if not -pos.funds[r] <= price <= pos.funds[me]:
                continue
            ga, gb, others = Deal(pos, own.style, own.fair, me, r, give, take).gains(price)
            if ga < baseline(patience, pos, own.style, gb, others, yields, me):
                continue
            rank = (fresh, ga)  # a form not yet refused first, then the bot's own gain
            if best is None or rank > best[0]:
                cmd = ProposeTrade(
                    player=me,
                    to=r,
                    give=Bundle(cash=max(price, 0), deeds=give_deeds),
                    take=Bundle(cash=max(-price, 0), deeds=want.lots),
                )
                best = (rank, cmd, key, face_value(pos, give_deeds) + price - asked, give_deeds)
    if best is None:
        return None
    memory.record(pos.turn, best[2], best[3], best[4])
    return best[1]


def sale(
    pos: Position,
    me: int,
    own: Judgement,
    model: Judgement,
    memory: TradeMemory,
    patience: Fairness,
    cooldown: int,
) -> ProposeTrade | None:
    """A stray deed sold for cash to the rival who should pay most for it (as `model` judges): a lone lot
    of a group the buyer is collecting, when the price beats what the deed is worth to the bot. Never a
    lot that would complete the buyer's group (that is a different bargain, made on its own terms)."""
    best: tuple[float, ProposeTrade, tuple[int, tuple[int, ...]], float] | None = None
    for r in pos.rivals:
        for s in strays(pos, me, r, ""):
            give = Bundle(deeds=(s,))
            if completed(pos, give, Bundle(), r):
                continue
            key = (-1 - r, (s,))  # sales are remembered apart from wants
            last = memory.asked.get(key)
            if last is not None and pos.turn - last.turn < cooldown * max(1, last.tries):
                continue
            deal = Deal(pos, model.style, model.fair, me, r, give, Bundle())
            price = price_for(deal, -pos.funds[r], 0)
            if price is None or price >= 0:
                continue
            price = -_round_down(-price)
            ga, gb, others = Deal(pos, own.style, own.fair, me, r, give, Bundle()).gains(price)
            if ga < baseline(patience, pos, own.style, gb, others, [], me):
                continue
            if best is None or ga > best[0]:
                cmd = ProposeTrade(player=me, to=r, give=give, take=Bundle(cash=-price))
                best = (ga, cmd, key, float(-price))
    if best is None:
        return None
    memory.record(pos.turn, best[2], best[3])
    return best[1]


def _round_down(price: int) -> int:
    step = 10 if price >= 100 else 5
    return price // step * step
