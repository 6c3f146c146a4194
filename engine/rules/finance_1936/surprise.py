"""The Surprise Move and the other special spaces of Finance: spaces that send the token on, the
Sweepstakes, the theatre and the rewards.

An onward space (MISSED THE TRAIN, the Rowboat, Soakem Wharf) charges its amount, if it has one, and sends
the token straight to the space it names, paying nothing for what it passes; the token comes to rest there
and that space acts in turn (the Rowboat goes on to the Carnival, whose throw decides the rest). Each step
is a queued continuation, so that a fare the player must raise cash for holds the move where it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import DiceRolled, PaidByBank, SentOn
from engine.core.registry import effect
from engine.core.state import Charge, SendOn
from engine.core.unchecked import unchecked
from engine.rules.cards import others
from engine.rules.landing import land, space_action
from engine.rules.money import owe

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_send = unchecked(SendOn)
_sent_on = unchecked(SentOn)
_paid_by_bank = unchecked(PaidByBank)
_dice_rolled = unchecked(DiceRolled)
_charge = unchecked(Charge)


@space_action("onward")
def _onward(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    sp = game.board.spaces[space]
    assert sp.to is not None
    if sp.amount:
        owe(game, player, None, sp.amount, "fee", space, sp.name)
    game.push_front([_send(player=player, space=sp.to)])


@effect(SendOn)
def _send_on(game: LiveGame, eff: SendOn) -> None:
    ps = game.state.players[eff.player]
    if ps.bankrupt:
        return
    start = ps.position
    ps.position = eff.space
    game.emit(_sent_on(player=eff.player, from_space=start, to_space=eff.space))
    land(game, eff.player, eff.space, 0)


@space_action("bonus")
def _bonus(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Pay a reward from the bank (a tax rebate, a legacy)."""
    sp = game.board.spaces[space]
    assert sp.amount is not None
    game.state.players[player].cash += sp.amount
    game.emit(_paid_by_bank(player=player, amount=sp.amount, reason=sp.name, rule="space.bonus"))


@space_action("theatre")
def _theatre(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Charge the theatre: a seat for every player still in the game, the buyer included, each at the space's
    price."""
    sp = game.board.spaces[space]
    assert sp.amount is not None
    seats = sum(1 for p in game.state.players if not p.bankrupt)
    detail = f"{seats} seats at the {sp.name}"
    owe(game, player, None, seats * sp.amount, "fee", space, detail)


@space_action("sweepstakes")
def _sweepstakes(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    """Throw the dice (only to count: the token stays and earns no throw) and collect the space's multiple
    of the throw from every other player."""
    sp = game.board.spaces[space]
    assert sp.amount is not None
    d1, d2 = game.roll()
    game.emit(
        _dice_rolled(
            player=player, dice=(d1, d2), doubles=d1 == d2, purpose="sweepstakes", rule="space.sweepstakes"
        )
    )
    each = sp.amount * (d1 + d2)
    game.push_front(
        [
            _charge(payer=o, payee=player, amount=each, reason="fee", space=space, detail=sp.name)
            for o in others(game, player)
        ]
    )
