"""The Landlord's Game, 1904: lots bought or rented, owners' rents, and tokens sharing a lot (L10-L13)."""

from __future__ import annotations

import pytest

from engine import BuyLot, IllegalCommand, RentLot, RollDice
from engine.core.events import RentPaid, StoppedShort
from engine.core.state import LotChoice
from engine.queries import rent_schedule

from magie import LOT, LUXURIES, P0, P1, P2, P3, at, boxes, magie, ready
from scenario import kinds, of_kind, own, play, replays, turn_of


def test_l10_an_unowned_lot_is_bought_into_the_treasury() -> None:
    game = ready(magie(), (5, 6))  # Mother Earth to space 11, lot 6
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, LotChoice) and (pend.space, pend.rent, pend.occupant) == (LOT[6], 6, None)
    events = play(game, BuyLot(player=P0))
    assert game.state.deeds[LOT[6]].owner == P0 and game.state.players[P0].cash == 440
    assert boxes(game)["treasury"] == 60
    assert "property_bought" in kinds(events) and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]
    assert replays(game)


def test_l10_or_rented_from_it_and_the_lot_stays_for_sale() -> None:
    game = ready(magie(), (5, 6))
    play(game, RollDice(player=P0), RentLot(player=P0))
    assert game.state.deeds[LOT[6]].owner is None and game.state.players[P0].cash == 494
    assert boxes(game)["treasury"] == 6
    assert replays(game)


def test_l10_buying_needs_the_price_in_hand_renting_does_not_wait() -> None:
    game = magie()
    game.state.players[P0].cash = 59
    ready(game, (5, 6))
    play(game, RollDice(player=P0))
    with pytest.raises(IllegalCommand) as exc:
        game.apply(BuyLot(player=P0))
    assert exc.value.code == "insufficient_funds"
    assert [c.kind for c in game.legal_commands(P0) if c.kind in ("buy_lot", "rent_lot")] == ["rent_lot"]


def test_l11_an_owned_lot_charges_its_owner_rent_and_your_own_nothing() -> None:
    game = magie()
    own(game, P1, LOT[6])
    own(game, P0, LOT[7])
    ready(game, (5, 6))
    events = play(game, RollDice(player=P0))
    paid = of_kind(events, RentPaid)
    assert [(e.payer, e.owner, e.amount) for e in paid] == [(P0, P1, 6)]
    assert boxes(game)["treasury"] == 0 and game.state.pending.kind == "end_turn"  # type: ignore[union-attr]


def test_l11_landing_on_ones_own_lot_costs_nothing() -> None:
    game = magie()
    own(game, P0, LOT[6])
    ready(game, (5, 6))
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, RentPaid) and game.state.players[P0].cash == 500
    assert game.state.pending.kind == "end_turn"  # type: ignore[union-attr]


def test_l12_the_second_token_pays_the_first_half_the_rent_rounded_up() -> None:
    game = magie()
    own(game, P2, LOT[13])
    at(game, P3, LOT[13])
    at(game, P1, LOT[13] - 7)
    turn_of(game, P1)
    ready(game, (3, 4))
    events = play(game, RollDice(player=P1))
    paid = of_kind(events, RentPaid)
    assert [(e.payer, e.owner, e.amount) for e in paid] == [(P1, P3, 7)]
    assert game.state.players[P2].cash == 500  # the owner gets nothing from the second
    assert replays(game)


def test_l12_when_the_first_token_is_the_owners_the_second_pays_him_in_full() -> None:
    game = magie()
    own(game, P2, LOT[13])
    at(game, P2, LOT[13])
    at(game, P1, LOT[13] - 7)
    turn_of(game, P1)
    ready(game, (3, 4))
    events = play(game, RollDice(player=P1))
    paid = of_kind(events, RentPaid)
    assert [(e.payer, e.owner, e.amount) for e in paid] == [(P1, P2, 13)]


def test_l12_on_lot_1_the_first_gets_the_whole_dollar() -> None:
    game = magie()
    own(game, P2, LOT[1])
    at(game, P3, LOT[1])
    at(game, P1, 38)
    turn_of(game, P1)
    ready(game, (1, 2))
    events = play(game, RollDice(player=P1))
    paid = of_kind(events, RentPaid)
    assert [(e.payer, e.owner, e.amount) for e in paid] == [(P1, P3, 1)]


def test_l12_on_an_unowned_lot_the_second_rents_from_the_first_or_buys_it() -> None:
    game = magie()
    at(game, P3, LOT[6])
    ready(game, (5, 6), (5, 6))
    play(game, RollDice(player=P0))
    pend = game.state.pending
    assert isinstance(pend, LotChoice) and (pend.rent, pend.occupant) == (3, P3)
    play(game, RentLot(player=P0))
    assert game.state.players[P3].cash == 503 and boxes(game)["treasury"] == 0
    # had he bought it instead, he would pay the price and nothing to the first
    other = magie()
    at(other, P3, LOT[6])
    ready(other, (5, 6))
    play(other, RollDice(player=P0), BuyLot(player=P0))
    assert other.state.players[P3].cash == 500 and other.state.players[P0].cash == 440
    assert boxes(other)["treasury"] == 60


def test_l12_arriving_on_your_own_lot_beside_someone_costs_nothing() -> None:
    game = magie()
    own(game, P0, LOT[6])
    at(game, P3, LOT[6])
    ready(game, (5, 6))
    events = play(game, RollDice(player=P0))
    assert not of_kind(events, RentPaid) and game.state.players[P0].cash == 500


def test_l13_a_third_token_stops_a_space_short() -> None:
    game = magie()
    at(game, P1, LOT[13])
    at(game, P3, LOT[13])
    at(game, P0, 15)
    ready(game, (3, 5))
    events = play(game, RollDice(player=P0))
    assert of_kind(events, StoppedShort)[0].to_space == LUXURIES[1]
    assert game.state.players[P0].position == LUXURIES[1]
    assert game.state.pending.kind == "luxury"  # type: ignore[union-attr]
    assert replays(game)


def test_l13_the_space_before_is_resolved_as_any_stop() -> None:
    """Lot 14 is full, so P0 stops on lot 13, where one token stands: he rents it from that player or
    buys it. (A second full lot just before would take five players; the table holds four.)"""
    game = magie()
    at(game, P1, LOT[14])
    at(game, P2, LOT[14])
    at(game, P3, LOT[13])
    at(game, P0, 18)
    ready(game, (3, 3))
    events = play(game, RollDice(player=P0))
    assert of_kind(events, StoppedShort)[0].to_space == LOT[13]
    pend = game.state.pending
    assert isinstance(pend, LotChoice) and pend.space == LOT[13] and pend.occupant == P3


def test_the_deed_card_of_a_lot_shows_its_rent_to_the_owner_or_the_treasury() -> None:
    game = magie()
    rows = rent_schedule(game, LOT[6])
    assert [(str(r.label), str(r.amount), r.current) for r in rows] == [
        ("To the owner", "$6", False),
        ("To the Public Treasury", "$6", True),
    ]
    own(game, P1, LOT[6])
    assert [r.current for r in rent_schedule(game, LOT[6])] == [True, False]
