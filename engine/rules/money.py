"""Paying and being paid. Obligations that cash cannot meet become a debt the player must raise."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.events import (
    BankFeePaid,
    CreditDrawn,
    DebtIncurred,
    Event,
    FeePaid,
    JailFinePaid,
    MortgageKept,
    PaidIntoBox,
    PaidToBank,
    PaidToPlayer,
    RentPaid,
    TaxPaid,
    interned,
)
from engine.core.hooks import POT_RULES
from engine.core.phrases import N_
from engine.core.rule_ids import SPACE_RULES, RuleId
from engine.core.state import Charge, Debt
from engine.core.unchecked import unchecked

if TYPE_CHECKING:
    from collections.abc import Mapping

    from engine.core.edition import Edition
    from engine.core.live import LiveGame
    from engine.core.options import RuleOptions
    from engine.core.tabletop import Tabletop

_charge = unchecked(Charge)
_debt = unchecked(Debt)
_credit_drawn = unchecked(CreditDrawn)
_paid_into_box = unchecked(PaidIntoBox)
_jail_fine_paid = unchecked(JailFinePaid)
_fee_paid = unchecked(FeePaid)
_mortgage_kept = unchecked(MortgageKept)
_paid_to_player = unchecked(PaidToPlayer)
_bank_fee_paid = unchecked(BankFeePaid)
_POT_REASONS = frozenset({"tax", "card", "jail_fine", "repairs"})
_rent_paid = interned(RentPaid, "payer", "owner", "space", "amount", "detail", "rule")
_tax_paid = interned(TaxPaid, "player", "space", "amount", "detail", "to_pot", "rule")
_paid_to_bank = interned(PaidToBank, "player", "amount", "reason", "to_pot", "rule")
_debt_incurred = interned(DebtIncurred, "player", "creditor", "amount", "reason", "box")


def funds(table: Tabletop, player: int) -> int:
    """Return what a player can spend now: cash, and any bank credit not yet drawn."""
    p = table.players[player]
    return p.cash + p.credit


def spend(game: LiveGame, player: int, amount: int) -> None:
    """Take `amount` from a player who has the funds, drawing on bank credit only when cash runs short."""
    p = game.state.players[player]
    if p.cash < amount and p.credit:
        draw = min(p.credit, amount - p.cash)
        p.credit -= draw
        p.cash += draw
        game.emit(_credit_drawn(player=player, amount=draw))
    p.cash -= amount


def to_pot(game: LiveGame, payee: int | None, reason: str) -> bool:
    """Whether a payment goes to the pot on the table (the Free Parking pot of the house rule, or an
    edition's own pool) rather than the bank."""
    return payee is None and reason in game.ruleset.pot_reasons


@POT_RULES.register("free_parking")
def _free_parking_pot(edition: Edition, rules: RuleOptions, options: Mapping[str, int]) -> frozenset[str]:
    """Return the house rule: taxes, fines and card payments go to a pot that Free Parking pays out."""
    return _POT_REASONS if rules.free_parking_pot else frozenset()


Reason = Literal[
    "rent", "tax", "card", "jail_fine", "interest", "repairs", "fee", "levy", "fare", "franchise", "loan"
]
_FEES = frozenset({"fare", "franchise", "loan"})


def owe(
    game: LiveGame,
    payer: int,
    payee: int | None,
    amount: int,
    reason: Reason,
    space: int | None = None,
    detail: str = "",
    charge: Charge | None = None,
    box: str = "",
    rule: RuleId | None = None,
) -> bool:
    """Pay now if the payer can; otherwise he falls into debt and pays once he has raised the cash.

    True when paid. `charge` is the same obligation already written down (a queued one), if any. With no
    payee, `box` names the money box the payment goes into (none: the bank). `rule` is the rule that
    charges it, when its reason and space do not say (a rent: the rent model's).
    """
    players = game.state.players
    p = players[payer]
    if rule is None:
        rule = payment_rule(game, reason, space)
    if p.cash >= amount and payee is not None and reason == "rent":  # the commonest payment of all
        p.cash -= amount
        players[payee].cash += amount
        game.emit(_rent_paid(payer, payee, space, amount, detail, rule))
        return True
    if p.cash < amount and p.cash + p.credit < amount:
        if charge is None:
            charge = _charge(
                payer=payer,
                payee=payee,
                amount=amount,
                reason=reason,
                space=space,
                detail=detail,
                box=box,
                rule=rule,
            )
        game.state.pending = _debt(player=payer, charge=charge)
        what = describe(game, reason, space, detail)
        game.emit(_debt_incurred(payer, payee, amount, what, box))
        return False
    _pay(game, payer, payee, amount, reason, space, detail, box, rule)
    return True


def settle(game: LiveGame, charge: Charge) -> bool:
    """Pay a written-down charge now, or fall into debt for it."""
    c = charge
    return owe(
        game, c.payer, c.payee, c.amount, c.reason, c.space, c.detail, charge=c, box=c.box, rule=c.rule
    )


def pay_now(game: LiveGame, charge: Charge) -> None:
    """Pay a charge the payer now has the funds for (a debt being settled)."""
    c = charge
    rule = c.rule if c.rule is not None else payment_rule(game, c.reason, c.space)
    _pay(game, c.payer, c.payee, c.amount, c.reason, c.space, c.detail, c.box, rule)


def payment_rule(table: Tabletop, reason: str, space: int | None) -> RuleId:
    """Return the rule a payment is charged under, from what it is for and the space that charges it: a tax
    its tax's rule, a space's fee or levy the rule of that kind of space."""
    if reason == "tax" and space is not None and table.board.spaces[space].tax is not None:
        name = table.board.spaces[space].tax
        assert name is not None
        return table.board.edition.taxes[name].rule
    if space is not None and reason in _BY_SPACE:
        kinds = SPACE_RULES.get(table.board.kinds[space])
        if kinds:
            return kinds[0]
    return _BY_REASON.get(reason, "cards.draw")


_BY_SPACE = frozenset({"tax", "fee", "levy", "fare", "franchise"})
_BY_REASON: dict[str, RuleId] = {
    "rent": "rent.printed",
    "tax": "tax.penalty",
    "jail_fine": "jail.last_throw",
    "interest": "mortgage.transfer",
    "fare": "railroad.fare",
    "franchise": "space.franchise",
    "loan": "loan.interest",
}


def _pay(
    game: LiveGame,
    payer: int,
    payee: int | None,
    amount: int,
    reason: Reason,
    space: int | None,
    detail: str,
    box: str,
    rule: RuleId,
) -> None:
    st = game.state
    if box and payee is None:
        spend(game, payer, amount)
        st.boxes[box] += amount
        game.emit(
            _paid_into_box(
                player=payer,
                box=box,
                amount=amount,
                reason=detail or describe(game, reason, space, detail),
                space=space,
                rule=rule,
            )
        )
        return
    spend(game, payer, amount)
    pot = to_pot(game, payee, reason)
    if payee is not None:
        st.players[payee].cash += amount
    elif pot:
        st.pot += amount
    game.emit(_paid_event(payer, payee, amount, reason, space, detail, pot, rule))


def describe(game: LiveGame, reason: str, space: int | None, detail: str = "") -> str:
    """Describe briefly what a payment is for: "rent on Baltic Avenue", "Income Tax", "a card".

    Only the description asked for is worked out: this runs for every debt."""
    if reason == "rent":
        return f"rent{_on(game, space)}"
    if reason in _OWN_WORDS and detail:
        return detail  # the payment's own words
    if reason == "interest":
        return f"interest{_on(game, space)}"
    if reason == "fare":
        return f"the fare{_on(game, space)}"
    if reason == "franchise":
        return f"the toll{_on(game, space)}"
    return _WORDS[reason]


def _on(game: LiveGame, space: int | None) -> str:
    return f" on {game.board.name(space)}" if space is not None else ""


_OWN_WORDS = frozenset({"tax", "fee", "levy", "fare", "franchise", "loan"})
"""The payments that their own words (`detail`), when given, describe."""
_WORDS = {
    "tax": N_("tax"),
    "card": N_("a card"),
    "jail_fine": N_("the jail fine"),
    "repairs": N_("repairs"),
    "fee": N_("a fee"),
    "levy": N_("a levy"),
    "loan": N_("interest on a loan"),
}


def _paid_event(
    payer: int,
    payee: int | None,
    amount: int,
    reason: Reason,
    space: int | None,
    detail: str,
    pot: bool,
    rule: RuleId,
) -> Event:
    if reason == "rent":
        assert payee is not None and space is not None
        return _rent_paid(payer, payee, space, amount, detail, rule)  # type: ignore[no-any-return]
    if reason == "tax":
        assert space is not None
        return _tax_paid(payer, space, amount, detail, pot, rule)  # type: ignore[no-any-return]
    if reason == "jail_fine":
        return _jail_fine_paid(player=payer, amount=amount, forced=True, to_pot=pot, rule=rule)
    if payee is not None and reason in _FEES:
        return _fee_paid(
            payer=payer, payee=payee, amount=amount, reason=detail or reason, space=space, rule=rule
        )
    if reason == "interest":
        assert space is not None
        return _mortgage_kept(player=payer, space=space, interest=amount, rule=rule)
    if payee is not None:
        return _paid_to_player(payer=payer, payee=payee, amount=amount, reason=detail, rule=rule)
    if reason == "fee":
        return _bank_fee_paid(player=payer, amount=amount, detail=detail, space=space, rule=rule)
    return _paid_to_bank(payer, amount, detail, pot, rule)  # type: ignore[no-any-return]
