"""SteadyBot: a second example bot for landlords, written from the published bot interface alone.

It values the table by printed prices and by the rent a holding can earn (the landing odds of each lot
times its rent, three houses counted on a complete street group), and plays steadily from that:

- it buys deeds while keeping a cash reserve that grows with the rents it may have to pay, and bids at
  auction up to the printed price, more for a lot that completes or blocks a group;
- it builds its complete groups evenly toward three houses, the best return first, then further when cash
  is plentiful, and lifts mortgages when it has cash to spare;
- it leaves jail at once while deeds are for sale and stays in later, when rivals have built;
- in debt it mortgages what it values least before it sells any building, and goes bankrupt only when
  nothing is left;
- it answers offers by its own valuation, never handing a rival a group without getting more back, and
  now and then proposes the lot that completes one of its groups, or a swap that completes one for each
  side: never twice the same offer on an unchanged table.

Seat it with `landlords simulate --bots hard,examples.steady_bot:SteadyBot,...` from the folder above
`examples`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import (
    AcceptTrade,
    Build,
    Bundle,
    BuyProperty,
    ChooseIncomeTax,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    Event,
    GameView,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
    Unmortgage,
    UseJailCard,
)
from engine import queries as q

# Long-run chance (per cent) that a throw ends on each space of the classic board, leaving jail at once.
CLASSIC_ODDS = (
    3.09, 2.13, 1.88, 2.16, 2.33, 2.96, 2.26, 0.87, 2.32, 2.30,
    6.30, 2.70, 2.60, 2.37, 2.46, 2.92, 2.79, 2.58, 2.94, 3.08,
    2.88, 2.83, 1.05, 2.74, 3.19, 3.07, 2.71, 2.68, 2.81, 2.59,
    0.00, 2.68, 2.62, 2.37, 2.50, 2.43, 0.87, 2.18, 2.18, 2.62,
)  # fmt: skip

INCOME_ROLLS = 25
"""How many throws of each rival a holding's expected rent is counted for in its worth."""

TARGET_HOUSES = 3
"""The sweet spot: the third house is the best buy on almost every group."""


class SteadyBot:
    """A steady player: reserves against the rents on the board, builds to three houses, trades fairly."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 1000 + seat)
        self.proposed: set[tuple[object, ...]] = set()  # offers made, with the table they were made on
        self.last_proposal = -100  # the turn of the last offer made
        self.times: dict[tuple[int, tuple[int, ...]], int] = {}  # how often each lot was asked of its owner
        self.mine: dict[int, tuple[int, tuple[int, ...]]] = {}  # my offers' ids -> (to, the deeds asked)
        self.asked: dict[tuple[int, tuple[int, ...]], int] = {}  # (to, deeds) -> the price named in refusing

    # --- the interface ------------------------------------------------------------------------

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        try:
            cmd = self._choose(view, legal)
        except Exception:  # never stall a table: any surprise falls back to a legal move
            cmd = None
        return cmd if cmd is not None else _fallback(legal)

    def observe(self, events: Sequence[Event]) -> None:
        for ev in events:
            try:
                kind = getattr(ev, "kind", "")
                if kind == "trade_proposed":
                    trade = getattr(ev, "trade", None)
                    if trade is not None and trade.proposer == self.seat:
                        self.mine[trade.id] = (trade.to, trade.take.deeds)
                elif kind == "trade_rejected":
                    lot = self.mine.get(getattr(ev, "trade_id", -1))
                    price = getattr(ev, "asking", None)
                    if lot is not None and price is not None and price > 0:
                        self.asked[lot] = price
            except Exception:
                continue

    # --- the decision in hand -------------------------------------------------------------------

    def _choose(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        if me is None or not legal:
            return None
        pend = view.pending
        kind = getattr(pend, "kind", "")
        if kind == "buy":
            return self._buy(view, legal)
        if kind == "auction":
            return self._bid(view, legal)
        if kind == "trade_answer":
            return self._answer(view, legal)
        if kind == "debt":
            return self._raise(view, legal)
        if kind == "income_tax":
            return self._income_tax(view, legal)
        if kind == "mortgage_decision":
            return self._mortgage_decision(view, legal)
        if kind == "place_building":
            builds = [c for c in legal if isinstance(c, Build)]
            return self._best_build(view, builds) if builds else None
        if kind in ("roll", "end_turn") and view.current == me:
            return self._my_turn(view, legal)
        return None

    # --- figures --------------------------------------------------------------------------------

    def _odds(self, view: GameView, space: int) -> float:
        board = view.board
        if view.edition == "classic" and board.size == len(CLASSIC_ODDS):
            return CLASSIC_ODDS[space] / 100
        return 1 / max(board.size, 1)

    def _rivals(self, view: GameView) -> list[int]:
        return [p for p, ps in enumerate(view.players) if p != view.me and not ps.bankrupt]

    def _group_size(self, view: GameView, group: str | None) -> int:
        return len(view.board.members.get(group, ())) if group is not None else 0

    def _danger(self, view: GameView) -> tuple[int, float]:
        """The worst rent a rival's lot would charge this bot, and the rent it may expect per throw."""
        me = view.me
        assert me is not None
        worst, expected = 0, 0.0
        for s, d in view.deeds.items():
            if d.owner is None or d.owner == me or d.mortgaged:
                continue
            rent = q.rent_due(view, s, me)
            worst = max(worst, rent)
            expected += self._odds(view, s) * rent
        return worst, expected

    def _reserve(self, view: GameView) -> int:
        """Cash kept back against the rents on the board."""
        worst, expected = self._danger(view)
        return int(min(100 + 0.5 * worst + 4 * expected, 1200))

    def _unowned_share(self, view: GameView) -> float:
        deeds = view.deeds
        return sum(1 for d in deeds.values() if d.owner is None) / max(len(deeds), 1)

    def _holding_worth(self, view: GameView, player: int, owned: dict[int, int | None]) -> float:
        """What `player`'s deeds are worth to him if the deeds were owned as in `owned`: printed prices
        (half for a mortgage) plus the rent each can earn, three houses counted on a complete street group
        less what the houses cost."""
        board, ruleset = view.board, view.ruleset
        rivals = max(sum(1 for p, ps in enumerate(view.players) if p != player and not ps.bankrupt), 2)
        held: dict[str, int] = {}
        for s, o in owned.items():
            g = board.group_of[s]
            if o == player and g is not None:
                held[g] = held.get(g, 0) + 1
        top = min(TARGET_HOUSES, ruleset.max_level)
        total = 0.0
        for s, o in owned.items():
            if o != player:
                continue
            d = view.deeds[s]
            g = board.group_of[s]
            n = held.get(g, 1) if g is not None else 1
            complete = g is not None and n == self._group_size(view, g)
            street = board.kinds[s] == "street"
            level = d.level
            if complete and street:
                level = max(level, top)
            try:
                rent = q.rent_at(board, ruleset, s, n, level)
            except Exception:
                rent = board.rent[s][0] if board.rent[s] else 0
            worth = board.price[s] * (0.5 if d.mortgaged else 1.0)
            if street and not complete and n > 1:  # part of a group: a step toward completing it
                worth += 0.3 * board.price[s] * (n - 1)
            income = INCOME_ROLLS * rivals * self._odds(view, s) * rent
            if complete and street and level > d.level:
                income -= 0.6 * board.house_cost[s] * (level - d.level)
            total += worth + max(income, 0.0)
        return total

    def _owners(self, view: GameView) -> dict[int, int | None]:
        return {s: d.owner for s, d in view.deeds.items()}

    def _completes(self, view: GameView, player: int, space: int) -> bool:
        """Would `space` complete a group for `player` (he holds every other deed of it)?"""
        g = view.board.group_of[space]
        if g is None:
            return False
        others = [s for s in view.board.members[g] if s != space]
        return bool(others) and all(view.deeds[s].owner == player for s in others if s in view.deeds)

    # --- buying and bidding --------------------------------------------------------------------

    def _buy(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        pend = view.pending
        space = getattr(pend, "space", -1)
        buy = next((c for c in legal if isinstance(c, BuyProperty)), None)
        decline = next((c for c in legal if isinstance(c, DeclineProperty)), None)
        if buy is None:
            return decline
        price = view.board.price[space] if 0 <= space < view.board.size else 0
        cash = q.funds(view, me)
        left = cash - price
        key = self._completes(view, me, space) or self._blocks(view, space)
        reserve = self._reserve(view)
        if (
            left >= reserve
            or (key and left >= reserve // 3)
            or (self._unowned_share(view) > 0.6 and left >= 60)
        ):
            return buy
        return decline or buy

    def _blocks(self, view: GameView, space: int) -> bool:
        """Would a rival complete a group with `space`?"""
        return any(self._completes(view, r, space) for r in self._rivals(view))

    def _bid(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        pend = view.pending
        bids = [c for c in legal if isinstance(c, PlaceBid)]
        passing = next((c for c in legal if isinstance(c, PassAuction)), None)
        if not bids:
            return passing
        least = min(c.amount for c in bids)
        lot = getattr(pend, "lot", "deed")
        space = getattr(pend, "space", -1)
        board = view.board
        if not 0 <= space < board.size:
            return passing
        cash = q.funds(view, me)
        if lot == "deed":
            value = float(board.price[space])
            if self._completes(view, me, space):
                value *= 1.8
            elif self._blocks(view, space):
                value *= 1.4
            elif self._unowned_share(view) > 0.5:
                value *= 1.05
            limit = int(min(value, cash - self._reserve(view) // 2))
        else:  # a building in a shortage: worth its price to a builder
            mine = view.deeds.get(space)
            if mine is None or mine.owner != me:
                return passing
            limit = int(min(board.house_cost[space] * 1.5, cash - self._reserve(view)))
        if least > limit:
            return passing
        high = getattr(pend, "high_bid", 0)
        step = max(1, board.price[space] // 20)
        amount = min(limit, max(least, high + step))
        return PlaceBid(player=me, amount=amount) if amount >= least else bids[0]

    # --- my turn: leave jail, trade, build, lift mortgages --------------------------------------

    def _my_turn(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        ps = view.players[me]
        if ps.in_jail and any(isinstance(c, RollDice) for c in legal):
            leave = self._leave_jail(view, legal)
            if leave is not None:
                return leave
        offer = self._propose(view)
        if offer is not None:
            return offer
        builds = [c for c in legal if isinstance(c, Build)]
        if builds:
            build = self._best_build(view, builds, keep=int(0.75 * self._reserve(view)))
            if build is not None:
                return build
        lift = self._lift(view, legal)
        if lift is not None:
            return lift
        for kind in (RollDice, EndTurn):
            for c in legal:
                if isinstance(c, kind):
                    return c
        return None

    def _leave_jail(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        built = any(d.level > 0 and d.owner != me for d in view.deeds.values() if d.owner is not None)
        worst, _ = self._danger(view)
        open_board = self._unowned_share(view)
        early = open_board > 0.3 or (open_board > 0.1 and not built and worst < 200)
        if not early:
            return None  # stay in and roll: the rivals' lots are dangerous now
        card = next((c for c in legal if isinstance(c, UseJailCard)), None)
        if card is not None:
            return card
        fine = next((c for c in legal if isinstance(c, PayJailFine)), None)
        if fine is not None and q.funds(view, me) > 100:
            return fine
        return None

    def _best_build(self, view: GameView, builds: list[Build], keep: int = 0) -> Command | None:
        """The building with the best rent gained per dollar, within `keep` of cash; up to three houses
        on every group first, further only with plenty of cash."""
        me = view.me
        assert me is not None
        board, ruleset = view.board, view.ruleset
        cash = q.funds(view, me)
        best: tuple[float, Build] | None = None
        all_at_target = all(
            view.deeds[c.space].level >= TARGET_HOUSES for c in builds if c.space in view.deeds
        )
        for c in builds:
            s = c.space
            d = view.deeds.get(s)
            if d is None:
                continue
            cost = board.house_cost[s] or 1
            if cash - cost < keep:
                continue
            if d.level >= TARGET_HOUSES and not all_at_target:
                continue
            if d.level >= TARGET_HOUSES and cash - cost < keep * 2 + 300:
                continue
            held = q.holding(view, s)
            try:
                now = q.rent_at(board, ruleset, s, held, d.level)
                then = q.rent_at(board, ruleset, s, held, d.level + 1)
            except Exception:
                now, then = 0, 1
            score = self._odds(view, s) * (then - now) / cost
            if best is None or score > best[0]:
                best = (score, c)
        return best[1] if best is not None else None

    def _lift(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        lifts = [c for c in legal if isinstance(c, Unmortgage)]
        if not lifts:
            return None
        cash = q.funds(view, me)
        board = view.board
        spare = cash - 2 * self._reserve(view) - 100

        def rank(c: Unmortgage) -> tuple[int, int]:
            g = board.group_of[c.space]
            complete = g is not None and q.full_group(view, me, g)
            return (0 if complete else 1, -board.price[c.space])

        for c in sorted(lifts, key=rank):
            if board.unmortgage_cost(c.space) <= spare:
                return c
        return None

    # --- debts, taxes, mortgaged deeds received -------------------------------------------------

    def _raise(self, view: GameView, legal: list[Command]) -> Command | None:
        """Raise cash: mortgage what matters least, then sell buildings from the poorest group."""
        me = view.me
        assert me is not None
        board = view.board
        mortgages = [c for c in legal if isinstance(c, Mortgage)]
        if mortgages:

            def cost(c: Mortgage) -> tuple[int, float]:
                g = board.group_of[c.space]
                complete = g is not None and q.full_group(view, me, g)
                rent = self._odds(view, c.space) * q.rent_at(
                    board, view.ruleset, c.space, q.holding(view, c.space), 0
                )
                return (1 if complete else 0, rent)

            return min(mortgages, key=cost)
        sales = [c for c in legal if isinstance(c, SellBuilding)]
        if sales:

            def loss(c: SellBuilding) -> float:
                s = c.space
                d = view.deeds[s]
                held = q.holding(view, s)
                lost = q.rent_at(board, view.ruleset, s, held, d.level) - q.rent_at(
                    board, view.ruleset, s, held, max(d.level - 1, 0)
                )
                return self._odds(view, s) * lost

            return min(sales, key=loss)
        other = [c for c in legal if not isinstance(c, DeclareBankruptcy | ProposeTrade)]
        if other:
            return other[0]
        return next((c for c in legal if isinstance(c, DeclareBankruptcy)), None)

    def _income_tax(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        options = {c.option: c for c in legal if isinstance(c, ChooseIncomeTax)}
        if len(options) < 2:
            return next(iter(options.values()), None)
        space = getattr(view.pending, "space", 0)
        tax = q.tax_of(view, space)
        flat = getattr(tax, "flat", None)
        percent = q.percent_tax(view, me, space)
        if flat is None:
            return options["percent"]
        return options["percent"] if percent < flat else options["flat"]

    def _mortgage_decision(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        space = getattr(view.pending, "space", -1)
        lift = next((c for c in legal if isinstance(c, Unmortgage)), None)
        keep = next((c for c in legal if isinstance(c, KeepMortgage)), None)
        if (
            lift is not None
            and 0 <= space < view.board.size
            and q.funds(view, me) - view.board.unmortgage_cost(space) > self._reserve(view) * 2
        ):
            return lift
        return keep or lift

    # --- trades ---------------------------------------------------------------------------------

    def _gains(self, view: GameView, a: int, b: int, a_gives: Bundle, b_gives: Bundle) -> tuple[float, float]:
        """What a trade is worth to each side, by this bot's valuation."""
        before = self._owners(view)
        after = dict(before)
        for s in a_gives.deeds:
            after[s] = b
        for s in b_gives.deeds:
            after[s] = a
        jail = 40  # a Get Out of Jail Free card
        gain_a = (
            self._holding_worth(view, a, after)
            - self._holding_worth(view, a, before)
            + b_gives.cash
            - a_gives.cash
            + jail * (b_gives.jail_cards - a_gives.jail_cards)
        )
        gain_b = (
            self._holding_worth(view, b, after)
            - self._holding_worth(view, b, before)
            + a_gives.cash
            - b_gives.cash
            + jail * (a_gives.jail_cards - b_gives.jail_cards)
        )
        return gain_a, gain_b

    def _new_groups(self, view: GameView, player: int, receives: Sequence[int]) -> list[str]:
        board = view.board
        out = []
        for s in receives:
            g = board.group_of[s]
            if g is None or board.kinds[s] != "street" or g in out:
                continue
            members = board.members[g]
            whole = all(view.deeds[m].owner == player or m in receives for m in members)
            if whole and not all(view.deeds[m].owner == player for m in members):
                out.append(g)
        return out

    def _answer(self, view: GameView, legal: list[Command]) -> Command | None:
        me = view.me
        assert me is not None
        pend = view.pending
        trade = getattr(pend, "trade", None)
        accept = next((c for c in legal if isinstance(c, AcceptTrade)), None)
        reject = next((c for c in legal if isinstance(c, RejectTrade)), None)
        if trade is None or reject is None:
            return reject or accept
        tid = reject.trade_id
        if trade.give.houses or trade.take.houses or trade.give.cards or trade.take.cards:
            return RejectTrade(player=me, trade_id=tid, reason="I only trade deeds, cash and jail cards")
        mine, theirs = self._gains(view, me, trade.proposer, trade.take, trade.give)
        their_groups = self._new_groups(view, trade.proposer, trade.take.deeds)
        my_groups = self._new_groups(view, me, trade.give.deeds)
        cash_after = q.funds(view, me) - trade.take.cash + trade.give.cash
        if trade.take.cash and cash_after < min(self._reserve(view), 200):
            return RejectTrade(player=me, trade_id=tid, reason="I cannot spare that much cash")
        if their_groups and not my_groups and mine < theirs:
            name = their_groups[0].replace("_", " ")
            return RejectTrade(player=me, trade_id=tid, reason=f"that would complete your {name} group")
        if their_groups and mine < 0.9 * theirs:
            return RejectTrade(player=me, trade_id=tid, reason="that helps you more than it helps me")
        moved = sum(view.board.price[s] for s in (*trade.give.deeds, *trade.take.deeds))
        given = sum(view.board.price[s] for s in trade.take.deeds)
        if trade.take.deeds and not trade.give.deeds:  # selling for cash: dearly, more if it helps him
            closer = any(
                view.board.group_of[s] is not None
                and q.owned_in_group(view, trade.proposer, view.board.group_of[s])
                for s in trade.take.deeds
            )
            if mine < (0.8 if closer else 0.4) * given:
                return RejectTrade(player=me, trade_id=tid, reason="I would want more for it")
        if mine < max(20.0, 0.05 * moved) or accept is None:
            return RejectTrade(player=me, trade_id=tid, reason="that is not enough for me")
        return AcceptTrade(player=me, trade_id=tid, reason="a fair deal")

    def _table_key(self, view: GameView) -> tuple[object, ...]:
        return tuple((s, d.owner, d.mortgaged) for s, d in sorted(view.deeds.items()))

    def _propose(self, view: GameView) -> Command | None:
        me = view.me
        assert me is not None
        if view.turn - self.last_proposal < 3 * len(view.players) or not q.trading_open(view, me):
            return None
        if any(o.proposer == me for o in view.offers):
            return None
        table = self._table_key(view)
        for to, give, take in self._ideas(view):
            key = (to, give.deeds, give.cash, take.deeds, take.cash, table)
            lot = (to, take.deeds)
            if key in self.proposed or self.times.get(lot, 0) >= 3:
                continue
            if q.proposal_problem(view, me, to, give, take) is not None:
                continue
            self.proposed.add(key)
            self.times[lot] = self.times.get(lot, 0) + 1
            self.last_proposal = view.turn
            return ProposeTrade(player=me, to=to, give=give, take=take)
        return None

    def _ideas(self, view: GameView) -> list[tuple[int, Bundle, Bundle]]:
        """Offers worth making, best first: a lot that completes a group of mine, for cash or in a swap
        that completes a group for each side."""
        me = view.me
        assert me is not None
        board = view.board
        cash = q.funds(view, me)
        reserve = self._reserve(view)
        wants: list[tuple[int, int]] = []  # (lot, its owner) completing a street group of mine
        for members in board.street_groups:
            others = [s for s in members if view.deeds[s].owner != me]
            if len(others) != 1 or len(members) < 2:
                continue
            s = others[0]
            d = view.deeds[s]
            if d.owner is None or d.level > 0 or view.players[d.owner].bankrupt:
                continue
            if any(view.deeds[m].level > 0 for m in members):
                continue
            wants.append((s, d.owner))
        ideas: list[tuple[float, int, Bundle, Bundle]] = []
        for s, owner in wants:
            take = Bundle(deeds=(s,))
            # a swap: one of my lots that completes one of the owner's groups
            for t, d in view.deeds.items():
                if d.owner != me or d.level > 0 or not self._completes(view, owner, t):
                    continue
                if board.group_of[t] == board.group_of[s]:
                    continue
                give = Bundle(deeds=(t,))
                mine, theirs = self._gains(view, me, owner, give, take)
                top_up = int(max(0.0, (theirs - mine) / 2))
                if top_up > 0:  # they gain more: ask for the difference
                    take = Bundle(deeds=(s,), cash=min(top_up, q.funds(view, owner) // 2))
                    mine, theirs = self._gains(view, me, owner, give, take)
                if mine > 0 and mine >= 0.9 * theirs:
                    ideas.append((mine, owner, give, take))
                take = Bundle(deeds=(s,))
            # for cash: what the lot is worth to its owner, and a premium
            loss = -self._gains(view, me, owner, Bundle(), take)[1]
            price = int(max(loss, board.price[s]) * 1.3 + 20)
            named = self.asked.get((owner, take.deeds))
            if named is not None and named > price:
                price = named  # the owner named his price when he refused: pay it if it is still worth it
            if cash - price >= max(reserve, 150):
                mine, _ = self._gains(view, me, owner, Bundle(cash=price), take)
                if mine > 0:
                    ideas.append((mine, owner, Bundle(cash=price), take))
        ideas.sort(key=lambda i: -i[0])
        return [(owner, give, take) for _, owner, give, take in ideas]


def _fallback(legal: list[Command]) -> Command:
    """The move that carries the game on with least harm."""
    for kind in (EndTurn, RollDice, PassAuction, RejectTrade, KeepMortgage, DeclineProperty):
        for c in legal:
            if isinstance(c, kind):
                return c
    for c in legal:
        if not isinstance(c, DeclareBankruptcy):
            return c
    return legal[0]
