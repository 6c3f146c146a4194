"""Lots sold as a house and lot (Finance): no colour groups, the rent doubling with every house, building
after one full circuit.

A lot is sold with the edition's `houses_with_lot` (one house) from the bank's stock, so it is never bare
while owned. Its printed rent is the rent with that one house, and every further house doubles it, up to
the most houses a lot takes (six). A player may add houses to any of his lots once he has made one full
circuit of the board (his first salary), each at the lot's printed price, with no group and no even
building to respect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalCommand, Refusal
from engine.core.hooks import BUILD_ROOM, BUILD_RULES, RENT_MODELS
from engine.core.phrases import N_, Money, Phrase, Plural
from engine.rules.rent import VISIT, Holding, RentRow, Visit, houses_phrase, with_houses

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.ruleset import BuildingKind, Ruleset
    from engine.core.tabletop import Tabletop


class Doubling:
    """The rent with one house is printed; each house above it doubles the rent (32 times it with six)."""

    dice = False

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        space, level = holding.space, holding.level
        multiplier = visit.multiplier
        houses = max(level, 1)  # a lot not yet sold is reckoned with the house it is sold with
        return board.rent[space][0] * 2 ** (houses - 1) * multiplier, f"with {houses_phrase(houses)}"

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        space, held, level = holding.space, holding.held, holding.level
        printed = board.rent[space][0]
        return [
            RentRow(with_houses(n), Money(printed * 2 ** (n - 1)), held > 0 and level == n)
            for n in range(1, ruleset.max_level + 1)
        ]

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        out: list[tuple[Phrase, Money | Phrase]] = [
            (Phrase(N_("Each extra house")), Money(board.house_cost[space]))
        ]
        if board.edition.bank_buys_lots:
            sale = Phrase(N_("{price} a house"), price=Money(board.sale_price(space)))
            out.append((Phrase(N_("Bank buys back")), sale))
        return out

    def rule(self, board: Board, holding: Holding) -> RuleId:
        return "rent.buildings"


RENT_MODELS.add("doubling", Doubling())


def lot_for_sale(table: Tabletop, space: int) -> Refusal:
    """Return why the bank cannot sell this lot now: it has no house to sell with it (it waits for one)."""
    need = table.board.edition.houses_with_lot
    if need and table.bank.houses < need:
        return IllegalCommand(
            "no_houses_left",
            Phrase(
                N_("The bank has no house to sell with {space}: it waits until one is sold back."),
                space=table.board.name(space),
            ),
        )
    return None


def put_houses_with_lot(game: LiveGame, space: int) -> None:
    """Take the house (or houses) of a lot just sold by the bank from the bank's stock."""
    need = game.board.edition.houses_with_lot
    if need:
        game.state.bank.houses -= need
        game.state.deeds[space].level = need


@BUILD_RULES.register("after_circuit")
def _after_circuit(table: Tabletop, player: int, space: int) -> tuple[BuildingKind | None, Refusal]:
    """Return the building allowed after one full circuit: a house on any of one's lots, up to the most a lot
    takes."""
    if table.players[player].circuits < 1:
        return None, IllegalCommand(
            "no_circuit", Phrase(N_("Houses can be added only after your first full circuit of the board."))
        )
    here = table.deeds[space].level
    if here >= table.ruleset.max_level:
        return None, IllegalCommand(
            "has_hotel",
            Plural(
                "{space} already has {n} house, the most a lot takes.",
                "{space} already has {n} houses, the most a lot takes.",
                here,
                space=table.board.name(space),
            ),
        )
    return "house", None


@BUILD_ROOM.register("after_circuit")
def _room(table: Tabletop, kind: BuildingKind) -> dict[int, list[tuple[int, int]]]:
    """Return, per player who has been round once, the houses each of his lots still takes, at its price."""
    room: dict[int, list[tuple[int, int]]] = {}
    if kind != "house":
        return room
    top = table.ruleset.max_level
    players = table.players
    board = table.board
    for space in board.streets:
        deed = table.deeds[space]
        owner = deed.owner
        if owner is None or players[owner].circuits < 1 or deed.level >= top:
            continue
        room.setdefault(owner, []).append((board.house_cost[space], top - deed.level))
    return room
