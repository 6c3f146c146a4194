"""Throws a space or a card gives (a railroad's, the Carnival's, "throw the dice again"): made at once, and
the token moves by them.

A player never has more than one throw due in his turn. The throw a double earns is kept as the turn's
`FinishRoll` continuation; a throw given by a space replaces it, and that throw's own double, if any, is
then the one throw due after everything is resolved. A throw made outside one's own turn (a rival forced
back onto a railroad) moves the token and earns nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.events import DiceRolled
from engine.core.registry import effect
from engine.core.state import FinishRoll, Throw, finish_roll
from engine.core.unchecked import unchecked
from engine.rules.landing import space_action
from engine.rules.money import owe
from engine.rules.movement import move_by

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

Why = Literal["fare", "carnival", "card"]
_GIVEN: dict[Why, RuleId] = {
    "fare": "railroad.fare",
    "carnival": "space.carnival",
    "card": "turn.given_throw",
}


_dice_rolled = unchecked(DiceRolled)
_throw_due = unchecked(Throw)


def give_throw(game: LiveGame, player: int, why: Why) -> None:
    """Queue a throw to be made as soon as what the space asks now (a fare, a debt) is settled."""
    game.push_front([_throw_due(player=player, why=why)])


def set_throw_due(game: LiveGame, player: int, again: bool) -> None:
    """Set the one throw due to `player` in his own turn to `again` (a space's throw replaces a double's)."""
    queue = game.state.queue
    for i, eff in enumerate(queue):
        if isinstance(eff, FinishRoll) and eff.player == player:
            queue[i] = finish_roll(player, again)
            return


@effect(Throw)
def _throw(game: LiveGame, eff: Throw) -> None:
    st = game.state
    p = eff.player
    if st.players[p].bankrupt:
        return
    d1, d2 = game.roll()
    game.emit(_dice_rolled(player=p, dice=(d1, d2), doubles=d1 == d2, purpose=eff.why, rule=_GIVEN[eff.why]))
    set_throw_due(game, p, game.ruleset.throw_again(d1, d2))
    total = d1 + d2
    steps = -total if eff.why == "carnival" and total % 2 else total  # the Carnival: odd goes back
    move_by(game, p, steps, "dice", total, rule=_GIVEN[eff.why])


@space_action("ride")
def _fare(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Handle a railroad nobody owns: pay the fare (a card's free ride, `mult` 0, pays none), then throw
    again."""
    sp = game.board.spaces[space]
    amount = (sp.amount or 0) * mult
    if amount:
        owe(game, player, None, amount, "fee", space, f"the fare on the {sp.name}")
    give_throw(game, player, "fare")


@space_action("carnival")
def _carnival(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Throw again in the same move: an even throw moves forward, an odd one back."""
    give_throw(game, player, "carnival")
