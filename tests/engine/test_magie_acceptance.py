"""The Landlord's Game, 1904: the ten acceptance scenarios of the reference, in its words and figures."""

from __future__ import annotations

import pytest

from engine import (
    BorrowFromBank,
    BuyLot,
    BuyLuxury,
    BuyTicketLot,
    ChooseRoute,
    DeclineLuxury,
    DoneWithTickets,
    EndTurn,
    GoToPoorhouse,
    IllegalCommand,
    PayJailFine,
    RentLot,
    RollDice,
    RuleOptions,
)
from engine.core.events import GameOver, PassedGo, PoorhouseThrow, RentPaid, WentToPoorhouse
from engine.core.state import LuxuryOffer, RouteChoice
from engine.queries import borrowing_capacity, count_up

from magie import COAL, LOT, MOTHER_EARTH, P0, P1, P2, P3, PARK, at, boxes, magie, notes, ready
from scenario import of_kind, own, play, replays, settle, turn_of


def test_1_lot_tickets() -> None:
    game = magie(tickets=True)
    game.state.players[P0].tickets = [LOT[3], LOT[10], LOT[17]]
    for p in (P1, P2, P3):
        game.state.players[p].tickets = [s for s in game.state.players[p].tickets if s not in (6, 18, 29)]
    settle(game)
    play(game, BuyTicketLot(player=P0, space=LOT[3]), BuyTicketLot(player=P0, space=LOT[10]))
    play(game, DoneWithTickets(player=P0))
    st = game.state
    assert st.players[P0].cash == 370
    assert (st.deeds[6].owner, st.deeds[18].owner, st.deeds[29].owner) == (P0, P0, None)
    assert boxes(game)["treasury"] == 130
    assert replays(game)


@pytest.mark.parametrize(
    ("choice", "cash", "owner", "treasury"), [("rent", 494, None, 6), ("buy", 440, P0, 60)]
)
def test_2_buy_or_rent_an_unowned_lot(choice: str, cash: int, owner: int | None, treasury: int) -> None:
    game = ready(magie(), (5, 6))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == 11
    play(game, RentLot(player=P0) if choice == "rent" else BuyLot(player=P0))
    assert game.state.players[P0].cash == cash and game.state.deeds[11].owner == owner
    assert boxes(game)["treasury"] == treasury


def test_3_rent_to_an_owner_and_sharing_a_lot() -> None:
    game = magie()
    own(game, P2, LOT[13])
    at(game, P3, 19)
    at(game, P1, 16)
    turn_of(game, P3)
    ready(game, (2, 2), (3, 4))
    events = play(game, RollDice(player=P3))
    assert [(e.payer, e.owner, e.amount) for e in of_kind(events, RentPaid)] == [(P3, P2, 13)]
    play(game, EndTurn(player=P3))
    turn_of(game, P1)
    events = play(game, RollDice(player=P1))
    assert game.state.players[P1].position == 23
    assert [(e.payer, e.owner, e.amount) for e in of_kind(events, RentPaid)] == [(P1, P3, 7)]
    assert game.state.players[P2].cash == 513  # the 13 from P3, nothing from P1


def test_3_when_the_token_there_is_the_owners_own() -> None:
    game = magie()
    own(game, P2, LOT[13])
    at(game, P2, 23)
    at(game, P1, 16)
    turn_of(game, P1)
    ready(game, (3, 4))
    events = play(game, RollDice(player=P1))
    assert [(e.payer, e.owner, e.amount) for e in of_kind(events, RentPaid)] == [(P1, P2, 13)]


def test_4_third_token() -> None:
    game = magie()
    at(game, P1, 23)
    at(game, P3, 23)
    at(game, P0, 17)
    ready(game, (2, 4))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == 22
    pend = game.state.pending
    assert isinstance(pend, LuxuryOffer) and pend.space == 22
    assert {c.kind for c in game.legal_commands(P0)} >= {"buy_luxury", "decline_luxury"}


def test_5_railroad_fare() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == 15 and boxes(game)["railroad"] == 5


@pytest.mark.parametrize(("ride", "end", "wages"), [(35, 38, 0), (15, 18, 0), (5, 8, 100)])
def test_5_railroad_pass(ride: int, end: int, wages: int) -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, RouteChoice) and pend.at == 15 and pend.steps == 3
    events = play(game, ChooseRoute(player=P0, space=ride))
    assert game.state.players[P0].position == end
    assert boxes(game)["railroad"] == 0
    assert sum(e.salary for e in of_kind(events, PassedGo)) == wages
    assert replays(game)


def test_6_no_trespassing_and_jail() -> None:
    game = magie(players=1 + 1)
    ready(game, (1, 3), (1, 1), (2, 5), (2, 3), (2, 2))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].in_jail and game.state.players[P0].position == COAL
    play(game, EndTurn(player=P0), RollDice(player=P1), EndTurn(player=P1))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].in_jail
    play(game, EndTurn(player=P0), RollDice(player=P1))
    play(game, *[c for c in game.legal_commands(P1) if c.kind == "rent_lot"], EndTurn(player=P1))
    treasury = boxes(game)["treasury"]
    play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert not ps.in_jail and ps.position == LOT[8] and boxes(game)["treasury"] == treasury
    assert replays(game)


def test_6_paying_the_fine_before_throwing() -> None:
    game = magie()
    ps = game.state.players[P0]
    ps.in_jail, ps.position = True, COAL
    ready(game, (2, 5))
    play(game, PayJailFine(player=P0), RollDice(player=P0))
    assert boxes(game)["treasury"] == 50 + 5 and game.state.players[P0].position == 17  # Shelter's $5


@pytest.mark.parametrize(("cash", "after", "tickets", "where"), [(40, 40, 0, 36), (90, 40, 1, 39)])
def test_7_luxury(cash: int, after: int, tickets: int, where: int) -> None:
    game = magie()
    at(game, P0, 36)
    game.state.players[P0].cash = cash
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == 39
    if cash < 50:
        with pytest.raises(IllegalCommand):
            game.apply(BuyLuxury(player=P0))
        play(game, DeclineLuxury(player=P0))
    else:
        play(game, BuyLuxury(player=P0))
    ps = game.state.players[P0]
    assert (ps.position, ps.cash, ps.luxuries) == (where, after, tickets)


def test_8_wages_interest_and_circuits() -> None:
    game = magie()
    notes(game, P0, 2, [LOT[22]])
    at(game, P0, 36)
    game.state.players[P0].cash = 20
    ready(game, (2, 4))
    play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert (ps.position, ps.cash, ps.circuits) == (2, 105, 1)
    assert boxes(game) == {"bank": 10, "wages": -100, "treasury": 5, "railroad": 0}


def test_9_bank_loan_security() -> None:
    game = magie()
    own(game, P0, LOT[5], LOT[6])
    assert borrowing_capacity(game, P0) == 100
    settle(game)
    play(game, BorrowFromBank(player=P0, notes=1, security=(LOT[5], LOT[6])))
    alone = magie()
    own(alone, P0, LOT[10])
    assert borrowing_capacity(alone, P0) == 0
    with pytest.raises(IllegalCommand):
        alone.apply(BorrowFromBank(player=P0, notes=1, security=(LOT[10],)))
    rich = magie()
    own(rich, P0, LOT[22])
    assert borrowing_capacity(rich, P0) == 200
    play(rich, BorrowFromBank(player=P0, notes=2, security=(LOT[22],)))
    assert rich.state.players[P0].cash == 700


def test_9_the_poorhouse() -> None:
    game = magie()
    own(game, P2, LOT[11])
    notes(game, P1, 1, [LOT[1]])  # his only lot, pledged: nothing more to borrow against
    ps = game.state.players[P1]
    ps.cash = 3
    at(game, P1, 13)
    turn_of(game, P1)
    ready(game, (2, 4), (3, 5), (3, 4), (4, 5))
    play(game, RollDice(player=P1))
    events = play(game, GoToPoorhouse(player=P1))
    (went,) = of_kind(events, WentToPoorhouse)
    assert (went.paid, went.forgiven) == (3, 8) and game.state.players[P2].cash == 503
    assert ps.in_poorhouse and ps.position == PARK
    totals = []
    for _ in range(3):
        play(game, EndTurn(player=P1))
        turn_of(game, P1)
        events = play(game, RollDice(player=P1))
        totals += [e.total for e in of_kind(events, PoorhouseThrow)]
    assert totals == [8, 15, 24]
    assert not ps.in_poorhouse and ps.position == MOTHER_EARTH and ps.cash == 95


def test_10_end_and_count() -> None:
    game = magie(rules=RuleOptions(circuits=1))
    for p in (P1, P2, P3):
        game.state.players[p].circuits = 1
    own(game, P0, LOT[3])
    notes(game, P0, 1, [LOT[22]])
    ps = game.state.players[P0]
    ps.cash, ps.luxuries = 325, 2
    at(game, P0, 35)
    ready(game, (2, 3))
    events = play(game, RollDice(player=P0))
    assert ps.position == MOTHER_EARTH and ps.cash == 420
    (over,) = of_kind(events, GameOver)
    assert dict(over.standings)[P0] == 690 == count_up(game, P0).total
    assert over.winner == P0 and game.state.winner == P0
    assert replays(game)
