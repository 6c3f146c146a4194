"""How the bots play Magie's 1904 game, where lots are bought or rented from the Public Treasury.

The arithmetic is simple because the count is: a lot counts its price at the end, so buying one costs
nothing in the final reckoning; it earns its rent from every rival who stops there and spares its owner
the rent he would pay, for as many throws as the game has left. A note from the bank costs its interest
at every wages and nothing in the count. So a lot is worth buying whenever the cash can be spared, and
worth borrowing for when it pays back its price faster than a note costs (its payback, in circuits). What
the levels differ in is how much cash they keep against the poorhouse, whether they borrow to buy, ride
the railroads and choose their way with an eye to what the stop will cost, lend and ask for loans.

Every figure is asked of the engine's queries on the bot's view.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.position import Position
from engine.bots.reasons import Reasoning, dollars
from engine.core.commands import (
    AcceptLoan,
    AcceptTrade,
    BorrowFromBank,
    BuyLot,
    BuyLuxury,
    BuyTicketLot,
    ChooseDirection,
    ChooseRoute,
    Command,
    DeclineLuxury,
    DoneWithTickets,
    EndTurn,
    GoToPoorhouse,
    PayJailFine,
    ProposeLoan,
    RejectLoan,
    RejectTrade,
    RentLot,
    RepayLoan,
    RollDice,
    simple,
)
from engine.core.phrases import N_, Phrase
from engine.core.state import (
    Bundle,
    Debt,
    DirectionChoice,
    LoanAnswer,
    LotChoice,
    LuxuryOffer,
    Pending,
    RouteChoice,
    TradeAnswer,
)
from engine.queries import (
    borrowing_capacity,
    earns_wages,
    fee_of,
    free_lots,
    loan_problem,
    loans_of,
    lot_rent,
    luxury_worth,
    may_turn_back,
    notes_toward,
    repayment,
    security_for,
)

THROWS_PER_CIRCUIT = 40 / 7
"""Throws it takes to go once round a board of forty spaces, seven at a time."""
NOTE_RATE = 0.05
"""The bank's interest: $5 on a $100 note at each wages, once a circuit."""


@dataclass(frozen=True, slots=True)
class Thrift:
    """Parameters of how one level plays the 1904 game."""

    reserve: int  # cash kept in hand after buying a lot
    luxury_reserve: int  # cash kept in hand after buying a luxury that no wages rode on
    borrow_to_buy: bool  # borrows notes for a lot that pays back faster than `max_payback`
    max_payback: float  # circuits
    repay_above: int  # cash above which it repays a note at the end of its turn
    weighs_stops: bool  # rides the railroads and chooses its way by what the stop will cost
    lends: bool  # lends at the bank's rate or better, and asks rivals for loans against the poorhouse
    fine_while_for_sale: float  # pays the jail fine while this share of the lots is still for sale
    wage_weight: float = 1.0  # how much wages earned by a move count in choosing it
    jail_cost: float = 10.0  # what being sent to jail costs (it delays, but pays no rent while there)


EASY_THRIFT = Thrift(
    reserve=60,
    luxury_reserve=100,
    borrow_to_buy=False,
    max_payback=0.0,
    repay_above=300,
    weighs_stops=False,
    lends=False,
    fine_while_for_sale=1.1,  # always pays its way out
)
NORMAL_THRIFT = Thrift(
    reserve=80,
    luxury_reserve=120,
    borrow_to_buy=True,
    max_payback=20.0,
    repay_above=350,
    weighs_stops=True,
    lends=False,
    fine_while_for_sale=0.5,
)
HARD_THRIFT = Thrift(
    reserve=0,  # a lot counts its price at the end: cash kept back earns nothing (measured, 1,000 games)
    luxury_reserve=0,  # a ticket counts $10 more than it costs
    borrow_to_buy=True,
    max_payback=30.0,
    repay_above=300,
    weighs_stops=True,
    lends=True,
    fine_while_for_sale=0.6,
    wage_weight=0.5,  # wages come once a circuit whenever they come: a ride for them only brings them sooner
    jail_cost=-5.0,  # sitting in jail pays no rent and costs no wages
)


def _first(legal: list[Command], kind: type) -> Command | None:
    return next((c for c in legal if isinstance(c, kind)), None)


class LandlordPlay(Reasoning):
    """One bot's play of the 1904 decisions, each with its reason. It remembers whom it asked for a loan in
    which turn."""

    def __init__(self, thrift: Thrift) -> None:
        self.thrift = thrift
        self._asked: set[tuple[int, int]] = set()

    # --- figures ------------------------------------------------------------------------------

    @staticmethod
    def throws_left(pos: Position) -> float:
        """Return the throws each player has left: until the slowest has made the last circuit."""
        limit = pos.rules.circuits or 5
        slowest = min(pos.view.players[p].circuits for p in pos.players)
        return max(limit - slowest, 0) * THROWS_PER_CIRCUIT + 1.0

    def lot_income(self, pos: Position, space: int) -> float:
        """Return what owning a lot should bring in the throws left: its rent from every rival who stops
        there, and the rent its owner no longer pays when he does."""
        rent = pos.board.rent[space][0]
        land = pos.tables.odds.land[space]
        return rent * land * self.throws_left(pos) * len(pos.players)

    def payback(self, pos: Position, space: int) -> float:
        """Return the circuits a lot takes to earn its price back in rent (all players moving)."""
        per_circuit = pos.board.rent[space][0] * pos.tables.odds.land[space] * len(pos.players)
        per_circuit *= THROWS_PER_CIRCUIT
        return pos.board.price[space] / per_circuit if per_circuit else float("inf")

    def stop_cost(self, pos: Position, space: int) -> float:
        """Return what stopping on `space` should cost the bot (less what it brings), as the table stands."""
        me = pos.me
        board = pos.board
        view = pos.view
        kind = board.kinds[space]
        if kind == "lot":
            amount, to = lot_rent(view, space, me)
            if to is None:  # unowned: bought if the cash allows, which costs nothing in the count
                if pos.funds[me] - board.price[space] >= self.thrift.reserve:
                    return -self.lot_income(pos, space)
                return float(amount)
            return 0.0 if to == me else float(amount)
        if kind in ("necessity", "fare"):
            return float(fee_of(view, space))
        if kind == "franchise":
            holder = view.charters.get(space)
            return float(fee_of(view, space)) if holder not in (None, me) else 0.0
        if kind == "luxury":
            fee = fee_of(view, space)
            if pos.funds[me] >= fee:
                return float(fee - luxury_worth(board))
            return 30.0 if earns_wages(view, me) else 0.0  # a lost move costs only the time
        if kind == "legacy":
            return -float(board.spaces[space].award or 0)
        if kind == "go_to_jail":
            return self.thrift.jail_cost
        return 0.0

    def _walk_cost(self, pos: Position, start: int, steps: int, direction: int) -> float:
        """Return the cost of a move from `start`: the stop, less the wages for passing Mother Earth (weighed
        by the level: wages come once a circuit whenever they come, so passing now only brings them
        sooner)."""
        walk = pos.board.track.walk(start, steps, direction=direction)
        wages = 0.0
        if direction > 0 and earns_wages(pos.view, pos.me):
            wages = float(sum(pos.board.pays[s] for s in walk.path))
        return self.stop_cost(pos, walk.end) - self.thrift.wage_weight * wages

    # --- the decisions ----------------------------------------------------------------------------

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command | None:
        """Return the answer to what the game waits for, or None for a decision this table never asks."""
        handler = getattr(self, f"on_{pend.kind}", None)
        return None if handler is None else handler(pos, pend, legal)

    def on_lot_tickets(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        choices = [c for c in legal if isinstance(c, BuyTicketLot)]
        choices.sort(key=lambda c: -self.lot_income(pos, c.space))
        keep = self.thrift.reserve + 40
        for cmd in choices:
            if pos.funds[me] - pos.board.price[cmd.space] >= keep:
                why = Phrase(
                    N_("{space} should bring in the most rent of the lots I can have"),
                    space=pos.board.name(cmd.space),
                )
                return self.because(cmd, why)
        why = Phrase(
            N_("another lot would leave me less than the {amount} I keep in hand"), amount=dollars(keep)
        )
        return self.because(DoneWithTickets(player=me), why)

    def on_rent_or_buy(self, pos: Position, pend: LotChoice, legal: list[Command]) -> Command:
        me = pos.me
        price = pos.board.price[pend.space]
        short = price + self.thrift.reserve - pos.funds[me]
        if short <= 0:
            return self.because(
                BuyLot(player=me),
                Phrase(N_("I can buy it and keep {amount}"), amount=dollars(self.thrift.reserve)),
            )
        t = self.thrift
        payback = self.payback(pos, pend.space)
        if t.borrow_to_buy and payback <= t.max_payback:
            borrow = self.borrow(pos, short)
            if borrow is not None:
                why = Phrase(
                    N_("borrowing to buy: it earns its price back in {payback:.0f} circuits"), payback=payback
                )
                return self.because(borrow, why)
        why = Phrase(
            N_("buying it would leave me less than the {amount} I keep in hand"),
            amount=dollars(self.thrift.reserve),
        )
        return self.because(RentLot(player=me), why)

    def borrow(self, pos: Position, need: int) -> BorrowFromBank | None:
        """Return the fewest notes that raise `need`, against the fewest lots that secure them."""
        note = pos.board.edition.loans.note if pos.board.edition.loans else 0
        if note <= 0 or need <= 0:
            return None
        notes = -(-need // note)
        if borrowing_capacity(pos.view, pos.me) < notes * note:
            return None
        security = security_for(pos.view, pos.me, notes)
        return None if security is None else BorrowFromBank(player=pos.me, notes=notes, security=security)

    def on_luxury(self, pos: Position, pend: LuxuryOffer, legal: list[Command]) -> Command:
        me = pos.me
        cash = pos.funds[me]
        if cash >= pend.price and (pend.wages or cash - pend.price >= self.thrift.luxury_reserve):
            why = (
                Phrase(N_("the wages of this move ride on it"))
                if pend.wages
                else Phrase(N_("I can spare the money"))
            )
            return self.because(BuyLuxury(player=me), why)
        if pend.wages and self.thrift.borrow_to_buy:  # the move's wages ride on it: borrow for it
            borrow = self.borrow(pos, pend.price - cash)
            if borrow is not None:
                return self.because(borrow, Phrase(N_("borrowing for it: the wages of this move ride on it")))
        return self.because(DeclineLuxury(player=me), Phrase(N_("I would rather keep the money")))

    def on_direction(self, pos: Position, pend: DirectionChoice, legal: list[Command]) -> Command:
        me = pos.me
        if not self.thrift.weighs_stops:
            return ChooseDirection(player=me, direction="forward")
        here = pos.view.players[me].position
        ahead = self._walk_cost(pos, here, pend.steps, 1)
        behind = self._walk_cost(pos, here, pend.steps, -1)
        way = "backward" if behind < ahead else "forward"
        return self.because(
            ChooseDirection(player=me, direction=way),
            Phrase(N_("backward costs me less") if way == "backward" else N_("forward costs me less")),
        )

    def on_route(self, pos: Position, pend: RouteChoice, legal: list[Command]) -> Command:
        me = pos.me
        if not self.thrift.weighs_stops:
            return ChooseRoute(player=me, space=pend.options[0])
        best, best_cost = pend.options[0], float("inf")
        for way in pend.options:
            cost = self._walk_cost(pos, way, pend.steps, pend.direction)
            if way != pend.at and pend.direction > 0 and earns_wages(pos.view, me):
                passed = pos.board.track.along(pend.at, way) or ()
                cost -= self.thrift.wage_weight * sum(pos.board.pays[s] for s in passed)
            if cost < best_cost:
                best, best_cost = way, cost
        return self.because(ChooseRoute(player=me, space=best), Phrase(N_("that way costs me least")))

    def on_roll(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        if pos.in_jail[me]:
            fine = _first(legal, PayJailFine)
            lots = [s for s in pos.board.deeds if pos.board.kinds[s] == "lot"]
            for_sale = sum(1 for s in lots if pos.owner[s] is None) / max(len(lots), 1)
            jail = pos.board.edition.jail
            if (
                fine is not None
                and jail is not None
                and for_sale >= self.thrift.fine_while_for_sale - 1e-9
                and pos.funds[me] - jail.fine >= self.thrift.reserve
            ):
                return self.because(fine, Phrase(N_("lots are still for sale: out at once to buy them")))
            if fine is not None:
                return self.because(
                    simple(RollDice, me), Phrase(N_("I stay and throw: the fine is better kept"))
                )
        return simple(RollDice, me)

    def on_end_turn(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        me = pos.me
        mine = loans_of(pos.view, me)
        if mine:
            # the dearest loan first, if the cash can spare it; debt-free earns the choice of way
            loan = max(mine, key=lambda ln: (ln.interest / ln.principal, ln.id))
            keep = self.thrift.repay_above
            if may_turn_back_if_clear(pos) and self.thrift.weighs_stops:
                keep = self.thrift.reserve + 100
            repay = RepayLoan(player=me, loan=loan.id)
            if pos.funds[me] - repayment(pos.view, loan) >= keep - 100 and repay in legal:
                return self.because(repay, Phrase(N_("the dearest loan first, while I can spare the cash")))
        return simple(EndTurn, me)

    def on_debt(self, pos: Position, pend: Debt, legal: list[Command]) -> Command:
        """Borrow what the debt needs, or all the bank will lend when that falls short (the poorhouse
        takes only a player with nothing left to borrow on); then, for the hard level, ask a rival."""
        me = pos.me
        poorhouse = _first(legal, GoToPoorhouse)
        owed = Phrase(N_("to pay the {amount} I owe"), amount=dollars(pend.amount))
        if poorhouse is None:
            toward = notes_toward(pos.view, me, pend.amount - pos.funds[me])
            if toward is not None:
                borrow = BorrowFromBank(player=me, notes=toward[0], security=toward[1])
                return self.because(borrow, Phrase(N_("{owed}: the fewest notes that cover it"), owed=owed))
            candidate = _first(legal, BorrowFromBank)
            if candidate is not None:
                return self.because(candidate, Phrase(N_("{owed}: all the bank will lend me"), owed=owed))
        if self.thrift.lends:
            ask = self.ask_for_loan(pos, pend.amount - pos.funds[me])
            if ask is not None:
                return self.because(ask, Phrase(N_("{owed}: the bank will lend me no more"), owed=owed))
        if poorhouse is not None:
            return self.because(poorhouse, Phrase(N_("nothing is left that I could borrow on")))
        return legal[0]

    def ask_for_loan(self, pos: Position, need: int) -> ProposeLoan | None:
        """Ask the richest rival not yet asked this turn for what the debt needs, against free lots."""
        me = pos.me
        view = pos.view
        lots = free_lots(view, me)
        if not lots:
            return None
        principal = -(-need // 10) * 10
        interest = max(1, round(principal * NOTE_RATE * 1.2))
        for rival in sorted(pos.rivals, key=lambda r: -pos.funds[r]):
            if (view.turn, rival) in self._asked or pos.funds[rival] - principal < 150:
                continue
            if loan_problem(view, me, rival, rival, principal, interest, tuple(lots)) is not None:
                continue
            self._asked.add((view.turn, rival))
            return ProposeLoan(
                player=me,
                to=rival,
                lender=rival,
                principal=principal,
                interest=interest,
                security=tuple(lots),
            )
        return None

    def on_loan_answer(self, pos: Position, pend: LoanAnswer, legal: list[Command]) -> Command:
        me = pos.me
        o = pend.offer
        rate = o.interest / o.principal
        if o.lender == me:
            ok = (
                self.thrift.lends
                and rate >= NOTE_RATE
                and pos.funds[me] - o.principal >= 2 * self.thrift.reserve
            )
            reason = (
                Phrase(N_("a fair rate, and well secured"))
                if ok
                else Phrase(N_("I would rather keep my cash"))
            )
        else:
            ok = rate <= NOTE_RATE
            reason = Phrase(N_("as cheap as the bank")) if ok else Phrase(N_("the bank lends cheaper"))
        if ok and _first(legal, AcceptLoan) is not None:
            return AcceptLoan(player=me, offer=o.id, reason=str(reason))
        return RejectLoan(player=me, offer=o.id, reason=str(reason))

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        me = pos.me
        t = pend.trade
        got = self.worth(pos, t.give)
        gave = self.worth(pos, t.take)
        spare = pos.funds[me] - t.take.cash >= self.thrift.reserve
        if got >= 1.1 * gave and spare and _first(legal, AcceptTrade) is not None:
            return AcceptTrade(player=me, trade_id=t.id, reason=N_("that pays me"))
        return RejectTrade(player=me, trade_id=t.id, reason=N_("worth less to me than what I would give"))

    def worth(self, pos: Position, bundle: Bundle) -> float:
        """Return the player's worth: cash at face value, lots at their price and the rent they should
        bring."""
        return bundle.cash + sum(pos.board.price[s] + self.lot_income(pos, s) for s in bundle.deeds)


def may_turn_back_if_clear(pos: Position) -> bool:
    """Whether it may choose its direction: past the circuits that earn wages and clear of debt."""
    limit = pos.rules.circuits
    return (
        limit is not None
        and pos.view.players[pos.me].circuits >= limit
        and not may_turn_back(pos.view, pos.me)
    )
