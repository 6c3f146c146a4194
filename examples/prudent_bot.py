"""PrudentBot: an example bot for landlords, written from the published bot interface alone.

It keeps a cushion of cash against the worst rent on the board, buys and bids by the printed prices,
builds its complete groups evenly, leaves jail while the board is still open, and trades only to complete
a group: never twice the same offer on an unchanged table, nor more than three times a game. Seat it with
`landlords simulate --bots hard,examples.prudent_bot:PrudentBot,...` from the folder above `examples`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import (
    AcceptTrade,
    Build,
    Bundle,
    BuyProperty,
    ChooseIncomeTax,
    Command,
    DeclineProperty,
    Event,
    GameView,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
    Unmortgage,
)
from engine.queries import percent_tax, proposal_problem, rent_due, tax_of, trading_open


class PrudentBot:
    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat
        # (partner, lots) -> (the table when last asked, the round, how many times)
        self.asked: dict[tuple[int, tuple[int, ...]], tuple[tuple[object, ...], int, int]] = {}
        self.refused: dict[int, int] = {}  # partner -> offers of mine he turned down
        self.open_offer: int | None = None  # the id of my offer awaiting an answer

    def observe(self, events: Sequence[Event]) -> None:
        """Counts the refusals of my offers: a partner who keeps refusing is asked less often."""
        for e in events:
            if e.kind == "trade_proposed" and e.trade.proposer == self.seat:
                self.open_offer = e.trade.id
            elif e.kind == "trade_rejected" and e.trade_id == self.open_offer:
                self.refused[e.player] = self.refused.get(e.player, 0) + 1

    # --- reading the table ------------------------------------------------------------------------

    def cushion(self, view: GameView) -> int:
        """Cash kept back: $100 and half the worst rent a throw could cost now."""
        worst = max((rent_due(view, s, self.seat) for s in view.board.deeds), default=0)
        return 100 + min(worst, 1200) // 2

    def cash(self, view: GameView) -> int:
        me = view.players[self.seat]
        return me.cash + me.credit

    def owner(self, view: GameView, space: int) -> int | None:
        return view.deeds[space].owner

    def group_lots(self, view: GameView, space: int) -> tuple[int, ...]:
        group = view.board.group_of[space]
        return view.board.members[group] if group is not None else (space,)

    def completes(self, view: GameView, space: int, who: int, also: tuple[int, ...] = ()) -> bool:
        """Would `who`, given `space` (and `also`), hold its whole group?"""
        lots = self.group_lots(view, space)
        return all(s == space or s in also or self.owner(view, s) == who for s in lots)

    def worth(self, view: GameView, bundle: Bundle, to: int, also: tuple[int, ...]) -> float:
        """A bundle as the receiver `to` would value it: printed prices (half for a mortgaged deed),
        three times over for a deed that completes one of its groups."""
        total = float(bundle.cash) + 40 * bundle.jail_cards
        for s in bundle.deeds:
            price = view.board.price[s]
            value = price / 2 if view.deeds[s].mortgaged else price
            total += 3 * value if self.completes(view, s, to, also) else value
        return total

    # --- deciding ---------------------------------------------------------------------------------

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        pend = view.pending
        assert pend is not None
        kinds = {c.kind: c for c in legal}
        me = self.seat
        if pend.kind == "roll":
            out = kinds.get("use_jail_card") or kinds.get("pay_jail_fine")
            if out is not None and self.leave_jail(view):
                return out
            return self.trade(view) or RollDice(player=me)
        if pend.kind == "end_turn":
            return self.develop(view, legal) or self.trade(view) or kinds.get("end_turn") or legal[0]
        if pend.kind == "buy":
            price = view.board.price[pend.space]
            keep = 0 if self.completes(view, pend.space, me) else self.cushion(view)
            return BuyProperty(player=me) if self.cash(view) - price >= keep else DeclineProperty(player=me)
        if pend.kind == "auction":
            return self.bid(view, legal)
        if pend.kind == "trade_answer":
            return self.answer(view, legal)
        if pend.kind == "debt":
            return self.raise_cash(view, legal)
        if pend.kind == "income_tax":
            flat = tax_of(view, pend.space).flat
            cheaper = percent_tax(view, me, pend.space) < flat
            return ChooseIncomeTax(player=me, option="percent" if cheaper else "flat")
        if pend.kind == "mortgage_decision":
            lift = Unmortgage(player=me, space=pend.space)
            rich = self.cash(view) - view.board.unmortgage_cost(pend.space) > 2 * self.cushion(view)
            return lift if rich and lift in legal else KeepMortgage(player=me, space=pend.space)
        return legal[0]

    def leave_jail(self, view: GameView) -> bool:
        """Out at once while deeds are for sale and nobody has built; later, sit and collect rent."""
        board = view.board
        unowned = sum(1 for s in board.deeds if self.owner(view, s) is None)
        built = any(view.deeds[s].level for s in board.deeds if self.owner(view, s) != self.seat)
        return unowned >= 6 and not built

    def develop(self, view: GameView, legal: list[Command]) -> Command | None:
        board = view.board
        spare = self.cash(view) - self.cushion(view)
        lifts = [c for c in legal if isinstance(c, Unmortgage)]
        for c in sorted(lifts, key=lambda c: board.unmortgage_cost(c.space)):
            mine = all(self.owner(view, s) == self.seat for s in self.group_lots(view, c.space))
            if board.unmortgage_cost(c.space) <= spare - (0 if mine else 300):
                return c
        builds = [c for c in legal if isinstance(c, Build) and board.house_cost[c.space] <= spare]
        if builds:
            return min(builds, key=lambda c: (view.deeds[c.space].level, -board.price[c.space]))
        return None

    def bid(self, view: GameView, legal: list[Command]) -> Command:
        pend = view.pending
        assert pend is not None and pend.kind == "auction"
        least = next((c for c in legal if isinstance(c, PlaceBid)), None)
        if least is None:
            return PassAuction(player=self.seat)
        board = view.board
        if pend.lot == "deed":
            price = board.price[pend.space]
            rivals = [r for r in range(len(view.players)) if r != self.seat]
            if self.completes(view, pend.space, self.seat):
                limit = price * 3 // 2
            elif any(self.completes(view, pend.space, r) for r in rivals):
                limit = price * 6 // 5
            else:
                limit = price * 9 // 10
        else:
            limit = board.house_cost[pend.space] if any(isinstance(c, Build) for c in legal) else 0
        limit = min(limit, self.cash(view) - self.cushion(view) // 2)
        return least if least.amount <= limit else PassAuction(player=self.seat)

    def raise_cash(self, view: GameView, legal: list[Command]) -> Command:
        """Mortgage stray deeds first, the cheapest first; then sell buildings; bankruptcy last."""
        board = view.board
        mortgages = [c for c in legal if isinstance(c, Mortgage)]
        strays = [c for c in mortgages if not self.completes(view, c.space, self.seat)]
        if strays:
            return min(strays, key=lambda c: board.price[c.space])
        sales = [c for c in legal if isinstance(c, SellBuilding)]
        if sales:
            return max(sales, key=lambda c: view.deeds[c.space].level)
        if mortgages:
            return min(mortgages, key=lambda c: board.price[c.space])
        return legal[0]

    # --- trading ----------------------------------------------------------------------------------

    def fingerprint(self, view: GameView) -> tuple[object, ...]:
        return tuple((s, d.owner, d.mortgaged) for s, d in sorted(view.deeds.items()))

    def trade(self, view: GameView) -> Command | None:
        """Ask for the lots one rival holds that would complete a street group of mine: a swap if a lot of
        mine completes one of his, else three and a half times the printed price in cash (a shade more than
        the three times over a completing lot counts for when I am the one answering); once per table."""
        me = self.seat
        if not trading_open(view, me) or view.round < 3:
            return None
        board = view.board
        table = self.fingerprint(view)
        for lots in board.street_groups:
            holders = {self.owner(view, s) for s in lots} - {me}
            if None in holders or len(holders) != 1 or not any(self.owner(view, s) == me for s in lots):
                continue
            partner = holders.pop()
            assert partner is not None
            if view.players[partner].bankrupt or any(view.deeds[s].level for s in lots):
                continue
            want = tuple(s for s in lots if self.owner(view, s) == partner)
            last = self.asked.get((partner, want))
            wait = 4 * (1 + self.refused.get(partner, 0))
            if last is not None and (last[0] == table or view.round - last[1] < wait or last[2] >= 3):
                continue
            give = self.swap_for(view, partner)
            if give is None:
                cash = 7 * sum(board.price[s] for s in want) // 2
                if self.cash(view) - cash < self.cushion(view) + 2 * board.house_cost[lots[0]]:
                    continue
                give = Bundle(cash=cash)
            take = Bundle(deeds=want)
            if proposal_problem(view, me, partner, give, take) is None:
                self.asked[(partner, want)] = (table, view.round, 1 + (last[2] if last else 0))
                return ProposeTrade(player=me, to=partner, give=give, take=take)
        return None

    def swap_for(self, view: GameView, partner: int) -> Bundle | None:
        for lots in view.board.street_groups:
            mine = tuple(s for s in lots if self.owner(view, s) == self.seat)
            theirs = all(s in mine or self.owner(view, s) == partner for s in lots)
            if mine and theirs and not any(view.deeds[s].level for s in lots):
                return Bundle(deeds=mine)
        return None

    def answer(self, view: GameView, legal: list[Command]) -> Command:
        pend = view.pending
        assert pend is not None and pend.kind == "trade_answer"
        t = pend.trade
        me = self.seat
        got = self.worth(view, t.give, me, t.give.deeds)
        gave = self.worth(view, t.take, t.proposer, t.take.deeds)
        can_accept = any(isinstance(c, AcceptTrade) and c.trade_id == t.id for c in legal)
        if got >= 1.1 * gave and self.cash(view) - t.take.cash >= self.cushion(view) and can_accept:
            return AcceptTrade(player=me, trade_id=t.id, reason="a fair deal")
        return RejectTrade(player=me, trade_id=t.id, reason="not enough for what you ask")
