"""The Landlord's Game, 1904: the spaces other than lots, jail, the railroads and wages (L14-L23)."""

from __future__ import annotations

import pytest

from engine import (
    BuyLuxury,
    ChooseRoute,
    DeclineLuxury,
    EndTurn,
    Game,
    IllegalCommand,
    PayJailFine,
    RentLot,
    RollDice,
)
from engine.core.events import AwardReceived, FeePaid, MoveLost, PaidIntoBox, PassedGo, SentToJail
from engine.core.state import LuxuryOffer, RouteChoice

from magie import (
    BLUEBLOOD,
    BREAD,
    CLOTHING,
    COAL,
    LEGACY,
    LIGHT,
    LOT,
    LUXURIES,
    NO_TRESPASSING,
    P0,
    P1,
    PARK,
    RAILROADS,
    SHELTER,
    WATER,
    at,
    boxes,
    magie,
    notes,
    ready,
)
from scenario import kinds, of_kind, pending, play, replays, turn_of


@pytest.mark.parametrize("space", [BREAD, COAL, SHELTER, CLOTHING])
def test_l14_an_absolute_necessity_costs_5_into_the_treasury(space: int) -> None:
    game = magie()
    start = (space - 4) % 40
    at(game, P0, start)
    ready(game, (1, 3))
    events = play(game, RollDice(player=P0))
    paid = of_kind(events, PaidIntoBox)
    assert [(e.box, e.amount) for e in paid] == [("treasury", 5)]
    assert game.state.players[P0].cash == 500 + (100 if space == BREAD else 0) - 5
    assert game.state.pending.kind == "end_turn"  # type: ignore[union-attr]


@pytest.mark.parametrize("space", [NO_TRESPASSING, BLUEBLOOD])
def test_l15_no_trespassing_sends_you_to_jail_without_wages(space: int) -> None:
    game = magie()
    at(game, P0, space - 4)
    ready(game, (1, 3))
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert ps.in_jail and ps.position == COAL and ps.cash == 500
    assert of_kind(events, SentToJail)[0].space == space
    assert "passed_go" not in kinds(events)


def _jailed(game_pairs: tuple[tuple[int, int], ...]) -> Game:
    game = magie()
    ps = game.state.players[P0]
    ps.position, ps.in_jail = COAL, True
    return ready(game, *game_pairs)


def test_l16_a_double_lets_you_out_and_you_move_from_coal_without_its_tax() -> None:
    game = _jailed(((2, 5), (2, 2)))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].in_jail and pending(game).kind == "end_turn"
    play(game, EndTurn(player=P0))
    for p in (1, 2, 3):
        turn_of(game, p)
    turn_of(game, P0)
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert not ps.in_jail and ps.position == LOT[8]
    assert "left_jail" in kinds(events) and not of_kind(events, PaidIntoBox)


def test_l16_the_fine_goes_to_the_treasury_before_any_throw_and_there_is_no_limit() -> None:
    game = _jailed(((1, 2),) * 8 + ((2, 5),))
    for _ in range(8):
        turn_of(game, P0)
        play(game, RollDice(player=P0))
        assert game.state.players[P0].in_jail
    turn_of(game, P0)
    assert PayJailFine(player=P0) in game.legal_commands(P0)
    play(game, PayJailFine(player=P0), RollDice(player=P0))
    ps = game.state.players[P0]
    assert not ps.in_jail and ps.position == SHELTER and boxes(game)["treasury"] == 50 + 5  # fine, tax
    assert game.state.pending is not None


def test_l16_a_jailed_player_still_collects_his_rent() -> None:
    game = magie()
    game.state.deeds[LOT[6]].owner = P0
    ps = game.state.players[P0]
    ps.position, ps.in_jail = COAL, True
    turn_of(game, P1)
    ready(game, (5, 6))
    play(game, RollDice(player=P1))
    assert game.state.players[P0].cash == 506


def test_l17_a_railroad_stopped_on_charges_a_5_fare_into_its_box() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (1, 2))
    events = play(game, RollDice(player=P0))
    assert [(e.box, e.amount) for e in of_kind(events, PaidIntoBox)] == [("railroad", 5)]
    assert game.state.players[P0].position == RAILROADS[1] and game.state.deeds.get(RAILROADS[1]) is None


def test_l18_a_double_passing_a_railroad_offers_a_free_ride_to_any_other() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, RouteChoice)
    assert (pend.at, pend.options, pend.steps) == (15, (15, 25, 35, 5), 3)
    events = play(game, ChooseRoute(player=P0, space=35))
    assert game.state.players[P0].position == LOT[22]
    assert not of_kind(events, PaidIntoBox)  # no fare for a ride
    assert replays(game)


def test_l18_riding_past_mother_earth_pays_the_wages() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3))
    play(game, RollDice(player=P0))
    events = play(game, ChooseRoute(player=P0, space=5))
    assert game.state.players[P0].position == LUXURIES[0]
    assert [e.salary for e in of_kind(events, PassedGo)] == [100]
    assert game.state.players[P0].circuits == 1


def test_l18_staying_goes_on_by_the_throw_and_stopping_on_a_railroad_gives_no_ride() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (3, 3), (2, 2))
    play(game, RollDice(player=P0), ChooseRoute(player=P0, space=15))
    assert game.state.players[P0].position == LOT[10]
    play(game, RentLot(player=P0), EndTurn(player=P0))
    at(game, 1, 21)
    turn_of(game, 1)
    events = play(game, RollDice(player=1))  # a double that stops on the railroad at 25
    assert game.state.players[1].position == 25 and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]
    assert [e.amount for e in of_kind(events, PaidIntoBox)] == [5]


def test_l18_no_ride_without_a_double() -> None:
    game = magie()
    at(game, P0, 12)
    ready(game, (2, 4))
    play(game, RollDice(player=P0))
    assert game.state.players[P0].position == LOT[10]
    assert game.state.pending.kind == "rent_or_buy"  # type: ignore[union-attr]


def test_l19_a_luxury_bought_costs_50_and_gives_a_ticket() -> None:
    game = magie()
    at(game, P0, 36)
    game.state.players[P0].cash = 90
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, LuxuryOffer) and (pend.space, pend.price, pend.back_to) == (39, 50, 36)
    play(game, BuyLuxury(player=P0))
    ps = game.state.players[P0]
    assert (ps.cash, ps.luxuries, ps.position) == (40, 1, 39) and boxes(game)["treasury"] == 50


def test_l19_declining_loses_the_move_and_cannot_afford_means_declining() -> None:
    game = magie()
    at(game, P0, 36)
    game.state.players[P0].cash = 40
    ready(game, (1, 2))
    play(game, RollDice(player=P0))
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BuyLuxury(player=P0))
    assert exc.value.code == "insufficient_funds"
    events = play(game, DeclineLuxury(player=P0))
    ps = game.state.players[P0]
    assert (ps.position, ps.cash, ps.luxuries) == (36, 40, 0)
    assert of_kind(events, MoveLost)[0].to_space == 36
    assert game.state.pending.kind == "end_turn"  # type: ignore[union-attr]


def test_l19_a_move_lost_gives_back_its_wages_its_circuit_and_owes_no_interest() -> None:
    game = magie()
    notes(game, P0, 1, [LOT[22]])
    at(game, P0, 36)
    ready(game, (6, 6))  # passes Mother Earth and the railroad at 5 (a double): no ride, on to Luxury 8
    play(game, RollDice(player=P0))
    play(game, ChooseRoute(player=P0, space=5))
    assert game.state.players[P0].position == LUXURIES[0]
    assert game.state.players[P0].cash == 600 and game.state.players[P0].circuits == 1
    events = play(game, DeclineLuxury(player=P0))
    ps = game.state.players[P0]
    assert (ps.position, ps.cash, ps.circuits) == (36, 500, 0)
    assert boxes(game)["wages"] == 0 and boxes(game)["bank"] == 0  # no interest either
    assert of_kind(events, MoveLost)[0].wages == 100
    assert replays(game)


@pytest.mark.parametrize("franchise", [LIGHT, WATER])
def test_l20_a_franchise_goes_free_to_the_first_and_tolls_the_others(franchise: int) -> None:
    game = magie()
    at(game, P0, franchise - 3)
    at(game, P1, franchise - 3)
    ready(game, (1, 2), (1, 2), (1, 2))
    events = play(game, RollDice(player=P0), EndTurn(player=P0))
    assert game.state.charters == {franchise: P0} and "franchise_claimed" in kinds(events)
    assert game.state.players[P0].cash == 500
    events = play(game, RollDice(player=P1))
    assert [(e.payer, e.payee, e.amount) for e in of_kind(events, FeePaid)] == [(P1, P0, 5)]
    play(game, EndTurn(player=P1))
    at(game, P0, franchise - 3)
    turn_of(game, P0)
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, FeePaid) and game.state.players[P0].cash == 505


def test_l21_the_public_park_costs_nothing() -> None:
    game = magie()
    at(game, P0, PARK - 3)
    ready(game, (1, 2))
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == 500 and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]
    assert not of_kind(events, PaidIntoBox)


def test_l22_the_legacy_pays_100_and_a_ticket() -> None:
    game = magie()
    at(game, P0, LEGACY - 3)
    ready(game, (1, 2))
    events = play(game, RollDice(player=P0))
    ps = game.state.players[P0]
    assert (ps.cash, ps.legacies) == (600, 1) and boxes(game)["bank"] == -100
    assert of_kind(events, AwardReceived)[0].amount == 100


def test_l8_l23_reaching_or_passing_mother_earth_pays_100_wages_and_ticks_a_circuit() -> None:
    game = magie()
    at(game, P0, 36)
    at(game, P1, 35)
    ready(game, (1, 3), (2, 4))
    events = play(game, RollDice(player=P0))
    assert [(e.salary, e.landed) for e in of_kind(events, PassedGo)] == [(100, True)]
    assert game.state.players[P0].circuits == 1 and boxes(game)["wages"] == -100
    play(game, EndTurn(player=P0))
    events = play(game, RollDice(player=P1))
    assert [(e.salary, e.landed) for e in of_kind(events, PassedGo)] == [(100, False)]


def test_a8_leaving_mother_earth_at_the_start_earns_nothing() -> None:
    game = ready(magie(), (2, 3))
    events = play(game, RollDice(player=P0))
    assert "passed_go" not in kinds(events) and game.state.players[P0].circuits == 0


def test_l23_interest_of_5_a_note_is_paid_at_the_wages() -> None:
    game = magie()
    notes(game, P0, 2, [LOT[21], LOT[22]])
    at(game, P0, 36)
    ready(game, (1, 3))
    events = play(game, RollDice(player=P0))
    assert game.state.players[P0].cash == 590 and boxes(game)["bank"] == 10
    assert [e.reason for e in of_kind(events, PaidIntoBox)] == ["interest on 2 notes"]
