"""How the built-in simple players (`engine.lookahead.players`) play Magie's 1904 decisions: buy what leaves
a reserve in hand, rent otherwise, take a luxury only when cash is plentiful, borrow to pay a debt and go
to the poorhouse only when nothing can be borrowed, repay notes when rich, keep moving forward, and never
ride nor lend. They read the state directly, like the rest of the simple players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.commands import (
    BorrowFromBank,
    BuyLot,
    BuyLuxury,
    BuyTicketLot,
    Command,
    DeclineLuxury,
    DoneWithTickets,
    GoToPoorhouse,
    RejectLoan,
    RentLot,
    RepayLoan,
    simple,
)
from engine.core.state import Debt, LoanAnswer, LotChoice, LuxuryOffer, Pending, RouteChoice
from engine.play.legal import choose_direction, choose_route
from engine.rules.landlords_1904.loans import loans_of, notes_toward
from engine.rules.money import funds

if TYPE_CHECKING:
    from engine.play.game import Game

RESERVE = 100  # cash kept in hand after buying a lot
LUXURY_RESERVE = 150  # cash kept in hand after buying a luxury
REPAY_ABOVE = 400  # cash above which a note is repaid at the end of the turn


def decide(game: Game, player: int, pend: Pending) -> Command | None:
    """Return the simple players' answer to a 1904 decision, or None when the decision is not one of these."""
    cash = funds(game, player)
    if pend.kind == "lot_tickets":
        for space in game.state.players[player].tickets:
            if cash - game.board.price[space] >= RESERVE:
                return BuyTicketLot(player=player, space=space)
        return simple(DoneWithTickets, player)
    if isinstance(pend, LotChoice):
        return (
            simple(BuyLot, player)
            if cash - game.board.price[pend.space] >= RESERVE
            else simple(RentLot, player)
        )
    if isinstance(pend, LuxuryOffer):
        return (
            simple(BuyLuxury, player)
            if cash - pend.price >= LUXURY_RESERVE
            else simple(DeclineLuxury, player)
        )
    if pend.kind == "direction":
        return choose_direction(player, "forward")
    if isinstance(pend, RouteChoice):
        return choose_route(player, pend.options[0])
    if isinstance(pend, LoanAnswer):
        return RejectLoan(player=player, offer=pend.offer.id)
    return None


def raise_cash(game: Game, player: int, debt: Debt) -> Command | None:
    """Borrow what the debt needs against the fewest lots, or all the bank will lend when that falls
    short; the poorhouse once nothing is left to borrow on. None where there is no bank that lends."""
    if game.board.edition.loans is None:
        return None
    toward = notes_toward(game, player, debt.amount - funds(game, player))
    if toward is not None:
        return BorrowFromBank(player=player, notes=toward[0], security=toward[1])
    return simple(GoToPoorhouse, player)


def repay(game: Game, player: int) -> Command | None:
    """Return a loan to repay at the end of the turn, when cash is plentiful."""
    if not game.state.loans or funds(game, player) < REPAY_ABOVE:
        return None
    mine = loans_of(game, player)
    return RepayLoan(player=player, loan=mine[0].id) if mine else None
