"""Buying an unowned deed at its printed price, or declining it so that the bank auctions it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import BuyProperty, DeclineProperty
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import PropertyBought, PropertyDeclined, interned
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command
from engine.core.state import BuyDecision
from engine.core.unchecked import unchecked
from engine.rules.auctions import start_deed_auction
from engine.rules.checks import awaited
from engine.rules.finance_1936.house_and_lot import lot_for_sale, put_houses_with_lot
from engine.rules.finance_1936.markers import may_take_lots
from engine.rules.money import funds, spend

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_property_declined = unchecked(PropertyDeclined)
_property_bought = interned(PropertyBought, "player", "space", "price")


def _check_buy(game: LiveGame, cmd: BuyProperty) -> Refusal:
    refusal = awaited(game, cmd.player, "buy")
    if refusal is not None:
        return refusal
    pend = game.state.pending
    assert isinstance(pend, BuyDecision)
    price = game.board.price[pend.space]
    if funds(game, cmd.player) < price:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(
                N_("{space} costs {price}; mortgage or sell first, or decline it."),
                space=game.board.name(pend.space),
                price=Money(price),
            ),
        )
    return may_take_lots(game, cmd.player) or lot_for_sale(game, pend.space)


@command(BuyProperty, _check_buy)
def _buy(game: LiveGame, cmd: BuyProperty) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, BuyDecision)
    price = game.board.price[pend.space]
    spend(game, cmd.player, price)
    st.deeds[pend.space].owner = cmd.player
    put_houses_with_lot(game, pend.space)
    st.pending = None
    game.emit(_property_bought(cmd.player, pend.space, price))


def _check_decline(game: LiveGame, cmd: DeclineProperty) -> Refusal:
    return awaited(game, cmd.player, "buy")


@command(DeclineProperty, _check_decline)
def _decline(game: LiveGame, cmd: DeclineProperty) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, BuyDecision)
    st.pending = None
    rule: RuleId = "buy.declined" if st.rules.auctions else "buy.no_auctions"
    game.emit(_property_declined(player=cmd.player, space=pend.space, rule=rule))
    if st.rules.auctions:
        start_deed_auction(game, pend.space, after=cmd.player)
