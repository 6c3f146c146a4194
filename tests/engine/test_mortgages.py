"""Mortgages: the printed value, lifting at value plus 10 %, and a mortgaged deed changing hands."""

from __future__ import annotations

import pytest

from engine import AcceptTrade, Game, IllegalCommand, KeepMortgage, Mortgage, ProposeTrade, Unmortgage
from engine.core.events import Mortgaged, Unmortgaged
from engine.core.state import Bundle, Debt, MortgageDecision

from scenario import (
    ADA,
    BOARDWALK,
    BROWN,
    ELECTRIC,
    GRACE,
    MEDITERRANEAN,
    PARK_PLACE,
    build,
    cash,
    kinds,
    of_kind,
    own,
    pending,
    play,
    replays,
    settle,
    snapshot,
    table,
)


def test_mortgage_pays_the_printed_value() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    events = play(game, Mortgage(player=ADA, space=BOARDWALK))
    assert of_kind(events, Mortgaged)[0].amount == 200
    assert game.state.deeds[BOARDWALK].mortgaged and game.state.players[ADA].cash == 1700


@pytest.mark.parametrize(
    ("space", "cost"), [(BOARDWALK, 220), (PARK_PLACE, 193), (ELECTRIC, 83), (MEDITERRANEAN, 33)]
)
def test_lifting_costs_the_value_plus_ten_percent(space: int, cost: int) -> None:
    game = table()
    own(game, ADA, space, mortgaged=True)
    settle(game)
    events = play(game, Unmortgage(player=ADA, space=space))
    assert of_kind(events, Unmortgaged)[0].amount == cost
    assert game.state.players[ADA].cash == 1500 - cost and not game.state.deeds[space].mortgaged


def test_no_mortgage_while_the_group_has_buildings() -> None:
    game = table()
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=1)
    settle(game)
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(Mortgage(player=ADA, space=3))
    assert err.value.code == "has_buildings" and game.state == before


def test_only_the_owner_mortgages_and_never_twice() -> None:
    game = table()
    own(game, ADA, BOARDWALK, mortgaged=True)
    settle(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(Mortgage(player=GRACE, space=BOARDWALK))
    assert err.value.code == "not_owner"
    with pytest.raises(IllegalCommand) as err:
        game.apply(Mortgage(player=ADA, space=BOARDWALK))
    assert err.value.code == "already_mortgaged"


def _received_mortgaged() -> Game:
    game = table()
    own(game, ADA, BOARDWALK, mortgaged=True)
    settle(game)
    play(game, ProposeTrade(player=ADA, to=GRACE, give=Bundle(deeds=(BOARDWALK,)), take=Bundle(cash=100)))
    play(game, AcceptTrade(player=GRACE, trade_id=1))
    return game


def test_a_mortgaged_deed_received_in_trade_asks_to_lift_or_keep() -> None:
    game = _received_mortgaged()
    assert game.state.pending == MortgageDecision(player=GRACE, space=BOARDWALK)
    assert set(game.legal_commands(GRACE)) >= {
        Unmortgage(player=GRACE, space=BOARDWALK),
        KeepMortgage(player=GRACE, space=BOARDWALK),
    }


def test_lifting_at_once_costs_value_plus_ten_percent() -> None:
    game = _received_mortgaged()
    play(game, Unmortgage(player=GRACE, space=BOARDWALK))
    assert game.state.players[GRACE].cash == 1500 - 100 - 220
    assert pending(game).kind == "roll" and pending(game).player == ADA


def test_keeping_costs_ten_percent_now_and_value_plus_ten_percent_later() -> None:
    game = _received_mortgaged()
    events = play(game, KeepMortgage(player=GRACE, space=BOARDWALK))
    assert kinds(events) == ["mortgage_kept"]
    assert game.state.players[GRACE].cash == 1500 - 100 - 20
    assert game.state.deeds[BOARDWALK].mortgaged
    play(game, Unmortgage(player=GRACE, space=BOARDWALK))
    assert game.state.players[GRACE].cash == 1500 - 100 - 20 - 220
    assert replays(game)


def test_keeping_without_the_cash_for_the_interest_is_a_debt_to_the_bank() -> None:
    game = table()
    own(game, ADA, BOARDWALK, mortgaged=True)
    own(game, GRACE, PARK_PLACE)
    cash(game, GRACE, 0)
    settle(game)
    play(game, ProposeTrade(player=ADA, to=GRACE, give=Bundle(deeds=(BOARDWALK,)), take=Bundle()))
    play(game, AcceptTrade(player=GRACE, trade_id=1), KeepMortgage(player=GRACE, space=BOARDWALK))
    debt = game.state.pending
    assert isinstance(debt, Debt) and (debt.kind, debt.player, debt.creditor, debt.amount) == (
        "debt",
        GRACE,
        None,
        20,
    )
    play(game, Mortgage(player=GRACE, space=PARK_PLACE))
    assert game.state.players[GRACE].cash == 175 - 20
    assert pending(game).kind == "roll" and pending(game).player == ADA
