"""`random`: a uniformly random legal command, for tests and fuzzing. Now and then, while trading is open,
it also makes a random well-formed offer, so that fuzzing reaches the trade rules and other bots'
answers.
"""

from __future__ import annotations

from engine.bots.base import BotBase, answer
from engine.bots.position import Position
from engine.core.commands import AcceptTrade, CallGame, Command, PlaceBid, ProposeTrade, RejectTrade
from engine.core.phrases import N_, Phrase
from engine.core.state import Bundle, Pending
from engine.queries import pledged, trading_open

OFFER_ODDS = 25  # one decision in this many, while trading is open, is a random offer


class RandomBot(BotBase):
    level = "random"

    def decide(self, pos: Position, pend: Pending, legal: list[Command]) -> Command:
        if trading_open(pos.view, pos.me) and pos.rivals and self.below(OFFER_ODDS) == 0:
            offer = self.random_offer(pos)
            if offer is not None:
                return self.because(offer, Phrase(N_("an offer made at random")))
        choices = [c for c in legal if not isinstance(c, CallGame)] or legal  # a call only as an answer
        cmd = choices[self.below(len(choices))]
        if isinstance(cmd, PlaceBid):
            room = pos.funds[pos.me] - cmd.amount
            bid = PlaceBid(player=pos.me, amount=cmd.amount + (self.below(room + 1) if room > 0 else 0))
            return self.because(bid, Phrase(N_("a bid made at random")))
        if isinstance(cmd, RejectTrade | AcceptTrade):
            return answer(legal, pos.me, cmd.trade_id, isinstance(cmd, AcceptTrade), "chance decided it")
        return self.because(cmd, Phrase(N_("chosen at random")) if len(legal) > 1 else "")

    def random_offer(self, pos: Position) -> ProposeTrade | None:
        me = pos.me
        partner = pos.rivals[self.below(len(pos.rivals))]
        give = self._bundle(pos, me)
        take = self._bundle(pos, partner)
        if give.empty and take.empty:
            return None
        return ProposeTrade(player=me, to=partner, give=give, take=take)

    def _bundle(self, pos: Position, owner: int) -> Bundle:
        held = pledged(pos.view)
        free = [s for s in pos.deeds_of(owner) if not pos.built(pos.group(s)) and s not in held]
        deeds = tuple(sorted({free[self.below(len(free))] for _ in range(self.below(3))})) if free else ()
        cash = self.below(pos.funds[owner] // 4 + 1) if self.below(2) else 0
        cards = self.below(pos.jail_cards[owner] + 1)
        hand = pos.hands[owner]
        in_hand = (hand[self.below(len(hand))],) if hand and self.below(3) == 0 else ()
        return Bundle(cash=cash, deeds=deeds, jail_cards=cards, cards=in_hand)
