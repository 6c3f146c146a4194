"""Trading lots where lots stand alone (Finance): what a lot, with its houses, is worth to each side, the
offers a bot makes (a lot bought for cash, a lot sold, a lot sold to a player rather than to the bank when
it owes), and its answers, each with a price named on refusal.

There are no groups to complete, so a lot is worth different sums to different players only through what
they can do with it: a player with cash to build a lot up to six houses gets far more from it than one who
cannot, and a player short of cash gets more from cash than from a lot he cannot build. So a side's worth
(`worth`) is its cash, what the bank would pay for its lots, the rent they draw, and what building them up
as its cash allows would add, the lots the bank still sells counted as lots it may buy on landing
(`bank_lots`); the rent it expects to pay the other side is taken off. A trade's gain for
each side is the change in that worth, worked out by one reckoning for both sides: the bot answers an
offer by its own gain, and prices its own offers at the least the partner should take by the same
reckoning of him, content with the share of the bot's gain his answers so far suggest
(`bargaining.TradeMemory`). A lot it lets go arms the buyer against it: a level may ask that its own gain
be at least a share of his (`Dealing.arming`; `hard`: all of it), so that a lot he would build up is
never sold him for less than it is worth to him.

The manners are a person's: no offers in the first rounds, never the same offer twice, at most one a round
to each partner; after a plain refusal the same lot is asked for again only at a better price for the
partner, a step nearer the most the bot would give; a price the partner named is met when it is worth it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from math import comb

from engine.bots.bargaining import TradeMemory
from engine.bots.lots import THROWS_PER_TURN, LotStyle, estates, opponents, reserve
from engine.bots.position import Position
from engine.bots.reasons import dollars
from engine.bots.talk import asking_words
from engine.bots.thresholds import least_passing, most_passing, round_up
from engine.core.commands import AcceptTrade, Command, ProposeTrade, RejectTrade
from engine.core.options import RuleOptions
from engine.core.phrases import N_, Phrase
from engine.core.state import Bundle
from engine.queries import markers_left, proposal_problem, rent_at, trading_open

CANDIDATES = 3
"""Offers priced in full at a decision: the ones that could bring the bot most."""
BUST = 5000.0
"""Worth lost by a side that could not pay what it owes even by selling everything: out of the game."""


@dataclass(frozen=True, slots=True)
class Dealing:
    """Parameters of how a level trades lots."""

    first_round: int  # no offers before every player has had this many turns
    envy: float  # share of the partner's gain its own gain must exceed, beyond `min_gain`
    min_gain: float  # the least a trade must bring it, in dollars
    expect: float  # the share of its gain it first expects a partner to want
    buys: bool  # asks for lots it would build up
    sells: bool  # offers lots it would rather have the cash of
    in_debt: bool  # owing more than it holds, offers a lot to a player before selling to the bank
    steps: int  # offers for the same lot after plain refusals, each nearer its most (0: one only)
    liquidity: float  # worth lost per dollar of cash below its reserve
    arming: float = 0.0  # letting a lot go (not in debt), its gain is at least this share of the buyer's


@cache
def _incomes(edition: str, rules: RuleOptions) -> tuple[tuple[float, ...], ...]:
    """Return, by space, the rent per opponent throw of the lot with h houses (h = 0 .. the most)."""
    from engine.bots.position import figures_for
    from engine.play.rulebook import ruleset_for

    figures = figures_for(edition, rules)
    board = figures.board
    ruleset = ruleset_for(edition, rules)
    land = figures.odds.land
    out: list[tuple[float, ...]] = []
    for s in range(board.size):
        if s in board.deeds and board.kinds[s] == "street":
            out.append(
                tuple(land[s] * rent_at(board, ruleset, s, 1, h) for h in range(ruleset.max_level + 1))
            )
        else:
            out.append((0.0,) * (ruleset.max_level + 1))
    return tuple(out)


def incomes(pos: Position, style: LotStyle, owner: int) -> tuple[tuple[float, ...], ...]:
    """Return, by space, the rent per opponent throw of the lot with h houses in `owner`'s hands, as the style
    counts it (`lots.income`: no more than each rival could pay, for a style that counts it so)."""
    full = _incomes(pos.view.edition, pos.view.rules)
    if not style.wealth:
        return full
    key = ("lot incomes", style.wealth, owner)
    found = pos.memo.get(key)
    if found is None:
        caps = [style.wealth * v for p, v in enumerate(estates(pos)) if p != owner and p in pos.players]
        if not caps:
            return full
        land = pos.tables.odds.land
        n = len(caps)
        found = tuple(
            tuple(sum(min(x, land[s] * c) for c in caps) / n for x in row) if land[s] else row
            for s, row in enumerate(full)
        )
        pos.memo[key] = found
    assert isinstance(found, tuple)
    return found


@dataclass(frozen=True, slots=True)
class Worth:
    """A side's worth by the reckoning, and the rent per opponent throw its lots draw once built up as
    planned (what the other side should expect to pay it)."""

    total: float
    drawn: float


def worth(
    pos: Position, style: LotStyle, dealing: Dealing, player: int, lots: list[tuple[int, int]], cash: float
) -> Worth:
    """Return what `lots` ((space, houses)) and `cash` are worth to `player`: cash (less what falling short of
    his reserve costs), what the bank would pay for the lots, their rent over the horizon, and the best
    building plan the cash allows (houses it must wait for earn for less of it). Cash owed beyond what he
    holds is raised from the bank as it would have to be, selling what loses the least rent first."""
    inc = incomes(pos, style, player)
    board = pos.board
    top = pos.rules.max_level
    k = style.horizon * THROWS_PER_TURN * opponents(pos)
    safe = reserve(pos, player, style)
    held = dict(lots)
    while cash < 0:  # what the bank pays, a house or a lot at a time, until the debt is met
        sale: tuple[float, int] | None = None
        for s, h in held.items():
            loss = (inc[s][h] - (inc[s][h - 1] if h > 1 else 0.0)) * k / (board.price[s] // 2)
            if sale is None or loss < sale[0]:
                sale = (loss, s)
        if sale is None:
            return Worth(cash - BUST, 0.0)
        s = sale[1]
        h = held[s]
        cash += board.price[s] // 2
        if h > 1:
            held[s] = h - 1
        else:
            del held[s]
    total = cash
    if cash < safe:
        total -= dealing.liquidity * (safe - cash)
    drawn = 0.0
    chunks: list[tuple[float, int, int]] = []
    for s, h in held.items():
        total += h * (board.price[s] // 2) + inc[s][h] * k
        drawn += inc[s][h]
        if h < top:
            chunks.append((inc[s][top] - inc[s][h], s, h))
    budget = cash - safe
    bank = bank_lots(pos, style, player)
    room = len(bank.weights) if bank.limit is None else max(0, bank.limit - len(lots))
    for j, weight in enumerate(bank.weights[:room]):  # lots still to be had from the bank, built as held
        chunks.append((weight * bank.income[top], -1 - j, 0))
    chunks.sort(reverse=True)
    pace = style.pace * style.horizon
    for _gain, s, h in chunks:
        if s < 0:
            row, cost, weight = bank.income, bank.price, bank.weights[-1 - s]
        else:
            row, cost, weight = inc[s], board.house_cost[s], 1.0
        best, best_t, best_share = 0.0, h, 0.0
        for t in range(h + 1, top + 1):
            spend = (t - h) * cost
            share = 1.0 if spend <= budget else max(0.0, 1.0 - (spend - max(budget, 0.0)) / pace)
            net = ((row[t] - row[h]) * k * share - spend / 2) * weight
            if net > best:
                best, best_t, best_share = net, t, share
        if best_t > h:
            total += best
            drawn += (row[best_t] - row[h]) * best_share * weight  # counted in `best` for its owner
            budget -= (best_t - h) * cost
    return Worth(total, drawn)


@dataclass(frozen=True, slots=True)
class BankLots:
    """The lots the bank still sells, as lots a player may buy (each with its house) on landing: a rent
    row and a price as the lots he would land on make them up, and for the first, second, ... of them the
    share he can count on (`weights`): the chance of landing on so many within the horizon, times the part
    of the horizon left by then."""

    income: tuple[float, ...]
    price: float
    weights: tuple[float, ...]
    limit: int | None = None  # the most lots a player may hold (None: no limit)


NO_BANK_LOTS = BankLots((), 0.0, ())
BANK_LOTS_COUNTED = 3
"""Lots still to be bought from the bank that a side's worth counts at most."""


def bank_lots(pos: Position, style: LotStyle, player: int) -> BankLots:
    """Return the bank's lots as `player`'s prospects: without them, a lot bought from a rival would be worth
    every building plan his cash allows, as if no lot could be bought anywhere else."""
    key = ("bank lots", style, player)
    found = pos.memo.get(key)
    if isinstance(found, BankLots):
        return found
    board = pos.board
    land = pos.tables.odds.land
    free = [s for s in board.deeds if pos.owner[s] is None and board.kinds[s] == "street" and land[s] > 0]
    markers = markers_left(pos.view, player)
    limit = None if markers is None else markers + len(pos.deeds_of(player))
    most = min(len(free), BANK_LOTS_COUNTED)
    out = NO_BANK_LOTS
    if most > 0:
        inc = incomes(pos, style, player)
        chance = min(1.0, sum(land[s] for s in free))  # of landing on one, a throw
        top = pos.rules.max_level
        row = (0.0, *(sum(land[s] * inc[s][t] for s in free) / chance for t in range(1, top + 1)))
        price = sum(land[s] * board.price[s] for s in free) / chance
        throws = max(1, round(style.horizon * THROWS_PER_TURN))
        weights: list[float] = []
        for j in range(1, most + 1):
            # landing on j of them within the horizon (a throw at a time), bought after j / chance throws
            fewer = sum(comb(throws, i) * chance**i * (1 - chance) ** (throws - i) for i in range(j))
            left = max(0.0, 1.0 - j / (chance * throws))
            weights.append((1.0 - fewer) * left)
        out = BankLots(row, price, tuple(weights), limit)
    pos.memo[key] = out
    return out


def holdings(pos: Position, player: int) -> list[tuple[int, int]]:
    return [(s, max(1, pos.level(s))) for s in pos.deeds_of(player)]


class LotDeal:
    """A trade between `a` (who gives `give`) and `b` (who gives `take`), judged by one reckoning for
    both, with the cash from a to b left open so a price can be searched for."""

    __slots__ = ("a", "b", "before", "cash", "dealing", "lots", "pos", "style")

    def __init__(
        self,
        pos: Position,
        style: LotStyle,
        dealing: Dealing,
        a: int,
        b: int,
        give: Bundle,
        take: Bundle,
        owed: tuple[int, int] = (0, 0),
    ) -> None:
        self.pos, self.style, self.dealing, self.a, self.b = pos, style, dealing, a, b
        moved = set(give.deeds) | set(take.deeds)
        lots_a = [(s, h) for s, h in holdings(pos, a) if s not in moved]
        lots_b = [(s, h) for s, h in holdings(pos, b) if s not in moved]
        lots_a += [(s, max(1, pos.level(s))) for s in take.deeds]
        lots_b += [(s, max(1, pos.level(s))) for s in give.deeds]
        self.lots = (lots_a, lots_b)
        self.cash = (
            pos.funds[a] - owed[0] - give.cash + take.cash,
            pos.funds[b] - owed[1] - take.cash + give.cash,
        )
        self.before = (
            _standing(pos, style, dealing, a, b, owed[0], owed[1]),
            _standing(pos, style, dealing, b, a, owed[1], owed[0]),
        )

    def gains(self, price: float = 0.0) -> tuple[float, float]:
        """Return (gain to a, gain to b) when a also pays b `price` (negative: b pays a): each side's worth,
        less the rent it expects to pay the other over the horizon, against the same before the trade."""
        pos, style, dealing = self.pos, self.style, self.dealing
        wa = worth(pos, style, dealing, self.a, self.lots[0], self.cash[0] - price)
        wb = worth(pos, style, dealing, self.b, self.lots[1], self.cash[1] + price)
        visits = style.horizon * THROWS_PER_TURN
        ga = wa.total - wb.drawn * visits - self.before[0]
        gb = wb.total - wa.drawn * visits - self.before[1]
        return ga, gb


def _standing(
    pos: Position, style: LotStyle, dealing: Dealing, me: int, other: int, owed: int, other_owed: int
) -> float:
    """Return `me`'s worth as the table stands, less the rent he expects to pay `other`: once per decision."""
    key = ("lot standing", style, dealing, me, other, owed, other_owed)
    found = pos.memo.get(key)
    if found is None:
        mine = worth(pos, style, dealing, me, holdings(pos, me), pos.funds[me] - owed)
        theirs = worth(pos, style, dealing, other, holdings(pos, other), pos.funds[other] - other_owed)
        found = mine.total - theirs.drawn * style.horizon * THROWS_PER_TURN
        pos.memo[key] = found
    assert isinstance(found, float)
    return found


def content(dealing: Dealing, mine: float, theirs: float, arms: bool = False) -> bool:
    """Whether a gain of `mine` is enough when the other side gains `theirs`. Letting a lot of its own go to
    him (`arms`), also no less than the `arming` share of his gain: a lot he would build up is not
    sold him for less than it is worth to him."""
    if arms and mine < dealing.arming * theirs:
        return False
    return mine >= dealing.min_gain + dealing.envy * max(0.0, theirs)


@dataclass
class Manners:
    """The bot's memory of its own lot offers beyond `TradeMemory`: every offer made (never the same
    twice), the round it last made each partner one, and the last price asked for each lot."""

    made: set[tuple[int, tuple[int, ...], tuple[int, ...], int]] = field(default_factory=set)
    last_round: dict[int, int] = field(default_factory=dict)
    last_price: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = field(default_factory=dict)
    # (partner, lots) -> (cash from the bot, offers so far)


class LotDealer:
    """A level's trading of lots: its offers and its answers, by one reckoning."""

    def __init__(self, style: LotStyle, dealing: Dealing, memory: TradeMemory) -> None:
        self.style = style
        self.dealing = dealing
        self.memory = memory
        self.manners = Manners()
        self.said: Phrase | str = ""

    # --- answering --------------------------------------------------------------------------------

    def answer(
        self, pos: Position, proposer: int, trade_id: int, give: Bundle, take: Bundle, legal: list[Command]
    ) -> Command:
        """Take what leaves it better off by its reckoning, by a margin; else refuse, naming the cash
        (from the proposer; negative: to him) at which it would agree, if there is one. Its reason as a phrase
        is stored in `said`."""
        me = pos.me
        self.said = ""
        style, dealing = self.style, self.dealing
        if give.houses or take.houses or give.cards or take.cards or give.jail_cards or take.jail_cards:
            return RejectTrade(player=me, trade_id=trade_id, reason=N_("I trade lots and cash only"))
        deal = LotDeal(pos, style, dealing, proposer, me, give, take)
        theirs, mine = deal.gains()
        arms = bool(take.deeds)
        if content(dealing, mine, theirs, arms):
            if any(isinstance(c, AcceptTrade) and c.trade_id == trade_id for c in legal):
                why = Phrase(N_("that is worth more to me than it costs"))
                return AcceptTrade(player=me, trade_id=trade_id, reason=str(why))
            return RejectTrade(player=me, trade_id=trade_id, reason=N_("that offer no longer stands"))
        offered = give.cash - take.cash
        price = self.asking(deal, offered, give, take)
        why = Phrase(N_("that is worth less to me than what I give"))
        if price is not None:
            why = Phrase(
                N_("{why}; {asking}"),
                why=why,
                asking=asking_words(price, len(take.deeds), len(give.deeds)),
            )
        self.said = why
        return RejectTrade(player=me, trade_id=trade_id, reason=str(why), asking=price)

    def asking(self, deal: LotDeal, offered: int, give: Bundle, take: Bundle) -> int | None:
        """Return the least cash from the proposer (side a) at which the bot (side b) agrees, rounded in its
        favour; None if none the one paying can pay, or if a price would make no sense."""
        pos, dealing = deal.pos, self.dealing

        def agrees(total: int) -> bool:
            ga, gb = deal.gains(total - offered)
            return content(dealing, gb, ga, bool(take.deeds))

        most_in, most_out = pos.funds[deal.a], -pos.funds[deal.b]
        if not agrees(most_in):
            return None
        lo = max(most_out, offered)
        if agrees(lo):
            return None
        total = round_up(least_passing(lo, most_in, agrees))
        if total > most_in:
            total = most_in
        if (total > 0 and not take.deeds) or (total < 0 and not give.deeds) or total == 0:
            return None
        return total

    # --- proposing --------------------------------------------------------------------------------

    def offer(self, pos: Position, owed: int = 0) -> ProposeTrade | None:
        """Return the best offer to make now, or None: a rival's lot bought, one of its own sold, or (when it
        owes `owed` more than it holds) one of its own sold to a player for more than the bank would pay."""
        me = pos.me
        dealing = self.dealing
        if not trading_open(pos.view, me) or pos.view.round < dealing.first_round:
            return None
        rnd = pos.view.round
        partners = [r for r in pos.rivals if self.manners.last_round.get(r, -1) < rnd]
        if not partners:
            return None
        forms: list[tuple[int, Bundle, Bundle]] = []  # (partner, lots from me, lots from him)
        if owed:
            if dealing.in_debt:
                forms += [(r, Bundle(deeds=(s,)), Bundle()) for r in partners for s in pos.deeds_of(me)]
        else:
            if dealing.buys and markers_left(pos.view, me) != 0:
                forms += [(r, Bundle(), Bundle(deeds=(s,))) for r in partners for s in pos.deeds_of(r)]
            if dealing.sells:
                forms += [(r, Bundle(deeds=(s,)), Bundle()) for r in partners for s in pos.deeds_of(me)]
        scored: list[tuple[float, int, Bundle, Bundle]] = []
        for r, give, take in forms:  # the most it could gain first: only the best few are priced
            deal = LotDeal(pos, self.style, dealing, me, r, give, take, (owed, 0))
            lo, _hi = _bounds(pos, me, r, give, owed)
            mine, _theirs = deal.gains(lo)
            if mine >= dealing.min_gain:
                scored.append((mine, r, give, take))
        scored.sort(key=lambda x: -x[0])
        best: tuple[float, ProposeTrade] | None = None
        for _most, r, give, take in scored[:CANDIDATES]:
            cmd = self.priced(pos, r, give, take, owed)
            if cmd is None:
                continue
            deal = LotDeal(pos, self.style, dealing, me, r, give, take, (owed, 0))
            mine, _theirs = deal.gains(cmd.give.cash - cmd.take.cash)
            if best is None or mine > best[0]:
                best = (mine, cmd)
        if best is None:
            return None
        cmd = best[1]
        self.made(pos, cmd)
        return cmd

    def priced(self, pos: Position, r: int, give: Bundle, take: Bundle, owed: int) -> ProposeTrade | None:
        """Return the offer of these lots to `r` at the price to ask now, or None: the least he should take by
        the bot's reckoning of him (content with the share of its gain his answers suggest), or the price he
        named if that still suits the bot; after a plain refusal, a step nearer the most the bot would give;
        never an offer made before."""
        me = pos.me
        dealing = self.dealing
        deal = LotDeal(pos, self.style, dealing, me, r, give, take, (owed, 0))
        lots = (*give.deeds, *take.deeds)
        key = (r, tuple(sorted(lots)))
        lo, hi = _bounds(pos, me, r, give, owed)

        def suits_me(price: int) -> bool:
            mine, theirs = deal.gains(price)
            return content(dealing, mine, theirs, bool(give.deeds) and not owed)

        if not suits_me(lo):
            return None
        cap = most_passing(lo, hi, suits_me) if not suits_me(hi) else hi  # the most it would give
        counter = self.memory.counters.get(key)
        last = self.manners.last_price.get(key)
        if counter is not None and counter.form == tuple(give.deeds) and lo <= counter.price <= cap:
            price = counter.price
        else:
            share = self.memory.share(r, dealing.expect)

            def suits_him(price: int) -> bool:
                mine, theirs = deal.gains(price)
                return theirs >= dealing.min_gain + share * max(0.0, mine)

            if not suits_him(cap):
                return None
            price = round_up(least_passing(lo - 1, cap, suits_him)) if not suits_him(lo) else lo
            price = min(price, cap)
            if last is not None:
                asked, tries = last
                if tries > dealing.steps:
                    return None
                if price <= asked:  # refused before: a step nearer its most, never the same again
                    price = min(cap, round_up(asked + max(10, (cap - asked) // 2)))
                    if price <= asked:
                        return None
        cmd = ProposeTrade(
            player=me,
            to=r,
            give=Bundle(cash=max(price, 0), deeds=give.deeds),
            take=Bundle(cash=max(-price, 0), deeds=take.deeds),
        )
        if _signature(cmd) in self.manners.made or proposal_problem(pos.view, me, r, cmd.give, cmd.take):
            return None
        return cmd

    def made(self, pos: Position, cmd: ProposeTrade) -> None:
        lots = tuple(sorted((*cmd.give.deeds, *cmd.take.deeds)))
        key = (cmd.to, lots)
        price = cmd.give.cash - cmd.take.cash
        manners = self.manners
        manners.made.add(_signature(cmd))
        manners.last_round[cmd.to] = pos.view.round
        tries = manners.last_price.get(key, (price, 0))[1]
        manners.last_price[key] = (price, tries + 1)
        share = self.memory.share(cmd.to, self.dealing.expect)
        self.memory.record(pos.turn, 0, key, cmd.to, share, self.dealing.expect, tuple(cmd.give.deeds))

    def say(self, pos: Position, cmd: ProposeTrade, owed: int) -> Phrase:
        """Return why it makes a lot offer, in a line."""
        return offer_words(pos, cmd, owed)


def _bounds(pos: Position, me: int, r: int, give: Bundle, owed: int) -> tuple[int, int]:
    """Return the cash from the bot to `r` an offer may carry: it pays for a lot it buys, is paid for one it
    sells, and owing, it takes what it can get."""
    if give.deeds:
        return -pos.funds[r], 0
    return 0, pos.funds[me] - owed


def _signature(cmd: ProposeTrade) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
    return (
        cmd.to,
        tuple(sorted(cmd.give.deeds)),
        tuple(sorted(cmd.take.deeds)),
        cmd.give.cash - cmd.take.cash,
    )


def offer_words(pos: Position, cmd: ProposeTrade, owed: int) -> Phrase:
    """Return why a bot makes a lot offer, in a line."""
    board = pos.board
    if cmd.take.deeds:
        return Phrase(
            N_("{space} is worth more to me, built up, than to you"), space=board.name(cmd.take.deeds[0])
        )
    name = board.name(cmd.give.deeds[0])
    if owed:
        return Phrase(
            N_("I owe {amount}: {name} brings me more from you than from the bank"),
            amount=dollars(owed),
            name=name,
        )
    return Phrase(N_("{name} is worth more to you than to me"), name=name)


__all__ = ["Dealing", "LotDeal", "LotDealer", "content", "offer_words", "worth"]
