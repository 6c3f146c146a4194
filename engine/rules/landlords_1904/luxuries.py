"""Luxuries (Magie, 1904): a player who stops on a luxury may buy a luxury ticket, which counts more than
it cost at the end of the game; if he does not, he loses his move. His token goes back to where the move
began and nothing of the move counts: the wages it earned go back, its circuits are struck off the tally,
and the interest those wages would have paid is not owed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import BuyLuxury, DeclineLuxury
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import LuxuryBought, MoveLost
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command
from engine.core.state import Charge, LuxuryOffer
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.landing import space_action
from engine.rules.landlords_1904.treasury import box_of, fee_of
from engine.rules.money import funds, spend

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_luxury_offer = unchecked(LuxuryOffer)

WAGE_DAY_REASONS = frozenset({"interest", "loan"})
"""The reasons of the charges a wage day queues (interest on notes and on loans from players)."""


@space_action("luxury")
def _luxury(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    st = game.state
    journey = st.journey
    if journey is not None and journey.player == player:
        back_to, wages = journey.start, journey.wages
    else:
        back_to, wages = st.players[player].position, 0
    st.pending = _luxury_offer(
        player=player, space=space, price=fee_of(game, space), back_to=back_to, wages=wages
    )


def _check_buy(game: LiveGame, cmd: BuyLuxury) -> Refusal:
    refusal = awaited(game, cmd.player, "luxury")
    if refusal is not None:
        return refusal
    pend = game.state.pending
    assert isinstance(pend, LuxuryOffer)
    if funds(game, cmd.player) < pend.price:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(N_("A luxury costs {amount}; do without it and lose the move."), amount=Money(pend.price)),
        )
    return None


@command(BuyLuxury, _check_buy)
def _buy(game: LiveGame, cmd: BuyLuxury) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, LuxuryOffer)
    st.pending = None
    box = box_of(game, pend.space)
    spend(game, cmd.player, pend.price)
    st.boxes[box] += pend.price
    st.players[cmd.player].luxuries += 1
    game.emit(LuxuryBought(player=cmd.player, space=pend.space, price=pend.price, box=box))


@command(DeclineLuxury, lambda game, cmd: awaited(game, cmd.player, "luxury"))
def _decline(game: LiveGame, cmd: DeclineLuxury) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, LuxuryOffer)
    st.pending = None
    p = cmd.player
    ps = st.players[p]
    journey = st.journey
    circuits = journey.circuits if journey is not None and journey.player == p else 0
    wages_box = ""
    if pend.wages:
        wages_box = game.board.spaces[game.board.pay_spaces[0]].box or ""
        ps.cash -= pend.wages
        if wages_box:
            st.boxes[wages_box] += pend.wages
    ps.circuits -= circuits
    ps.position = pend.back_to
    if journey is not None:
        st.journey = None
    st.queue = [
        e for e in st.queue if not (isinstance(e, Charge) and e.payer == p and e.reason in WAGE_DAY_REASONS)
    ]
    game.emit(
        MoveLost(
            player=p,
            from_space=pend.space,
            to_space=pend.back_to,
            wages=pend.wages,
            circuits=circuits,
            box=wages_box,
        )
    )
