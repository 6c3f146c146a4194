"""Composing trade offers: the lots that would complete a group, and a price the other side should take.

A bot looks for groups it could complete with lots held by a single rival, and offers cash, a lot that
completes one of that rival's groups, or a lot the rival can use, with cash to balance. It prices every
offer with its own valuation of both sides: the least the partner should accept if he is content with a
share of the bot's gain (`bargaining.TradeMemory.share`, learnt from his answers alone), as long as the
bot's own judgement still finds the deal worth making. What a partner will accept is never read from
anyone's code: only from the table and the answers given so far in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from engine.bots.bargaining import Asked, Key, TradeMemory, table_signature
from engine.bots.judging import Deal, Fairness, baseline, completed, unlocked
from engine.bots.position import Position
from engine.bots.thresholds import least_passing, most_passing, round_up
from engine.bots.valuation import Style
from engine.core.commands import ProposeTrade
from engine.core.state import Bundle
from engine.core.unchecked import unchecked

bundle = unchecked(Bundle)
"""Build a bundle of the table's own deeds and whole-dollar prices without validating it: for the trades a
bot only weighs, and for the offers it makes (the door checks those field by field)."""
_NOTHING = bundle()
"""Nothing at all, one side of a sale for cash alone."""


@dataclass(frozen=True, slots=True)
class Want:
    partner: int
    group: str
    lots: tuple[int, ...]  # what the partner holds of the group: all the bot lacks


@dataclass(frozen=True, slots=True)
class Judgement:
    """Parameters of how a bot judges a deal (`style`, `fair`), and the share of its own gain it expects a
    partner it knows nothing of yet to want (`expect`): where its reading of each partner starts."""

    style: Style
    fair: Fairness
    expect: float = 0.5


@lru_cache(maxsize=1024)
def content_with(fair: Fairness, share: float) -> Fairness:
    """Return `fair` for a partner content with `share` of the bot's gain: the same few shares come round at
    every offer composed, and `replace` builds its object field by field."""
    return replace(fair, partner=share)


def tradeable(pos: Position, space: int) -> bool:
    return not pos.built(pos.group(space))


def wants(pos: Position, me: int, consolidate: bool = False) -> list[Want]:
    """Return the groups (colour groups, and the railroads from two held) the bot could complete by one trade
    with a partner who holds no more of the group than the bot does. With `consolidate`, also a colour group
    split between the bot and two rivals (or a rival and the bank): the lots of the rival holding fewer, which
    leave one trade, or the bank, between the bot and the group."""
    out = []
    board = pos.board
    streets = pos.tables.street_groups
    owner = pos.owner
    for group in board.edition.groups:
        if group in pos.tables.dice_groups or pos.built(group):
            continue
        lots = board.members[group]
        mine = 0
        unowned = False
        held: dict[int, tuple[int, ...]] = {}  # each rival's lots of the group
        for s in lots:  # one pass: asked for the bot and for each partner at every offer it composes
            o = owner[s]
            if o == me:
                mine += 1
            elif o is None:
                unowned = True
            else:
                held[o] = (*held.get(o, ()), s)
        if mine == 0 or mine == len(lots) or (group not in streets and mine < 2):
            continue
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
    """Return the sets of the bot's lots that would complete one of the partner's groups (other than
    `skip`)."""
    return [w.lots for w in wants(pos, partner) if w.partner == me and w.group != skip]


def strays(pos: Position, me: int, partner: int, skip: str) -> list[int]:
    """Return the bot's lone deeds the partner may value: in groups where the partner holds a lot too."""
    board = pos.board
    owner = pos.owner
    out: list[int] = []
    for s in board.deeds:
        if owner[s] != me or not tradeable(pos, s):
            continue
        group = pos.group(s)
        if group == skip:
            continue
        partners = mine = 0
        for t in board.members[group]:
            holder = owner[t]
            if holder == partner:
                partners += 1
            if holder == me:
                mine += 1
        if partners and mine == 1:
            out.append(s)
            if len(out) == 3:
                break  # the first three: enough forms to price
    return out


def price_for(deal: Deal, fair: Fairness, lo: int, hi: int) -> int | None:
    """Return the least cash a pays b (negative: b pays a) that b accepts if he judges by `fair`, or None."""
    pos, style = deal.pos, deal.style

    def accepted(price: int) -> bool:
        ga, gb, others = deal.gains(price)
        return gb >= baseline(fair, pos, style, ga, others, deal.groups_a, deal.b)

    if not accepted(hi):
        return None
    return least_passing(lo, hi, accepted, within=2)


def _round_down(price: int) -> int:
    step = 10 if price >= 100 else 5
    return price // step * step


def may_ask(last: Asked | None, table: int, turn: int, cooldown: int, tries: int) -> bool:
    """Whether the same lots may be asked for again: Only on a changed table, `cooldown` turns on, and not
    more than `tries` times in all."""
    if last is None:
        return True
    return last.table != table and turn - last.turn >= cooldown and last.tries < tries


@dataclass(frozen=True, slots=True)
class Persistence:
    """Parameters for asking again after a refusal, as a fair negotiator does: the same lots at most once a
    round of the table, each time at a better price for the partner (a step of the way from the last price to
    the most the asker's own judgement allows), `tries` times at most; on a stalled table (no building
    anywhere by `stall_round`) the asker settles for less (`stalled`)."""

    tries: int = 6
    steps: int = 3  # the way from the last price to the most it would pay, in this many steps
    least_step: int = 20
    stall_round: int = 18
    stalled: Fairness | None = None


def stalled(pos: Position, round_: int) -> bool:
    """Whether the game has stalled: no building on the board by this round, so it waits for a deal."""
    return pos.view.round >= round_ and not any(pos.levels[s] for s in pos.board.deeds)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An offer the bot may make now: how it ranks (a price the partner named, a form not yet refused, the
    bot's own gain), the lots asked for (`key`), and the share of its gain it expects the partner to want."""

    rank: tuple[bool, bool, float]
    offer: ProposeTrade
    key: Key
    share: float
    passes: bool = True
    """Whether the bot's own judgement would make it (always, unless asked for `every` offer)."""


def remember(pos: Position, me: int, own: Judgement, memory: TradeMemory, made: Candidate) -> None:
    """Record in the bot's memory that it makes this offer now."""
    cmd = made.offer
    memory.record(
        pos.turn,
        table_signature(pos),
        made.key,
        cmd.to,
        made.share,
        own.expect,
        cmd.give.deeds,
        cmd.give.cash - cmd.take.cash,
    )


def candidates(
    pos: Position,
    me: int,
    own: Judgement,
    memory: TradeMemory,
    patience: Fairness,
    cooldown: int,
    tries: int = 3,
    consolidate: bool = False,
    persist: Persistence | None = None,
    every: bool = False,
) -> list[Candidate]:
    """Return every offer the bot may make now: one for each group it could complete and each form.

    Each form of offer (cash alone, a group for a group, a lone deed with cash) is priced at the least the
    partner should accept by the bot's own valuation of both sides, if he is content with the share of
    the bot's gain his answers so far suggest; the bot proposes while its own gain passes `patience` (a
    looser fairness than it answers offers with: it is the one asking). The same lots are asked for again
    only once the table has changed (who holds what, what is mortgaged), `cooldown` turns on, and at most
    `tries` times; a partner who refused without naming a price is left alone for twice the cooldown; a
    refusal that named a price is met once, if the bot's judgement allows. Each ranks by a price the
    partner named, then a form not yet refused, then the bot's gain. With `consolidate`, lots that leave
    a split group one deal from complete are asked for too. With `persist`, the same lots are asked for
    again once a round, table changed or not, each time at a better price for the partner, up to the most
    the bot's judgement allows (see `Persistence`). With `every`, also the forms its own judgement would
    not offer at any price (`passes` false), at the price it would name, or at no cash where it names none:
    for a bot that weighs them by a judgement of its own.
    """
    table = table_signature(pos)
    found: list[Candidate] = []
    if persist is not None and persist.stalled is not None and stalled(pos, persist.stall_round):
        patience = persist.stalled
    rounds = len(pos.players)
    for want in wants(pos, me, consolidate):
        r = want.partner
        key = (r, tuple(sorted(want.lots)))
        last = memory.asked.get(key)
        counter = memory.counters.get(key)
        if counter is None and not memory.welcome(r, pos.turn, 2 * cooldown):
            continue
        if counter is not None and pos.turn - counter.turn > cooldown:
            counter = None  # a price named long ago is no answer to a question asked now
        if persist is not None:
            allowed = last is None or (pos.turn - last.turn >= rounds and last.tries < persist.tries)
        else:
            allowed = may_ask(last, table, pos.turn, cooldown, tries)
        if counter is None and not allowed:
            continue
        share = memory.share(r, own.expect)
        model = content_with(own.fair, share)
        options: list[tuple[int, ...]] = [(), *swaps(pos, me, r, want.group)]
        options += [(s,) for s in strays(pos, me, r, want.group)]
        take = bundle(deeds=want.lots)
        for give_deeds in options:
            named = counter is not None and counter.form == give_deeds
            if not allowed and not named:
                continue  # only the price the partner named, until the table changes
            deal = Deal(pos, own.style, own.fair, me, r, bundle(deeds=give_deeds), take, imagine=r)
            before = last.price_of(give_deeds) if last is not None and persist is not None else None
            passes = True
            if counter is not None and named:
                price = counter.price
            else:
                least = price_for(deal, model, -pos.funds[r], pos.funds[me])
                if least is None and before is None:
                    if not every:
                        continue  # by my reckoning no price suits him and me both
                    least, passes = 0, False
                price = round_up(least) if least is not None else before  # type: ignore[assignment]
                if before is not None and persist is not None:
                    most = _most(deal, patience, pos, own.style, me, before, pos.funds[me])
                    if most is None or most <= before:
                        if not every:
                            continue  # nothing better to offer him than last time
                        passes = False
                    else:
                        step = max(persist.least_step, (most - before) // persist.steps)
                        price = max(price, min(most, round_up(before + step)))
            if not -pos.funds[r] <= price <= pos.funds[me]:
                if not every:
                    continue
                price, passes = max(-pos.funds[r], min(price, pos.funds[me])), False
            ga, gb, others = deal.gains(price)
            if ga < baseline(patience, pos, own.style, gb, others, deal.groups_b, me):
                if not every:
                    continue
                passes = False
            fresh = last is None or give_deeds not in last.forms
            cmd = ProposeTrade(
                player=me,
                to=r,
                give=bundle(cash=max(price, 0), deeds=give_deeds),
                take=bundle(cash=max(-price, 0), deeds=want.lots),
            )
            found.append(Candidate((named, fresh, ga), cmd, key, share, passes))
    return found


def _most(
    deal: Deal, patience: Fairness, pos: Position, style: Style, me: int, lo: int, hi: int
) -> int | None:
    """Return the most cash (from `lo` up to `hi`) the asker may pay and still gain what its patience asks."""

    def worth(price: int) -> bool:
        ga, gb, others = deal.gains(price)
        return ga >= baseline(patience, pos, style, gb, others, deal.groups_b, me)

    if hi <= lo or not worth(lo + 1):
        return None
    if worth(hi):
        return hi
    return most_passing(lo + 1, hi, worth)


SALE_MARKUP = 1.5
"""The most a stray deed is offered for, as a share of its printed price (less the cost of lifting its
mortgage): beyond that no one who reads the printed figures takes the offer seriously."""


def sale(
    pos: Position,
    me: int,
    own: Judgement,
    memory: TradeMemory,
    patience: Fairness,
    cooldown: int,
    tries: int = 2,
) -> ProposeTrade | None:
    """Return a stray deed sold for cash to the rival who should pay most for it (by the bot's own valuation
    of him, at the share of the gain his answers suggest he is content with): a lone lot of a group the buyer
    is collecting, when the price beats what the deed is worth to the bot. Never a lot that would complete the
    buyer's group or leave it one trade from complete (that is a different bargain, made on its own terms),
    and never beyond `SALE_MARKUP` of what the deed is worth by its printed figures."""
    table = table_signature(pos)
    board = pos.board
    best: tuple[float, ProposeTrade, Key, float] | None = None
    for r in pos.rivals:
        share = memory.share(r, own.expect)
        model = content_with(own.fair, share)
        for s in strays(pos, me, r, ""):
            give = bundle(deeds=(s,))
            if completed(pos, give, _NOTHING, r) or unlocked(pos, give, _NOTHING, r, me):
                continue
            key: Key = (-1 - r, (s,))
            last = memory.asked.get(key)
            counter = memory.counters.get(key)
            if counter is not None and pos.turn - counter.turn > cooldown:
                counter = None
            if counter is None and not (
                may_ask(last, table, pos.turn, cooldown, tries) and memory.welcome(r, pos.turn, 2 * cooldown)
            ):
                continue
            deal = Deal(pos, own.style, own.fair, me, r, give, _NOTHING)
            if counter is not None:
                price: int | None = counter.price  # what he said he would pay
            else:
                price = price_for(deal, model, -pos.funds[r], 0)
                if price is None or price >= 0:
                    continue
                printed = board.price[s] - (board.unmortgage_cost(s) if pos.mortgaged[s] else 0)
                price = -_round_down(min(-price, int(SALE_MARKUP * printed)))
            if price is None or price >= 0 or -price > pos.funds[r]:
                continue
            ga, gb, others = deal.gains(price)
            if ga < baseline(patience, pos, own.style, gb, others, [], me):
                continue
            if best is None or ga > best[0]:
                cmd = ProposeTrade(player=me, to=r, give=give, take=bundle(cash=-price))
                best = (ga, cmd, key, share)
    if best is None:
        return None
    _gain, cmd, key, share = best
    memory.record(pos.turn, table, key, cmd.to, share, own.expect)
    return cmd
