"""`normal`: the investor. It prices everything by the rent it should bring (landing odds times the printed
rents over a horizon of rounds), buys and bids up to that worth, builds every complete group to three
houses before going further, raises cash where it costs least, sits in jail once the board is built up,
and trades to complete its groups at prices that split the gain evenly (on a table awash with cash, also
the lot that leaves a split group one deal from complete).
"""

from __future__ import annotations

from engine.bots.bargaining import table_signature
from engine.bots.base import BotBase, answer, listed
from engine.bots.bidding import Bidding, building_limit, limit_and_reason, next_bid
from engine.bots.building import build_choice, complete_groups, lift_choice, next_lot, reserve
from engine.bots.jail import rivals_built, rule_of_thumb
from engine.bots.judging import Fairness, judge
from engine.bots.lots import LotStyle
from engine.bots.position import Position
from engine.bots.proposing import Candidate, Judgement, Persistence, candidates, remember
from engine.bots.raising import cheapest_plan, steps, to_lift_a_group
from engine.bots.reasons import dollars, group_of, offer_words
from engine.bots.routes import best_way
from engine.bots.stops import travel_play
from engine.bots.valuation import Style, deed_value, worth_paying
from engine.core.commands import (
    Build,
    BuyProperty,
    ChooseIncomeTax,
    ChooseRoute,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    ProposeTrade,
    RollDice,
    SellBuilding,
    Unmortgage,
    UseJailCard,
    simple,
)
from engine.core.phrases import N_, Phrase
from engine.core.state import (
    Auction,
    BuyDecision,
    Debt,
    IncomeTaxDecision,
    MortgageDecision,
    Pending,
    RouteChoice,
    TradeAnswer,
)
from engine.queries import percent_tax, tax_of, trading_open

NORMAL_STYLE = Style(
    horizon=15.0,
    keep=150,
    claim=0.15,
    deal=0.08,
    jail_card=40,
    liquidity=0.5,
    mortgage_to_build=0.0,
    build_cost=0.75,
    saving=0.5,
    prospects_at_cash=True,
)
NORMAL_FAIR = Fairness(partner=0.5, premium=0.0, min_gain=10.0, caution=0.5, threat=1.0)


def find(legal: list[Command], kind: type) -> Command | None:
    return next((c for c in legal if isinstance(c, kind)), None)


def if_legal(cmd: Command, legal: list[Command]) -> Command | None:
    return cmd if listed(cmd, legal) else None


NORMAL_LOTS = LotStyle(
    horizon=10.0,
    keep=100,
    caution=0.2,
    worst_cap=800,
    sites=2,
    pace=150.0,
    commit=1.0,
    redeploy=True,
    idle=3000.0,
    deny=0.0,
    cheapest_first=False,
    buy_any=False,
    min_gain=40.0,
)


class NormalBot(BotBase):
    level = "normal"
    style = NORMAL_STYLE
    trade_style = NORMAL_STYLE
    """How it values holdings in a trade: a group by what its cash can build there, so that it never
    takes a group it cannot afford to build for one the other side builds at once."""
    lot_style = NORMAL_LOTS
    fair = NORMAL_FAIR
    bidding = Bidding(deny=0.35, most=1.3, completing=2.5, blocking=1.3)
    offers_per_turn = 1
    cooldown_rounds = 3  # rounds before the same lots are asked for again (on a changed table)
    tries = 3  # offers for the same lots in a game, a price the partner named aside
    first_round = 3  # no offers before every player has had this many turns
    consolidate = False  # asks only for lots that complete a group
    patience = Fairness(partner=0.3, premium=0.0, min_gain=25.0, caution=0.5, threat=1.0)
    """How much of the gain it lets the partner have when it is the one asking."""
    expect = 0.5  # the share of its gain it expects a partner it knows nothing of yet to want
    offer_fair: Fairness | None = None
    """The fairness it prices its own offers by (its model of the partner), if not the one it answers by."""
    haggle: float | None = None  # names its own least price when it refuses (see `judge`)
    persist: Persistence | None = None
    """How it asks again after a refusal, if it does (see `proposing.Persistence`)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self._limit: tuple[tuple[int, int], tuple[int, Phrase, Phrase]] | None = None
        """(turn, space) -> the highest bid, and what sets it in words"""

    # --- the turn -------------------------------------------------------------------------------

    def safe(self, pos: Position) -> float:
        return reserve(pos, self.style, pos.me, self.fair.caution)

    def on_roll(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        leave = pos.in_jail[me] and self.leave_jail(pos)
        if leave:
            out = find(legal, UseJailCard) or find(legal, PayJailFine)
            if out is not None:
                return self.because(out, self.jail_words(pos, True))
        offer = self.offer(pos, pend)
        if offer is not None:
            return offer
        cards = travel_play(pos, legal, self.deed_worth)
        if cards is not None:
            return self.because(
                cards, Phrase(N_("my travel cards take me somewhere better than the dice would"))
            )
        roll = simple(RollDice, me)
        if pos.in_jail[me] and not leave and len(legal) > 1:
            return self.because(roll, self.jail_words(pos, False))
        return roll

    def deed_worth(self, pos: Position, space: int) -> float:
        """Return a deed still for sale: what holding it adds to the bot's worth, beyond its price."""
        return deed_value(pos, self.style, pos.me, space) - pos.board.price[space]

    def leave_jail(self, pos: Position) -> bool:
        return rule_of_thumb(pos, pos.me)

    def jail_words(self, pos: Position, leave: bool) -> Phrase:
        """Return why it leaves jail at once, or stays and throws for doubles."""
        if leave:
            return Phrase(N_("deeds are still for sale and the way out is cheap"))
        if rivals_built(pos, pos.me):
            return Phrase(N_("rivals have built: jail is a safe place to sit"))
        if not pos.unowned():
            return Phrase(N_("nothing is left to buy out there"))
        return Phrase(N_("the rent on the way out is too high"))

    def on_end_turn(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        if pos.in_jail[me] and find(legal, PayJailFine) and self.leave_jail(pos):
            return self.because(PayJailFine(player=me), self.jail_words(pos, True))
        cmd = self.develop(pos, legal) or self.offer(pos, pend)
        return cmd or simple(EndTurn, me)

    def develop(self, pos: Position, legal: list[Command]) -> Command | None:
        """Lift the mortgages on a complete group first (mortgaged, it earns nothing and cannot be built
        on), mortgaging stray deeds for it if need be; then build toward three houses a lot, else lift the
        mortgage most worth lifting."""
        me = pos.me
        safe = self.safe(pos)
        space = lift_choice(pos, self.style, me, pos.funds[me] - safe, groups_only=True)
        if space is not None:
            return self.lift(pos, space, legal)
        stray = to_lift_a_group(pos, self.style, me, pos.funds[me] - safe)
        if stray is not None:
            return self.mortgage_to_lift(pos, stray, legal)
        lot = build_choice(pos, self.style, me, pos.funds[me] - safe)
        if lot is not None:
            cmd = self.build(pos, lot, safe, legal)
            if cmd is not None:
                return cmd
        spare = pos.funds[me] - safe - self.style.keep
        space = lift_choice(pos, self.style, me, spare)
        if space is not None:
            return self.lift(pos, space, legal)
        return None

    def lift(self, pos: Position, space: int, legal: list[Command]) -> Command | None:
        """Lift a mortgage, saying why: a lot of a complete group can then be built on."""
        cmd = if_legal(Unmortgage(player=pos.me, space=space), legal)
        if cmd is None:
            return None
        name = pos.board.name(space)
        if pos.board.kinds[space] == "street" and pos.owns_all(pos.me, pos.group(space)):
            return self.because(
                cmd,
                Phrase(
                    N_("lifting {name} lets my {group} earn and be built on"),
                    name=name,
                    group=group_of(pos, space),
                ),
            )
        return self.because(cmd, Phrase(N_("{name} earns rent again, and I can spare the cash"), name=name))

    def mortgage_to_lift(self, pos: Position, stray: int, legal: list[Command]) -> Command | None:
        cmd = if_legal(Mortgage(player=pos.me, space=stray), legal)
        if cmd is None:
            return None
        why = Phrase(
            N_("mortgaging {space}, a stray, to lift the mortgages on a group of mine"),
            space=pos.board.name(stray),
        )
        return self.because(cmd, why)

    def build(self, pos: Position, lot: int, safe: float, legal: list[Command]) -> Command | None:
        cmd = if_legal(Build(player=pos.me, space=lot), legal)
        if cmd is None:
            return None
        hotel = pos.level(lot) == pos.top  # the houses there make way for a hotel
        words = (
            N_("a hotel on {space}: my {group} earns more built up, and I keep {amount}")
            if hotel
            else N_("a house on {space}: my {group} earns more built up, and I keep {amount}")
        )
        why = Phrase(
            words,
            space=pos.board.name(lot),
            group=group_of(pos, lot),
            amount=dollars(safe),
        )
        return self.because(cmd, why)

    def offer(self, pos: Position, pend: Pending) -> ProposeTrade | None:
        """Return a trade to propose now, at most `offers_per_turn` a turn and not every turn."""
        memory = self.trades
        if not trading_open(pos.view, pos.me) or pend.kind == "debt":
            return None
        if not memory.may_offer(pos.turn, self.offers_per_turn) or memory.resting(
            pos.turn, table_signature(pos)
        ):
            return None
        if pos.view.round < self.first_round:
            return None
        cmd = self.compose(pos)
        if cmd is None:
            cmd = self.sell(pos)
        if cmd is None:
            memory.rest(pos.turn + 2 * len(pos.players), table_signature(pos))
            return None
        return self.because(cmd, offer_words(pos, cmd))

    def compose(self, pos: Position) -> ProposeTrade | None:
        """Return the offer to make now for lots that complete a group (recorded as made), or None: the
        first of the `candidates` by their rank."""
        found = self.candidates(pos)
        if not found:
            return None
        best = max(found, key=lambda c: c.rank)
        remember(pos, pos.me, self.judgement(), self.trades, best)
        return best.offer

    def candidates(self, pos: Position, every: bool = False) -> list[Candidate]:
        """Return the offers it may make now for lots that complete a group (`proposing.candidates`)."""
        return candidates(
            pos,
            pos.me,
            self.judgement(),
            self.trades,
            self.patience,
            self.cooldown_rounds * len(pos.players),
            self.tries,
            consolidate=self.consolidate or pos.awash(),  # a split group untangled one deal at a time
            persist=self.persist,
            every=every,
        )

    def judgement(self) -> Judgement:
        """Return how it prices the offers it makes."""
        return Judgement(self.trade_style, self.offer_fair or self.fair, self.expect)

    def sell(self, pos: Position) -> ProposeTrade | None:
        """Return None: selling deeds for cash to a rival is not the investor's way (it trades to
        complete)."""
        return None

    # --- buying and bidding -------------------------------------------------------------------

    def on_buy(self, pos: Position, pend: BuyDecision, legal: list[Command]) -> Command:
        me = pos.me
        price = pos.board.price[pend.space]
        if pos.funds[me] >= price:
            worth = worth_paying(pos, self.style, me, pend.space, self.safe(pos))
            if worth >= price:
                return self.because(
                    simple(BuyProperty, me), Phrase(N_("it is worth {amount} to me"), amount=dollars(worth))
                )
            why = Phrase(
                N_("it is worth only {amount} to me, keeping a safe reserve"), amount=dollars(max(worth, 0))
            )
            return self.because(simple(DeclineProperty, me), why)
        if deed_value(pos, self.style, me, pend.space) >= 1.5 * price:
            step = self.raise_for_purchase(pos, price - pos.funds[me], pend.space)
            if step is not None and step in legal:
                why = Phrase(
                    N_("raising cash to buy {space}: it is worth far more than its price"),
                    space=pos.board.name(pend.space),
                )
                return self.because(step, why)
        return self.because(simple(DeclineProperty, me), Phrase(N_("I cannot pay for it")))

    def raise_for_purchase(self, pos: Position, need: int, space: int) -> Command | None:
        """Return a mortgage toward buying a deed worth far more than its price, if mortgages can cover it."""
        me = pos.me
        keep = frozenset(complete_groups(pos, me, unmortgaged=False)) | {pos.group(space)}
        options = [o for o in steps(pos, self.style, me, selling=False) if pos.group(o.space) not in keep]
        if sum(o.cash for o in options) < need:
            return None
        plan = cheapest_plan(options, need)
        return Mortgage(player=me, space=plan[0].space) if plan else None

    def on_auction(self, pos: Position, pend: Auction, legal: list[Command]) -> Command:
        me = pos.me
        board = pos.board
        if pend.lot == "deed":
            limit, _, why = self.deed_limit(pos, pend.space)
            price = board.price[pend.space]
            step = max(5, price // 20) + 5 * self.below(2)
            bid = next_bid(pend, limit, price // 2, step)
            what: Phrase | str = board.name(pend.space)
        else:
            limit = building_limit(pos, self.style, me, self.deny_buildings(pos))
            bid = next_bid(pend, limit, 0, 5)
            what, why = (
                (Phrase(N_("a hotel")) if pend.lot == "hotel" else Phrase(N_("a house"))),
                Phrase(N_("the rent it would add")),
            )
        if bid is None:
            return self.because(
                simple(PassAuction, me),
                Phrase(N_("{what} is worth no more than {amount} to me"), what=what, amount=dollars(limit)),
            )
        # why it bids, never how far: its limit is told, at its pass, once the auction is over
        return self.because(
            PlaceBid(player=me, amount=bid), Phrase(N_("I bid for {what}: {why}"), what=what, why=why)
        )

    def deed_limit(self, pos: Position, space: int) -> tuple[int, Phrase, Phrase]:
        """Return its bid limit for the deed, what sets it and why it bids (`limit_and_reason`), computed once
        per auction: nothing they depend on changes while the bidding goes on."""
        key = (pos.turn, space)
        if self._limit is None or self._limit[0] != key:
            found = limit_and_reason(pos, self.style, pos.me, space, self.bidding, self.safe(pos))
            self._limit = (key, found)
        return self._limit[1]

    def deny_buildings(self, pos: Position) -> float:
        return 0.0

    def on_place_building(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        for g in complete_groups(pos, me):
            cmd = if_legal(Build(player=me, space=next_lot(pos, g)), legal)
            if cmd is not None:
                return self.because(cmd, Phrase(N_("my best group takes the house")))
        return legal[0]

    # --- paying ---------------------------------------------------------------------------------

    def on_income_tax(self, pos: Position, pend: IncomeTaxDecision, legal: list[Command]) -> Command:
        tax = tax_of(pos.view, pend.space)
        cheaper = (
            "percent"
            if tax.percent is not None and percent_tax(pos.view, pos.me, pend.space) < tax.flat
            else "flat"
        )
        why = (
            Phrase(N_("a tenth of what I own is less than the flat tax"))
            if cheaper == "percent"
            else Phrase(N_("the flat tax is no dearer"))
        )
        return self.because(ChooseIncomeTax(player=pos.me, option=cheaper), why)

    def on_debt(self, pos: Position, pend: Debt, legal: list[Command]) -> Command:
        me = pos.me
        bankrupt = find(legal, DeclareBankruptcy)
        if bankrupt is not None:
            # allowed only when selling and mortgaging everything cannot cover the debt
            return self.because(bankrupt, Phrase(N_("all I have cannot cover what I owe")))
        plan = cheapest_plan(steps(pos, self.style, me), pend.amount - pos.funds[me])
        for step in plan:
            cmd: Command = (
                Mortgage(player=me, space=step.space)
                if step.kind == "mortgage"
                else SellBuilding(player=me, space=step.space)
            )
            if cmd in legal:
                least = (
                    N_("to pay the {amount} I owe: mortgaging {space} costs me least")
                    if step.kind == "mortgage"
                    else N_("to pay the {amount} I owe: selling a house on {space} costs me least")
                )
                why = Phrase(least, amount=dollars(pend.amount), space=pos.board.name(step.space))
                return self.because(cmd, why)
        return self.move_on(pos, pend, [c for c in legal if isinstance(c, Mortgage | SellBuilding)] or legal)

    def on_mortgage_decision(self, pos: Position, pend: MortgageDecision, legal: list[Command]) -> Command:
        me = pos.me
        cost = pos.board.unmortgage_cost(pend.space)
        safe = self.safe(pos)
        if pos.funds[me] - cost >= safe:
            lift = if_legal(Unmortgage(player=me, space=pend.space), legal)
            if lift is not None:
                return self.because(
                    lift, Phrase(N_("I can lift it and keep {amount} in hand"), amount=dollars(safe))
                )
        why = Phrase(N_("lifting it now would leave me less than {amount}"), amount=dollars(safe))
        return self.because(KeepMortgage(player=me, space=pend.space), why)

    def on_route(self, pos: Position, pend: RouteChoice, legal: list[Command]) -> Command:
        way = ChooseRoute(player=pos.me, space=best_way(pos, pend, self.deed_worth))
        return self.because(way, Phrase(N_("that way costs me least, and may buy me a deed")))

    # --- answering offers ---------------------------------------------------------------------

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        t = pend.trade
        verdict = judge(pos, self.trade_style, self.fair, pos.me, t.proposer, t.give, t.take, self.haggle)
        self.tell(verdict.said)
        return answer(legal, pos.me, t.id, verdict.accept, verdict.said, verdict.asking)
