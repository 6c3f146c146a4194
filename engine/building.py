"""Houses and hotels: built on complete unmortgaged groups, evenly, from the bank's limited stock.

A hotel needs four houses on every lot of its group (three in the Short Game) and returns them to the bank.
Buildings sell back at half price, evenly, in reverse of building. A hotel becomes four houses again only
if the bank has them; otherwise the whole group comes down to the most the bank's houses allow.
When more players could build than the bank can serve, the building goes to auction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.auctions import rotation_after, start_building_auction
from engine.checks import deed_of, in_debt, may_manage
from engine.commands import Build, SellBuilding
from engine.errors import IllegalCommand, Refusal
from engine.events import BuildingBought, BuildingPlaced, BuildingSold, interned
from engine.game import command
from engine.money import funds, spend
from engine.state import BuildingPlacement, Resume

if TYPE_CHECKING:
    from engine.game import Game

BuildingKind = Literal["house", "hotel"]

_bought = interned(BuildingBought, "player", "space", "building", "price")
_sold = interned(BuildingSold, "player", "space", "hotel_sold", "houses_left", "amount")


def level(game: Game, space: int) -> int:
    """Houses on a lot, a hotel counting one more than the most houses a lot may hold."""
    deed = game.state.deeds[space]
    return game.variant.houses_before_hotel + 1 if deed.hotel else deed.houses


def group_of_street(game: Game, space: int) -> tuple[int, ...]:
    group = game.board.group_of[space]
    assert group is not None
    return game.board.members[group]


def step_up(game: Game, player: int, space: int) -> tuple[BuildingKind | None, Refusal]:
    """The next building a lot may take by the group rules (owner, full group, no mortgage, evenness),
    leaving money and the bank's stock aside."""
    deeds = game.state.deeds
    deed = deeds.get(space)
    if deed is None or deed.owner != player:
        return None, deed_of(game, player, space)
    board = game.board
    if board.kinds[space] != "street":
        return None, IllegalCommand("not_a_street", f"Nothing can be built on {board.name(space)}.")
    group = board.group_of[space]
    assert group is not None
    top = game.variant.houses_before_hotel
    lowest = top + 1
    for s in board.members[group]:  # one pass: this runs for every build and every building decision
        lot = deeds[s]
        if lot.owner != player:
            name = board.edition.groups[group].name
            return None, IllegalCommand(
                "incomplete_group", f"Build only on a complete group; {name} is not complete."
            )
        if lot.mortgaged:
            return None, IllegalCommand(
                "group_mortgaged", "Lift every mortgage in the group before building."
            )
        lvl = top + 1 if lot.hotel else lot.houses
        if lvl < lowest:
            lowest = lvl
    if deed.hotel:
        return None, IllegalCommand("has_hotel", f"{board.name(space)} already has a hotel.")
    if deed.houses == top:
        if lowest >= top:
            return "hotel", None
        return None, IllegalCommand(
            "uneven_building", f"A hotel needs {top} houses on every lot of the group."
        )
    if deed.houses > lowest and game.state.rules.even_building:
        return None, IllegalCommand(
            "uneven_building", "Build evenly: every lot of the group needs as many houses first."
        )
    return "house", None


def _check_build(game: Game, cmd: Build) -> Refusal:
    st = game.state
    p = cmd.player
    pend = st.pending
    if isinstance(pend, BuildingPlacement) and pend.player == p and st.winner is None:
        kind, refusal = step_up(game, p, cmd.space)
        if refusal is not None:
            return refusal
        if kind != pend.building:
            return IllegalCommand(
                "wrong_building", f"The {pend.building} you won cannot go on {game.board.name(cmd.space)}."
            )
        return None
    refusal = may_manage(game, p)
    if refusal is not None:
        return refusal
    if in_debt(game, p):
        return IllegalCommand("in_debt", "Pay your debt before building.")
    kind, refusal = step_up(game, p, cmd.space)
    if refusal is not None:
        return refusal
    if kind == "house" and st.bank.houses == 0:
        return IllegalCommand("no_houses_left", "The bank has no houses left; wait until some are sold back.")
    if kind == "hotel" and st.bank.hotels == 0:
        return IllegalCommand("no_hotels_left", "The bank has no hotels left.")
    cost = game.board.house_cost[cmd.space]
    if funds(game, p) < cost:
        return IllegalCommand("insufficient_funds", f"A {kind} here costs ${cost}.")
    return None


@command(Build, _check_build)
def _build(game: Game, cmd: Build) -> None:
    st = game.state
    pend = st.pending
    if isinstance(pend, BuildingPlacement):
        st.pending = None
        place_building(game, cmd.player, cmd.space)
        return
    kind: BuildingKind = (
        "hotel" if st.deeds[cmd.space].houses == game.variant.houses_before_hotel else "house"
    )
    rivals = shortage_rivals(game, cmd.player, kind)
    if rivals:
        if pend is not None:
            st.suspended.append(pend)
            game.push_front([Resume()])
        st.pending = None
        start_building_auction(game, kind, cmd.space, cmd.player, rivals)
        return
    buy_building(game, cmd.player, cmd.space)


def _raise(game: Game, player: int, space: int) -> BuildingKind:
    st = game.state
    deed = st.deeds[space]
    if deed.houses == game.variant.houses_before_hotel:
        st.bank.houses += deed.houses
        st.bank.hotels -= 1
        deed.houses = 0
        deed.hotel = True
        return "hotel"
    st.bank.houses -= 1
    deed.houses += 1
    return "house"


def buy_building(game: Game, player: int, space: int) -> None:
    price = game.board.house_cost[space]
    spend(game, player, price)
    kind = _raise(game, player, space)
    game.emit(_bought(player, space, kind, price))


def place_building(game: Game, player: int, space: int) -> None:
    """Put up a building already paid for at auction."""
    kind = _raise(game, player, space)
    game.emit(BuildingPlaced(player=player, space=space, building=kind))


# --- the shortage ---------------------------------------------------------------------------------


def _room(game: Game, kind: BuildingKind) -> dict[int, list[tuple[int, int]]]:
    """Per player, the buildings of `kind` the group rules would let him put up now, as (cost, count) by
    group, money aside. One pass over the groups serves the whole shortage check."""
    deeds = game.state.deeds
    board = game.board
    top = game.variant.houses_before_hotel
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
                if lot.hotel:
                    break
                n += top - lot.houses
            elif not lot.hotel:
                if lot.houses != top:
                    break
                n += 1
        else:
            if n:
                room.setdefault(owner, []).append((board.house_cost[lots[0]], n))
    return room


def _affordable(cash: int, wanted: list[tuple[int, int]]) -> int:
    """How many of the wanted buildings the cash pays for, cheapest first."""
    total = 0
    for cost, count in sorted(wanted):
        k = min(count, cash // cost)
        total += k
        cash -= k * cost
    return total


def capacity(game: Game, player: int, kind: BuildingKind) -> int:
    """How many buildings of `kind` a player could legally put up now and pay for (ignoring the bank)."""
    return _affordable(funds(game, player), _room(game, kind).get(player, []))


def shortage_rivals(game: Game, player: int, kind: BuildingKind) -> list[int]:
    """Other players who could also build when the bank cannot serve everyone who could: they bid for it."""
    room = _room(game, kind)
    bank = game.state.bank
    supply = bank.houses if kind == "house" else bank.hotels
    if len(room) < 2 or sum(n for wanted in room.values() for _, n in wanted) <= supply:
        return []  # nobody else could build, or the bank can serve every building that could be wanted
    demand = {q: _affordable(funds(game, q), wanted) for q, wanted in room.items()}
    rivals = [q for q in rotation_after(game, player) if q != player and demand.get(q, 0) > 0]
    if not rivals or sum(demand.values()) <= supply:
        return []
    return rivals


# --- selling back ---------------------------------------------------------------------------------


def _check_sell(game: Game, cmd: SellBuilding) -> Refusal:
    refusal = may_manage(game, cmd.player)
    if refusal is None:
        refusal = deed_of(game, cmd.player, cmd.space)
    if refusal is not None:
        return refusal
    lvl = level(game, cmd.space)
    if lvl == 0:
        return IllegalCommand("no_building", f"There is no building on {game.board.name(cmd.space)}.")
    if game.state.rules.even_building and lvl < max(level(game, s) for s in group_of_street(game, cmd.space)):
        return IllegalCommand(
            "uneven_building", "Sell evenly: take buildings from the most built lots first."
        )
    return None


@command(SellBuilding, _check_sell)
def _sell(game: Game, cmd: SellBuilding) -> None:
    st = game.state
    deed = st.deeds[cmd.space]
    half = game.board.house_cost[cmd.space] // 2
    top = game.variant.houses_before_hotel
    if not deed.hotel:
        deed.houses -= 1
        st.bank.houses += 1
        _proceeds(game, cmd.player, cmd.space, False, deed.houses, half)
    elif st.bank.houses >= top:
        deed.hotel = False
        deed.houses = top
        st.bank.hotels += 1
        st.bank.houses -= top
        _proceeds(game, cmd.player, cmd.space, True, top, half)
    else:
        _break_down(game, cmd.player, cmd.space)


def _proceeds(game: Game, player: int, space: int, hotel: bool, left: int, amount: int) -> None:
    game.state.players[player].cash += amount
    game.emit(_sold(player, space, hotel, left, amount))


def _break_down(game: Game, player: int, space: int) -> None:
    """A hotel sold when the bank lacks the houses to replace it: the lots come down (evenly, if the rule
    is on) to what the bank's houses allow, everything removed selling at half price."""
    st = game.state
    deeds = st.deeds
    top = game.variant.houses_before_hotel
    half = game.board.house_cost[space] // 2
    lots = group_of_street(game, space) if st.rules.even_building else (space,)
    houses_now = sum(deeds[s].houses for s in lots if not deeds[s].hotel)
    total = min(st.bank.houses + houses_now, top * len(lots))
    q, r = divmod(total, len(lots))
    order = sorted(lots, key=lambda s: (deeds[s].hotel, s))  # lots holding houses keep them first
    for i, s in enumerate(order):
        target = q + 1 if i < r else q
        before = level(game, s)
        if before == target:
            continue
        was_hotel = deeds[s].hotel
        if was_hotel:
            st.bank.hotels += 1
        deeds[s].hotel = False
        deeds[s].houses = target
        _proceeds(game, player, s, was_hotel, target, (before - target) * half)
    st.bank.houses += houses_now - total
