"""Building: full unmortgaged groups, even steps, hotels, the bank's 32 and 12, the shortage auction."""

from __future__ import annotations

import pytest

from engine import Build, Game, IllegalCommand, PassAuction, PlaceBid, RuleOptions, SellBuilding
from engine.core.events import AuctionStarted, AuctionWon, BuildingBought, BuildingSold

from scenario import (
    ADA,
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    GRACE,
    GREEN,
    LIGHT_BLUE,
    LINUS,
    MEDITERRANEAN,
    ORANGE,
    PACIFIC,
    PARK_PLACE,
    PINK,
    RED,
    ST_CHARLES,
    STATES,
    VIRGINIA,
    YELLOW,
    build,
    cash,
    hotel,
    houses,
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


def _refused(game, cmd, code: str) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(cmd)
    assert err.value.code == code, err.value
    assert game.state == before
    assert cmd not in game.legal_commands(cmd.player)


def test_a_house_on_a_full_group_costs_the_printed_price() -> None:
    game = table()
    own(game, ADA, *DARK_BLUE)
    settle(game)
    events = play(game, Build(player=ADA, space=BOARDWALK))
    assert kinds(events) == ["building_bought"]
    assert houses(game, BOARDWALK) == 1
    assert game.state.players[ADA].cash == 1300 and game.state.bank.houses == 31
    assert replays(game)


def test_no_building_without_the_whole_group() -> None:
    game = table()
    own(game, ADA, BOARDWALK)
    settle(game)
    _refused(game, Build(player=ADA, space=BOARDWALK), "incomplete_group")


def test_no_building_while_any_lot_of_the_group_is_mortgaged() -> None:
    game = table()
    own(game, ADA, *DARK_BLUE)
    own(game, ADA, PARK_PLACE, mortgaged=True)
    settle(game)
    _refused(game, Build(player=ADA, space=BOARDWALK), "group_mortgaged")


def test_no_buildings_on_railroads_or_utilities() -> None:
    game = table()
    own(game, ADA, 5, 15, 25, 35)
    settle(game)
    _refused(game, Build(player=ADA, space=5), "not_a_street")


def test_building_is_even() -> None:
    game = table()
    own(game, ADA, *LIGHT_BLUE)
    settle(game)
    play(game, Build(player=ADA, space=6))
    _refused(game, Build(player=ADA, space=6), "uneven_building")
    play(game, Build(player=ADA, space=8), Build(player=ADA, space=9), Build(player=ADA, space=6))
    assert [houses(game, s) for s in LIGHT_BLUE] == [2, 1, 1]


def test_uneven_building_is_allowed_when_the_rule_is_off() -> None:
    game = table(rules=RuleOptions(even_building=False))
    own(game, ADA, *BROWN)
    settle(game)
    play(game, *(Build(player=ADA, space=MEDITERRANEAN) for _ in range(3)))
    assert houses(game, MEDITERRANEAN) == 3


def test_a_hotel_needs_four_houses_on_every_lot_and_returns_them_to_the_bank() -> None:
    game = table()
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=4)
    build(game, BALTIC, houses=3)
    settle(game)
    _refused(game, Build(player=ADA, space=MEDITERRANEAN), "uneven_building")
    play(game, Build(player=ADA, space=BALTIC))
    assert game.state.bank.houses == 24
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    assert of_kind(events, BuildingBought)[0].building == "hotel"
    assert hotel(game, MEDITERRANEAN) and houses(game, MEDITERRANEAN) == 0
    assert game.state.bank.houses == 28 and game.state.bank.hotels == 11
    _refused(game, Build(player=ADA, space=MEDITERRANEAN), "has_hotel")


def test_the_bank_runs_out_of_houses() -> None:
    game = table()
    own(game, ADA, *BROWN)
    own(game, GRACE, *ORANGE, *LIGHT_BLUE, 11, 13, 14, 21, 23, 24)  # pink and red too
    for s in (*ORANGE, *LIGHT_BLUE, 11, 13):
        build(game, s, houses=4)  # 32 houses on the board
    settle(game)
    assert game.state.bank.houses == 0
    _refused(game, Build(player=ADA, space=MEDITERRANEAN), "no_houses_left")


def test_hotels_run_out_too() -> None:
    game = table()
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=4)
    build(game, BALTIC, houses=4)
    game.state.bank.hotels = 0
    settle(game)
    game.state.bank.hotels = 0
    _refused(game, Build(player=ADA, space=MEDITERRANEAN), "no_hotels_left")


def test_building_needs_the_cash() -> None:
    game = table()
    own(game, ADA, *DARK_BLUE)
    cash(game, ADA, 199)
    settle(game)
    _refused(game, Build(player=ADA, space=BOARDWALK), "insufficient_funds")


def test_selling_is_even_and_pays_half() -> None:
    game = table()
    own(game, ADA, *LIGHT_BLUE)
    build(game, 6, houses=2)
    build(game, 8, houses=1)
    build(game, 9, houses=2)
    settle(game)
    _refused(game, SellBuilding(player=ADA, space=8), "uneven_building")
    events = play(game, SellBuilding(player=ADA, space=6))
    assert of_kind(events, BuildingSold)[0].amount == 25
    assert game.state.players[ADA].cash == 1525 and game.state.bank.houses == 32 - 4


def test_a_hotel_sold_back_becomes_four_houses_when_the_bank_has_them() -> None:
    game = table()
    own(game, ADA, *DARK_BLUE)
    build(game, PARK_PLACE, hotel=True)
    build(game, BOARDWALK, hotel=True)
    settle(game)
    events = play(game, SellBuilding(player=ADA, space=BOARDWALK))
    sold = of_kind(events, BuildingSold)[0]
    assert (sold.hotel_sold, sold.houses_left, sold.amount) == (True, 4, 100)
    assert houses(game, BOARDWALK) == 4 and game.state.bank.houses == 28 and game.state.bank.hotels == 11


def test_a_hotel_sold_when_the_bank_lacks_houses_brings_the_group_down_to_what_it_has() -> None:
    game = table()
    own(game, ADA, *DARK_BLUE)
    build(game, PARK_PLACE, hotel=True)
    build(game, BOARDWALK, hotel=True)
    own(game, GRACE, *ORANGE, *LIGHT_BLUE, 11, 13, 14)
    for s in (*ORANGE, *LIGHT_BLUE):
        build(game, s, houses=4)
    build(game, 11, houses=3)
    build(game, 13, houses=3)  # 30 houses out: the bank has 2
    settle(game)
    assert game.state.bank.houses == 2
    events = play(game, SellBuilding(player=ADA, space=BOARDWALK))
    assert (hotel(game, PARK_PLACE), hotel(game, BOARDWALK)) == (False, False)
    assert houses(game, PARK_PLACE) == 1 and houses(game, BOARDWALK) == 1  # the bank's 2 houses, evenly
    assert game.state.bank.houses == 0 and game.state.bank.hotels == 12
    assert sum(e.amount for e in of_kind(events, BuildingSold)) == 8 * 100
    assert game.state.players[ADA].cash == 1500 + 800


def test_short_game_hotels_come_after_three_houses() -> None:
    game = table(rules=RuleOptions(short_game=True))
    for s in game.board.deeds:
        game.state.deeds[s].owner = None
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=3)
    build(game, BALTIC, houses=3)
    settle(game)
    events = play(game, Build(player=ADA, space=BALTIC))
    assert of_kind(events, BuildingBought)[0].building == "hotel"
    assert game.state.bank.houses == 32 - 3


# --- the shortage ----------------------------------------------------------------------------------


def _shortage() -> Game:
    """Ada and Grace can both build; 1 house left in the bank; Linus has no cash to build."""
    game = table()
    cash(game, LINUS, 0)
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    own(game, LINUS, *ORANGE, *LIGHT_BLUE, *PINK)
    for s in (*ORANGE, *LIGHT_BLUE):
        build(game, s, houses=4)
    build(game, ST_CHARLES, houses=3)
    build(game, STATES, houses=2)
    build(game, VIRGINIA, houses=2)
    return settle(game)


def test_a_contested_last_house_goes_to_auction_and_the_winner_pays_the_bid() -> None:
    game = _shortage()
    assert game.state.bank.houses == 1
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    started = of_kind(events, AuctionStarted)[0]
    assert (started.lot, started.initiator) == ("house", ADA)
    assert pending(game).kind == "auction" and pending(game).player == GRACE
    play(game, PlaceBid(player=GRACE, amount=220))
    assert pending(game).player == ADA
    play(game, PlaceBid(player=ADA, amount=250))
    events = play(game, PassAuction(player=GRACE))
    assert of_kind(events, AuctionWon)[0].amount == 250
    assert houses(game, MEDITERRANEAN) == 1 and game.state.players[ADA].cash == 1250
    assert pending(game).kind == "roll" and pending(game).player == ADA  # play resumes
    assert replays(game)


def test_a_contested_house_never_sells_below_the_printed_price_of_the_lot_it_may_go_on() -> None:
    game = _shortage()
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    # Ada's brown house costs $50, but Grace would put it on Park Place or Boardwalk, at $200
    assert of_kind(events, AuctionStarted)[0].min_bid == 200
    with pytest.raises(IllegalCommand) as err:
        game.apply(PlaceBid(player=GRACE, amount=199))
    assert err.value.code == "bid_too_low"


def test_a_rival_who_wins_a_house_places_it_himself() -> None:
    game = _shortage()
    play(game, Build(player=ADA, space=MEDITERRANEAN), PlaceBid(player=GRACE, amount=200))
    play(game, PassAuction(player=ADA))
    assert (pending(game).kind, pending(game).player) == ("place_building", GRACE)
    assert game.legal_commands(GRACE) == [
        Build(player=GRACE, space=PARK_PLACE),
        Build(player=GRACE, space=BOARDWALK),
    ]
    events = play(game, Build(player=GRACE, space=PARK_PLACE))
    assert kinds(events) == ["building_placed"]
    assert game.state.players[GRACE].cash == 1300 and houses(game, PARK_PLACE) == 1
    assert houses(game, MEDITERRANEAN) == 0
    assert pending(game).kind == "roll" and pending(game).player == ADA


def test_when_no_rival_bids_the_builder_pays_the_printed_price() -> None:
    game = _shortage()
    play(game, Build(player=ADA, space=MEDITERRANEAN))
    events = play(game, PassAuction(player=GRACE))
    assert "building_auction_uncontested" in kinds(events)
    assert houses(game, MEDITERRANEAN) == 1 and game.state.players[ADA].cash == 1450


def test_no_auction_while_the_bank_can_serve_everyone() -> None:
    game = table()
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    settle(game)
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    assert kinds(events) == ["building_bought"]


def test_a_full_bank_never_auctions_the_first_house_however_many_groups_could_take_them() -> None:
    """All 32 houses in the bank and three rich players with bare groups of three: twelve houses each could
    be built, 36 in all, yet nobody has asked for more than the bank holds: the first house sells at its
    printed price, not at auction from $1."""
    game = table()
    own(game, ADA, *GREEN)
    own(game, GRACE, *RED)
    own(game, LINUS, *YELLOW)
    for p in (ADA, GRACE, LINUS):
        cash(game, p, 5000)
    settle(game)
    events = play(game, Build(player=ADA, space=PACIFIC))
    assert kinds(events) == ["building_bought"]
    assert game.state.players[ADA].cash == 5000 - 200


def test_the_last_houses_go_to_auction_once_the_bank_cannot_give_one_to_each_who_could_build() -> None:
    game = table()
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    own(game, LINUS, *ORANGE, *LIGHT_BLUE, *PINK)
    for s in (*ORANGE, *LIGHT_BLUE):
        build(game, s, houses=4)
    for s in PINK:
        build(game, s, houses=2)  # two houses left for Ada, Grace and Linus, who all could build
    settle(game)
    assert game.state.bank.houses == 2
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    started = of_kind(events, AuctionStarted)[0]
    assert started.bidders == (GRACE, LINUS, ADA)
    assert started.min_bid == 200


def test_two_builders_and_two_houses_build_freely_until_the_last_one() -> None:
    game = table()
    own(game, ADA, *BROWN)
    own(game, GRACE, *DARK_BLUE)
    cash(game, LINUS, 0)
    own(game, LINUS, *ORANGE, *LIGHT_BLUE, *PINK)
    for s in (*ORANGE, *LIGHT_BLUE):
        build(game, s, houses=4)
    for s in PINK:
        build(game, s, houses=2)
    settle(game)
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    assert kinds(events) == ["building_bought"]  # one for Ada, one left for Grace
    events = play(game, Build(player=ADA, space=BALTIC))
    assert of_kind(events, AuctionStarted)  # the last house: Grace may want it too


def test_no_auction_when_no_rival_can_build() -> None:
    game = _shortage()
    cash(game, GRACE, 100)  # cannot pay for a $200 house
    settle(game)
    assert game.state.bank.houses == 1
    events = play(game, Build(player=ADA, space=MEDITERRANEAN))
    assert kinds(events) == ["building_bought"]
