"""The money boxes in the middle of the board (Magie's Bank, Wages, Public Treasury and Railroad), and the
spaces that pay into them or out of them: the absolute necessities, the railroad fares and the legacy.

Each box keeps a running total of what went in less what came out (`GameState.boxes`), so that every
dollar on the table can be followed: in an edition whose flows all go through boxes, the players' cash
and the boxes' totals always add up to the cash the players started with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import AwardReceived
from engine.core.phrases import N_
from engine.rules.landing import space_action
from engine.rules.money import owe

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop


def box_of(table: Tabletop, space: int) -> str:
    """Return the money box a space's payments go into or come out of."""
    box = table.board.spaces[space].box
    assert box is not None, f"{table.board.name(space)} names no money box"
    return box


def box_name(table: Tabletop, box: str) -> str:
    """Return a box's name for people: "the Public Treasury"."""
    return f"the {table.board.edition.boxes[box].name}"


def fee_of(table: Tabletop, space: int) -> int:
    fee = table.board.spaces[space].fee
    assert fee is not None, f"{table.board.name(space)} charges no fee"
    return fee


@space_action("necessity")
def _necessity(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Charge an absolute necessity: a tax into its money box (indirect taxation)."""
    name = game.board.name(space)
    owe(game, player, None, fee_of(game, space), "tax", space, f"the {name} tax", box=box_of(game, space))


@space_action("fare")
def _fare(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Charge the fare of a railroad stopped on, into the railroad's money box."""
    owe(
        game,
        player,
        None,
        fee_of(game, space),
        "fare",
        space,
        N_("the railroad fare"),
        box=box_of(game, space),
    )


@space_action("legacy")
def _legacy(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Pay a legacy: cash out of its money box, and a legacy ticket (which counts nothing at the end)."""
    amount = game.board.spaces[space].award
    assert amount is not None
    box = box_of(game, space)
    ps = game.state.players[player]
    ps.cash += amount
    ps.legacies += 1
    game.state.boxes[box] -= amount
    game.emit(AwardReceived(player=player, space=space, amount=amount, box=box))
