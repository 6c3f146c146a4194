"""Rides straight to any space: the Subway, and the airplane of a rule option.

The player who lands on the Subway may go directly to any space of the board (or stay), paying the fare
first if the rules set one, and settles that space as a landing. Nothing is passed on the way, so GO or
its like pays only when it is the space chosen. With the airplane option, a player who lands where the
airplane stands may, once that landing is settled, fly it to any space the same way; it stays there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.commands import TakeRide
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import RideDeclined
from engine.core.hooks import ARRIVAL_ACTIONS
from engine.core.phrases import N_, Phrase
from engine.core.registry import command, effect
from engine.core.state import Charge, OfferRide, RideChoice, RideTo
from engine.rules.checks import awaited
from engine.rules.landing import space_action
from engine.rules.movement import jump_to

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

Means = Literal["subway", "airplane"]
AIRPLANE = "airplane"  # the edition's option, and the marker's name
AIRPLANE_START = "airplane_start"  # the edition's option: where the airplane stands at first
FARES: dict[str, str] = {"subway": "subway_fare", "airplane": "airplane_fare"}  # the options naming fares
_RIDES: dict[str, RuleId] = {"subway": "addon.subway", "airplane": "addon.airplane"}


def fare(table: Tabletop, means: str) -> int:
    """Return what a ride by `means` costs in this game (0: free)."""
    return table.ruleset.option(FARES[means])


def airplane_at(table: Tabletop, markers: dict[str, int]) -> int | None:
    """Return where the airplane stands, or None when the game is played without it."""
    rules = table.ruleset
    if not rules.option(AIRPLANE):
        return None
    return markers.get(AIRPLANE, rules.option(AIRPLANE_START))


@space_action("subway")
def _subway(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    game.state.pending = RideChoice(player=player, at=space, means="subway")


@ARRIVAL_ACTIONS.register("airplane")
def _airplane(game: LiveGame, player: int, space: int) -> None:
    """Offer the airplane flight (with the airplane option) once the landing where it stands is resolved."""
    if airplane_at(game, game.state.markers) == space:
        game.push_front([OfferRide(player=player, space=space, means="airplane")])


@effect(OfferRide)
def _offer(game: LiveGame, eff: OfferRide) -> None:
    ps = game.state.players[eff.player]
    if ps.position == eff.space and not ps.in_jail and not ps.bankrupt:
        game.state.pending = RideChoice(player=eff.player, at=eff.space, means=eff.means)


def _check_ride(game: LiveGame, cmd: TakeRide) -> Refusal:
    refusal = awaited(game, cmd.player, "ride")
    if refusal is not None:
        return refusal
    if not 0 <= cmd.space < game.board.size:
        return IllegalCommand("no_such_space", Phrase(N_("There is no space {space}."), space=cmd.space))
    return None


@command(TakeRide, _check_ride)
def _ride(game: LiveGame, cmd: TakeRide) -> None:
    pend = game.state.pending
    assert isinstance(pend, RideChoice)
    game.state.pending = None
    if cmd.space == pend.at:  # stays where he is
        game.emit(RideDeclined(player=cmd.player, space=pend.at, means=pend.means, rule=_RIDES[pend.means]))
        return
    cost = fare(game, pend.means)
    ride = RideTo(player=cmd.player, space=cmd.space, means=pend.means)
    if cost:
        detail = f"the {pend.means} fare"
        game.push_front(
            [
                Charge(
                    payer=cmd.player,
                    payee=None,
                    amount=cost,
                    reason="levy",
                    detail=detail,
                    rule=_RIDES[pend.means],
                ),
                ride,
            ]
        )
    else:
        game.push_front([ride])


@effect(RideTo)
def _ride_to(game: LiveGame, eff: RideTo) -> None:
    if game.state.players[eff.player].bankrupt:
        return
    jump_to(game, eff.player, eff.space, eff.means)
    if eff.means == "airplane":  # it stays where it landed; set down after the landing, so that the
        game.state.markers[AIRPLANE] = eff.space  # flight itself never offers another
