"""What a player's holdings are worth, in dollars, to a bot that thinks in rent per roll.

Worth = cash + each deed at its printed price (a mortgaged one less the cost of lifting it) + the rent its
deeds should bring over a horizon of rounds + what building up its complete groups would add (houses the
cash in hand cannot pay for wait for the salary, and earn for fewer rounds) + a share of a group's value
when all its lots but one are held. Rent counts once for the owner and once more for what it takes from
the rivals. Buildings already standing count through the rent they bring: a house's price is spent, not
stored.

The same figure judges a purchase, a bid and a trade: the change in worth to each side. Because a
hypothetical trade is only a changed `owner` and `funds`, it costs a few dozen microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.cards import hand_worth
from engine.bots.position import EditionFigures, PaidLevels, Position
from engine.bots.thresholds import most_passing
from engine.play.odds import ROLLS_PER_TURN
from engine.queries import rent_at


@dataclass(frozen=True, slots=True)
class Style:
    """Parameters of how one level weighs the future. The levels differ in these figures and in their own
    decisions."""

    horizon: float  # rounds of rent a deed's income is worth now
    keep: int  # cash never counted on for building
    claim: float  # share of a group's value held with one lot to go, that lot still with the bank
    deal: float  # share held with one lot to go when a rival holds it (a trade may complete the group)
    jail_card: int  # worth of a Get Out of Jail Free card
    liquidity: float  # penalty per dollar a trade leaves a player short of a safe cash reserve
    mortgage_to_build: float  # share of the mortgage money from stray deeds it counts as building money
    build_cost: float  # share of a building's price it weighs against the rent the building brings
    saving: float  # share of the salary it expects to put into buildings each round
    prospects_at_cash: bool  # prices groups by what its cash can build on them (else at full worth)


def development(pos: Position, group: str) -> tuple[tuple[float, ...], int]:
    """Return the rent per opponent roll of a complete group with h buildings spread evenly (h = 0 .. lots x
    the highest level), the extra ones on the most lucrative lots; and the price of one building there."""
    return pos.tables.development[group]


def rent_factor(pos: Position, style: Style, player: int) -> float:
    """Return the dollars of standing per dollar of rent per opponent roll: rounds x throws a turn x
    opponents, and as much again as the rent takes from the rivals as a whole (a dollar of rent is a dollar
    one of them no longer has; against a single rival it counts twice)."""
    opponents = pos.opponents(player)
    return style.horizon * ROLLS_PER_TURN * (opponents + 1)


def delayed(k: float, shortfall: float, horizon: float, pace: float) -> float:
    """Return the rent factor left for buildings bought `shortfall` dollars beyond the cash in hand: they wait
    for the salary (`pace` a round) to pay for them, and earn only for the rounds of the horizon left."""
    if shortfall <= 0:
        return k
    return k * max(0.0, 1.0 - shortfall / pace / horizon)


def best_level(
    pos: Position, group: str, k: float, budget: float, horizon: float, pace: float, houses_now: int = 0
) -> tuple[int, float]:
    """Return (buildings, net worth of putting them up) for the level a complete group should be built to: the
    rent they add over the horizon (later for what the cash in hand cannot pay yet) less their price.
    Worked out once per decision for the same figures: pricing a trade asks it again and again, and a
    budget beyond the price of every level left gives the same answer as that price (so it is asked as
    that: late in a rich game every price tried would be a new question otherwise)."""
    incomes, cost = pos.tables.development[group]
    most = (len(incomes) - 1 - houses_now) * cost
    if most <= 0:
        return houses_now, 0.0  # built as far as it goes
    if budget > most:
        budget = most
    key = (group, k, budget, horizon, pace, houses_now)
    memo = pos.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = _best_level(pos, group, k, budget, horizon, pace, houses_now)
    return found  # type: ignore[return-value]


def _best_level(
    pos: Position, group: str, k: float, budget: float, horizon: float, pace: float, houses_now: int
) -> tuple[int, float]:
    key = (_plan, group, k, horizon, pace, houses_now)
    found = pos.memo.get(key)
    if found is None:
        found = pos.memo[key] = _plan(pos, group, k, horizon, pace, houses_now)
    plan: tuple[PaidLevels, int, float] = found  # type: ignore[assignment]
    levels, cost, slow = plan
    # the levels the budget pays for outright come first (the spend grows with the level): the best of them
    # is worked out once for every budget
    n = len(levels.best) - 1
    if budget < n * cost:
        n = int(budget / cost) if budget >= cost else 0
        while n and n * cost > budget:  # a float budget: the quotient may round up to the next level
            n -= 1
        while (n + 1) * cost <= budget:
            n += 1
    best_h, best = levels.best[n]
    most = levels.most
    for h, added, spend in levels.rows[n:]:
        left = 1.0 - (spend - budget) * slow
        if left <= 0.0:
            break  # bought wholly out of salary beyond the horizon: no higher level can pay
        if most * left - spend <= best:
            # not even the dearest rent, earned for what is left of the horizon, beats the best: and that
            # bound only falls with each level, as the share left falls and the spend grows
            break
        net = added * left - spend
        if net > best:
            best_h, best = h, net
    return best_h, best


def _plan(
    pos: Position, group: str, k: float, horizon: float, pace: float, houses_now: int
) -> tuple[PaidLevels, int, float]:
    """Return what `_best_level` needs besides the budget, worked out once per decision (it keeps them in the
    decision's memo): a group's levels up to the bank's stock, the price of one building, and the share of
    the horizon lost per dollar bought beyond the budget. A trade's price is searched for with many budgets
    and these same figures."""
    incomes, cost = pos.tables.development[group]
    houses = len(pos.board.members[group]) * pos.top
    stop = len(incomes)  # the bank's stock bounds the levels: houses first, then hotels
    if houses_now + pos.bank_houses < houses:
        stop = min(stop, houses_now + pos.bank_houses + 1)
    if pos.bank_hotels <= 0:
        stop = min(stop, houses + 1)
    return _paid_levels(pos.tables, group, k, houses_now, stop), cost, 1.0 / (pace * horizon)


def _paid_levels(tables: EditionFigures, group: str, k: float, houses_now: int, stop: int) -> PaidLevels:
    """Return a complete group's levels above `houses_now` up to the bank's stock, worked out once."""
    key = (group, k, houses_now, stop)
    found = tables.paid_levels.get(key)
    if found is None:
        incomes, cost = tables.development[group]
        base = incomes[houses_now]
        best_h, best = houses_now, 0.0
        out = [(best_h, best)]
        rows = []
        spend = 0
        most = 0.0
        for h in range(houses_now + 1, stop):
            spend += cost
            added = (incomes[h] - base) * k
            rows.append((h, added, spend))
            most = max(most, added)
            net = added - spend
            if net > best:
                best_h, best = h, net
            out.append((best_h, best))
        found = tables.paid_levels[key] = PaidLevels(tuple(out), most, tuple(rows))
    return found


def monopoly_value(
    pos: Position, group: str, k: float, budget: float, horizon: float, pace: float, houses_now: int = 0
) -> float:
    """Return what building a complete group further adds to its owner's worth (0 when building does not
    pay)."""
    return best_level(pos, group, k, budget, horizon, pace, houses_now)[1]


def built_income(pos: Position, group: str, k: float, budget: float, horizon: float, pace: float) -> float:
    """Return the rent per opponent roll a complete unbuilt group should bring on average over the horizon,
    built to the level that pays best with the owner's cash (and, later, his salary)."""
    incomes, cost = pos.tables.development[group]
    h, _ = best_level(pos, group, k, budget, horizon, pace)
    share = delayed(1.0, h * cost - budget, horizon, pace)
    return incomes[0] + (incomes[h] - incomes[0]) * share


def full_monopoly_value(pos: Position, group: str, k: float) -> float:
    """Return a group's worth to whoever completes it, cash and the bank's stock aside: double rent plus
    building it up as far as pays."""
    memo = pos.tables.memo
    key = (group, k)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _full_value(pos, group, k)
    return found


def _full_value(pos: Position, group: str, k: float) -> float:
    tables = pos.tables
    board = tables.board
    ruleset = pos.rules
    members = board.members[group]
    if group not in tables.street_groups:
        # railroads and utilities: the rent of the full set over what the deeds bring held apart
        first = members[0]
        full = rent_at(board, ruleset, first, len(members)) - rent_at(board, ruleset, first, 1)
        landing = sum(tables.odds.land[s] for s in members)
        return landing * full * k
    incomes, cost = tables.development[group]
    best = max((incomes[h] - incomes[0]) * k - h * cost for h in range(len(incomes)))
    return (incomes[0] - tables.single[group]) * k + max(0.0, best)


def rank_of(pos: Position) -> dict[str, int]:
    """Return the street groups ranked by what building them up earns per dollar (the order money goes to
    them)."""
    return pos.tables.rank


UNLIMITED = 1e12


class Appraisal:
    """A player's holdings appraised once; `at(cash)` gives the worth for any amount of cash, which is all
    a trade's price changes (complete groups are built further with more cash)."""

    __slots__ = (
        "at_cash",
        "complete",
        "extra_budget",
        "horizon",
        "k",
        "keep",
        "pace",
        "pos",
        "prospects",
        "static",
    )

    def __init__(
        self,
        pos: Position,
        style: Style,
        player: int,
        owner: list[int | None] | None = None,
        jail_cards: int | None = None,
        hand: list[str] | None = None,
    ) -> None:
        own = pos.owner if owner is None else owner
        cards = pos.jail_cards[player] if jail_cards is None else jail_cards
        held = pos.hands[player] if hand is None else hand
        tables = pos.tables
        board = tables.board
        land = tables.odds.land
        price = board.price
        mortgaged = pos.mortgaged
        k = self.k = rent_factor(pos, style, player)
        self.pos = pos
        self.keep = style.keep
        self.horizon = style.horizon
        self.pace = style.saving * board.edition.salary
        self.at_cash = style.prospects_at_cash
        total = cards * float(style.jail_card) + (hand_worth(pos, held, style.horizon) if held else 0.0)
        extra = 0.0
        # (group, cost of lifting its mortgages, buildings, the rent they bring over the horizon)
        complete: list[tuple[str, float, int, float]] = []
        prospects: list[tuple[str, float, float]] = []  # (group, share held, what double rent adds)
        lift_cost = tables.lift
        members = board.members
        levels = pos.levels
        for group, lots, holders_of in tables.street_holders:
            holders = holders_of(own)
            if player not in holders:
                continue  # most groups, for most players: one call and one look
            mine = [s for s in lots if own[s] == player]
            for s in mine:
                total += price[s] - (lift_cost[s] if mortgaged[s] else 0)
            if len(mine) == len(lots):
                lift = houses = 0
                for s in lots:
                    if mortgaged[s]:
                        lift += lift_cost[s]
                    houses += levels[s]
                complete.append((group, float(lift), houses, tables.development[group][0][houses] * k))
                continue
            for s in mine:
                if not mortgaged[s]:
                    total += land[s] * tables.rent(s, len(mine)) * k
                    if style.mortgage_to_build:
                        extra += board.mortgage[s] * style.mortgage_to_build
            share = _share(pos, style, player, group, own, len(mine))
            if share:
                prospects.append((group, share, (tables.development[group][0][0] - tables.single[group]) * k))
        for group in tables.other_groups:
            mine = [s for s in members[group] if own[s] == player]
            if not mine:
                continue
            per = tables.rent(mine[0], len(mine))  # dice rents at the average throw
            for s in mine:
                if mortgaged[s]:
                    total += price[s] - lift_cost[s]
                else:
                    total += price[s] + land[s] * per * k
                    if style.mortgage_to_build:
                        extra += board.mortgage[s] * style.mortgage_to_build
        order = pos.tables.rank
        complete.sort(key=lambda c: order[c[0]])
        self.static = total
        self.extra_budget = extra
        self.complete = complete
        self.prospects = prospects

    def at(self, cash: float) -> float:
        total = cash + self.static
        budget = cash - self.keep + self.extra_budget
        pos, k, horizon, pace = self.pos, self.k, self.horizon, self.pace
        if not self.at_cash:
            budget = UNLIMITED  # groups priced at what they can earn, whatever the cash for building
        # `prospect` and `_complete`, with what does not depend on the cash worked out when appraised
        for group, share, doubled in self.prospects:
            total += share * (doubled + best_level(pos, group, k, budget, horizon, pace)[1])
        for group, lift, houses, now in self.complete:
            if lift:
                total += _complete(pos, group, k, lift, budget, horizon, pace, houses)
            else:
                total += now + best_level(pos, group, k, budget, horizon, pace, houses)[1]
            budget -= lift
        return total


def worth(
    pos: Position,
    style: Style,
    player: int,
    owner: list[int | None] | None = None,
    funds: int | None = None,
    jail_cards: int | None = None,
) -> float:
    """Return the player's worth as this style sees it, for the table as it stands or with `owner`, `funds`
    and `jail_cards` changed (a trade under consideration)."""
    cash = pos.funds[player] if funds is None else funds
    return Appraisal(pos, style, player, owner, jail_cards).at(cash)


def _share(pos: Position, style: Style, player: int, group: str, own: list[int | None], mine: int) -> float:
    """Return the share of a group's prospect a player holds by owning all its lots but one: more while that
    lot is with the bank, less when a rival holds it (a trade may still complete the group). A first lot of a
    group is only a deed: the group is too far off to count."""
    lots = pos.board.members[group]
    if mine < len(lots) - 1:
        return 0.0
    holder = None  # the one rival holding the rest, if only one does
    for s in lots:
        o = own[s]
        if o is None or o == player:
            continue
        if holder is None:
            holder = o
        elif o != holder:
            return 0.0
    return style.claim if holder is None else style.deal


def _complete(
    pos: Position, group: str, k: float, lift: float, budget: float, horizon: float, pace: float, houses: int
) -> float:
    """Return the rent of a complete group now and what building it up would add; mortgaged lots earn nothing
    and lifting them comes first, out of the same money."""
    board = pos.board
    lots = board.members[group]
    incomes = pos.tables.development[group][0]
    if lift:
        land = pos.tables.odds.land
        full = len(lots)
        rent = pos.tables.rent
        now = sum(land[s] * rent(s, full) for s in lots if not pos.mortgaged[s])
        lifted = (incomes[0] - now) * delayed(k, lift - budget, horizon, pace) - lift
        return now * k + max(0.0, lifted) + monopoly_value(pos, group, k, budget - lift, horizon, pace)
    return incomes[houses] * k + monopoly_value(pos, group, k, budget, horizon, pace, houses)


def deed_value(pos: Position, style: Style, player: int, space: int) -> float:
    """Return what receiving `space` (at no cost) adds to a player's worth."""
    own = list(pos.owner)
    own[space] = player
    return worth(pos, style, player, owner=own) - worth(pos, style, player)


def worth_paying(pos: Position, style: Style, player: int, space: int, safe: float) -> int:
    """Return the most a player should pay for `space`: the highest price at which holding the deed leaves his
    worth no lower than not buying, counting the building money the price takes from his complete groups
    and the cash it would leave short of `safe`."""
    cash = pos.funds[player]
    own = list(pos.owner)
    own[space] = player
    before = Appraisal(pos, style, player).at(cash) - max(0.0, safe - cash) * style.liquidity
    after = Appraisal(pos, style, player, owner=own)

    def ahead(price: int) -> bool:
        left = cash - price
        return after.at(left) - max(0.0, safe - left) * style.liquidity >= before

    if not ahead(0):
        return 0
    lo, hi = 0, cash
    if ahead(hi):
        return hi
    return most_passing(lo, hi, ahead)
