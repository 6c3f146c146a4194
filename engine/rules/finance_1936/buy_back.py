"""The bank buys back lots (Finance): at any time, a lot with every house on it, for half the printed
value of the house and lot and the houses added since. Single extra houses sell back as buildings do; the
house the lot was sold with goes only with the lot.

"At any time" reaches into an auction: the player asked to bid for a lot may sell one back first, which
is how a player with every ownership marker in use qualifies himself to bid (the rule sheet: he "is not
shut out from bidding").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import SellLot
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import LotSold
from engine.core.phrases import N_, Phrase
from engine.core.registry import command
from engine.core.state import Auction, ExcessLots
from engine.core.unchecked import unchecked
from engine.rules.checks import deed_of, may_manage
from engine.rules.finance_1936.markers import after_selling

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.tabletop import Tabletop

_lot_sold = unchecked(LotSold)


def lot_value(table: Tabletop, space: int) -> int:
    """Return what the bank pays for a lot and its houses: half the lot's price and half of each added
    house."""
    board = table.board
    added = table.deeds[space].level - board.edition.houses_with_lot
    return board.price[space] // 2 + max(0, added) * board.sale_price(space)


def _check_sell_lot(game: LiveGame, cmd: SellLot) -> Refusal:
    if not game.board.edition.bank_buys_lots:
        return IllegalCommand("no_buy_back", Phrase(N_("The bank does not buy back deeds in this edition.")))
    pend = game.state.pending
    if isinstance(pend, ExcessLots) and pend.player == cmd.player:
        if cmd.space not in pend.spaces:
            names = ", ".join(game.board.name(s) for s in pend.spaces)
            return IllegalCommand(
                "not_now", Phrase(N_("Choose which of the lots you took to give back: {names}."), names=names)
            )
        return None
    refusal = (
        None if _asked_to_bid_for_a_lot(game, cmd.player) else may_manage(game, cmd.player)
    ) or deed_of(game, cmd.player, cmd.space)
    if refusal is not None:
        return refusal
    if game.board.kinds[cmd.space] != "street":
        return IllegalCommand(
            "not_a_street",
            Phrase(N_("The bank buys back lots, not {space}."), space=game.board.name(cmd.space)),
        )
    return None


def _asked_to_bid_for_a_lot(game: LiveGame, player: int) -> bool:
    pend = game.state.pending
    return isinstance(pend, Auction) and pend.lot == "deed" and pend.player == player


@command(SellLot, _check_sell_lot)
def _sell_lot(game: LiveGame, cmd: SellLot) -> None:
    st = game.state
    deed = st.deeds[cmd.space]
    amount = lot_value(game, cmd.space)
    houses = game.ruleset.houses(deed.level)
    st.bank.houses += houses
    deed.level = 0
    deed.owner = None
    st.players[cmd.player].cash += amount
    pend = st.pending
    excess = isinstance(pend, ExcessLots) and pend.player == cmd.player
    rule: RuleId = "lots.markers" if excess else "lots.sell_back"
    game.emit(_lot_sold(player=cmd.player, space=cmd.space, houses=houses, amount=amount, rule=rule))
    after_selling(game, cmd.player, cmd.space)
