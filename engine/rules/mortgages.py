"""Mortgages: through the bank only, at the printed value; lifted at value plus 10 %.

A mortgaged deed that changes hands (a trade, a bankruptcy) costs its new owner the 10 % at once; he may
lift it then and there, or keep the mortgage and pay value plus another 10 % when he lifts it later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import KeepMortgage, Mortgage, Unmortgage
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import Mortgaged, Unmortgaged, interned
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command, effect
from engine.core.state import MortgageDecision, OfferMortgage
from engine.core.unchecked import unchecked
from engine.rules.building import group_of_street
from engine.rules.checks import awaited, deed_of, in_debt, may_manage
from engine.rules.money import funds, owe, spend

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_mortgage_decision = unchecked(MortgageDecision)
_mortgaged = interned(Mortgaged, "player", "space", "amount")
_unmortgaged = interned(Unmortgaged, "player", "space", "amount")


def _check_mortgage(game: LiveGame, cmd: Mortgage) -> Refusal:
    if not game.ruleset.mortgages:
        return IllegalCommand("no_mortgages", Phrase(N_("Deeds cannot be mortgaged in this edition.")))
    refusal = may_manage(game, cmd.player) or deed_of(game, cmd.player, cmd.space)
    if refusal is not None:
        return refusal
    deeds = game.state.deeds
    if deeds[cmd.space].mortgaged:
        return IllegalCommand(
            "already_mortgaged", Phrase(N_("{space} is already mortgaged."), space=game.board.name(cmd.space))
        )
    if game.board.kinds[cmd.space] == "street":
        # a loop, not `any` over a generator: asked of every deed the legal moves list
        for s in group_of_street(game, cmd.space):
            if deeds[s].level:
                return IllegalCommand(
                    "has_buildings", Phrase(N_("Sell the group's buildings to the bank before mortgaging."))
                )
    return None


@command(Mortgage, _check_mortgage)
def _mortgage(game: LiveGame, cmd: Mortgage) -> None:
    value = game.board.mortgage[cmd.space]
    game.state.deeds[cmd.space].mortgaged = True
    game.state.players[cmd.player].cash += value
    game.emit(_mortgaged(cmd.player, cmd.space, value))


def _deciding(game: LiveGame, player: int, space: int) -> bool:
    pend = game.state.pending
    return isinstance(pend, MortgageDecision) and pend.player == player and pend.space == space


def _check_unmortgage(game: LiveGame, cmd: Unmortgage) -> Refusal:
    if not _deciding(game, cmd.player, cmd.space):
        refusal = may_manage(game, cmd.player)
        if refusal is not None:
            return refusal
        if in_debt(game, cmd.player):
            return IllegalCommand("in_debt", Phrase(N_("Pay your debt before lifting mortgages.")))
    refusal = deed_of(game, cmd.player, cmd.space)
    if refusal is not None:
        return refusal
    if not game.state.deeds[cmd.space].mortgaged:
        return IllegalCommand(
            "not_mortgaged", Phrase(N_("{space} is not mortgaged."), space=game.board.name(cmd.space))
        )
    cost = game.board.unmortgage_cost(cmd.space)
    if funds(game, cmd.player) < cost:
        return IllegalCommand(
            "insufficient_funds", Phrase(N_("Lifting this mortgage costs {cost}."), cost=Money(cost))
        )
    return None


@command(Unmortgage, _check_unmortgage)
def _unmortgage(game: LiveGame, cmd: Unmortgage) -> None:
    if _deciding(game, cmd.player, cmd.space):
        game.state.pending = None
    cost = game.board.unmortgage_cost(cmd.space)
    spend(game, cmd.player, cost)
    game.state.deeds[cmd.space].mortgaged = False
    game.emit(_unmortgaged(cmd.player, cmd.space, cost))


def _check_keep(game: LiveGame, cmd: KeepMortgage) -> Refusal:
    refusal = awaited(game, cmd.player, "mortgage_decision")
    if refusal is not None:
        return refusal
    if not _deciding(game, cmd.player, cmd.space):
        return IllegalCommand("not_now", Phrase(N_("Keep the mortgage of the deed you are deciding on.")))
    return None


@command(KeepMortgage, _check_keep)
def _keep(game: LiveGame, cmd: KeepMortgage) -> None:
    game.state.pending = None
    interest = game.board.interest(cmd.space)
    owe(
        game,
        cmd.player,
        None,
        interest,
        "interest",
        cmd.space,
        f"10% interest to keep the mortgage on {game.board.name(cmd.space)}",
    )


@effect(OfferMortgage)
def _offer(game: LiveGame, eff: OfferMortgage) -> None:
    """Ask the new owner of a mortgaged deed whether to lift it or keep it, if he still owns it."""
    deed = game.state.deeds[eff.space]
    if deed.owner == eff.player and deed.mortgaged and not game.state.players[eff.player].bankrupt:
        game.state.pending = _mortgage_decision(player=eff.player, space=eff.space)
