"""`easy`: the collector. It plays by the printed figures, the way a newcomer does: buys whatever it can
afford, bids up to the printed price (more for a deed that completes or blocks a group), builds on its
cheapest group as soon as it has the money, sells buildings before it mortgages, always leaves jail at
once, and trades deed for deed when each side completes a group, judged by the printed prices (cash
comes into its deals only late in a long game). It never hands over a group-completing deed, without a
group in return, for less than its price plus half that group's worth by the rent tables.
"""

from __future__ import annotations

from engine.bots.bargaining import table_signature
from engine.bots.base import BotBase, answer
from engine.bots.bidding import next_bid
from engine.bots.building import complete_groups, next_lot
from engine.bots.judging import REASON_MOST, completed, unlocked
from engine.bots.landlord import EASY_THRIFT
from engine.bots.lots import LotStyle
from engine.bots.plain import face_value, fair_worth
from engine.bots.position import Position
from engine.bots.proposing import may_ask, swaps, wants
from engine.bots.reasons import dollars, group_words
from engine.bots.stops import travel_play
from engine.bots.talk import asking_words
from engine.bots.thresholds import least_passing
from engine.core.commands import (
    Build,
    BuyProperty,
    ChooseIncomeTax,
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
    Bundle,
    BuyDecision,
    Debt,
    IncomeTaxDecision,
    MortgageDecision,
    Pending,
    TradeAnswer,
)
from engine.queries import percent_tax, tax_of

SPARE = 60  # cash it keeps after buying a deed
BUILD_SPARE = 150  # cash it keeps after building
LIFT_SPARE = 300  # cash it keeps after lifting a mortgage
MARKUP = 1.1  # face value it wants back for every dollar of face value it gives
FAIR_SHARE = 0.5  # share of a group's worth the side completing it must pay the other
SWAPS_AFTER = 45  # rounds before it proposes trades itself (it answers offers from the start)
CASH_DEALS_AFTER = 70  # rounds before it puts cash into a deal
TRIES = 3  # offers for the same lots in a game
WAIT_ROUNDS = 6  # rounds before the same lots are asked for again (on a changed table)


def face(pos: Position, bundle: Bundle) -> float:
    return face_value(pos, bundle.deeds, bundle.cash, bundle.jail_cards, bundle.cards)


EASY_LOTS = LotStyle(
    horizon=10.0,
    keep=100,
    caution=0.0,
    worst_cap=0,
    sites=8,
    pace=100.0,
    commit=0.0,
    redeploy=False,
    idle=1e9,
    deny=0.0,
    cheapest_first=True,
    buy_any=True,
    min_gain=50.0,
)


class EasyBot(BotBase):
    level = "easy"
    lot_style = EASY_LOTS
    thrift = EASY_THRIFT

    def on_roll(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        for kind in (UseJailCard, PayJailFine):
            cmd = next((c for c in legal if isinstance(c, kind)), None)
            if cmd is not None:
                return self.because(cmd, Phrase(N_("I always leave jail at once")))
        cards = travel_play(pos, legal, self.deed_worth)
        if cards is not None:
            return self.because(
                cards, Phrase(N_("my travel cards take me somewhere better than the dice would"))
            )
        return simple(RollDice, pos.me)

    def on_end_turn(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        fine = PayJailFine(player=me)
        if fine in legal:
            return self.because(fine, Phrase(N_("I always leave jail at once")))
        groups = sorted(complete_groups(pos, me), key=lambda g: pos.board.house_cost[pos.board.members[g][0]])
        for g in groups:
            lot = next_lot(pos, g)
            if pos.funds[me] - pos.board.house_cost[lot] >= BUILD_SPARE:
                build = Build(player=me, space=lot)
                if build in legal:
                    why = Phrase(
                        N_(
                            "my cheapest complete group, the {group}, gets the next house "
                            "while I keep {amount}"
                        ),
                        group=group_words(pos, g),
                        amount=dollars(BUILD_SPARE),
                    )
                    return self.because(build, why)
        for s in sorted(pos.deeds_of(me), key=lambda s: pos.board.price[s]):
            if pos.mortgaged[s] and pos.funds[me] - pos.board.unmortgage_cost(s) >= LIFT_SPARE:
                lift = Unmortgage(player=me, space=s)
                if lift in legal:
                    why = Phrase(
                        N_("my cheapest mortgaged deed first, while I keep {amount} in hand"),
                        amount=dollars(LIFT_SPARE),
                    )
                    return self.because(lift, why)
        return self.swap(pos) or simple(EndTurn, me)

    def swap(self, pos: Position) -> ProposeTrade | None:
        """Return an offer swapping a deed for a deed when each completes a group for the side receiving it.
        Once the game has dragged on, cash too: to even up such a swap, or for a group's last lot at the
        printed price plus half the group's fair worth. The same lots are asked for now and then, not every
        turn."""
        me = pos.me
        memory = self.trades
        if memory.count(pos.turn) or pos.view.round < SWAPS_AFTER:
            return None
        late = pos.view.round >= CASH_DEALS_AFTER
        spare = pos.funds[me] - BUILD_SPARE
        table = table_signature(pos)
        for want in wants(pos, me):
            key = (want.partner, tuple(sorted(want.lots)))
            if not may_ask(memory.asked.get(key), table, pos.turn, WAIT_ROUNDS * len(pos.players), TRIES):
                continue
            take = Bundle(deeds=want.lots)
            for mine in swaps(pos, me, want.partner, want.group):
                give = Bundle(deeds=mine)
                theirs = completed(pos, give, take, want.partner)
                # a group for a group, by the printed prices, as it answers such offers itself
                short = MARKUP * face(pos, take) - face(pos, give) if theirs else float("inf")
                cash = 0 if short <= 0 else -(-int(short) // 10) * 10
                if cash and not (late and cash <= spare):
                    continue
                memory.record(pos.turn, table, key, want.partner, 0.0, 0.0, mine)
                offer = ProposeTrade(
                    player=me, to=want.partner, give=Bundle(cash=cash, deeds=mine), take=take
                )
                why = Phrase(
                    N_("a swap that completes my {group} and a group of yours"),
                    group=group_words(pos, want.group),
                )
                return self.because(offer, why)
            if not late:
                continue
            price = int(face(pos, take) + FAIR_SHARE * fair_worth(pos, [want.group]))
            price = -(-price // 10) * 10
            if spare - price >= 2 * pos.board.house_cost[want.lots[0]]:
                memory.record(pos.turn, table, key, want.partner, 0.0, 0.0)
                offer = ProposeTrade(player=me, to=want.partner, give=Bundle(cash=price), take=take)
                why = Phrase(
                    N_("its price and half the group's worth, to complete my {group}"),
                    group=group_words(pos, want.group),
                )
                return self.because(offer, why)
        return None

    def on_buy(self, pos: Position, pend: BuyDecision, legal: list[Command]) -> Command:
        if pos.funds[pos.me] - pos.board.price[pend.space] >= SPARE:
            return self.because(
                simple(BuyProperty, pos.me),
                Phrase(N_("I buy what I can while I keep {amount}"), amount=dollars(SPARE)),
            )
        return self.because(
            simple(DeclineProperty, pos.me),
            Phrase(N_("it would leave me less than {amount}"), amount=dollars(SPARE)),
        )

    def on_auction(self, pos: Position, pend: Auction, legal: list[Command]) -> Command:
        me = pos.me
        board = pos.board
        if pend.lot == "deed":
            price = board.price[pend.space]
            group = pos.group(pend.space)
            others = [pos.owner[s] for s in board.members[group] if s != pend.space]
            if others and all(o == me for o in others):
                limit = price * 3 // 2  # completes my group
                why: Phrase | str = Phrase(N_("half again its price: it completes my group"))
                ground: Phrase | str = Phrase(N_("it completes my group"))
            elif others and len(set(others)) == 1 and others[0] is not None:
                limit = price * 6 // 5  # would complete someone else's
                why = Phrase(N_("a fifth over its price: it would complete a rival's group"))
                ground = Phrase(N_("it would complete a rival's group"))
            else:
                limit = price
                why = Phrase(N_("its printed price"))
                ground = Phrase(N_("it is for sale and I have cash to spare"))
            if pos.funds[me] - SPARE // 2 < limit:  # the cash, not the deed, sets the limit: say so
                limit = pos.funds[me] - SPARE // 2
                why = Phrase(N_("all I can spare of my {cash}"), cash=dollars(pos.funds[me]))
            bid = next_bid(pend, limit, price // 2, 10)
            what: Phrase | str = board.name(pend.space)
        else:
            can_build = bool(complete_groups(pos, me))
            cost = board.house_cost[pend.space]
            limit = min(cost, pos.funds[me] - BUILD_SPARE)
            bid = next_bid(pend, limit, cost // 2, 10) if can_build else None
            why = Phrase(N_("what the bank asks for it")) if can_build else ""
            ground = Phrase(N_("I have a group to build on"))
            what = Phrase(N_("a hotel")) if pend.lot == "hotel" else Phrase(N_("a house"))
        if bid is None:
            if not why:
                return self.because(simple(PassAuction, me), Phrase(N_("I have no group to build on")))
            return self.because(
                simple(PassAuction, me),
                Phrase(
                    N_("{what} is past my limit of {amount}, {why}"),
                    what=what,
                    amount=dollars(max(limit, 0)),
                    why=why,
                ),
            )
        # why it bids, never how far: its limit is told, at its pass, once the auction is over
        return self.because(
            PlaceBid(player=me, amount=bid), Phrase(N_("I bid for {what}: {why}"), what=what, why=ground)
        )

    def on_place_building(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        return legal[0]

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
        """Raise cash for a debt: buildings first, from the most built lot; then mortgages, cheapest deed
        first."""
        bankrupt = next((c for c in legal if isinstance(c, DeclareBankruptcy)), None)
        if bankrupt is not None:
            return self.because(bankrupt, Phrase(N_("all I have cannot cover what I owe")))
        owed = Phrase(N_("to pay the {amount} I owe"), amount=dollars(pend.amount))
        sales = [c for c in legal if isinstance(c, SellBuilding)]
        if sales:
            sale = max(sales, key=lambda c: pos.level(c.space))
            why = Phrase(
                N_("{owed}: buildings go first, from my most built lot, {space}"),
                owed=owed,
                space=pos.board.name(sale.space),
            )
            return self.because(sale, why)
        mortgages = [c for c in legal if isinstance(c, Mortgage)]
        if mortgages:
            cheapest = min(mortgages, key=lambda c: pos.board.price[c.space])
            why = Phrase(
                N_("{owed}: my cheapest deed, {space}, is mortgaged first"),
                owed=owed,
                space=pos.board.name(cheapest.space),
            )
            return self.because(cheapest, why)
        return self.move_on(pos, pend, legal)

    def on_mortgage_decision(self, pos: Position, pend: MortgageDecision, legal: list[Command]) -> Command:
        lift = Unmortgage(player=pos.me, space=pend.space)
        if pos.funds[pos.me] - pos.board.unmortgage_cost(pend.space) >= LIFT_SPARE and lift in legal:
            return self.because(
                lift, Phrase(N_("I can lift it and keep {amount} in hand"), amount=dollars(LIFT_SPARE))
            )
        why = Phrase(N_("lifting it would leave me less than {amount}"), amount=dollars(LIFT_SPARE))
        return self.because(KeepMortgage(player=pos.me, space=pend.space), why)

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        t = pend.trade
        me = pos.me
        accept, reason, asking = self.verdict(pos, t.proposer, t.give, t.take)
        self.tell(reason)
        return answer(legal, me, t.id, accept, reason, asking)

    def verdict(
        self, pos: Position, proposer: int, give: Bundle, take: Bundle
    ) -> tuple[bool, Phrase | str, int | None]:
        """Return its answer and reason; a refusal names the cash at which it would agree, if there is one, as
        a figure and as text."""
        accept, reason = self.rule(pos, proposer, give, take)
        if accept or not (give.deeds or take.deeds):
            return accept, reason, None
        price = self.asking(pos, proposer, give, take)
        if price is not None:
            words = asking_words(price, len(take.deeds), len(give.deeds))
            reason = (
                Phrase(N_("{reason}; {words}"), reason=reason, words=words)
                if len(str(reason)) + len(str(words)) < REASON_MOST
                else words
            )
        return accept, reason, price

    def asking(self, pos: Position, proposer: int, give: Bundle, take: Bundle) -> int | None:
        """Return the least cash from the proposer (negative: the most to him) that its rules accept."""
        offered = give.cash - take.cash

        def agrees(total: int) -> bool:
            g = Bundle(cash=max(total, 0), deeds=give.deeds, jail_cards=give.jail_cards)
            t = Bundle(cash=max(-total, 0), deeds=take.deeds, jail_cards=take.jail_cards)
            return self.rule(pos, proposer, g, t)[0]

        lo, hi = offered, pos.funds[proposer]
        if hi <= lo or not agrees(hi):
            return None
        hi = least_passing(lo, hi, agrees)
        total = -((-hi) // 10) * 10
        if total > pos.funds[proposer] or not agrees(total):
            total = hi
        if (
            (total > 0 and not take.deeds)
            or (total < 0 and not give.deeds)
            or (total == 0 and not give.deeds)
        ):
            return None
        return total

    def rule(self, pos: Position, proposer: int, give: Bundle, take: Bundle) -> tuple[bool, Phrase | str]:
        me = pos.me
        board = pos.board
        theirs = completed(pos, take, give, proposer) + unlocked(pos, take, give, proposer, me)
        mine = completed(pos, give, take, me)
        got, gave = face(pos, give), face(pos, take)
        if theirs and not mine and got - gave < FAIR_SHARE * fair_worth(pos, theirs):
            name = Phrase.within("edition", pos.tables.group_names[theirs[0]].lower())
            if completed(pos, take, give, proposer):
                return False, Phrase(N_("that would complete your {colour} group"), colour=name)
            return False, Phrase(
                N_("that would leave the {colour} group one trade from complete"), colour=name
            )
        if not mine:
            for s in take.deeds:
                lots = board.members[pos.group(s)]
                if (
                    board.kinds[s] == "street"
                    and 2 * sum(1 for t in lots if pos.owner[t] == me) >= len(lots) + 1
                ):
                    colour = Phrase.within("edition", pos.tables.group_names[pos.group(s)].lower())
                    return False, Phrase(N_("I am collecting the {colour} group"), colour=colour)
        if take.cash and pos.funds[me] - take.cash < SPARE:
            return False, Phrase(N_("I cannot spare that much cash"))
        if got < gave * MARKUP:
            return False, Phrase(N_("that is worth less to me than what I would give"))
        return True, Phrase(N_("a fair deal"))
