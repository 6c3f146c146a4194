"""Playing lot by lot, where there are no colour groups (Finance): which lots to buy, how far to bid, where
the next house goes, what to sell when cash runs short, and what to do with the last ownership marker.

With the rent doubling at every house, a lot earns little until it is built up and a great deal once it
is: six houses bring 32 times the printed rent. So a lot is worth its rent as it stands plus what building
it up would add (its "site"), and houses go where finishing the lot pays best per dollar: lots the
rivals land on often, with a high printed rent for their price. The bots keep cash in hand against the
worst rent a throw could bring now, selling houses (or lots) back to the bank at half price only when
they must, those whose rent matters least first.

Every figure comes from the view through `engine.queries`; the landing odds are the board's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.bots.position import Position
from engine.bots.reasons import Reasoning, dollars
from engine.core.commands import (
    AcceptTrade,
    Build,
    BuyProperty,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
    SellLot,
    simple,
)
from engine.core.phrases import N_, Phrase
from engine.core.state import Auction, Bundle, BuyDecision, Debt, ExcessLots, Pending, TradeAnswer
from engine.queries import markers_left, rent_at


class LotDealer(Protocol):
    """A level's trading of lots (`engine.bots.lot_trades.LotDealer`), as the lot play uses it: named
    here so that the play, below the trading, need not import it."""

    said: Phrase | str
    """The reason of its last answer, as a phrase."""

    def offer(self, pos: Position, owed: int = 0) -> ProposeTrade | None: ...

    def say(self, pos: Position, cmd: ProposeTrade, owed: int) -> Phrase: ...

    def answer(
        self, pos: Position, proposer: int, trade_id: int, give: Bundle, take: Bundle, legal: list[Command]
    ) -> Command: ...


THROWS_PER_TURN = 1.2
"""Throws a player makes in a turn where doubles throw again without limit: 1 / (1 - 1/6)."""


@dataclass(frozen=True, slots=True)
class LotStyle:
    """Parameters of how a level plays lot by lot."""

    horizon: float  # rounds of rent a lot's or a house's income is counted for
    keep: int  # cash it never spends on lots or houses
    caution: float  # share of the worst rent a throw could bring now, kept in hand
    worst_cap: int  # the most that reserve counts of the worst rent (beyond it, selling houses must do)
    sites: int  # lots it means to build up at once: their building prospects count in a lot's worth
    pace: float  # cash a round it expects to put into houses beyond what it has now (salary and rents)
    commit: float  # share of what finishing its best lot would cost that it keeps from buying more lots
    redeploy: bool  # when the bank has no house left, moves houses from weak lots to strong ones
    idle: float  # cash in hand beyond the reserve that it puts into houses whatever the horizon says
    deny: float  # share of a rival's gain it pays to keep a good lot from him
    cheapest_first: bool  # builds on its cheapest lot (the newcomer) instead of where it pays best
    buy_any: bool  # buys any lot it can afford (the newcomer) instead of weighing it
    min_gain: float  # the least a trade must bring it, in dollars
    wealth: float = 0.0  # rent counted at most this many times what a rival could pay (0: in full)


def opponents(pos: Position) -> int:
    return max(1, len(pos.players) - 1)


def rent_factor(pos: Position, style: LotStyle) -> float:
    """Return the dollars of standing per dollar of rent per opponent throw: rounds x throws a turn x
    opponents."""
    return style.horizon * THROWS_PER_TURN * opponents(pos)


def income(
    pos: Position, space: int, houses: int, style: LotStyle | None = None, owner: int | None = None
) -> float:
    """Return the rent per opponent throw of a lot with this many houses. A style that counts rent only as far
    as the rivals could pay it (`wealth`) takes, for each rival of the owner, the rent or what he could raise
    (his cash and what the bank would pay for his lots), whichever is less: rent beyond that bankrupts him,
    and his estate is all the owner gets."""
    rent = rent_at(pos.board, pos.rules, space, 1, houses)
    land = pos.tables.odds.land[space]
    if style is None or not style.wealth:
        return land * rent
    who = pos.me if owner is None else owner
    caps = [style.wealth * v for p, v in enumerate(estates(pos)) if p != who and p in pos.players]
    if not caps:
        return land * rent
    return land * sum(min(rent, c) for c in caps) / len(caps)


def estates(pos: Position) -> list[float]:
    """Return what each player could raise at most: his cash and what the bank would pay for his lots."""
    found = pos.memo.get("estates")
    if found is None:
        board = pos.board
        out = [float(f) for f in pos.funds]
        for s in board.deeds:
            o = pos.owner[s]
            if o is not None:
                out[o] += board.price[s] // 2 + max(0, pos.level(s) - 1) * board.sale_price(s)
        pos.memo["estates"] = out
        return out
    assert isinstance(found, list)
    return found


def houses_on(pos: Position, space: int) -> int:
    """Return the houses a lot has, or would have once bought."""
    return max(pos.level(space), pos.board.edition.houses_with_lot, 1)


def finishing(
    pos: Position,
    space: int,
    style: LotStyle,
    houses: int | None = None,
    budget: float | None = None,
    owner: int | None = None,
) -> tuple[int, float]:
    """Return (houses to build it to, net worth of building them): the level whose added rent over the horizon
    best beats the houses' price. Houses the `budget` cannot pay for now wait for the cash to come in (at
    the style's pace) and earn for the rounds of the horizon left."""
    h = houses_on(pos, space) if houses is None else houses
    cost = pos.board.house_cost[space]
    k = rent_factor(pos, style)
    base = income(pos, space, h, style, owner)
    best_h, best = h, 0.0
    for top in range(h + 1, pos.rules.max_level + 1):
        spend = (top - h) * cost
        share = 1.0
        if budget is not None and spend > budget:
            share = max(0.0, 1.0 - (spend - budget) / style.pace / style.horizon)
        net = (income(pos, space, top, style, owner) - base) * k * share - spend
        if net > best:
            best_h, best = top, net
    return best_h, best


def per_dollar(pos: Position, space: int, style: LotStyle, budget: float | None = None) -> float:
    """Return what finishing a lot returns per dollar of houses it takes (0 when finished or not worth it)."""
    h = houses_on(pos, space)
    top, net = finishing(pos, space, style, h, budget)
    if top <= h:
        return 0.0
    return net / ((top - h) * pos.board.house_cost[space])


def lot_worth(pos: Position, space: int, me: int, style: LotStyle) -> float:
    """Return what holding a lot is worth to `me`: its rent over the horizon, half its price back from the
    bank if it comes to that, and its building prospects when it is among the sites he means to build up."""
    k = rent_factor(pos, style)
    h = houses_on(pos, space)
    resale = pos.board.price[space] / 2 + (h - 1) * pos.board.sale_price(space)
    worth = income(pos, space, h, style, me) * k + resale
    _top, site = finishing(pos, space, style, h, owner=me)
    rivals = [s for s in pos.deeds_of(me) if s != space]
    better = sum(1 for s in rivals if per_dollar(pos, s, style) > per_dollar(pos, space, style))
    return worth + site * (1.0 if better < style.sites else 0.2)


def worst_rent(pos: Position, me: int) -> int:
    """Return the most a single throw could cost now: the highest rent on a rival's lot."""
    return max((pos.rent_now(s, me) for s in pos.board.deeds), default=0)


def reserve(pos: Position, me: int, style: LotStyle) -> float:
    return style.keep + style.caution * min(worst_rent(pos, me), style.worst_cap)


def focus(pos: Position, me: int, style: LotStyle, budget: float) -> tuple[int | None, float]:
    """Return (the lot it means to build up next, what finishing it would cost): its lot that pays best per
    dollar of houses with the cash it has, or None."""
    best: tuple[float, int] | None = None
    for s in pos.deeds_of(me):
        score = per_dollar(pos, s, style, budget)
        if score > 0 and (best is None or score > best[0]):
            best = (score, s)
    if best is None:
        return None, 0.0
    space = best[1]
    top, _net = finishing(pos, space, style, budget=budget)
    return space, (top - houses_on(pos, space)) * pos.board.house_cost[space]


def committed(pos: Position, me: int, space: int, style: LotStyle) -> float:
    """Return the cash it keeps for building rather than spend on `space`: what finishing its best lot would
    cost, unless `space`, bought, would be a better lot to build up."""
    funds = pos.funds[me]
    best, cost = focus(pos, me, style, funds)
    if best is None:
        return 0.0
    if per_dollar(pos, space, style, funds - pos.board.price[space]) > per_dollar(pos, best, style, funds):
        return 0.0
    return style.commit * cost


def cheapest_lot(pos: Position, spaces: list[int], me: int, style: LotStyle) -> int:
    return min(spaces, key=lambda s: (lot_worth(pos, s, me, style), s))


class LotPlay(Reasoning):
    """The decisions of one level where lots stand alone; each takes the same arguments as `on_<kind>`,
    and gives its reason (`reason`). A level that trades lots has a `dealer` (`engine.bots.lot_trades`)."""

    def __init__(self, style: LotStyle, dealer: LotDealer | None = None) -> None:
        self.style = style
        self.dealer = dealer

    # --- the turn -------------------------------------------------------------------------------

    def on_roll(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        return self.trade(pos) or simple(RollDice, pos.me)

    def on_end_turn(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        return self.develop(pos, legal) or self.trade(pos) or simple(EndTurn, pos.me)

    def trade(self, pos: Position, owed: int = 0) -> Command | None:
        """Return a lot offer to make now, if the level trades and has one worth making."""
        if self.dealer is None:
            return None
        cmd = self.dealer.offer(pos, owed)
        if cmd is None:
            return None
        return self.because(cmd, self.dealer.say(pos, cmd, owed))

    def develop(self, pos: Position, legal: list[Command]) -> Command | None:
        """Return a command building a house where finishing a lot pays best per dollar (the newcomer: on its
        cheapest lot), while the cash left covers the reserve."""
        me = pos.me
        style = self.style
        spare = pos.funds[me] - reserve(pos, me, style)
        options = [c.space for c in legal if isinstance(c, Build) and pos.board.house_cost[c.space] <= spare]
        if not options:
            return self.free_a_house(pos, legal, spare) if style.redeploy and not pos.bank_houses else None
        if style.cheapest_first:
            lot = min(options, key=lambda s: (pos.board.house_cost[s], s))
            return self.because(
                Build(player=me, space=lot), Phrase(N_("my cheapest lot gets the next house"))
            )
        scored = [(per_dollar(pos, s, style, spare), s) for s in options]
        score, best = max(scored)
        if score > 0:
            why = Phrase(
                N_("a house on {space} earns the most rent for its price"), space=pos.board.name(best)
            )
            return self.because(Build(player=me, space=best), why)
        if spare >= style.idle:  # cash beyond any use but paying rent: houses where they earn most
            top = pos.rules.max_level
            lot = max(
                options,
                key=lambda s: (
                    (income(pos, s, top, style) - income(pos, s, pos.level(s), style))
                    / pos.board.house_cost[s]
                ),
            )
            why = Phrase(N_("my cash has no better use than a house on {space}"), space=pos.board.name(lot))
            return self.because(Build(player=me, space=lot), why)
        return None

    def free_a_house(self, pos: Position, legal: list[Command], spare: float) -> Command | None:
        """Return a house to sell back when the bank has none left: one from a lot where it earns little, so
        that a lot where a house earns far more (on the way to finishing it) can take it."""
        me = pos.me
        target: tuple[float, int] | None = None
        for s in pos.deeds_of(me):
            h = pos.level(s)
            top = pos.rules.max_level
            if h >= top or pos.board.house_cost[s] > spare + pos.board.sale_price(s):
                continue
            gain = (income(pos, s, top, self.style) - income(pos, s, h, self.style)) / (top - h)
            if target is None or gain > target[0]:
                target = (gain, s)
        if target is None:
            return None
        gain, space = target
        cheapest: tuple[float, SellBuilding] | None = None
        for cmd in legal:
            if isinstance(cmd, SellBuilding) and cmd.space != space:
                h = pos.level(cmd.space)
                loss = income(pos, cmd.space, h, self.style) - income(pos, cmd.space, h - 1, self.style)
                if cheapest is None or loss < cheapest[0]:
                    cheapest = (loss, cmd)
        if cheapest is not None and gain > 2 * cheapest[0]:
            why = Phrase(
                N_("the bank has no house left: one from {space} earns more on {space2}"),
                space=pos.board.name(cheapest[1].space),
                space2=pos.board.name(space),
            )
            return self.because(cheapest[1], why)
        return None

    # --- buying and bidding ---------------------------------------------------------------------

    def on_buy(self, pos: Position, pend: BuyDecision, legal: list[Command]) -> Command:
        me = pos.me
        style = self.style
        buy = simple(BuyProperty, me)
        price = pos.board.price[pend.space]
        if style.buy_any:
            keep = float(style.keep)
            worth = float(price)
            why = Phrase(N_("I buy what I can while I keep {amount} in hand"), amount=dollars(keep))
        else:
            worth = lot_worth(pos, pend.space, me, style)
            keep = reserve(pos, me, style) + committed(pos, me, pend.space, style)
            why = Phrase(N_("it is worth {amount} to me"), amount=dollars(worth))
        if worth < price:
            why = Phrase(N_("it is worth only {amount} to me, less than its price"), amount=dollars(worth))
            return self.because(simple(DeclineProperty, me), why)
        if pos.funds[me] - price < keep:
            why = Phrase(N_("it would leave me less than the {amount} I keep in hand"), amount=dollars(keep))
            return self.because(simple(DeclineProperty, me), why)
        if buy in legal:
            return self.because(buy, why)
        swap = self.make_room(pos, pend.space, legal)
        if swap is not None:
            return swap
        return self.because(
            simple(DeclineProperty, me), Phrase(N_("every marker of mine is on a lot worth keeping"))
        )

    def make_room(self, pos: Position, space: int, legal: list[Command]) -> Command | None:
        """Free an ownership marker when every one is in use: sell back the lot worth least, if the one on
        offer (to buy, or at auction) is worth clearly more (the newcomer never does)."""
        me = pos.me
        style = self.style
        if style.buy_any or markers_left(pos.view, me) != 0:
            return None
        mine = [s for s in pos.deeds_of(me) if SellLot(player=me, space=s) in legal]
        if not mine:
            return None
        worst = cheapest_lot(pos, mine, me, style)
        gain = lot_worth(pos, space, me, style) - pos.board.price[space]
        lost = lot_worth(pos, worst, me, style) - pos.board.price[worst] / 2
        if gain - lost > 100 and pos.level(worst) <= pos.board.edition.houses_with_lot:
            why = Phrase(
                N_("to free a marker: {space} is worth more to me than {space2}"),
                space=pos.board.name(space),
                space2=pos.board.name(worst),
            )
            return self.because(SellLot(player=me, space=worst), why)
        return None

    def on_auction(self, pos: Position, pend: Auction, legal: list[Command]) -> Command:
        me = pos.me
        limit = self.lot_limit(pos, pend.space) if pend.lot == "deed" else self.house_limit(pos)
        limit = min(limit, pos.funds[me])
        least = pend.next_minimum
        what = (
            pos.board.name(pend.space)
            if pend.lot == "deed"
            else (Phrase(N_("a hotel")) if pend.lot == "hotel" else Phrase(N_("a house")))
        )
        if least > limit:
            return self.because(
                simple(PassAuction, me),
                Phrase(N_("{what} is worth no more than {amount} to me"), what=what, amount=dollars(limit)),
            )
        if pend.lot == "deed" and markers_left(pos.view, me) == 0:  # sell a lot back to qualify, or pass
            room = self.make_room(pos, pend.space, legal)
            if room is not None:
                return room
            return self.because(
                simple(PassAuction, me), Phrase(N_("every marker of mine is on a lot worth keeping"))
            )
        # why it bids, never how far: its limit is told, at its pass, once the auction is over
        why = Phrase(
            N_("I bid for {what}: {why}"), what=what, why=Phrase(N_("it is worth more to me than the bid"))
        )
        if pend.high_bidder is None:
            opening = pos.board.price[pend.space] // 2 if pend.lot == "deed" else least
            return self.because(PlaceBid(player=me, amount=max(least, min(limit, opening))), why)
        return self.because(PlaceBid(player=me, amount=max(least, min(limit, pend.high_bid + 10))), why)

    def lot_limit(self, pos: Position, space: int) -> int:
        me = pos.me
        style = self.style
        price = pos.board.price[space]
        if style.buy_any:
            return min(price, int(pos.funds[me] - style.keep))
        spare = pos.funds[me] - reserve(pos, me, style) / 2 - committed(pos, me, space, style)
        limit = lot_worth(pos, space, me, style)
        if style.deny:
            rival = max((lot_worth(pos, space, r, style) for r in pos.rivals), default=0.0)
            limit = max(limit, style.deny * rival)
        return int(max(0.0, min(limit, spare)))

    def house_limit(self, pos: Position) -> int:
        """Return what one more house is worth where it would go (a shortage auction)."""
        me = pos.me
        best = 0.0
        for s in pos.deeds_of(me):
            h = pos.level(s)
            if h < pos.rules.max_level:
                gain = (income(pos, s, h + 1, self.style) - income(pos, s, h, self.style)) * rent_factor(
                    pos, self.style
                )
                best = max(best, gain)
        return int(max(0.0, min(best, pos.funds[me] - reserve(pos, me, self.style))))

    def on_place_building(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        builds = [c for c in legal if isinstance(c, Build)]
        if not builds:
            return legal[0]
        best = max(builds, key=lambda c: (per_dollar(pos, c.space, self.style), -c.space))
        return self.because(
            best,
            Phrase(N_("a house on {space} earns the most for its price"), space=pos.board.name(best.space)),
        )

    # --- paying -----------------------------------------------------------------------------------

    def on_debt(self, pos: Position, pend: Debt, legal: list[Command]) -> Command:
        """Raise cash for a debt: bankrupt only when the rules allow it (nothing left to sell would cover the
        debt); else sell what loses least rent per dollar raised: a top house from a lot whose rent matters
        least, and a whole lot only when no house is left to sell."""
        bankrupt = next((c for c in legal if isinstance(c, DeclareBankruptcy)), None)
        if bankrupt is not None:
            return bankrupt
        offer = self.trade(pos, pend.amount)
        if offer is not None:
            return offer
        k = rent_factor(pos, self.style)
        best: tuple[float, Command] | None = None
        half = pos.board.sale_price
        for cmd in legal:
            if isinstance(cmd, SellBuilding):
                h = pos.level(cmd.space)
                lost = income(pos, cmd.space, h, self.style) - income(pos, cmd.space, h - 1, self.style)
                loss = lost * k / half(cmd.space)
            elif isinstance(cmd, SellLot):
                h = houses_on(pos, cmd.space)
                cash = pos.board.price[cmd.space] / 2 + (h - 1) * half(cmd.space)
                loss = (income(pos, cmd.space, h, self.style) * k + 1.0) / cash + 1.0  # a whole lot goes last
            else:
                continue
            if best is None or loss < best[0]:
                best = (loss, cmd)
        if best is None:
            return legal[0]
        chosen = best[1]
        assert isinstance(chosen, SellBuilding | SellLot)
        what = (
            Phrase(N_("a house on {space}"), space=pos.board.name(chosen.space))
            if isinstance(chosen, SellBuilding)
            else pos.board.name(chosen.space)
        )
        return self.because(
            chosen,
            Phrase(
                N_("to pay the {amount} I owe: {what} costs me least rent"),
                amount=dollars(pend.amount),
                what=what,
            ),
        )

    def on_excess_lots(self, pos: Position, pend: ExcessLots, legal: list[Command]) -> Command:
        """Give back the lot worth least of those taken."""
        lot = cheapest_lot(pos, list(pend.spaces), pos.me, self.style)
        why = Phrase(N_("{space} is worth least to me of the lots I am over"), space=pos.board.name(lot))
        return self.because(SellLot(player=pos.me, space=lot), why)

    # --- offers -----------------------------------------------------------------------------------

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        """Accept what leaves it better off by its own reckoning, by a margin (a level that trades lots
        answers by the reckoning it prices its offers with, and names its price)."""
        me = pos.me
        t = pend.trade
        if self.dealer is not None:
            answered = self.dealer.answer(pos, t.proposer, t.id, t.give, t.take, legal)
            self.tell(self.dealer.said or getattr(answered, "reason", ""))
            return answered
        style = self.style
        half = pos.board.sale_price
        got = t.give.cash + sum(lot_worth(pos, s, me, style) for s in t.give.deeds)
        got += sum(half(s) for s in t.give.houses)  # a house received: what the bank would pay for it
        gave = t.take.cash + sum(lot_worth(pos, s, me, style) for s in t.take.deeds)
        gave += sum(2 * half(s) for s in t.take.houses)  # a house given: what building it again costs
        cash_after = pos.funds[me] - t.take.cash + t.give.cash
        trade_id = t.id
        if got - gave >= style.min_gain and cash_after >= reserve(pos, me, style) / 2:
            accept = AcceptTrade(
                player=me, trade_id=trade_id, reason=N_("that is worth more to me than it costs")
            )
            if any(isinstance(c, AcceptTrade) for c in legal):
                return accept
        why = (
            Phrase(N_("I cannot spare that much cash now"))
            if cash_after < 0
            else Phrase(N_("that is worth less to me than I give"))
        )
        self.tell(why)
        return RejectTrade(player=me, trade_id=trade_id, reason=str(why))
