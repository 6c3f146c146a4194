"""Tax spaces: a flat amount, or (classic and 1935) the choice of a flat amount or a percentage of worth.

The choice is made before the worth is totalled, as the rules require; the worth is then counted the
edition's way: printed prices (classic) or mortgage values (the 1935 patent), plus cash and buildings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import ChooseIncomeTax
from engine.core.errors import Refusal
from engine.core.registry import command
from engine.core.state import IncomeTaxDecision
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.endings import building_cost
from engine.rules.landing import space_action
from engine.rules.money import owe

if TYPE_CHECKING:
    from engine.core.edition import Tax
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

_income_tax_decision = unchecked(IncomeTaxDecision)


def tax_of(table: Tabletop, space: int) -> Tax:
    """Return the tax a tax space charges."""
    name = table.board.spaces[space].tax
    assert name is not None
    return table.board.edition.taxes[name]


@space_action("tax")
def _tax_space(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    tax = tax_of(game, space)
    if tax.percent is not None and not game.ruleset.flat_income_tax:
        game.state.pending = _income_tax_decision(player=player, space=space)
        return
    flat = tax.percent is not None  # a tax that offers a choice, made flat by the variant in play
    owe(game, player, None, tax.flat, "tax", space, tax.name, rule="tax.short_game" if flat else tax.rule)


def taxable_worth(table: Tabletop, player: int, tax: Tax) -> int:
    """Return the worth a percentage tax is charged on: cash (with undrawn credit), each deed at its printed
    price or its mortgage value, buildings at cost."""
    ps = table.players[player]
    value = table.board.price if tax.worth == "printed_prices" else table.board.mortgage
    total = ps.cash + ps.credit
    for space, deed in table.deeds.items():
        if deed.owner == player:
            total += value[space] + building_cost(table, space)
    return total


def percent_tax(table: Tabletop, player: int, space: int) -> int:
    """Return the percentage option of the tax on `space` for this player, totalled the edition's way."""
    tax = tax_of(table, space)
    assert tax.percent is not None
    return (taxable_worth(table, player, tax) * tax.percent + 50) // 100


def _check_choice(game: LiveGame, cmd: ChooseIncomeTax) -> Refusal:
    return awaited(game, cmd.player, "income_tax")


@command(ChooseIncomeTax, _check_choice)
def _choose(game: LiveGame, cmd: ChooseIncomeTax) -> None:
    pend = game.state.pending
    assert isinstance(pend, IncomeTaxDecision)
    game.state.pending = None
    tax = tax_of(game, pend.space)
    if cmd.option == "flat":
        amount, detail = tax.flat, tax.name
    else:
        amount, detail = percent_tax(game, cmd.player, pend.space), f"{tax.name} ({tax.percent}% of worth)"
    owe(game, cmd.player, None, amount, "tax", pend.space, detail)
