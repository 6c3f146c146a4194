"""Buildings, as levels on a lot: houses, then (where the edition has them) a hotel above the houses.

Classic building (the `complete_group` rule): on complete unmortgaged groups, evenly, from the bank's
limited stock. A hotel needs the most houses on every lot of its group and returns them to the bank.
Buildings sell back at half price, evenly, in reverse of building. A hotel becomes houses again only if
the bank has them; otherwise the whole group comes down to the most the bank's houses allow. When the
bank's last buildings are wanted by more players than it can serve, the building goes to auction, never
below its printed price.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from engine.core.commands import Build, SellBuilding
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import BuildingBought, BuildingPlaced, BuildingSold, interned
from engine.core.hooks import BUILD_ROOM, BUILD_RULES
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command, effect
from engine.core.state import BuildingKind, BuildingPlacement, RaiseBuilding
from engine.core.unchecked import unchecked
from engine.rules.auctions import rotation_after, start_building_auction
from engine.rules.checks import deed_of, in_debt, may_manage
from engine.rules.money import funds, spend

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

_building_placed = unchecked(BuildingPlaced)
_bought = interned(BuildingBought, "player", "space", "building", "price", "rule")
_sold = interned(BuildingSold, "player", "space", "hotel_sold", "houses_left", "amount")


def level(table: Tabletop, space: int) -> int:
    """Return a lot's building level: houses, a hotel counting one more than the most houses a lot may
    hold."""
    return table.deeds[space].level


def group_of_street(table: Tabletop, space: int) -> tuple[int, ...]:
    group = table.board.group_of[space]
    assert group is not None
    return table.board.members[group]


def step_up(table: Tabletop, player: int, space: int) -> tuple[BuildingKind | None, Refusal]:
    """Return the next building a lot may take by the rules of its group (the edition's building rule),
    leaving money and the bank's stock aside."""
    deed = table.deeds.get(space)
    if deed is None or deed.owner != player:
        return None, deed_of(table, player, space)
    board = table.board
    if board.kinds[space] != "street":
        return None, IllegalCommand(
            "not_a_street", Phrase(N_("Nothing can be built on {space}."), space=board.name(space))
        )
    return table.ruleset.building(table, player, space)


@cache
def _incomplete(group: str) -> Phrase:
    """Return the refusal's words for a group not held whole: one phrase for each group's name (phrases are
    values), since the legal moves ask it of every lot of every group a player holds a part of."""
    return Phrase(
        N_("Build only on a complete group; {name} is not complete."), name=Phrase.within("edition", group)
    )


@BUILD_RULES.register("complete_group")
def _complete_group(table: Tabletop, player: int, space: int) -> tuple[BuildingKind | None, Refusal]:
    """Check the complete-group building rule: own the whole group, none of it mortgaged, and build evenly: a
    lot may go one level above the lowest of its group (with even building on)."""
    board = table.board
    deeds = table.deeds
    rules = table.ruleset
    group = board.group_of[space]
    assert group is not None
    top = rules.max_level
    lowest = top
    for s in board.members[group]:  # one pass: this runs for every build and every building decision
        lot = deeds[s]
        if lot.owner != player:
            return None, IllegalCommand("incomplete_group", _incomplete(board.edition.groups[group].name))
        if lot.mortgaged:
            return None, IllegalCommand(
                "group_mortgaged", Phrase(N_("Lift every mortgage in the group before building."))
            )
        if lot.level < lowest:
            lowest = lot.level
    here = deeds[space].level
    if here >= top:
        if rules.hotels:
            full = Phrase(N_("{space} already has a hotel."), space=board.name(space))
        else:
            full = Phrase(
                N_("{space} already has {houses} houses, the most a lot takes."),
                space=board.name(space),
                houses=here,
            )
        return None, IllegalCommand("has_hotel", full)
    kind = rules.next_building(here)
    if kind == "hotel":
        if lowest >= here:
            return "hotel", None
        return None, IllegalCommand(
            "uneven_building", Phrase(N_("A hotel needs {here} houses on every lot of the group."), here=here)
        )
    if here > lowest and table.rules.even_building:
        return None, IllegalCommand(
            "uneven_building", Phrase(N_("Build evenly: every lot of the group needs as many houses first."))
        )
    return "house", None


def _check_build(game: LiveGame, cmd: Build) -> Refusal:
    st = game.state
    p = cmd.player
    pend = st.pending
    if isinstance(pend, BuildingPlacement) and pend.player == p and st.winner is None:
        kind, refusal = step_up(game, p, cmd.space)
        if refusal is not None:
            return refusal
        if kind != pend.building:
            return IllegalCommand(
                "wrong_building",
                Phrase(
                    N_("The hotel you won cannot go on {space}.")
                    if pend.building == "hotel"
                    else N_("The house you won cannot go on {space}."),
                    space=game.board.name(cmd.space),
                ),
            )
        return None
    refusal = may_manage(game, p)
    if refusal is not None:
        return refusal
    if in_debt(game, p):
        return IllegalCommand("in_debt", Phrase(N_("Pay your debt before building.")))
    kind, refusal = step_up(game, p, cmd.space)
    if refusal is not None:
        return refusal
    if kind == "house" and st.bank.houses == 0:
        return IllegalCommand(
            "no_houses_left", Phrase(N_("The bank has no houses left; wait until some are sold back."))
        )
    if kind == "hotel" and st.bank.hotels == 0:
        return IllegalCommand("no_hotels_left", Phrase(N_("The bank has no hotels left.")))
    cost = game.board.house_cost[cmd.space]
    if funds(game, p) < cost:
        costs = (
            N_("A hotel on {space} costs {cost}; you have {cash}.")
            if kind == "hotel"
            else N_("A house on {space} costs {cost}; you have {cash}.")
        )
        phrase = Phrase(costs, space=game.board.name(cmd.space), cost=Money(cost), cash=Money(funds(game, p)))
        return IllegalCommand("insufficient_funds", phrase)
    return None


@command(Build, _check_build)
def _build(game: LiveGame, cmd: Build) -> None:
    st = game.state
    pend = st.pending
    if isinstance(pend, BuildingPlacement):
        st.pending = None
        place_building(game, cmd.player, cmd.space)
        return
    kind = game.ruleset.next_building(st.deeds[cmd.space].level)
    rivals = shortage_rivals(game, cmd.player, kind)
    if rivals:
        game.set_aside()
        st.pending = None
        floor = shortage_floor(game, cmd.space, [*rivals, cmd.player], kind)
        start_building_auction(game, kind, cmd.space, cmd.player, rivals, floor)
        return
    buy_building(game, cmd.player, cmd.space)


def _raise(game: LiveGame, space: int) -> BuildingKind:
    """Put up the next level on a lot, taking the building from the bank (a hotel gives back houses)."""
    st = game.state
    deed = st.deeds[space]
    rules = game.ruleset
    kind = rules.next_building(deed.level)
    if kind == "hotel":
        st.bank.houses += rules.houses(deed.level)
        st.bank.hotels -= 1
    else:
        st.bank.houses -= 1
    deed.level += 1
    return kind


def buy_building(game: LiveGame, player: int, space: int) -> None:
    price = game.board.house_cost[space]
    spend(game, player, price)
    kind = _raise(game, space)
    game.emit(_bought(player, space, kind, price, building_rule(game, kind)))


def building_rule(table: Tabletop, kind: BuildingKind) -> RuleId:
    """Return the rule a building is bought under: a house by the group rules (or the edition's own), a hotel
    above the houses the game's rules ask for."""
    edition = table.board.edition
    if kind == "hotel":
        short = table.ruleset.houses_before_hotel != edition.houses_before_hotel
        return "build.short_game_hotel" if short else "build.hotel"
    if not edition.colour_groups:
        return "build.group"
    return "build.evenly" if table.rules.even_building else "build.uneven"


def place_building(game: LiveGame, player: int, space: int) -> None:
    """Put up a building already paid for at auction."""
    kind = _raise(game, space)
    game.emit(_building_placed(player=player, space=space, building=kind))


@effect(RaiseBuilding)
def _raise_building(game: LiveGame, eff: RaiseBuilding) -> None:
    if eff.paid:
        place_building(game, eff.player, eff.space)
    else:
        buy_building(game, eff.player, eff.space)


# --- the shortage ---------------------------------------------------------------------------------


@BUILD_ROOM.register("complete_group")
def _room(table: Tabletop, kind: BuildingKind) -> dict[int, list[tuple[int, int]]]:
    """Return, per player, the buildings of `kind` the group rules would let him put up now, as (cost, count)
    by group, money aside. One pass over the groups serves the whole shortage check."""
    deeds = table.deeds
    board = table.board
    rules = table.ruleset
    top = rules.houses_before_hotel
    room: dict[int, list[tuple[int, int]]] = {}
    for lots in board.street_groups:
        owner = deeds[lots[0]].owner
        if owner is None:
            continue
        n = 0
        for s in lots:
            lot = deeds[s]
            if lot.owner != owner or lot.mortgaged:
                break
            if kind == "house":
                if lot.level > top:
                    break
                n += top - lot.level
            elif lot.level <= top:
                if lot.level != top:
                    break
                n += 1
        else:
            if n:
                room.setdefault(owner, []).append((board.house_cost[lots[0]], n))
    return room


def _affordable(cash: int, wanted: list[tuple[int, int]]) -> int:
    """Return how many of the wanted buildings the cash pays for, cheapest first."""
    total = 0
    for cost, count in sorted(wanted):
        k = min(count, cash // cost)
        total += k
        cash -= k * cost
    return total


def capacity(table: Tabletop, player: int, kind: BuildingKind) -> int:
    """Return how many buildings of `kind` a player could legally put up now and pay for (ignoring the
    bank)."""
    return _affordable(funds(table, player), table.ruleset.building_room(table, kind).get(player, []))


def shortage_rivals(game: LiveGame, player: int, kind: BuildingKind) -> list[int]:
    """Return the other players who want the bank's last buildings of `kind` as much as the builder: they bid
    for it.

    The rule books auction buildings when two or more players wish to buy more than the bank has. Who
    wishes to build is not known until asked, so the stock counts as contested only when the bank cannot
    hand one building to the builder and one to every other player who could legally build one now and
    pay for it; while it can, everyone simply builds (all 32 houses in the bank never go to auction).
    """
    bank = game.state.bank
    supply = bank.houses if kind == "house" else bank.hotels
    if supply >= len(game.state.players):
        return []  # one each for everyone at the table, whoever could build: no need to ask who could
    room = game.ruleset.building_room(game, kind)
    if len(room) < 2:
        return []  # nobody else could build
    if supply >= len(room):
        return []  # one each for everyone who could build: nothing contested yet
    rivals = [
        q
        for q in rotation_after(game, player)
        if q != player and _affordable(funds(game, q), room.get(q, [])) > 0
    ]
    return rivals if supply < len(rivals) + 1 else []


def shortage_floor(table: Tabletop, space: int, bidders: list[int], kind: BuildingKind) -> int:
    """Return the least a contested building sells for: the printed price of the dearest lot any bidder could
    put it on (the builder's lot included), so that nobody gets a building below its printed price."""
    room = table.ruleset.building_room(table, kind)
    costs = [table.board.house_cost[space]]
    costs += [cost for q in bidders for cost, _ in room.get(q, [])]
    return max(costs)


# --- selling back ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sale:
    """The effect of selling one building back from a lot: the cash it brings and the levels that come down
    across the group (more than one when a hotel breaks down for want of houses in the bank)."""

    cash: int
    removed: int
    levels: tuple[tuple[int, int], ...]  # (space, level after) for every lot that changes


def sale_of(table: Tabletop, space: int) -> Sale:
    """Return the effect of selling a building back from `space` as the bank's stock stands (the lot must have
    one)."""
    deeds = table.deeds
    rules = table.ruleset
    half = table.board.sale_price(space)
    here = deeds[space].level
    top = rules.houses_before_hotel
    if not rules.is_hotel(here):
        return Sale(half, 1, ((space, here - 1),))
    if table.bank.houses >= top:
        return Sale(half, 1, ((space, top),))
    lots = group_of_street(table, space) if table.rules.even_building else (space,)
    houses_now = sum(deeds[s].level for s in lots if not rules.is_hotel(deeds[s].level))
    total = min(table.bank.houses + houses_now, top * len(lots))
    q, r = divmod(total, len(lots))
    order = sorted(lots, key=lambda s: (rules.is_hotel(deeds[s].level), s))  # lots with houses keep them
    changes: list[tuple[int, int]] = []
    removed = 0
    for i, s in enumerate(order):
        target = q + 1 if i < r else q
        if deeds[s].level != target:
            changes.append((s, target))
            removed += deeds[s].level - target
    return Sale(removed * half, removed, tuple(changes))


def _check_sell(game: LiveGame, cmd: SellBuilding) -> Refusal:
    refusal = may_manage(game, cmd.player)
    if refusal is None:
        refusal = deed_of(game, cmd.player, cmd.space)
    if refusal is not None:
        return refusal
    lvl = level(game, cmd.space)
    edition = game.board.edition
    if lvl <= edition.houses_with_lot:
        if lvl:
            return IllegalCommand(
                "last_house",
                Phrase(N_("The house the lot was sold with goes only with the lot: sell the lot instead.")),
            )
        return IllegalCommand(
            "no_building", Phrase(N_("There is no building on {space}."), space=game.board.name(cmd.space))
        )
    if (
        game.state.rules.even_building
        and edition.colour_groups
        and lvl < max(level(game, s) for s in group_of_street(game, cmd.space))
    ):
        return IllegalCommand(
            "uneven_building", Phrase(N_("Sell evenly: take buildings from the most built lots first."))
        )
    return None


@command(SellBuilding, _check_sell)
def _sell(game: LiveGame, cmd: SellBuilding) -> None:
    st = game.state
    rules = game.ruleset
    half = game.board.sale_price(cmd.space)
    for space, after in sale_of(game, cmd.space).levels:
        deed = st.deeds[space]
        before = deed.level
        was_hotel = rules.is_hotel(before)
        st.bank.houses += rules.houses(before) - rules.houses(after)
        st.bank.hotels += rules.hotels_at(before) - rules.hotels_at(after)
        deed.level = after
        st.players[cmd.player].cash += (before - after) * half
        game.emit(_sold(cmd.player, space, was_hotel, rules.houses(after), (before - after) * half))
