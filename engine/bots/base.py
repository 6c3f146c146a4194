"""What every bot shares: the `Bot` protocol, the dispatch on what the game waits for, a last check that
the answer is legal, and the adapter that seats a bot in `engine.tools.simulate`.

A bot sees only its view and its legal commands. Its randomness comes from its own PCG32 stream, seeded
from the game's seed and its seat, so the same game with the same seeds plays out the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import engine.core.rng as rng
from engine.bots.bargaining import TradeMemory
from engine.bots.calling import leader, undecidable
from engine.bots.deals import as_trade, blunder, deal_answer, deal_reason, trade_answers
from engine.bots.landlord import NORMAL_THRIFT, LandlordPlay, Thrift
from engine.bots.leading import answer_leader, costs_me
from engine.bots.lot_trades import Dealing, LotDealer
from engine.bots.lots import LotPlay, LotStyle
from engine.bots.outlook import Outlook, OutlookPlay
from engine.bots.position import Position
from engine.bots.reasons import Reasoning, dollars
from engine.bots.routes import best_way
from engine.bots.stops import ride_to
from engine.core.commands import (
    AcceptDeal,
    AcceptLoan,
    AcceptTrade,
    AgreeToCall,
    BorrowFromBank,
    CallGame,
    ChooseRoute,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineLuxury,
    DoneWithTickets,
    EndTurn,
    GoToPoorhouse,
    KeepCard,
    PassAuction,
    PlaceBid,
    PlayRefundCard,
    ProposeLoan,
    ProposeTrade,
    RefuseCall,
    RejectDeal,
    RejectLoan,
    RejectTrade,
    RentLot,
    RollDice,
    TakeRide,
    simple,
)
from engine.core.events import Event
from engine.core.phrases import N_, Phrase
from engine.core.state import (
    Auction,
    BuyDecision,
    CallAnswer,
    DealAnswer,
    Pending,
    RefundChoice,
    RideChoice,
    RouteChoice,
    TradeAnswer,
    WinningsChoice,
)
from engine.play.view import GameView
from engine.queries import bank_loan_problem, loan_problem, proposal_problem

PLAY_CARD_FROM = 100
"""Dollars a kept card must bring now (the pool beyond the usual share, half a prize) to be played."""

CALLED_FROM = frozenset({"roll", "end_turn"})
"""The decisions of its own turn at which a bot may propose to call the game."""

MAX_STEPS = 80
"""Commands a bot may issue while the game waits on one decision before it moves the game on."""

WITHDRAWN_MOST = 3
"""Offers withdrawn in one decision (each would have handed the leader his group) before the bot moves on."""


class Bot(Protocol):
    level: str

    @property
    def reason(self) -> str:
        """The reason for its last choice, as one line of English; "" when it gives none (a throw, the end of
        a turn, or a bot from outside that gives no reason)."""
        ...

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        """Called whenever the game waits for this bot. Returns one of `legal`, a `ProposeTrade` while
        trading is open, or an answer to an offer with its reason."""
        ...

    def observe(self, events: Sequence[Event]) -> None:
        """Receive the events of every move at the table (anyone's, its own too) as they happen: the offers
        made and how they were answered are all a bot knows of the other players beyond the table."""
        ...


class BotBase(Reasoning):
    """Base class of the built-in bot levels: dispatch and legality checks; each level supplies the decisions,
    and its reasons (`because`)."""

    level = "base"
    thrift: Thrift = NORMAL_THRIFT
    """How it plays Magie's 1904 game (lots for sale or rent, notes, the poorhouse)."""
    outlook: Outlook | None = None
    """What it weighs there beyond the shared play (`engine.bots.outlook`); None: the shared play."""
    lot_style: LotStyle | None = None
    """How the level plays where lots stand alone (Finance); None: it has no such play."""
    lot_dealing: Dealing | None = None
    """How it trades lots there (`engine.bots.lot_trades`); None: by its old rule, and it proposes none."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat
        self.landlords = (
            LandlordPlay(self.thrift) if self.outlook is None else OutlookPlay(self.thrift, self.outlook)
        )
        self.reseed(seed)
        self.trades = TradeMemory()
        self.lot_play = self.make_lot_play()
        self.refused = 0  # answers the last check had to replace (a bot bug if ever non-zero)
        self._streak: tuple[int, str, int] = (-1, "", 0)
        self._declined: tuple[int, int] | None = None  # (turn, space) of the deed it last declined to buy
        self._call_looked = -1  # the round in which it last asked whether to call the game

    def make_lot_play(self) -> LotPlay | None:
        """Return its lot-by-lot play (where lots stand alone), trading by its own memory of offers if it
        trades lots."""
        if self.lot_style is None:
            return None
        dealing = self.lot_dealing
        dealer = None if dealing is None else LotDealer(self.lot_style, dealing, self.trades)
        return LotPlay(self.lot_style, dealer)

    # --- randomness of its own ----------------------------------------------------------------

    def reseed(self, seed: int) -> None:
        """Reseed its own randomness, as the bot of this seat in a game seeded `seed` draws it: what
        it will choose at random is as hidden from the others as the dice (a position re-drawn for a
        search, `landlords_env`'s determinised copy)."""
        self._rng = rng.seed_state(seed ^ (self.seat * 0x9E3779B97F4A7C15), stream=1000 + self.seat)

    def below(self, bound: int) -> int:
        """Return a uniform integer in [0, bound) from the bot's own stream."""
        state, inc = self._rng
        state, value = rng.below(state, inc, bound)
        self._rng = (state, inc)
        return value

    # --- the protocol -----------------------------------------------------------------------------

    def observe(self, events: Sequence[Event]) -> None:
        self.trades.hear(events, self.seat)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        pend = view.pending
        if pend is None or pend.player != self.seat or not legal:
            raise ValueError(f"the game is not waiting for seat {self.seat}")
        self.tell("")
        pos = Position(view, self.seat)
        turn, kind, count = self._streak
        count = count + 1 if (turn, kind) == (view.turn, pend.kind) else 1
        self._streak = (view.turn, pend.kind, count)
        cmd = self.move_on(pos, pend, legal) if count > MAX_STEPS else self.decide(pos, pend, legal)
        if is_valid(pos, pend, legal, cmd):
            if not self.reason:  # an answer to an offer or a loan carries its own
                # a command's own fields: `getattr` on a command without the field costs pydantic's
                # missing-attribute search and an exception, at nearly every decision
                self.tell(vars(cmd).get("reason") or "")
            return cmd
        self.refused += 1
        self.tell("")
        return self.move_on(pos, pend, legal)

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Return the level's decision (`dispatch`), never handing the leader the deed that completes his
        group for less than it costs this bot's chance (`engine.bots.leading`): an offer that would is
        withdrawn (it counts as asked, so the level makes another or none), an answer that would is a
        refusal naming the price its chance asks."""
        cmd = self.dispatch(pos, pend, legal)
        for tries in range(WITHDRAWN_MOST + 1):
            if not isinstance(cmd, ProposeTrade) or not costs_me(pos, cmd.to, cmd.give, cmd.take):
                break
            self.withdraw()
            again = self.dispatch if tries < WITHDRAWN_MOST else self.move_on
            cmd = again(pos, pend, legal)
        if isinstance(pend, TradeAnswer):
            refusal = answer_leader(pos, pend, cmd)
            if refusal is not None:
                return self.because(*refusal)
        return cmd

    def withdraw(self) -> None:
        """Forget the offer just composed, never made: it stays asked for, so it is not composed again on
        this table."""
        self.trades.open = None
        self.tell("")

    def dispatch(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Dispatch the decision to the level's `on_<kind>` method for what the game waits for (`on_roll`,
        `on_buy`, `on_auction`, `on_trade_answer`, ...); at a table of lots for sale or rent, to its
        play of that game; where lots stand alone, to its lot-by-lot play. First, on its own turn, a
        game play can no longer decide is called."""
        call = self.call(pos, legal) if pend.kind in CALLED_FROM else None
        if call is not None:
            return call
        if pos.tables.landlord:
            self.landlords.tell("")
            cmd = self.landlords.decide(pos, pend, legal)
            if cmd is not None:
                self.tell(self.landlords.said)
                return cmd
        if self.lot_play is not None and pos.tables.lots_alone:
            lot_handler = getattr(self.lot_play, f"on_{pend.kind}", None)
            if lot_handler is not None:
                self.lot_play.tell("")
                cmd = lot_handler(pos, pend, legal)
                self.tell(self.lot_play.said)
                return self.keep_to_declined(pos, pend, cmd)
        handler: Callable[[Position, Any, list[Command]], Command] = getattr(self, f"on_{pend.kind}")
        return self.keep_to_declined(pos, pend, handler(pos, pend, legal))

    def keep_to_declined(self, pos: Position, pend: Pending, cmd: Command) -> Command:
        """Return its bid for a deed it declined to buy, now at auction with nothing changed meanwhile: it
        bids at most that price for it (a limit above it would have bought it)."""
        if isinstance(pend, BuyDecision) and cmd.kind == "decline_property":
            self._declined = (pos.turn, pend.space)
        elif (
            isinstance(pend, Auction)
            and isinstance(cmd, PlaceBid)
            and pend.lot == "deed"
            and self._declined == (pos.turn, pend.space)
        ):
            price = pos.board.price[pend.space]
            if cmd.amount > price:
                why = Phrase(
                    N_("I declined it at {amount}, so I go no higher than that"), amount=dollars(price)
                )
                if pend.next_minimum <= price:
                    return self.because(PlaceBid(player=pos.me, amount=price), why)
                return self.because(simple(PassAuction, pos.me), why)
        return cmd

    def call(self, pos: Position, legal: list[Command]) -> Command | None:
        """Propose to call the game when play can no longer decide it (looked at once a round)."""
        call = simple(CallGame, pos.me)
        if pos.view.round == self._call_looked or not listed(call, legal):
            return None
        self._call_looked = pos.view.round
        why = undecidable(pos)
        return None if why is None else self.because(call, why)

    def on_call_answer(self, pos: Position, pend: CallAnswer, legal: list[Command]) -> Command:
        """Agree to end a game play can no longer decide, or one the call makes it the winner of."""
        me = pos.me
        why = Phrase(N_("the count makes me the winner")) if leader(pos) == me else undecidable(pos)
        if why is not None:
            return self.because(AgreeToCall(player=me, reason=str(why)), why)
        why = Phrase(N_("there is a game left to play"))
        return self.because(RefuseCall(player=me, reason=str(why)), why)

    def on_route(self, pos: Position, pend: RouteChoice, legal: list[Command]) -> Command:
        """Choose the way at a fork of the track: the one that costs least rent (the levels that buy also
        weigh the deeds still for sale)."""
        way = ChooseRoute(player=pos.me, space=best_way(pos, pend))
        return self.because(way, Phrase(N_("that way costs me the least rent")))

    def deed_worth(self, pos: Position, space: int) -> float:
        """Return what a deed still for sale is worth to this bot beyond its price (the levels that value by
        rent override this): its use as something to trade with."""
        return 0.3 * pos.board.price[space]

    def on_ride(self, pos: Position, pend: RideChoice, legal: list[Command]) -> Command:
        """Choose a ride to anywhere on the board: the best stop for what it brings, a salary included."""
        space = ride_to(pos, pend, self.deed_worth)
        why = (
            Phrase(N_("staying put beats every other stop"))
            if space == pend.at
            else Phrase(N_("the best stop on the board for me"))
        )
        return self.because(TakeRide(player=pos.me, space=space), why)

    def on_refund_card(self, pos: Position, pend: RefundChoice, legal: list[Command]) -> Command:
        """Decide on the refund card: play it for the whole pool when the gain is worth the card."""
        share = pos.view.pot // 2
        if share >= PLAY_CARD_FROM:
            return self.because(
                PlayRefundCard(player=pos.me),
                Phrase(N_("the card brings me {amount} more now"), amount=dollars(share)),
            )
        return self.because(KeepCard(player=pos.me), Phrase(N_("the pool is too small to spend the card on")))

    def on_winnings_card(self, pos: Position, pend: WinningsChoice, legal: list[Command]) -> Command:
        """Decide on the half-winnings card: claim half of the biggest prize when it is worth the card."""
        best = max(range(len(pend.winners)), key=lambda i: pend.amounts[i])
        half = pend.amounts[best] // 2
        if half >= PLAY_CARD_FROM:
            claim = ClaimHalfWinnings(player=pos.me, target=pend.winners[best])
            return self.because(
                claim, Phrase(N_("half that prize, {amount}, is worth the card"), amount=dollars(half))
            )
        return self.because(KeepCard(player=pos.me), Phrase(N_("no prize here is worth the card")))

    def on_deal_answer(self, pos: Position, pend: DealAnswer, legal: list[Command]) -> Command:
        """Answer a deal among several: its part judged as the level judges a two-party offer of the same
        (`engine.bots.deals`), unless the deal is a blunder for it whatever its part brings."""
        deal, me = pend.deal, pos.me
        why = blunder(pos, deal, me)
        if why is not None:
            return self.because(*deal_answer(legal, me, deal.id, False, why))
        self.tell("")
        cmd = self.decide(pos, as_trade(pos, deal, me), trade_answers(legal, deal, me))
        accept = isinstance(cmd, AcceptTrade)
        given = getattr(cmd, "reason", "") or self.reason
        said = self.said if isinstance(self.said, Phrase) and str(self.said) == given else given
        return self.because(
            *deal_answer(legal, me, deal.id, accept, deal_reason(pos, deal, me, accept, said))
        )

    def move_on(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Return the command that moves the game on with the least harm: the fallback of last resort."""
        for kind in (
            EndTurn,
            RollDice,
            PassAuction,
            RejectTrade,
            RejectDeal,
            RefuseCall,
            KeepCard,
            DeclareBankruptcy,
            RentLot,
            DeclineLuxury,
            DoneWithTickets,
            RejectLoan,
            GoToPoorhouse,
            BorrowFromBank,
        ):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


def answer(
    legal: list[Command], me: int, trade_id: int, accept: bool, said: Phrase | str, asking: int | None = None
) -> Command:
    """Return the answer to an open offer, with its reason (and a refusal's counter-price, if it names one);
    an offer that can no longer be carried out (its assets have changed hands since) is turned down."""
    reason = str(said)
    if accept:
        if any(isinstance(c, AcceptTrade) and c.trade_id == trade_id for c in legal):
            return AcceptTrade(player=me, trade_id=trade_id, reason=reason)
        return RejectTrade(player=me, trade_id=trade_id, reason=N_("that offer no longer stands"))
    return RejectTrade(player=me, trade_id=trade_id, reason=reason, asking=asking)


def is_valid(pos: Position, pend: Pending, legal: list[Command], cmd: Command) -> bool:
    """Whether the engine would accept this answer, checked from the view alone."""
    if isinstance(cmd, ProposeTrade):
        return offer_is_sound(pos, cmd)
    if isinstance(cmd, PlaceBid):
        return (
            isinstance(pend, Auction)
            and any(isinstance(c, PlaceBid) and c.amount <= cmd.amount for c in legal)
            and cmd.amount <= pos.funds[cmd.player]
        )
    if isinstance(cmd, RejectTrade | AcceptTrade):
        return any(type(c) is type(cmd) and c.trade_id == cmd.trade_id for c in legal)
    if isinstance(cmd, RejectDeal | AcceptDeal):
        return any(type(c) is type(cmd) and c.deal_id == cmd.deal_id for c in legal)
    if isinstance(cmd, AgreeToCall | RefuseCall):
        return cmd.player == pos.me and any(type(c) is type(cmd) for c in legal)
    if isinstance(cmd, RejectLoan | AcceptLoan):
        return any(type(c) is type(cmd) and c.offer == cmd.offer for c in legal)
    if isinstance(cmd, BorrowFromBank):
        return (
            cmd.player == pos.me and bank_loan_problem(pos.view, cmd.player, cmd.notes, cmd.security) is None
        )
    if isinstance(cmd, ProposeLoan):
        return cmd.player == pos.me and (
            loan_problem(pos.view, cmd.player, cmd.to, cmd.lender, cmd.principal, cmd.interest, cmd.security)
            is None
        )
    return listed(cmd, legal)


def listed(cmd: Command, legal: list[Command]) -> bool:
    """Return `cmd in legal`, without comparing it field by field with every command of another kind."""
    kind = type(cmd)
    return any(c is cmd or (type(c) is kind and c == cmd) for c in legal)


def offer_is_sound(pos: Position, cmd: ProposeTrade) -> bool:
    """Whether the engine would accept this proposal from this bot, by the engine's own check on the view."""
    if cmd.player != pos.me:
        return False
    return proposal_problem(pos.view, cmd.player, cmd.to, cmd.give, cmd.take) is None
