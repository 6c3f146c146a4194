"""What a space does to the token that stops on it. Each space kind names its action here.

Rule areas register the actions of their own spaces (cards, taxes, jail) in `engine.core.registry`, so a later
edition adds a space kind by adding data and one function, not by editing this dispatcher. Before the
space's own action, the edition's arrival rule runs (most editions have none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DiceRolled, PotCollected, PropertyOffered, interned
from engine.core.hooks import ARRIVAL_ACTIONS, SPACE_ACTIONS
from engine.core.state import buy_decision
from engine.core.unchecked import unchecked
from engine.rules.money import owe
from engine.rules.rent import model_of, rent_and_rule

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_pot_collected = unchecked(PotCollected)
_dice_rolled = unchecked(DiceRolled)

space_action = SPACE_ACTIONS.register

_property_offered = interned(PropertyOffered, "player", "space", "price")


def land(
    game: LiveGame,
    player: int,
    space: int,
    dice_total: int,
    rent_multiplier: int = 1,
    dice_multiplier: int | None = None,
) -> None:
    """Land a token on `space`: the arrival rule (if the edition has one), then the space's own
    action."""
    arrival = game.ruleset.arrival
    if arrival is not None:
        arrival(game, player, space)
    SPACE_ACTIONS.table[game.board.kinds[space]](
        game, player, space, dice_total, rent_multiplier, dice_multiplier
    )


ARRIVAL_ACTIONS.add("none", None)  # most editions: nothing happens before the space's own action


def _nothing(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    return None


SPACE_ACTIONS.add("go", _nothing)
SPACE_ACTIONS.add("jail", _nothing)  # just visiting
SPACE_ACTIONS.add("rest", _nothing)  # a space where nothing happens (a corner, a gate)


@space_action("free_parking")
def _free_parking(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    st = game.state
    if st.rules.free_parking_pot and st.pot:
        amount = st.pot
        st.pot = 0
        st.players[player].cash += amount
        game.emit(_pot_collected(player=player, amount=amount))


def _deed(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    st = game.state
    deed = st.deeds[space]
    owner = deed.owner
    if owner is None:
        st.pending = buy_decision(player, space)
        game.emit(_property_offered(player, space, game.board.price[space]))
        return
    if owner == player or deed.mortgaged:
        return
    if st.players[owner].in_jail and not st.rules.rent_in_jail:
        return
    if times or (not dice and model_of(game.board, space).dice):
        # "throw dice and pay ten times the amount thrown": a fresh throw, not the one that moved you;
        # and a rent on the dice reached without a throw (a travel card, a ride) takes one too
        d1, d2 = game.roll()
        why: RuleId = "cards.nearest_utility" if times else "rent.fresh_throw"
        game.emit(
            _dice_rolled(player=player, dice=(d1, d2), doubles=d1 == d2, purpose="utility_rent", rule=why)
        )
        dice = d1 + d2
    amount, detail, rule = rent_and_rule(game, space, dice, mult, times or 0)
    if amount > 0:
        owe(game, player, owner, amount, "rent", space, detail, rule=rule)


SPACE_ACTIONS.add("street", _deed)
SPACE_ACTIONS.add("railroad", _deed)
SPACE_ACTIONS.add("utility", _deed)
