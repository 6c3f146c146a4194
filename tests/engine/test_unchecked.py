"""The engine's own objects built without validation are the very objects validation builds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.commands import EndTurn, ProposeTrade
from engine.core.events import AuctionStarted, DebtIncurred, DiceRolled, PlayerMoved
from engine.core.state import Auction, Bundle, Charge, Debt, DeedState, PlayerState
from engine.core.unchecked import replaced, unchecked

CHARGE = Charge(payer=1, payee=None, amount=50, reason="jail_fine", detail="the jail fine")

CASES: list[tuple[type[Any], dict[str, Any]]] = [
    (Charge, {"payer": 0, "payee": 2, "amount": 75, "reason": "rent", "space": 3, "rule": "rent.printed"}),
    (Debt, {"player": 1, "charge": CHARGE}),
    (DeedState, {}),
    (DeedState, {"owner": 2, "level": 3}),
    (PlayerState, {"name": "Ada", "cash": 1500}),
    (Auction, {"player": 1, "lot": "deed", "space": 5, "bidders": (1, 2, 0), "min_bid": 10}),
    (DebtIncurred, {"player": 0, "creditor": None, "amount": 20, "reason": "tax"}),
    (DiceRolled, {"player": 3, "dice": (2, 2), "doubles": True, "purpose": "jail", "rule": "jail.throw"}),
    (PlayerMoved, {"player": 0, "from_space": 38, "to_space": 2, "via": "dice", "path": (39, 0, 1, 2)}),
    (AuctionStarted, {"lot": "house", "space": 9, "bidders": (0, 1), "min_bid": 1, "initiator": 0}),
    (EndTurn, {"player": 2}),
    (ProposeTrade, {"player": 0, "to": 1, "give": Bundle(cash=10), "take": Bundle(deeds=(3,))}),
]


@pytest.mark.parametrize(
    ("cls", "values"), CASES, ids=[f"{c.__name__}-{i}" for i, (c, _) in enumerate(CASES)]
)
def test_an_unchecked_object_is_the_one_validation_makes(cls: type[Any], values: dict[str, Any]) -> None:
    made, checked = unchecked(cls)(**values), cls(**values)
    assert made == checked and repr(made) == repr(checked)
    assert list(vars(made).items()) == list(vars(checked).items())
    if hasattr(checked, "model_dump_json"):
        assert made.model_dump_json() == checked.model_dump_json()
        assert made.model_fields_set == checked.model_fields_set
        assert hash(made) == hash(checked)


def test_each_unchecked_object_has_its_own_mutable_defaults() -> None:
    make = unchecked(PlayerState)
    a, b = make(name="Ada", cash=1), make(name="Grace", cash=1)
    a.hand.append("chance/1")
    assert b.hand == [] and PlayerState(name="Ada", cash=1).hand == []


def test_a_missing_or_unknown_field_is_refused() -> None:
    make = unchecked(Charge)
    with pytest.raises(TypeError):
        make(payer=0, payee=None, amount=5)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        make(payer=0, payee=None, amount=5, reason="tax", price=3)  # type: ignore[call-arg]


def test_a_replaced_piece_is_the_one_dataclasses_replace_makes() -> None:
    auction = Auction(player=1, lot="deed", space=5, bidders=(1, 2, 0), min_bid=10)
    made = replaced(auction, player=2, high_bid=40, high_bidder=1)
    checked = dataclasses.replace(auction, player=2, high_bid=40, high_bidder=1)
    assert made == checked and list(vars(made).items()) == list(vars(checked).items())
    assert auction.player == 1 and auction.high_bid == 0  # the original is left as it was
    with pytest.raises(TypeError):
        replaced(auction, price=3)
