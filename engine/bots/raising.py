"""Raising cash from the bank at the least lasting cost: what to mortgage, which building to sell.

Each asset is priced by what giving it up costs: a house sold loses half its price for good plus the rent
it brought until rebuilt; a mortgage costs its 10 % interest plus the deed's rent until lifted. The plan is
the cheaper of the best single step that covers the shortfall and the cheapest steps per dollar taken in
turn. One command at a time: the bot is asked again after each, and the plan is made afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.building import complete_groups
from engine.bots.position import Position
from engine.bots.valuation import Style, rent_factor
from engine.queries import sale_of


@dataclass(frozen=True, slots=True)
class Step:
    kind: str  # "mortgage" or "sell"
    space: int
    cash: int
    cost: float


def rent_per_roll(pos: Position, space: int) -> float:
    """Return the rent per opponent roll the deed brings as it stands (utilities at the average throw)."""
    return pos.tables.odds.land[space] * pos.rent_now(space, visitor=-1)


def steps(
    pos: Position, style: Style, player: int, protect: frozenset[str] = frozenset(), selling: bool = True
) -> list[Step]:
    """Return every way to raise cash now, each with its cost; groups in `protect` are mortgaged last.
    Without `selling`, only the mortgages (buildings' sales are the dearer part to work out)."""
    board = pos.board
    rules = pos.rules
    k = rent_factor(pos, style, player) * 0.5
    land = pos.tables.odds.land
    out: list[Step] = []
    for group, lots in board.members.items():
        mine = [s for s in lots if pos.owner[s] == player]
        if not mine:
            continue
        built = pos.built(group)
        if built and not selling:
            continue
        if built:
            top_level = max(pos.level(s) for s in lots)
            for s in lots:
                if pos.level(s) != top_level:
                    continue
                hc = board.house_cost[s]
                sale = sale_of(pos.view, s)
                level = pos.level(s)
                rent_before = pos.tables.rent(s, len(lots), level)
                rent_after = pos.tables.rent(s, len(lots), level - 1)
                cost = sale.removed * hc / 2 + land[s] * (rent_before - rent_after) * k
                cash = sale.cash
                out.append(Step("sell", s, cash, cost))
            continue
        if not rules.mortgages:
            continue
        for s in mine:
            if pos.mortgaged[s]:
                continue
            cost = board.interest(s) + rent_per_roll(pos, s) * k
            if group in protect:
                cost += board.mortgage[s] * 2
            out.append(Step("mortgage", s, board.mortgage[s], cost))
    return out


def cheapest_plan(options: list[Step], need: int) -> list[Step]:
    """Return the steps to take for `need` dollars: the cheaper of one covering step and the cheapest per
    dollar."""
    if need <= 0 or not options:
        return []
    single = min((o for o in options if o.cash >= need), key=lambda o: o.cost, default=None)
    greedy: list[Step] = []
    raised = 0
    cost = 0.0
    for o in sorted(options, key=lambda o: (o.cost / o.cash if o.cash else 1e9, -o.cash)):
        if raised >= need:
            break
        if o.kind == "sell" and any(g.space == o.space for g in greedy):
            continue
        greedy.append(o)
        raised += o.cash
        cost += o.cost
    if single is not None and (raised < need or single.cost <= cost):
        return [single]
    return greedy


def to_lift_a_group(pos: Position, style: Style, player: int, spare: float) -> int | None:
    """Return a stray deed to mortgage so that the cheapest mortgaged lot of a complete group can be lifted: a
    lifted group lot earns double rent and lets the group be built on, a stray earns single rent. None
    if no group waits on a lift, `spare` cash already covers it, or the strays cannot."""
    board = pos.board
    groups = complete_groups(pos, player, unmortgaged=False)  # found once per decision
    waiting = [board.unmortgage_cost(s) for g in groups for s in board.members[g] if pos.mortgaged[s]]
    if not waiting or min(waiting) <= spare:
        return None
    need = int(min(waiting) - spare)
    whole = set(groups)
    strays = [o for o in steps(pos, style, player, selling=False) if pos.group(o.space) not in whole]
    if sum(o.cash for o in strays) < need:
        return None
    plan = cheapest_plan(strays, need)
    return plan[0].space if plan else None
