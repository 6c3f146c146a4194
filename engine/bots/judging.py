"""Judging a trade: what each side gains by it, and whether that is fair enough, with a reason as text.

A side's gain is the change in its worth (see `valuation`), so a deed counts for what it does to the
receiver's groups as well as for its price, a mortgaged deed counts less the cost of lifting it (and the
10 % due at once), and cash that leaves a player short of a safe reserve counts for less than its face.
A trade that completes a group for the other side must pay at least as much to this side as it gives; so
must one that leaves a group one trade from complete in other hands (the judge's last lot of a group split
between two rivals, say), whoever then completes it. Refusing an offer it would take at another price, a
bot names that price.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.bots.building import reserve
from engine.bots.cards import after_trade
from engine.bots.plain import face_value
from engine.bots.position import Position
from engine.bots.talk import asking_words, worth_naming
from engine.bots.thresholds import least_passing, most_passing, round_up
from engine.bots.valuation import Appraisal, Style, built_income, full_monopoly_value, rent_factor
from engine.core.phrases import N_, Phrase
from engine.core.state import Bundle


@dataclass(frozen=True, slots=True)
class Fairness:
    """Fairness thresholds: what a style asks of a trade before it agrees to one.

    A bot compares its gain with a blend of the partner's gain and the third players' (who lose the rent a
    newly completed group will draw from them): `partner` 1 is strict one-to-one fairness, 0 cares only
    about standing against the table as a whole.
    """

    partner: float  # weight of the partner's gain in that blend
    premium: float  # extra share of a group's full value asked before completing it for the other side
    min_gain: float  # the least gain worth a trade, in dollars
    caution: float  # share of the worst rent on the board kept as a cash reserve
    threat: float  # weight of the rent a newly completed group will draw from each other player
    floor: float = 1.5  # the least printed value got per printed value given for a deed that completes
    # (or leaves one trade from complete) the other side's group and none of mine
    keep: float = 0.0  # the same for a lot of my own group of which I hold all lots but one, while my
    # cash covers my reserve: such a lot is my claim on the group, not a stray to be sold (0: no such rule)


@dataclass(frozen=True, slots=True)
class Verdict:
    accept: bool
    reason: str
    mine: float = 0.0  # gain to the judge
    theirs: float = 0.0  # gain to the other side, as the judge sees it
    asking: int | None = None  # refused: the cash from the proposer at which the judge would agree
    said: Phrase | str = ""  # the reason as a phrase, for a front end to render in its player's language

    def __post_init__(self) -> None:
        if not self.said:
            object.__setattr__(self, "said", self.reason)


class Deal:
    """One trade between `a` (who gives `give`) and `b` (who gives `take`), appraised for one style, with
    the cash from a to b left open so a price can be searched for cheaply."""

    __slots__ = (
        "a",
        "b",
        "base_a",
        "base_b",
        "before_a",
        "before_b",
        "breaks_b",
        "complete_b",
        "fair",
        "groups_a",
        "groups_b",
        "new_a",
        "new_b",
        "pos",
        "safe",
        "style",
    )

    def __init__(
        self,
        pos: Position,
        style: Style,
        fair: Fairness,
        a: int,
        b: int,
        give: Bundle,
        take: Bundle,
        imagine: int | None = None,
    ) -> None:
        """`imagine` names a side (a or b) whose groups the trade leaves one trade from complete are
        appraised as complete: the judge's view of what it makes possible for the other side."""
        self.pos = pos
        self.style = style
        self.fair = fair
        self.a = a
        self.b = b
        owner = list(pos.owner)
        for s in give.deeds:
            owner[s] = b
        for s in take.deeds:
            owner[s] = a
        interest_b = sum(pos.board.interest(s) for s in give.deeds if pos.mortgaged[s])
        interest_a = sum(pos.board.interest(s) for s in take.deeds if pos.mortgaged[s])
        cards_a = pos.jail_cards[a] - give.jail_cards + take.jail_cards
        cards_b = pos.jail_cards[b] - take.jail_cards + give.jail_cards
        unlocked_a = unlocked(pos, take, give, a, b)
        unlocked_b = unlocked(pos, give, take, b, a)
        hand_a = after_trade(pos.hands[a], give.cards, take.cards) if give.cards or take.cards else None
        hand_b = after_trade(pos.hands[b], take.cards, give.cards) if give.cards or take.cards else None
        self.new_a = Appraisal(
            pos, style, a, _imagined(pos, owner, a, unlocked_a if imagine == a else []), cards_a, hand_a
        )
        self.new_b = Appraisal(
            pos, style, b, _imagined(pos, owner, b, unlocked_b if imagine == b else []), cards_b, hand_b
        )
        fa, fb = pos.funds[a], pos.funds[b]
        safe_a, self.before_a = _standing(pos, style, fair, a)
        safe_b, self.before_b = _standing(pos, style, fair, b)
        self.safe = (safe_a, safe_b)
        # cash each side holds after the deeds move, before the price: interest on mortgaged deeds is due
        self.base_a = fa - give.cash + take.cash - interest_a
        self.base_b = fb - take.cash + give.cash - interest_b
        self.groups_a = completed(pos, take, give, a) + unlocked_a
        self.complete_b = completed(pos, give, take, b)
        self.groups_b = self.complete_b + unlocked_b
        self.breaks_b = bool(fair.keep) and fb >= safe_b and claims(pos, take, b)

    def _short(self, side: int, cash: float) -> float:
        return max(0.0, self.safe[side] - cash) * self.style.liquidity

    def gains(self, price: float = 0.0) -> tuple[float, float, float]:
        """Return (gain to a, gain to b, gain to each third player) when a also pays b `price` (negative: b
        pays a). Each side, and every third player, loses the rent the other side's new groups will draw."""
        ca = self.base_a - price
        cb = self.base_b + price
        ga = self.new_a.at(ca) - self._short(0, ca) - self.before_a
        gb = self.new_b.at(cb) - self._short(1, cb) - self.before_b
        ta = threat(self.pos, self.style, self.groups_a, self.a, ca) * self.fair.threat
        tb = threat(self.pos, self.style, self.groups_b, self.b, cb) * self.fair.threat
        return ga - tb, gb - ta, -(ta + tb)


def _standing(pos: Position, style: Style, fair: Fairness, player: int) -> tuple[float, float]:
    """Return (the cash reserve a player should keep, his worth as the table stands less what falling short of
    that reserve costs him), worked out once per decision for each style and player."""
    key = (style, fair.caution, player)
    found = pos.memo.get(key)
    if found is None:
        safe = reserve(pos, style, player, fair.caution)
        cash = pos.funds[player]
        found = (safe, Appraisal(pos, style, player).at(cash) - max(0.0, safe - cash) * style.liquidity)
        pos.memo[key] = found
    return found  # type: ignore[return-value]


def _imagined(pos: Position, owner: list[int | None], player: int, groups: list[str]) -> list[int | None]:
    """Return the holdings with every lot of `groups` given to `player`."""
    if not groups:
        return owner
    out = list(owner)
    for g in groups:
        for s in pos.board.members[g]:
            out[s] = player
    return out


def completed(pos: Position, give: Bundle, take: Bundle, receiver: int) -> list[str]:
    """Return the groups (colour groups and the railroads) a trade completes for `receiver`, who gets `give`
    and hands over `take`."""
    if not give.deeds:
        return []  # cash alone completes nothing: a side of most deals weighed
    out = []
    gets = set(give.deeds)
    loses = set(take.deeds)
    board = pos.board
    for group in dict.fromkeys(board.group_of[s] for s in give.deeds):  # in the deal's order, not by hash
        assert group is not None
        if group in pos.tables.dice_groups:
            continue
        lots = board.members[group]
        if all((pos.owner[s] == receiver and s not in loses) or s in gets for s in lots):
            out.append(group)
    return out


def claims(pos: Position, take: Bundle, owner: int) -> list[str]:
    """Return the street groups of which `owner` holds every lot but one (two at least) and would hand one
    over with `take`: his claim on a group, which a trade would break up."""
    out = []
    board = pos.board
    for group in dict.fromkeys(board.group_of[s] for s in take.deeds):  # in the deal's order, not by hash
        if group not in pos.tables.street_groups:
            continue
        lots = board.members[group]
        held = sum(1 for s in lots if pos.owner[s] == owner)
        if 2 <= held == len(lots) - 1:
            out.append(group)
    return out


def unlocked(pos: Position, give: Bundle, take: Bundle, receiver: int, giver: int) -> list[str]:
    """Return the street groups a trade leaves one trade from complete without completing them: the receiver
    gets a lot of the group, the giver keeps none, the bank holds none, and the rest are with one other
    player. Whoever then completes it, it was the giver's lot that made it possible (a lot parked with a
    friend and taken back later completes the group all the same)."""
    if not give.deeds:
        return []
    out = []
    gets = set(give.deeds)
    loses = set(take.deeds)
    board = pos.board
    streets = pos.tables.street_groups
    for group in dict.fromkeys(board.group_of[s] for s in give.deeds):  # in the deal's order, not by hash
        assert group is not None
        if group not in streets:
            continue
        holders = set()
        for s in board.members[group]:
            holder = receiver if s in gets else giver if s in loses else pos.owner[s]
            holders.add(holder)
        if None in holders or giver in holders or receiver not in holders or len(holders) != 2:
            continue
        out.append(group)
    return out


def threat(pos: Position, style: Style, groups: list[str], owner: int, cash: float) -> float:
    """Return the extra rent each other player should expect to pay, over the style's horizon, to groups
    `owner` has just completed, built as far as pays with his `cash` now and his salary later."""
    if not groups:
        return 0.0  # most deals complete nothing: priced at every step of a search
    land = pos.tables.odds.land
    board = pos.board
    k = rent_factor(pos, style, owner)
    per_roll = 0.0
    for g in groups:
        lots = board.members[g]
        if g in pos.tables.street_groups:
            single = pos.tables.single[g]  # the rent its lots drew held apart
            budget = cash - style.keep
            pace = style.saving * board.edition.salary
            per_roll += built_income(pos, g, k, budget, style.horizon, pace) - single
        elif g not in pos.tables.dice_groups:
            before = max(1, sum(1 for s in lots if pos.owner[s] == owner))
            gain = pos.tables.rent(lots[0], len(lots)) - pos.tables.rent(lots[0], before)
            per_roll += sum(land[s] for s in lots) * gain
    return per_roll * pos.rolls_per_turn() * style.horizon


def baseline(
    fair: Fairness, pos: Position, style: Style, theirs: float, others: float, groups: list[str], who: int
) -> float:
    """Return the least gain a judge accepts when the partner gains `theirs`, each third player `others`, and
    the partner completes `groups`."""
    blend = fair.partner * theirs + (1.0 - fair.partner) * others if len(pos.players) > 2 else theirs
    if groups:
        k = rent_factor(pos, style, who)
        blend += sum(fair.premium * full_monopoly_value(pos, g, k) for g in groups)
    return max(fair.min_gain, blend)


def judge(
    pos: Position,
    style: Style,
    fair: Fairness,
    me: int,
    proposer: int,
    give: Bundle,
    take: Bundle,
    haggle: float | None = None,
) -> Verdict:
    """Answer an offer from `proposer`, who gives `give` and asks `take` of `me`; a refusal names the price
    at which the judge would agree, if there is one the proposer can pay. With `haggle`, the price named
    is as high as the proposer should still take by the judge's own reckoning of him, were he content
    with that share of the judge's gain (never below the judge's own least)."""
    deal = Deal(pos, style, fair, proposer, me, give, take, imagine=proposer)
    theirs, mine, others = deal.gains()
    need = baseline(fair, pos, style, theirs, others, deal.groups_a, me)
    if mine >= need and above_floor(deal, give, take, give.cash - take.cash):
        if deal.complete_b:
            done = Phrase(N_("that completes my {group}"), group=group_words(pos, deal.complete_b[0]))
            return Verdict(True, str(done), mine, theirs, said=done)
        return Verdict(True, N_("a fair deal"), mine, theirs)
    why: Phrase | str = _why_not(pos, deal, me, give, take, deal.groups_a, mine)
    price = asking(deal, give, take)
    if price is not None and haggle is not None:
        price = max(price, _round_down(dearest(deal, replace(fair, partner=haggle), give, take)))
    if price is not None:
        words = asking_words(price, len(take.deeds), len(give.deeds))
        why = (
            Phrase(N_("{why}; {words}"), why=why, words=words)
            if len(str(why)) + len(str(words)) < REASON_MOST
            else words
        )
    return Verdict(False, str(why), mine, theirs, price, why)


REASON_MOST = 88
"""The longest reason given, in characters: one line the other side can read at a glance."""


def dearest(deal: Deal, model: Fairness, give: Bundle, take: Bundle) -> int:
    """Return the most cash from side a (the proposer), the deeds as offered, at which a should still agree if
    he judged by `model` (by b's own reckoning of both sides); at least what he offered."""
    pos = deal.pos
    offered = give.cash - take.cash

    def agrees(total: int) -> bool:
        ga, gb, others = deal.gains(total - offered)
        return ga >= baseline(model, pos, deal.style, gb, others, deal.groups_b, deal.a)

    lo, hi = offered, pos.funds[deal.a]
    if hi <= lo or agrees(hi):
        return max(lo, hi)
    if not agrees(lo):
        return lo
    return most_passing(lo, hi, agrees)


def _round_down(price: int) -> int:
    step = 10 if abs(price) >= 100 else 5
    return price // step * step


def above_floor(deal: Deal, give: Bundle, take: Bundle, total: int) -> bool:
    """Whether the deal respects side b's minimum standard: side b never hands a group to side a (completes
    it, or leaves it one trade from complete) without one of its own for less than `fair.floor` times the
    printed value of what it gives, whatever its cash needs; nor, while its cash covers its reserve, a lot of
    its own group of which it holds all lots but one for less than `fair.keep` times: `total` is the cash a
    gives b (negative: b gives a)."""
    if deal.complete_b:
        return True
    least = deal.fair.floor if deal.groups_a else 0.0
    if deal.breaks_b:
        least = max(least, deal.fair.keep)
    if not least:
        return True
    got = face_value(deal.pos, give.deeds, max(total, 0), give.jail_cards)
    gave = face_value(deal.pos, take.deeds, max(-total, 0), take.jail_cards)
    return got >= least * gave


def asking(deal: Deal, give: Bundle, take: Bundle) -> int | None:
    """Return the least cash from the proposer (negative: the most to him), the deeds and cards as offered, at
    which the judge (side b of `deal`) would agree, rounded in the judge's favour; None if there is none
    the one paying can pay, or if naming it would make no sense (cash for cash)."""
    pos, fair, a, b = deal.pos, deal.fair, deal.a, deal.b
    offered = give.cash - take.cash
    most_in, most_out = pos.funds[a], -pos.funds[b]

    def agrees(total: int) -> bool:
        ga, gb, others = deal.gains(total - offered)
        ok = gb >= baseline(fair, pos, deal.style, ga, others, deal.groups_a, b)
        return ok and above_floor(deal, give, take, total)

    if not agrees(most_in):
        return None
    lo, hi = max(most_out, offered), most_in
    if agrees(lo):
        return None  # the offer as made would do: nothing to name
    hi = least_passing(lo, hi, agrees)
    total = round_up(hi)
    if total > most_in:
        total = hi
    return total if worth_naming(total, len(take.deeds), len(give.deeds)) else None


def group_words(pos: Position, group: str) -> Phrase:
    name = pos.tables.group_names[group]
    if group in pos.tables.street_groups:
        return Phrase(N_("{colour} group"), colour=Phrase.within("edition", name.lower()))
    return Phrase(N_("set of {kind}"), kind=Phrase.within("edition", name.lower()))


def _why_not(
    pos: Position, deal: Deal, me: int, give: Bundle, take: Bundle, their_groups: list[str], mine: float
) -> Phrase:
    """Return one line for the proposer: the main thing wrong with the offer."""
    board = pos.board
    if their_groups:
        done = completed(pos, take, give, deal.a)
        if done:
            return Phrase(N_("that would complete your {group}"), group=group_words(pos, done[0]))
        return Phrase(
            N_("that would leave the {group} one trade from complete"),
            group=group_words(pos, their_groups[0]),
        )
    for s in take.deeds:
        group = pos.group(s)
        lots = board.members[group]
        held = sum(1 for t in lots if pos.owner[t] == me)
        if board.kinds[s] == "street" and held >= 2 and held < len(lots) and held * 2 >= len(lots):
            return Phrase(N_("I am building up the {group} myself"), group=group_words(pos, group))
    mortgaged = [s for s in give.deeds if pos.mortgaged[s]]
    if mortgaged and mine < 0:
        s = mortgaged[0]
        return Phrase(
            N_("{space} is mortgaged: lifting it would cost me ${amount} more"),
            space=board.name(s),
            amount=board.unmortgage_cost(s),
        )
    if take.cash and deal.base_b < deal.safe[1]:
        return Phrase(N_("I cannot spare that much cash now"))
    what = (
        board.name(take.deeds[0])
        if len(take.deeds) == 1
        else Phrase(N_("those deeds"))
        if take.deeds
        else Phrase(N_("${cash}"), cash=take.cash)
    )
    if not give.deeds and (take.deeds or take.cash):
        if give.jail_cards and not give.cash:
            return Phrase(N_("a Get Out of Jail Free card is worth far less than {what}"), what=what)
        if give.cash and take.deeds:
            return Phrase(N_("${cash} is well below what {what} is worth to me"), cash=give.cash, what=what)
        if give.empty:
            return Phrase(N_("you are asking for {what} for nothing"), what=what)
    if give.deeds and take.deeds:
        offered = board.name(give.deeds[0]) if len(give.deeds) == 1 else Phrase(N_("those deeds"))
        if len(give.deeds) == 1:
            return Phrase(N_("{offered} is worth less to me than {what}"), offered=offered, what=what)
        return Phrase(N_("{offered} are worth less to me than {what}"), offered=offered, what=what)
    return Phrase(N_("that gives you more than it gives me"))


STAGE_TURNS = 100
"""The game's stage, as the acceptance model reads it, is its turns over this, to at most 2."""


def answer_figures(pos: Position, proposer: int, give: Bundle, take: Bundle) -> list[float]:
    """The table's figures of an offer that the acceptance model reads (`engine.learned.acceptance.RAW`),
    from the side of `pos.me`, who would get `give` from `proposer` and hand him `take`: the groups it
    completes for either side, the deeds each way, the cash against the deeds' printed prices, his share
    of the table's cash and what he would be left with, the game's stage and the mortgaged deeds he gets."""
    me = pos.me
    mine = completed(pos, give, take, me)
    theirs = completed(pos, take, give, proposer)
    streets = pos.tables.street_groups
    price = pos.board.price
    got, gone = sum(price[s] for s in give.deeds), sum(price[s] for s in take.deeds)
    scale = max(got + gone, 50)
    cash = give.cash - take.cash
    total = max(sum(max(pos.funds[p], 0) for p in pos.players), 1)
    own = max(pos.funds[me], 0)
    return [
        float(bool(mine)),
        float(bool(theirs)),
        float(any(g in streets for g in theirs)),
        float(bool(claims(pos, take, me))),
        float(len(give.deeds)),
        float(len(take.deeds)),
        cash / scale,
        (cash + got - gone) / scale,
        own / total,
        min((own + cash) / max(pos.starting_cash, 1), 3.0),
        min(pos.turn / STAGE_TURNS, 2.0),
        float(sum(1 for s in give.deeds if pos.mortgaged[s])),
    ]
