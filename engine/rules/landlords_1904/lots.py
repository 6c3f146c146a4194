"""Lots for sale or for rent (Magie, 1904): an unowned lot stopped on is bought at its price or rented
from the box that sells it; an owned one charges its owner's flat rent; and the tokens already standing
on a lot change what the next one pays.

Two tokens on a lot: the second pays the first half the rent, the odd dollar to the first, instead of
paying the owner or the box (unless the first is the owner, who is paid the whole rent). Three: the third
stops a space short, counting his throw one less, and that space is resolved instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import BuyLot, RentLot
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import LotOffered, PropertyBought, StoppedShort
from engine.core.hooks import RENT_MODELS
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command
from engine.core.state import LotChoice
from engine.core.unchecked import unchecked
from engine.rules.checks import awaited
from engine.rules.landing import land, space_action
from engine.rules.landlords_1904.treasury import box_of
from engine.rules.money import funds, owe, spend
from engine.rules.rent import VISIT, Holding, RentRow, Visit

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId
    from engine.core.ruleset import Ruleset
    from engine.core.tabletop import Tabletop

_stopped_short = unchecked(StoppedShort)
_lot_choice = unchecked(LotChoice)
_lot_offered = unchecked(LotOffered)
_property_bought = unchecked(PropertyBought)

SHARING = N_("half the rent, sharing the lot")
"""What a rent shared with a lot's occupant was for, kept as text with the event (as saves keep it)."""


class FlatRent:
    """A lot's one printed rent, whoever owns it and whatever else he owns."""

    dice = False

    def at(self, board: Board, ruleset: Ruleset, holding: Holding, visit: Visit = VISIT) -> tuple[int, str]:
        space = holding.space
        multiplier = visit.multiplier
        return board.rent[space][0] * multiplier, ""

    def schedule(self, board: Board, ruleset: Ruleset, holding: Holding) -> list[RentRow]:
        space, held = holding.space, holding.held
        rent = Money(board.rent[space][0])
        box = board.spaces[space].box
        unowned = (
            Phrase(N_("To the {box}"), box=Phrase.within("edition", board.edition.boxes[box].name))
            if box
            else Phrase(N_("While unowned"))
        )
        return [RentRow(Phrase(N_("To the owner")), rent, held > 0), RentRow(unowned, rent, held == 0)]

    def terms(self, board: Board, ruleset: Ruleset, space: int) -> list[tuple[Phrase, Money | Phrase]]:
        return [(Phrase(N_("A second token pays")), Phrase(N_("the first half")))]

    def rule(self, board: Board, holding: Holding) -> RuleId:
        return "rent.printed"


RENT_MODELS.add("flat", FlatRent())


def occupants(table: Tabletop, space: int, mover: int) -> list[int]:
    """Return the other players whose tokens stand on `space` (not those in jail or the poorhouse)."""
    return [
        q
        for q, ps in enumerate(table.players)
        if q != mover and ps.position == space and not (ps.bankrupt or ps.in_jail or ps.in_poorhouse)
    ]


def half(rent: int) -> int:
    """Return half a rent, the odd dollar to the player already there."""
    return (rent + 1) // 2


def lot_rent(table: Tabletop, space: int, mover: int) -> tuple[int, int | None]:
    """Return (what `mover` would pay for stopping on lot `space` now, and to whom: a player, or None for the
    lot's box while it is unowned). Nothing on his own lot. Renting an unowned lot, that is the rent."""
    deed = table.deeds[space]
    rent = table.board.rent[space][0]
    if deed.owner == mover:
        return 0, mover
    here = occupants(table, space, mover)
    if here and here[0] != deed.owner:
        return half(rent), here[0]
    return rent, deed.owner


@space_action("lot")
def _lot(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    st = game.state
    if len(occupants(game, space, player)) >= 2:
        journey = st.journey
        back = -journey.direction if journey is not None and journey.player == player else -1
        short = game.board.track.step(space, back)
        st.players[player].position = short
        game.emit(_stopped_short(player=player, space=space, to_space=short))
        land(game, player, short, dice)
        return
    owner = st.deeds[space].owner
    if owner == player:
        return
    amount, to = lot_rent(game, space, player)
    if owner is None:
        st.pending = _lot_choice(player=player, space=space, rent=amount, occupant=to)
        price = game.board.price[space]
        game.emit(_lot_offered(player=player, space=space, price=price, rent=amount, occupant=to))
        return
    assert to is not None
    if to == owner and st.players[owner].in_jail and not st.rules.rent_in_jail:
        return
    shared = to != owner
    owe(game, player, to, amount, "rent", space, SHARING if shared else "", rule=_rent_rule(shared))


def _choice(game: LiveGame, player: int) -> Refusal:
    return awaited(game, player, "rent_or_buy")


def _check_buy(game: LiveGame, cmd: BuyLot) -> Refusal:
    refusal = _choice(game, cmd.player)
    if refusal is not None:
        return refusal
    pend = game.state.pending
    assert isinstance(pend, LotChoice)
    price = game.board.price[pend.space]
    if funds(game, cmd.player) < price:
        return IllegalCommand(
            "insufficient_funds",
            Phrase(
                N_("{space} costs {amount}; borrow first, or rent it."),
                space=game.board.name(pend.space),
                amount=Money(price),
            ),
        )
    return None


@command(BuyLot, _check_buy)
def _buy(game: LiveGame, cmd: BuyLot) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, LotChoice)
    st.pending = None
    buy_lot(game, cmd.player, pend.space)


def buy_lot(game: LiveGame, player: int, space: int, rule: RuleId = "buy.unowned") -> None:
    """Pay a lot's price into its box and take the deed."""
    price = game.board.price[space]
    box = box_of(game, space)
    spend(game, player, price)
    game.state.boxes[box] += price
    game.state.deeds[space].owner = player
    game.emit(_property_bought(player=player, space=space, price=price, box=box, rule=rule))


@command(RentLot, lambda game, cmd: _choice(game, cmd.player))
def _rent(game: LiveGame, cmd: RentLot) -> None:
    st = game.state
    pend = st.pending
    assert isinstance(pend, LotChoice)
    st.pending = None
    if pend.occupant is not None:
        owe(game, cmd.player, pend.occupant, pend.rent, "rent", pend.space, SHARING, rule="rent.shared")
    else:
        box = box_of(game, pend.space)
        owe(game, cmd.player, None, pend.rent, "rent", pend.space, box=box, rule="buy.unowned")


def _rent_rule(shared: bool) -> RuleId:
    return "rent.shared" if shared else "rent.printed"
