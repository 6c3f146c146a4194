"""Where to put the next house, which mortgage to lift, and how much cash to keep back.

Building follows the rent tables: every complete group is brought to three houses a lot (the step that
pays best on every group but the cheapest) before any lot goes beyond three, and a group is only started
when the houses the money can buy earn more over the horizon than they cost.
"""

from __future__ import annotations

from typing import cast

from engine.bots.position import THIRD_HOUSE, Position
from engine.bots.valuation import Style, delayed, development, rank_of, rent_factor


def complete_groups(pos: Position, player: int, unmortgaged: bool = True) -> list[str]:
    """Return the player's complete street groups (free of mortgages if asked), richest first."""
    key = (complete_groups, player, unmortgaged)  # the function itself: no other key of the memo is like it
    found = cast("tuple[str, ...] | None", pos.memo.get(key))
    if found is None:
        out = []
        owner, mortgaged = pos.owner, pos.mortgaged
        for g, lots, holders_of in pos.tables.street_holders:
            if holders_of(owner).count(player) != len(lots):
                continue
            if unmortgaged and any(mortgaged[s] for s in lots):
                continue
            out.append(g)
        rank = rank_of(pos)
        found = pos.memo[key] = tuple(sorted(out, key=lambda g: rank[g]))
    return list(found)


def target(
    pos: Position, style: Style, group: str, k: float, budget: float, cap: int, weight: float = 1.0
) -> int:
    """Return how many buildings the group should have, up to `cap` a lot: the level whose extra rent over the
    horizon (later, for what `budget` cannot pay yet) best beats its price, each building's price counted
    at `weight` (cash in hand earns nothing, so a house costs less than its price: what selling it back
    would lose, if it comes to that, and the money's other uses)."""
    incomes, cost = development(pos, group)
    lots = pos.board.members[group]
    n = len(lots)
    h0 = sum(pos.level(s) for s in lots)
    pace = style.saving * pos.board.edition.salary
    best_h, best = h0, 0.0
    for h in range(h0 + 1, min(cap * n, len(incomes) - 1) + 1):
        if h <= n * pos.top and h - h0 > pos.bank_houses:
            break
        if h > n * pos.top and not pos.bank_hotels:
            break
        spend = (h - h0) * cost
        net = (incomes[h] - incomes[h0]) * delayed(k, spend - budget, style.horizon, pace) - spend * weight
        if net > best:
            best_h, best = h, net
    return best_h


def next_lot(pos: Position, group: str) -> int:
    """Return the lot of a group that takes the next building under even building: the least built, and of
    those the most lucrative."""
    lots = pos.tables.lots[group]
    low = min(pos.level(s) for s in lots)
    return next(s for s in lots if pos.level(s) == low)


def build_choice(pos: Position, style: Style, player: int, budget: float, hotels: bool = True) -> int | None:
    """Return the lot to build on next, or None. Three houses a lot on every group first, then beyond. The
    plan counts what the salary will pay for later, so the houses bought now are the first steps toward it."""
    if budget <= 0:
        return None
    k = rent_factor(pos, style, player)
    groups = complete_groups(pos, player)
    caps = (min(THIRD_HOUSE, pos.top), pos.rules.max_level if hotels else pos.top)
    for cap in caps:
        for g in groups:
            level = sum(pos.level(s) for s in pos.board.members[g])
            if target(pos, style, g, k, budget, cap, style.build_cost) > level:
                lot = next_lot(pos, g)
                if pos.board.house_cost[lot] <= budget:
                    return lot
    return None


def wants_to_build(pos: Position, style: Style, player: int, budget: float) -> str | None:
    """Return a complete group that building would improve if `budget` were spent on it (money permitting)."""
    k = rent_factor(pos, style, player)
    for g in complete_groups(pos, player):
        if target(pos, style, g, k, budget, min(THIRD_HOUSE, pos.top), style.build_cost) > sum(
            pos.level(s) for s in pos.board.members[g]
        ):
            return g
    return None


def lift_choice(
    pos: Position, style: Style, player: int, spare: float, groups_only: bool = False
) -> int | None:
    """Return the mortgage most worth lifting with `spare` cash: lots of complete groups first (they can then
    be built on), then by the rent they would bring per dollar. With `groups_only`, only those lots."""
    board = pos.board
    land = pos.tables.odds.land
    best: tuple[float, int] | None = None
    for s in board.deeds:
        if pos.owner[s] != player or not pos.mortgaged[s]:
            continue
        cost = board.unmortgage_cost(s)
        if cost > spare:
            continue
        group = pos.group(s)
        score = land[s] * board.price[s] / cost
        of_group = board.kinds[s] == "street" and pos.owns_all(player, group)
        if groups_only and not of_group:
            continue
        if of_group:
            score += 10.0
        elif board.kinds[s] != "street":
            held = sum(1 for t in board.members[group] if pos.owner[t] == player)
            score *= held
        if best is None or score > best[0]:
            best = (score, s)
    return None if best is None else best[1]


def reserve(pos: Position, style: Style, player: int, caution: float) -> float:
    """Return the cash to keep in hand: the style's minimum, plus a share of the worst rent a throw could
    bring beyond what mortgaging deeds without buildings would raise (selling houses at half price is what
    hurts)."""
    worst, cover = _exposure(pos, player)
    return style.keep + caution * max(0, min(worst, 1500) - cover)


def _exposure(pos: Position, player: int) -> tuple[int, int]:
    """Return the worst rent a throw could bring a player and what mortgaging his deeds without buildings
    would raise: worked out once per decision for each player, whatever the style asking."""
    key = (_exposure, player)  # the function itself: no other key of the memo is like it
    found = pos.memo.get(key)
    if found is None:
        board = pos.board
        owner, mortgaged, built, group_of = pos.owner, pos.mortgaged, pos.built_groups, board.group_of
        worst = cover = 0
        for s in board.deeds:  # one pass, asked of the deeds held (a deed for sale or his own costs nothing)
            holder = owner[s]
            if holder is None:
                continue
            if holder != player:
                r = pos.rent_now(s, player)
                if r > worst:
                    worst = r
            elif not mortgaged[s] and group_of[s] not in built:
                cover += board.mortgage[s]
        found = pos.memo[key] = (worst, cover)
    return found  # type: ignore[return-value]
