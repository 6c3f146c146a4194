"""`hard`: the shark. It shares the investor's rent arithmetic but plays to win, not to break even. The
first player to put three houses on a group usually wins the game, so it plays that race:

- it buys every deed it lands on while $150 stays in hand (each is a say in the trade that completes its
  group, or one a rival cannot have cheaply), and the lot that completes a group of its own even if
  stray deeds must be mortgaged to pay for it;
- it prices a group by what its cash can build there soon, not by what the group could earn: in a trade
  it counts half of what mortgaging its strays would raise, elsewhere none (that comes too late to win);
- mortgages its stray deeds to put three houses on a group at once, lifting them only once its groups
  are built up;
- holds four houses instead of hotels while the bank runs short and rivals could build (unless the
  table is awash with cash, where that starves nobody), and bids for the last houses to keep them from
  rivals;
- bids to keep a deed from a rival it would help (up to a limit: a blocking bid beyond the printed price
  costs more than it keeps from him); leaves jail at once while the board is open, and later judges it by
  the rent the throw out would risk against what it could buy;
- prices its offers by its own reckoning of both sides and opens low, near the least it reckons the
  partner should take, then meets the price he names if its own judgement allows; buys the lot that
  leaves a split group one deal from complete, sells its stray deeds to whoever needs them, and demands a
  premium before it completes a rival's group;
- counts rent twelve rounds ahead, not more: a game is decided within that of its groups forming.
"""

from __future__ import annotations

from dataclasses import replace

from engine.bots.bargaining import FLOOR
from engine.bots.bidding import Bidding
from engine.bots.building import build_choice, complete_groups, lift_choice, wants_to_build
from engine.bots.jail import rivals_built, worth_leaving
from engine.bots.judging import Fairness, completed
from engine.bots.landlord import HARD_THRIFT
from engine.bots.lot_trades import Dealing
from engine.bots.lots import LotStyle
from engine.bots.normal import NormalBot, if_legal
from engine.bots.outlook import HARD_OUTLOOK
from engine.bots.position import Position
from engine.bots.proposing import Persistence, bundle, sale
from engine.bots.raising import Step, cheapest_plan, steps, to_lift_a_group
from engine.bots.reasons import dollars, group_of, group_words
from engine.bots.valuation import Style
from engine.core.commands import BuyProperty, Command, Mortgage, ProposeTrade, simple
from engine.core.phrases import N_, Phrase
from engine.core.state import BuyDecision

HARD_STYLE = Style(
    horizon=12.0,  # a game is decided within some twelve rounds of the groups forming: rent counted
    # beyond that is a forecast that made it overpay for groups in trades and for deeds at auction
    keep=50,
    claim=0.2,
    deal=0.03,
    jail_card=30,
    liquidity=0.73,
    mortgage_to_build=0.0,  # at auction and on its own turn: mortgage money comes too late to win the race
    build_cost=0.63,
    saving=0.54,
    prospects_at_cash=True,
)
HARD_TRADE_STYLE = replace(HARD_STYLE, mortgage_to_build=0.5)
"""In a trade it counts half of what mortgaging its stray deeds would raise toward building a group: the
money is real but slow, and the strays stop paying rent. (Counting none of it won a few more games
against `normal`, which builds at once, and lost more against bots that build slowly.)"""
HARD_FAIR = Fairness(partner=0.92, premium=0.23, min_gain=10.0, caution=0.35, threat=0.85, keep=2.0)
"""`keep`: a lot of its own group of which it holds all lots but one is its claim on that group. With cash
enough in hand it sells one for no less than twice its printed price (its reckoning of rent alone let the
claim go for a third above the price, to a buyer who then blocked the group)."""
HARD_ASKING = replace(HARD_FAIR, premium=0.1, keep=0.0)
"""Its model of a partner when it asks: it demands a premium before completing a rival's group, but does
not assume every partner demands as much of it, nor holds on to his own claims as it does."""
SHORTAGE = 12  # houses left in the bank below which it stops turning houses into hotels
BUY_RESERVE = 150  # cash it keeps in hand when it buys a deed it lands on


STALLED = Fairness(partner=0.25, premium=0.05, min_gain=0.0, caution=0.35, threat=1.0)
"""What its offers must bring it on a stalled table (no building anywhere by `Persistence.stall_round`):
the game waits for a deal, so it settles for a smaller share of the gain."""


HARD_LOTS = LotStyle(
    horizon=8.0,
    keep=50,
    caution=0.0,
    worst_cap=0,
    sites=2,
    pace=150.0,
    commit=1.0,
    redeploy=True,
    idle=2000.0,
    deny=0.5,
    cheapest_first=False,
    buy_any=False,
    min_gain=60.0,
    wealth=1.5,
)
"""`wealth`: rent is counted only as far as each rival could pay it (1.5 times his cash and what the bank
would pay for his lots): a sixth house whose rent would bankrupt anyone who landed there is worth his
estate, not the printed figure, so the cash goes where rivals can pay."""
HARD_DEALING = Dealing(
    first_round=3,
    envy=0.3,
    min_gain=60.0,
    expect=0.3,
    buys=True,
    sells=True,
    in_debt=True,
    steps=3,
    liquidity=0.5,
    arming=1.0,
)
"""How it trades lots: it buys a rival's lot it would build up, sells a lot of its own to a rival who
would pay more for it than it is worth to the bot (the cash builds up its better lots), and owing more
than it holds, offers a lot to a player before the bank. A lot it lets go is never sold for less than it
is worth to the buyer (`arming`): its own gain must be no less than his, since the lot arms him."""


class HardBot(NormalBot):
    level = "hard"
    thrift = HARD_THRIFT
    outlook = HARD_OUTLOOK
    style = HARD_STYLE
    trade_style = HARD_TRADE_STYLE
    lot_style = HARD_LOTS
    lot_dealing = HARD_DEALING
    fair = HARD_FAIR
    offer_fair = HARD_ASKING
    bidding = Bidding(deny=0.6, most=1.5, completing=3.0, blocking=1.6)
    offers_per_turn = 2
    cooldown_rounds = 2  # opening low, it needs the answer's named price sooner (still on a changed table)
    consolidate = True  # also buys the lot that leaves one deal between it and a group
    patience = Fairness(partner=0.5, premium=0.1, min_gain=50.0, caution=0.35, threat=1.0)
    persist = Persistence(stalled=STALLED)
    expect = 3 * FLOOR  # opens near the least it reckons a partner should take; his answer names his price

    def on_buy(self, pos: Position, pend: BuyDecision, legal: list[Command]) -> Command:
        """Buy every deed it lands on while it keeps its reserve, and the lot that completes one of its groups
        even if stray deeds must be mortgaged to pay for it; beyond that, as the investor judges."""
        me = pos.me
        buy = simple(BuyProperty, me)
        price = pos.board.price[pend.space]
        completes = self.completes(pos, pend.space)
        if buy in legal and completes:
            return self.because(buy, Phrase(N_("it completes my {group}"), group=group_of(pos, pend.space)))
        if buy in legal and pos.funds[me] - price >= BUY_RESERVE:
            why = Phrase(
                N_("I buy every deed I land on while I keep {amount}: each is a say in a trade"),
                amount=dollars(BUY_RESERVE),
            )
            return self.because(buy, why)
        if completes:
            step = self.raise_for_purchase(pos, price - pos.funds[me], pend.space)
            if step is not None and step in legal:
                name = pos.board.name(pend.space)
                why = Phrase(
                    N_("raising cash for {name}: it completes my {group}"),
                    name=name,
                    group=group_of(pos, pend.space),
                )
                return self.because(step, why)
        return super().on_buy(pos, pend, legal)

    def completes(self, pos: Position, space: int) -> bool:
        """Whether this lot, bought, would complete a colour group of its own."""
        streets = pos.tables.street_groups
        return any(g in streets for g in completed(pos, bundle(deeds=(space,)), bundle(), pos.me))

    def leave_jail(self, pos: Position) -> bool:
        """Decide whether to leave jail: out at once while the board is open (a quarter of the deeds for sale
        and no rival built): the deeds to be had are worth more than the fine. Later, only if the free moves
        are worth their risk."""
        me = pos.me
        if not rivals_built(pos, me) and pos.unowned() * 4 >= len(pos.board.deeds):
            return True
        jail = pos.board.edition.jail
        assert jail is not None  # asked only of a player in jail
        cost = float(self.style.jail_card if pos.jail_cards[me] else jail.fine)
        return worth_leaving(pos, self.style, me, cost)

    def jail_words(self, pos: Position, leave: bool) -> Phrase:
        me = pos.me
        if not rivals_built(pos, me) and pos.unowned() * 4 >= len(pos.board.deeds):
            return Phrase(N_("the board is still open: its deeds are worth more than the fine"))
        if leave:
            return Phrase(N_("what my free moves may buy is worth more than the rent they risk"))
        return Phrase(N_("the rent out there risks more than my moves could bring"))

    def deny_buildings(self, pos: Position) -> float:
        return 0.5 if pos.bank_houses <= SHORTAGE else 0.0

    def hotels_allowed(self, pos: Position) -> bool:
        """Whether it may build hotels: hotels give houses back to the bank, so not while it runs short and a
        rival could use them, unless the table is awash with cash (a board whose prizes pay out more than its
        rents take in), where holding houses back starves nobody and only stalls the game."""
        if pos.bank_houses > SHORTAGE:
            return True
        if pos.awash():
            return True
        return not any(complete_groups(pos, r) for r in pos.rivals)

    def develop(self, pos: Position, legal: list[Command]) -> Command | None:
        me = pos.me
        safe = self.safe(pos)
        budget = pos.funds[me] - safe
        space = lift_choice(pos, self.style, me, budget, groups_only=True)
        if space is not None:
            return self.lift(pos, space, legal)
        stray = to_lift_a_group(pos, self.style, me, budget)
        if stray is not None:
            return self.mortgage_to_lift(pos, stray, legal)
        lot = build_choice(pos, self.style, me, budget, hotels=self.hotels_allowed(pos))
        if lot is not None:
            cmd = self.build(pos, lot, safe, legal)
            if cmd is not None:
                return cmd
        # not enough cash for the group it wants built: mortgage stray deeds first
        group: str | None = None
        options: list[Step] = []
        if complete_groups(pos, me):  # the groups `wants_to_build` weighs: without one, nothing to raise for
            protect = frozenset(complete_groups(pos, me, unmortgaged=False))
            strays = steps(pos, self.style, me, selling=False)
            options = [o for o in strays if pos.group(o.space) not in protect]
            raised = sum(o.cash for o in options)
            group = wants_to_build(pos, self.style, me, budget + raised)
        if group is not None and options:
            cost = pos.board.house_cost[pos.board.members[group][0]]
            need = int(cost * len(pos.board.members[group]) - budget)
            plan = cheapest_plan(options, max(need, cost))
            if plan:
                cmd = if_legal(Mortgage(player=me, space=plan[0].space), legal)
                if cmd is not None:
                    why = Phrase(
                        N_("mortgaging {space}, a stray, to build on my {group} at once"),
                        space=pos.board.name(plan[0].space),
                        group=group_words(pos, group),
                    )
                    return self.because(cmd, why)
        if group is None and wants_to_build(pos, self.style, me, budget) is None:
            space = lift_choice(pos, self.style, me, pos.funds[me] - safe - self.style.keep)
            if space is not None:
                return self.lift(pos, space, legal)
        return None

    def sell(self, pos: Position) -> ProposeTrade | None:
        """Return an offer selling a stray deed for cash to the rival who should pay most for it."""
        return sale(
            pos,
            pos.me,
            self.judgement(),
            self.trades,
            self.patience,
            self.cooldown_rounds * len(pos.players),
        )
