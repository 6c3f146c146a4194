"""Paying and being paid. Obligations that cash cannot meet become a debt the player must raise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import (
    CreditDrawn,
    DebtIncurred,
    Event,
    JailFinePaid,
    MortgageKept,
    PaidToBank,
    PaidToPlayer,
    RentPaid,
    TaxPaid,
    interned,
)
from engine.state import Charge, Debt

if TYPE_CHECKING:
    from engine.game import Game

_POT_REASONS = frozenset({"tax", "card", "jail_fine", "repairs"})
_rent_paid = interned(RentPaid, "payer", "owner", "space", "amount", "detail")


def funds(game: Game, player: int) -> int:
    """What a player can spend now: cash, and any bank credit not yet drawn."""
    p = game.state.players[player]
    return p.cash + p.credit


def spend(game: Game, player: int, amount: int) -> None:
    """Take `amount` from a player who has the funds, drawing on bank credit only when cash runs short."""
    p = game.state.players[player]
    if p.cash < amount and p.credit:
        draw = min(p.credit, amount - p.cash)
        p.credit -= draw
        p.cash += draw
        game.emit(CreditDrawn(player=player, amount=draw))
    p.cash -= amount


def to_pot(game: Game, charge: Charge) -> bool:
    return charge.payee is None and game.state.rules.free_parking_pot and charge.reason in _POT_REASONS


def settle(game: Game, charge: Charge) -> bool:
    """Pay a charge now if the payer can; otherwise the payer falls into debt. True when paid."""
    if funds(game, charge.payer) < charge.amount:
        game.state.pending = Debt(player=charge.payer, charge=charge)
        game.emit(
            DebtIncurred(
                player=charge.payer, creditor=charge.payee, amount=charge.amount, reason=describe(charge)
            )
        )
        return False
    pay_now(game, charge)
    return True


def pay_rent(game: Game, payer: int, owner: int, space: int, amount: int, detail: str) -> None:
    """Rent, the commonest payment: paid at once when the visitor has the cash, else a debt."""
    players = game.state.players
    visitor = players[payer]
    if visitor.cash >= amount:
        visitor.cash -= amount
        players[owner].cash += amount
        game.emit(_rent_paid(payer, owner, space, amount, detail))
        return
    settle(game, Charge(payer=payer, payee=owner, amount=amount, reason="rent", space=space, detail=detail))


def pay_now(game: Game, charge: Charge) -> None:
    st = game.state
    spend(game, charge.payer, charge.amount)
    pot = to_pot(game, charge)
    if charge.payee is not None:
        st.players[charge.payee].cash += charge.amount
    elif pot:
        st.pot += charge.amount
    game.emit(_paid_event(charge, pot))


def describe(charge: Charge) -> str:
    if charge.detail:
        return charge.detail
    return {
        "rent": "rent",
        "tax": "tax",
        "card": "a card",
        "jail_fine": "the jail fine",
        "interest": "mortgage interest",
        "repairs": "repairs",
    }[charge.reason]


def _paid_event(c: Charge, pot: bool) -> Event:
    if c.reason == "rent":
        assert c.payee is not None and c.space is not None
        return _rent_paid(c.payer, c.payee, c.space, c.amount, c.detail)  # type: ignore[no-any-return]
    if c.reason == "tax":
        assert c.space is not None
        return TaxPaid(player=c.payer, space=c.space, amount=c.amount, detail=c.detail, to_pot=pot)
    if c.reason == "jail_fine":
        return JailFinePaid(player=c.payer, amount=c.amount, forced=True, to_pot=pot)
    if c.reason == "interest":
        assert c.space is not None
        return MortgageKept(player=c.payer, space=c.space, interest=c.amount)
    if c.payee is not None:
        return PaidToPlayer(payer=c.payer, payee=c.payee, amount=c.amount, reason=c.detail)
    return PaidToBank(player=c.payer, amount=c.amount, reason=c.detail, to_pot=pot)
