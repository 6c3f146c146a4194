"""`expert`: the shark's moves, each judged by looking ahead. Where a decision matters (buying a deed,
answering an offer, leaving jail), it tries its candidate moves on positions drawn from what its seat can
see, plays each forward under the same dice and cards, and takes the one that leaves it the best chance
to win (`engine.lookahead.judge`). Decisions that barely matter (a throw, the end of a turn) are made at
once, as `hard` makes them.

It makes the shark's offers as they are. Offers composed by looking ahead at prices of its own, and the
shark's offers vetoed where the look-ahead judged them to lower its chance, both won less against three
`hard` (19 % and 22 % of 200 classic games, where the shark's offers as they are won 30.5 %): two rounds
of playouts see what a deal costs now, not the group it wins a dozen rounds later.

It keeps the table manners of the other levels (no offers in the first rounds, none repeated on an
unchanged table, a price named when it refuses) and says why, in its chance to win, when it overrules
the shark's instinct.
"""

from __future__ import annotations

from engine.bots.bargaining import table_signature
from engine.bots.base import answer
from engine.bots.deals import blunder, deal_answer, partner
from engine.bots.hard import HardBot
from engine.bots.judging import Verdict as Verdict_
from engine.bots.judging import claims, completed, unlocked
from engine.bots.judging import judge as judge_offer
from engine.bots.position import Position
from engine.commands import (
    AcceptDeal,
    AcceptTrade,
    BuyProperty,
    Command,
    DeclineProperty,
    PayJailFine,
    RejectDeal,
    RejectTrade,
    RollDice,
    UseJailCard,
)
from engine.lookahead.judge import Course, Verdict, judge
from engine.state import Bundle, BuyDecision, DealAnswer, Pending, TradeAnswer
from engine.view import GameView

NAMED_MOST = 256
"""Prices named it remembers at most (a table changes long before so many)."""

PLAYOUTS = 48
"""Drawn positions each candidate is tried on: enough, with the same luck for every candidate, to tell
apart moves a point or two of winning chance apart."""
SURE = 1.5
"""How many standard errors a move must gain over the shark's own choice before it overrules it."""


class ExpertBot(HardBot):
    level = "expert"
    reason = ""
    """Why it chose as it did, in chances, where it looked ahead (empty where it did not)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self._named: dict[tuple[object, ...], int] = {}
        """The prices it named refusing offers, by the deal and the table: a price named is a promise."""

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        self.reason = ""
        return super().choose(view, legal)

    def compare(self, pos: Position, courses: list[Course]) -> list[Verdict]:
        """Each course's chance for this seat, under the same luck; the first course is the default."""
        seed = (table_signature(pos) ^ (pos.turn << 4) ^ pos.me) & ((1 << 30) - 1)
        return judge(pos.view, pos.me, courses, PLAYOUTS, seed)

    def choose_between(self, pos: Position, default: Command, others: list[Command]) -> tuple[Command, str]:
        """The default, unless another move is surely better; and the reason, in chances."""
        courses: list[Course] = [[default], *([o] for o in others)]
        verdicts = self.compare(pos, courses)
        best = max(range(len(courses)), key=lambda i: verdicts[i].edge - SURE * verdicts[i].error)
        chosen = courses[best][0]
        if best == 0 or verdicts[best].edge <= SURE * verdicts[best].error:
            chance = f"it leaves me a {100 * verdicts[0].chance:.0f}% chance to win"
            self.reason = f"{self.reason}; {chance}" if self.reason else chance  # the shark's, and the odds
            return default, self.reason
        self.reason = (
            f"it leaves me a {100 * verdicts[best].chance:.0f}% chance to win, "
            f"against {100 * verdicts[0].chance:.0f}% otherwise"
        )
        return chosen, self.reason

    # --- buying -------------------------------------------------------------------------------

    def on_buy(self, pos: Position, pend: BuyDecision, legal: list[Command]) -> Command:
        default = super().on_buy(pos, pend, legal)
        me = pos.me
        buy, decline = BuyProperty(player=me), DeclineProperty(player=me)
        if buy not in legal or not isinstance(default, BuyProperty | DeclineProperty):
            return default
        other = decline if default == buy else buy
        chosen, _ = self.choose_between(pos, default, [other])
        return chosen

    # --- jail ---------------------------------------------------------------------------------

    def on_roll(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        default = super().on_roll(pos, pend, legal)
        me = pos.me
        if not pos.in_jail[me]:
            return default
        out = next((c for c in legal if isinstance(c, UseJailCard | PayJailFine)), None)
        roll = RollDice(player=me)
        if out is None or roll not in legal or not isinstance(default, RollDice | UseJailCard | PayJailFine):
            return default
        other = roll if default != roll else out
        chosen, _ = self.choose_between(pos, default, [other])
        return chosen

    # --- offers -------------------------------------------------------------------------------

    def on_trade_answer(self, pos: Position, pend: TradeAnswer, legal: list[Command]) -> Command:
        t = pend.trade
        verdict = judge_offer(
            pos, self.trade_style, self.fair, pos.me, t.proposer, t.give, t.take, self.haggle
        )
        accept = AcceptTrade(player=pos.me, trade_id=t.id)
        reject = RejectTrade(player=pos.me, trade_id=t.id)
        if accept not in legal and not any(isinstance(c, AcceptTrade) and c.trade_id == t.id for c in legal):
            return answer(legal, pos.me, t.id, verdict.accept, verdict.reason, verdict.asking)
        promise = self._promised(pos, t.proposer, t.give, t.take)
        if verdict.accept and promise is not None:
            return answer(legal, pos.me, t.id, True, "that is the price I named")
        take, keep = self.compare(pos, [[reject], [accept]])
        gain = keep.edge
        if verdict.accept and gain < -SURE * keep.error:
            return answer(
                legal,
                pos.me,
                t.id,
                False,
                f"it would leave me a {100 * keep.chance:.0f}% chance to win, not {100 * take.chance:.0f}%",
                verdict.asking,
            )
        if (
            not verdict.accept
            and gain > SURE * keep.error
            and not guarded(pos, verdict, t.proposer, t.give, t.take)
        ):
            return answer(
                legal,
                pos.me,
                t.id,
                True,
                f"it raises my chance to win from {100 * take.chance:.0f}% to {100 * keep.chance:.0f}%",
            )
        if not verdict.accept and verdict.asking is not None:
            self._promise(pos, t.proposer, t.give, t.take, verdict.asking)
        return answer(legal, pos.me, t.id, verdict.accept, verdict.reason, verdict.asking)

    def on_deal_answer(self, pos: Position, pend: DealAnswer, legal: list[Command]) -> Command:
        """Its part of a deal, judged as the shark judges it, then by looking ahead: the playouts go on
        from its answer, the parties after it answering as the simple players do."""
        if pos.tables.landlord or (self.lot_play is not None and pos.tables.lots_alone):
            return super().on_deal_answer(pos, pend, legal)
        d, me = pend.deal, pos.me
        why = blunder(pos, d, me)
        if why is not None:
            return deal_answer(legal, me, d.id, False, why)
        side, gets, gives = partner(pos, d, me), d.gets(me), d.gives(me)
        verdict = judge_offer(pos, self.trade_style, self.fair, me, side, gets, gives, self.haggle)
        accept, reject = AcceptDeal(player=me, deal_id=d.id), RejectDeal(player=me, deal_id=d.id)
        if accept not in legal:
            return deal_answer(legal, me, d.id, verdict.accept, verdict.reason)
        take, keep = self.compare(pos, [[reject], [accept]])
        if verdict.accept and keep.edge < -SURE * keep.error:
            why = f"it would leave me a {100 * keep.chance:.0f}% chance to win, not {100 * take.chance:.0f}%"
            return deal_answer(legal, me, d.id, False, why)
        if (
            not verdict.accept
            and keep.edge > SURE * keep.error
            and not guarded(pos, verdict, side, gets, gives)
        ):
            why = f"it raises my chance to win from {100 * take.chance:.0f}% to {100 * keep.chance:.0f}%"
            return deal_answer(legal, me, d.id, True, why)
        return deal_answer(legal, me, d.id, verdict.accept, verdict.reason)

    def _deal_key(self, pos: Position, proposer: int, give: Bundle, take: Bundle) -> tuple[object, ...]:
        return (
            proposer,
            tuple(sorted(give.deeds)),
            tuple(sorted(take.deeds)),
            give.jail_cards,
            take.jail_cards,
            table_signature(pos),
        )

    def _promise(self, pos: Position, proposer: int, give: Bundle, take: Bundle, asking: int) -> None:
        """Remember a price it named: the same deeds at that price, on the same table, it takes."""
        if len(self._named) > NAMED_MOST:
            self._named.clear()
        self._named[self._deal_key(pos, proposer, give, take)] = asking

    def _promised(self, pos: Position, proposer: int, give: Bundle, take: Bundle) -> int | None:
        """The price it named for these deeds on this table, if the offer meets it."""
        named = self._named.get(self._deal_key(pos, proposer, give, take))
        if named is None or give.cash - take.cash < named:
            return None
        return named


def guarded(pos: Position, verdict: Verdict_, proposer: int, give: Bundle, take: Bundle) -> bool:
    """An offer the shark refuses on principle, whatever the look-ahead says of it: one that hands the
    proposer a group (complete, or one trade from complete), breaks up a group of its own it holds all but
    one lot of, or costs it by its own reckoning (a mortgaged deed dearly bought, say). The playouts, with
    their few hundred positions, cannot see far enough to overrule such a refusal."""
    if verdict.mine < 0:
        return True
    if completed(pos, take, give, proposer) or unlocked(pos, take, give, proposer, pos.me):
        return True
    return bool(claims(pos, take, pos.me))
