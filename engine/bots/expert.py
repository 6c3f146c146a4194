"""`expert`: the shark's moves, each judged by looking ahead. Where the game offers a choice that matters,
in any edition (buying a deed the shark declines, renting a lot or buying it, a luxury, lots bought with
tickets, a route or a direction, leaving jail), it tries the shark's move and the other ways of making
that choice on positions drawn from what its seat can see, plays each forward under the same dice and
cards, and takes the one that leaves it the best chance to win (`engine.lookahead.judge`), overruling the
shark only where the gain is sure. Decisions that barely matter (a throw, a turn ended with nothing to
build) are made at once, as `hard` makes them.

Every seat of its playouts, its own included, is played by a fast copy of the shark's plan
(`engine.lookahead.shark`), not by the simple players: a course is judged against a table that races to
three houses and bids at auction as the table it sits at does. On the boards of colour groups it also
weighs its building once a turn as whole plans, each kept by its own seat through the playouts: the
shark's race, cash kept back against the dearest rent on the board, and every dollar in houses.

It makes the shark's offers as they are, and answers offers and deals as the shark does. Two rounds of
playouts see what a deal costs now, not the group it wins a dozen rounds later: offers composed by looking
ahead at prices of its own, and the shark's offers vetoed where the look-ahead judged them to lower its
chance, both won less against three `hard` than the shark's offers as they are; and with its answers overruled
by the look-ahead it won less than with the shark's answers as they are (`docs/lab/expert.md` has the
figures).

It keeps the table manners of the other levels (no offers in the first rounds, none repeated on an unchanged
table, a price named when it refuses, and met when it is offered) and gives its reason, in its chance to win,
when it overrules the shark's instinct.

Its look-ahead can be computed before the decision, elsewhere (`foresee`, on a copy of the bot, in a
process of its own) and handed to it (`heed`): a program that draws screens keeps its event loop free
while the expert thinks, and the decision is the very one it would have made alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.bots.bargaining import Key, table_signature
from engine.bots.bidding import next_bid
from engine.bots.hard import HardBot
from engine.bots.judging import answer_figures, completed
from engine.bots.levels import plays_below
from engine.bots.position import Position
from engine.bots.proposing import remember
from engine.bots.reasons import offer_words
from engine.core.commands import (
    AcceptTrade,
    Command,
    EndTurn,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    simple,
)
from engine.core.events import Event
from engine.core.phrases import N_, Phrase
from engine.core.state import Auction, Pending, TradeAnswer
from engine.learned.acceptance import acceptance_for
from engine.learned.moves import (
    MARGIN,
    Limit,
    auction_limit,
    best_offer,
    repriced,
    trade_edge,
    weigh_offers,
)
from engine.learned.value import learned_for
from engine.lookahead.judge import Course, Verdict, judge, plan_step
from engine.play.view import GameView

if TYPE_CHECKING:
    from engine.learned.acceptance import AcceptanceModel
    from engine.learned.model import LearnedValue

PLAYOUTS = 48
"""Drawn positions each candidate is tried on: enough, with the same luck for every candidate, to tell
apart moves a point or two of winning chance apart."""
SURE = 1.5
"""How many standard errors a move must gain over the shark's own choice before it overrules it."""

CHOICES: dict[str, frozenset[str]] = {
    "buy": frozenset({"buy_property", "decline_property"}),
    "rent_or_buy": frozenset({"buy_lot", "rent_lot"}),
    "luxury": frozenset({"buy_luxury", "decline_luxury"}),
    "lot_tickets": frozenset({"buy_ticket_lot", "done_with_tickets"}),
    "route": frozenset({"choose_route"}),
    "direction": frozenset({"choose_direction"}),
}
"""The choices it looks ahead on, in every edition: what the game waits for, and the moves that make it."""
JAIL = frozenset({"roll_dice", "pay_jail_fine", "use_jail_card"})
"""On its throw while in jail: stay and throw, or pay or use a card to leave."""
KEPT = frozenset({"buy_property"})
"""The shark's moves it never overrules: a deed the shark buys, it buys. Two rounds of playouts see the
price paid, not the groups and trades the deed makes later; declining what the shark bought won 20.0 % of
300 add-on games against three `hard`, where keeping the shark's purchases won 25.3 % (in the classic
game 26.0 % and 26.2 % of 400)."""
ALTERNATIVES = 2
"""Other moves it tries beside the shark's own, at most: one of each other kind first."""
LOOKED_AHEAD = frozenset(CHOICES)
"""What the game waits for when it may look ahead (and on its throw while in jail)."""

Question = tuple[int, int, tuple[tuple[str, ...], ...], tuple[str, ...]]
"""What a look-ahead was asked: the seat, the luck's seed, the courses compared (as JSON) and the plan
its own seat keeps after each."""

USES = frozenset({"answers", "auctions", "leaf"})
"""Where the expert decides by the learned value, where its edition has one (`engine.learned`): its answers
to offers, its limit at auction, and as the value a playout ends on. Three more may be named for the lab
bench (`bench/bots.py --expert-uses`): `offers`, its own offers priced again by the value (left unmade
where it is sure they lower its chance); `acceptance`, with them the chance a partner accepts by the
learned acceptance model (`engine.learned.acceptance`, at a wider range of prices); and `choice`, which of
the lots it could ask for it asks for, at what price and in what form, by the value and that model. None
won more games against three `hard`, and its offers priced by the value left it last more often at tables
of weaker levels, so it makes the shark's offers as they are (`docs/lab/levels.md`)."""

LAB_USES = USES | {"offers", "acceptance", "choice"}
"""Every use the lab bench may name."""

LEARNED_EDGE = 0.001
"""How much more another price of its offer must be worth than the shark's (its edge if accepted times
the chance it is, in chance to win) where the acceptance model gives the chance: a tenth of a point, as
the model was judged on answers it was not fitted on; the earlier rule, a guess, asked half a point."""

BUILD_PLANS = ("shark", "hold", "all_in")
"""The courses of building it weighs once a turn (`engine.lookahead.judge.PLAYERS`), each kept by its own
seat through the playouts: the shark's race to three houses (the default, as `hard` builds), cash kept
back against the dearest rent on the board, and every dollar in houses."""


@dataclass(frozen=True, slots=True)
class Foresight:
    """The precomputed look-ahead of one decision: each question asked, in order, with its answer."""

    answers: tuple[tuple[Question, tuple[Verdict, ...]], ...] = ()


class ExpertBot(HardBot):
    level = "expert"
    playout_policy = "shark"
    """Who plays every seat of its playouts, its own included: a fast copy of the shark's plan."""
    reason = ""
    """Why it chose as it did, in chances, where it looked ahead (empty where it did not)."""
    uses: frozenset[str] = USES
    """Where it decides by the learned value (`USES`)."""
    own_play = False
    """Whether it plays its own decisions even where it plays the shark's (`engine.bots.levels`): for the
    bench that measures whether its own play now wins more there (`bench/bots.py --expert-own`)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self._expected: list[tuple[Question, tuple[Verdict, ...]]] = []
        """Answers worked out ahead for its next decision (`heed`), taken in the order asked."""
        self._asked: list[tuple[Question, tuple[Verdict, ...]]] | None = None
        """While foreseeing: every question its look-ahead answers, kept to be handed over."""
        self._plan: tuple[int, str] | None = None
        """The turn it weighed its building on, and the plan it keeps for the rest of that turn."""
        self._auction: tuple[tuple[int, int], int] | None = None
        """The auction (turn, space) it weighed its limit for, and that limit."""
        self._demand: dict[int, float] = {}
        """What each partner's answers showed he asks of an offer, in chance to win (by the value)."""
        self._offered: tuple[int, float] | None = None
        """Its offer awaiting an answer: the partner, and what it gives him in chance."""
        self._promised: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], int] = {}
        """Prices it named when refusing: (proposer, table, deeds given, deeds taken) -> cash it takes."""
        self._below = HardBot(seed, seat)
        """The shark of its seat, whose decisions it plays where it plays the level below's
        (`engine.bots.levels`): shown every event, so that it is ready whenever asked."""

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        below = getattr(self, "_below", None)  # none yet while the bot is being made
        if below is not None:
            below.reseed(seed)

    def may_look_ahead(self, view: GameView) -> bool:
        """Whether its decision in `view` may use look-ahead (buying, leaving jail, its building once a
        turn): the others are made at once, and are not worth working out elsewhere."""
        pend = view.pending
        if pend is None or pend.player != self.seat or self.plays_below(view):
            return False
        if pend.kind == "end_turn":  # its building, weighed once a turn on the boards of colour groups
            board = view.board
            if not board.edition.colour_groups or "lot" in board.kinds:
                return False
            if self._plan is not None and self._plan[0] == view.turn:
                return False
            deeds, top = view.deeds, view.ruleset.max_level
            return any(
                all(deeds[s].owner == self.seat for s in lots) and any(deeds[s].level < top for s in lots)
                for lots in board.street_groups
            )
        return pend.kind in LOOKED_AHEAD or (pend.kind == "roll" and view.players[self.seat].in_jail)

    def plays_below(self, view: GameView) -> bool:
        """Whether it plays the shark's decisions at this table: in the editions where its own play was not
        measured to win more than an even share against three `hard` (`engine/data/levels.json`)."""
        return not self.own_play and plays_below(self.level, view.edition) is not None

    def foresee(self, view: GameView, legal: list[Command]) -> Foresight:
        """Make the decision of `view` now, only to record what its look-ahead computed. Meant for a
        copy of the bot (its memory moves on as if it had decided): the bot itself then `heed`s it."""
        self._asked = []
        try:
            self.choose(view, legal)
            return Foresight(tuple(self._asked))
        finally:
            self._asked = None

    def heed(self, foresight: Foresight) -> None:
        """Use these answers in the next decision, where it asks the same questions; any other is computed as
        usual."""
        self._expected = list(foresight.answers)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        if self.plays_below(view):  # the shark's decision, where its own win less
            cmd = self._below.choose(view, legal)
            self.tell(self._below.said)
            return cmd
        self.tell("")
        try:
            return super().choose(view, legal)
        finally:
            self._expected = []  # what was foreseen was for this decision alone

    def compare(self, pos: Position, courses: list[Course], plans: Sequence[str] = ()) -> list[Verdict]:
        """Return each course's chance for this seat, under the same luck; the first course is the default.
        `plans` names, for each course, the building plan its own seat keeps after it (`BUILD_PLANS`)."""
        seed = (table_signature(pos) ^ (pos.turn << 4) ^ pos.me) & ((1 << 30) - 1)
        question: Question = (pos.me, seed, _written(courses), tuple(plans))
        if self._expected:
            asked, answer_ = self._expected.pop(0)
            if asked == question:
                return list(answer_)
            self._expected.clear()  # foreseen for another table: of no use any more
        verdicts = judge(
            pos.view,
            pos.me,
            courses,
            PLAYOUTS,
            seed,
            policy=self.playout_policy,
            plans=plans or None,
            value=self.value(pos) if "leaf" in self.uses else None,
        )
        if self._asked is not None:
            self._asked.append((question, tuple(verdicts)))
        return verdicts

    def choose_between(self, pos: Position, default: Command, others: list[Command]) -> tuple[Command, str]:
        """Return the default, unless another move is surely better; and the reason, in chances."""
        courses: list[Course] = [[default], *([o] for o in others)]
        verdicts = self.compare(pos, courses)
        best = max(range(len(courses)), key=lambda i: verdicts[i].edge - SURE * verdicts[i].error)
        chosen = courses[best][0]
        if best == 0 or verdicts[best].edge <= SURE * verdicts[best].error:
            chance = Phrase(N_("it leaves me a {chance:.0f}% chance to win"), chance=100 * verdicts[0].chance)
            # the shark's reason, and the odds
            self.tell(Phrase(N_("{why}; {more}"), why=self.said, more=chance) if self.reason else chance)
            return default, self.reason
        self.tell(
            Phrase(
                N_("it leaves me a {chance:.0f}% chance to win, against {other:.0f}% otherwise"),
                chance=100 * verdicts[best].chance,
                other=100 * verdicts[0].chance,
            )
        )
        return chosen, self.reason

    # --- choices ------------------------------------------------------------------------------

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        """Return the shark's move, as each edition's play of it decides; then, where the game offers a choice
        that matters, each other way of making it tried against that move."""
        default = super().decide(pos, pend, legal)
        others = alternatives(pos, pend, legal, default)
        if not others:
            return default
        chosen, _ = self.choose_between(pos, default, others)
        return chosen if chosen is default else self.keep_to_declined(pos, pend, chosen)

    # --- by the learned value -----------------------------------------------------------------

    def value(self, pos: Position) -> LearnedValue | None:
        """Return the learned value of its edition and table size, or None where there is none."""
        return learned_for(pos.view.edition, len(pos.players), pos.view.rules)

    def acceptance(self, pos: Position) -> AcceptanceModel | None:
        """The learned acceptance model of its edition, or None where there is none (or it is not used)."""
        if not self.uses & {"acceptance", "choice"} or self.value(pos) is None:  # `choice` asks the model
            return None
        return acceptance_for(pos.view.edition)

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        """Answer an offer as the shark does, overruled where every member of the learned value is sure of the
        other; the shark's minimum standards against blunders kept (a refusal to let a deed go, or to complete
        a group for the proposer, is never overruled on the value's word alone), and a price it named
        honoured."""
        cmd = super().on_trade_answer(pos, pend, legal)
        value = self.value(pos)
        if value is None or "answers" not in self.uses:
            return cmd
        t = pend.trade
        key = (t.proposer, table_signature(pos), t.give.deeds, t.take.deeds)
        if isinstance(cmd, RejectTrade):
            if cmd.asking is not None:
                self._promised[key] = cmd.asking
            if t.take.deeds or completed(pos, t.give, t.take, t.proposer):
                return cmd  # letting a deed go stays the shark's call: its floors against blunders hold
        elif self._promised.get(key) is not None and t.give.cash - t.take.cash >= self._promised[key]:
            return cmd  # a price it named is a promise
        edge = trade_edge(value, pos.view, pos.me, t)
        if edge is None:
            return cmd
        if isinstance(cmd, AcceptTrade) and edge.high < -MARGIN:
            why = Phrase(
                N_("it would lower my chance to win by {points:.0f} points"), points=-100 * edge.chance
            )
            self.tell(why)
            return RejectTrade(player=pos.me, trade_id=t.id, reason=str(why))
        if isinstance(cmd, RejectTrade) and edge.low > MARGIN:
            accept = AcceptTrade(player=pos.me, trade_id=t.id, reason="")
            if accept in legal or any(isinstance(c, AcceptTrade) and c.trade_id == t.id for c in legal):
                why = Phrase(
                    N_("it raises my chance to win by {points:.0f} points"), points=100 * edge.chance
                )
                self.tell(why)
                return AcceptTrade(player=pos.me, trade_id=t.id, reason=str(why))
        return cmd

    def offer(self, pos: Position, pend: Pending) -> ProposeTrade | None:
        """Return the shark's offer, priced by the learned value.

        The same lots are weighed at a few other prices, each worth its edge for the expert if accepted
        times the chance the partner accepts it (by the acceptance model fitted on the answers of many
        games, where there is one, and then also at up to twice the printed price more; else read from his
        gain by the value and what his answers so far showed he asks). The shark's price stands unless
        another is surely better; a price the partner named stands as it is; an offer every member judges
        harmful, taken, is left unmade."""
        counters = dict(self.trades.counters)
        offered = {key: asked.prices for key, asked in self.trades.asked.items()}
        cmd = super().offer(pos, pend)
        value = self.value(pos)
        if cmd is None or value is None or "offers" not in self.uses:
            return cmd
        me = pos.me
        net = cmd.give.cash - cmd.take.cash
        made = self.trades.open  # the shark's offer as its memory keeps it: a sale's key and form are its own
        counter = None if made is None else counters.get(made.key)
        named = (
            made is not None and counter is not None and counter.form == made.form and counter.price == net
        )
        demand = self._demand.get(cmd.to, 0.0)
        model = self.acceptance(pos)
        candidates = [cmd] if named else repriced(pos.view, me, cmd, wide=model is not None)
        last = self._last_price(offered)
        if last is not None:  # asked before: only a better price for the partner than last time
            candidates = [c for c in candidates if c is cmd or c.give.cash - c.take.cash > last]
        figures: list[list[float]] = []
        if model is not None:
            side = Position(pos.view, cmd.to)  # the table from the partner's side
            figures = [answer_figures(side, me, c.give, c.take) for c in candidates]
        weighed = weigh_offers(value, pos.view, me, candidates, demand, model, figures)
        if not weighed or weighed[0].offer != cmd:
            return cmd
        shark = weighed[0]
        best = max(weighed, key=lambda w: w.worth)
        needed = MARGIN / 2 if model is None else LEARNED_EDGE
        if best is not shark and best.mine_low > MARGIN and best.worth > shark.worth + needed:
            chosen = best
        elif shark.mine_high < -MARGIN:
            self.trades.open = None  # asked, for its memory's count, but never proposed
            self.tell("")
            return None
        else:
            chosen = shark
        self._offered = (chosen.offer.to, chosen.theirs)
        if chosen is shark:
            return cmd
        self._reprice_memory(chosen.offer)
        return self.because(chosen.offer, offer_words(pos, chosen.offer))

    def compose(self, pos: Position) -> ProposeTrade | None:
        """Return the offer to make now for lots that complete a group: with `choice` in its uses, of every
        group it could complete, in every form, at the shark's price and at others around it, the one worth
        most by the learned value times the chance the partner accepts it (`best_offer`); the shark's
        otherwise."""
        value, model = self.value(pos), self.acceptance(pos)
        if value is None or model is None or "choice" not in self.uses:
            return super().compose(pos)
        found = self.candidates(pos, every=True)
        passing = [c for c in found if c.passes]
        shark = max(passing, key=lambda c: c.rank) if passing else None
        me = pos.me
        priced = [
            replace(c, offer=o)
            for c in found
            for o in ([c.offer] if c.rank[0] else repriced(pos.view, me, c.offer, wide=True))
        ]
        offers = [c.offer for c in priced]
        figures = [answer_figures(Position(pos.view, o.to), me, o.give, o.take) for o in offers]
        made = shark.offer if shark is not None else None
        best = best_offer(value, pos.view, me, offers, figures, made, model, LEARNED_EDGE)
        chosen = next((c for c in priced if c.offer == best), None)
        if chosen is None:
            return None
        remember(pos, me, self.judgement(), self.trades, chosen)
        return chosen.offer

    def withdraw(self) -> None:
        """Forget the offer just composed, never made, and what it would have given the partner."""
        super().withdraw()
        self._offered = None

    def _last_price(self, offered: dict[Key, tuple[tuple[tuple[int, ...], int], ...]]) -> int | None:
        """Return the cash it last offered (negative: asked) for the lots of the offer just composed, in the
        same form (a sale's form is the memory's own, not the deed it gives), before this one."""
        open_ = self.trades.open
        if open_ is None:
            return None
        return next((p for f, p in offered.get(open_.key, ()) if f == open_.form), None)

    def _reprice_memory(self, offer: ProposeTrade) -> None:
        """Update its memory of the offer made, at the price it was made at (the next is priced from it)."""
        memory = self.trades
        open_ = memory.open
        if open_ is None:
            return
        asked = memory.asked.get(open_.key)
        if asked is None:
            return
        price = offer.give.cash - offer.take.cash
        asked.prices = (*tuple((f, p) for f, p in asked.prices if f != open_.form), (open_.form, price))

    def observe(self, events: Sequence[Event]) -> None:
        """Learn what the partner of its last offer asks from his answer: a refusal means he asks more
        than that offer gave him, an acceptance that he asks no more."""
        super().observe(events)
        self._below.observe(events)
        if self._offered is None:
            return
        partner, theirs = self._offered
        for e in events:
            if e.kind == "trade_completed" and e.trade.proposer == self.seat and e.trade.to == partner:
                self._demand[partner] = min(self._demand.get(partner, 0.0), theirs)
                self._offered = None
            elif e.kind == "trade_rejected" and e.player == partner:
                self._demand[partner] = max(self._demand.get(partner, 0.0), theirs + MARGIN / 2)
                self._offered = None

    def on_auction(self, pos: Position, pend: Auction, legal: list[Command]) -> Command:
        """Bid as the shark does, to a limit the learned value moves where it is sure: up to the dearest
        price at which winning surely beats letting the deed go, and below the cheapest at which it
        surely does not."""
        cmd = super().on_auction(pos, pend, legal)
        value = self.value(pos)
        if value is None or "auctions" not in self.uses or pend.lot != "deed":
            return cmd
        me = pos.me
        key = (pos.turn, pend.space)
        if self._auction is None or self._auction[0] != key:
            shark = self.deed_limit(pos, pend.space)[0]
            found = auction_limit(value, pos.view, me, pend, pos.funds[me])
            self._auction = (key, _moved(shark, found))
        limit = self._auction[1]
        price = pos.board.price[pend.space]
        bid = next_bid(pend, limit, price // 2, max(5, price // 20))
        if bid is None or bid > pos.funds[me]:
            if isinstance(cmd, PassAuction):
                return cmd
            why = Phrase(N_("winning it at this price would lower my chance to win"))
            return self.because(simple(PassAuction, me), why)
        if isinstance(cmd, PlaceBid) and cmd.amount <= limit:
            return cmd
        why = Phrase(
            N_("I bid for {what}: {why}"),
            what=pos.board.name(pend.space),
            why=Phrase(N_("winning it raises my chance to win")),
        )
        return self.because(PlaceBid(player=me, amount=bid), why)

    # --- building -----------------------------------------------------------------------------

    def develop(self, pos: Position, legal: list[Command]) -> Command | None:
        """Choose its building once a turn where it could build: the shark's building weighed against keeping
        its cash back and against putting every dollar in houses, each course kept through the playouts; the
        plan chosen is kept for the rest of the turn."""
        default = super().develop(pos, legal)
        me = pos.me
        if self._plan is not None and self._plan[0] == pos.turn:
            return self._follow(pos, legal, default, self._plan[1])
        if pos.tables.lots_alone or pos.tables.landlord or not any(c.kind == "build" for c in legal):
            return default
        end = simple(EndTurn, me)
        first = default or end
        courses: list[Course] = [[first]]
        plans = ["shark"]
        if first != end:
            courses.append([end])
            plans.append("hold")
        step = self._step(pos, "all_in")
        if step is not None and step != first and step in legal:
            courses.append([step])
            plans.append("all_in")
        if len(courses) == 1:
            return default
        verdicts = self.compare(pos, courses, plans)
        best = max(range(len(courses)), key=lambda i: verdicts[i].edge - SURE * verdicts[i].error)
        if best == 0 or verdicts[best].edge <= SURE * verdicts[best].error:
            self._plan = (pos.turn, "shark")
            return default
        self._plan = (pos.turn, plans[best])
        self.tell(
            Phrase(
                N_("it leaves me a {chance:.0f}% chance to win, against {other:.0f}% otherwise"),
                chance=100 * verdicts[best].chance,
                other=100 * verdicts[0].chance,
            )
        )
        return self._follow(pos, legal, default, plans[best])

    def _follow(
        self, pos: Position, legal: list[Command], default: Command | None, plan: str
    ) -> Command | None:
        """Return its next step of the building plan it chose this turn: the shark's own, none, or the next
        step of every dollar in houses."""
        if plan == "shark":
            return default
        if plan == "hold":
            return None
        step = self._step(pos, plan)
        return step if step is not None and step in legal else None

    def _step(self, pos: Position, plan: str) -> Command | None:
        """Return the next building step of a plan on this table."""
        return plan_step(pos.view, pos.me, plan)


def _moved(shark: int, found: Limit) -> int:
    """Return the shark's auction limit, moved where the learned value is sure: up to a dearer price at which
    winning is surely better, or down below a price at which it is surely worse."""
    if found.sure is not None and found.sure > shark:
        return found.sure
    if found.worse is not None and found.worse <= shark:
        return found.worse - 1
    return shark


def alternatives(pos: Position, pend: Pending, legal: list[Command], default: Command) -> list[Command]:
    """Return the other ways of making the choice the game waits for, worth trying against `default`: none
    where the default is no such move (raising cash first, say) or nothing is chosen."""
    kinds = CHOICES.get(pend.kind) or (JAIL if pend.kind == "roll" and pos.in_jail[pos.me] else None)
    if kinds is None or default.kind not in kinds or default.kind in KEPT:
        return []
    others = [c for c in legal if c.kind in kinds and c != default]
    first: list[Command] = []
    seen = {default.kind}
    for cmd in others:
        if cmd.kind not in seen:
            seen.add(cmd.kind)
            first.append(cmd)
    rest = [c for c in others if c not in first]
    return [*first, *rest][:ALTERNATIVES]


def _written(courses: Sequence[Course]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cmd.model_dump_json() for cmd in course) for course in courses)


def foresee(bot: ExpertBot, view: GameView, legal: list[Command]) -> Foresight:
    """Call `bot.foresee`: a module-level function a process pool can run with a copy of the bot."""
    return bot.foresee(view, legal)
