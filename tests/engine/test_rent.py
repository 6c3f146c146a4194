"""Rent: the ladder, double rent on a full group, mortgages, railroads, utilities, the two nearest-cards."""

from __future__ import annotations

from engine import RollDice, RuleOptions
from engine.core.events import DebtIncurred, DiceRolled, RentPaid

from scenario import (
    ADA,
    BALTIC,
    BO_RR,
    BOARDWALK,
    BROWN,
    ELECTRIC,
    GRACE,
    KENTUCKY,
    MEDITERRANEAN,
    PARK_PLACE,
    PENNSYLVANIA_RR,
    RAILROADS,
    READING,
    RED,
    SHORT_LINE,
    TENNESSEE,
    WATER_WORKS,
    build,
    cash,
    dice,
    jail,
    of_kind,
    own,
    place,
    play,
    replays,
    settle,
    table,
    top_card,
)


def _land(game, start: int, d: tuple[int, int], *more: tuple[int, int]):  # type: ignore[no-untyped-def]
    """Grace rolls `d` from `start`; `more` are the throws after that one."""
    place(game, GRACE, start)
    dice(game, d, *more)
    game.state.current = GRACE
    from engine.core.state import awaiting_roll

    game.state.pending = awaiting_roll(GRACE)
    settle(game)
    return play(game, RollDice(player=GRACE))


def _rent(events) -> int:  # type: ignore[no-untyped-def]
    paid = of_kind(events, RentPaid)
    return sum(e.amount for e in paid)


def test_base_rent_goes_to_the_owner() -> None:
    game = table()
    own(game, ADA, KENTUCKY)
    events = _land(game, 15, (3, 3))
    assert _rent(events) == 18
    assert game.state.players[GRACE].cash == 1500 - 18 and game.state.players[ADA].cash == 1500 + 18
    assert replays(game)


def test_a_full_group_doubles_the_rent_on_unimproved_lots() -> None:
    game = table()
    own(game, ADA, *RED)
    assert _rent(_land(game, 15, (3, 3))) == 36


def test_double_rent_holds_when_another_lot_of_the_group_is_mortgaged() -> None:
    game = table()
    own(game, ADA, *RED)
    own(game, ADA, 24, mortgaged=True)
    assert _rent(_land(game, 15, (3, 3))) == 36


def test_double_rent_holds_on_an_unimproved_lot_beside_built_ones() -> None:
    game = table()
    own(game, ADA, *BROWN)
    build(game, BALTIC, houses=1)
    events = _land(game, 35, (3, 3))  # 35 -> 1 (Mediterranean, unimproved)
    assert _rent(events) == 4


def test_no_rent_on_a_mortgaged_deed() -> None:
    game = table()
    own(game, ADA, KENTUCKY, mortgaged=True)
    assert _rent(_land(game, 15, (3, 3))) == 0


def test_houses_and_hotels_follow_the_ladder() -> None:
    for houses, expected in ((1, 70), (2, 200), (3, 550), (4, 750)):
        game = table()
        own(game, ADA, 16, 18, 19)
        for s in (16, 18, 19):
            build(game, s, houses=houses)
        assert _rent(_land(game, 12, (3, 3))) == expected  # 12 -> 18 Tennessee
    game = table()
    own(game, ADA, 16, 18, 19)
    for s in (16, 18, 19):
        build(game, s, hotel=True)
    events = _land(game, 12, (3, 3))
    assert _rent(events) == 950
    assert of_kind(events, RentPaid)[0].detail == "with a hotel"
    assert TENNESSEE == 18


def test_railroads_pay_by_the_number_owned_mortgaged_ones_counting() -> None:
    for owned, expected in ((1, 25), (2, 50), (3, 100), (4, 200)):
        game = table()
        own(game, ADA, *RAILROADS[:owned])
        assert _rent(_land(game, 2, (1, 2))) == expected  # 2 -> 5 Reading
    game = table()
    own(game, ADA, *RAILROADS)
    own(game, ADA, SHORT_LINE, PENNSYLVANIA_RR, mortgaged=True)
    assert _rent(_land(game, 2, (1, 2))) == 200


def test_utilities_pay_four_or_ten_times_the_dice() -> None:
    game = table()
    own(game, ADA, ELECTRIC)
    assert _rent(_land(game, 7, (2, 3))) == 20
    game = table()
    own(game, ADA, ELECTRIC, WATER_WORKS)
    assert _rent(_land(game, 7, (2, 3))) == 50


def test_nearest_railroad_card_pays_twice_the_rent() -> None:
    game = table()
    own(game, ADA, READING, BO_RR)  # two railroads: $50, twice is $100
    top_card(game, "chance", "nearest_railroad_1")
    events = _land(game, 17, (2, 3))  # 17 -> 22 (Chance) -> B&O at 25
    assert game.state.players[GRACE].position == 25
    assert _rent(events) == 100


def test_nearest_railroad_card_on_a_mortgaged_railroad_pays_nothing() -> None:
    game = table()
    own(game, ADA, BO_RR, mortgaged=True)
    top_card(game, "chance", "nearest_railroad_1")
    assert _rent(_land(game, 17, (2, 3))) == 0


def test_nearest_railroad_card_on_an_unowned_railroad_offers_it() -> None:
    game = table()
    top_card(game, "chance", "nearest_railroad_2")
    _land(game, 17, (2, 3))
    assert (game.state.pending.kind, game.state.pending.space) == ("buy", 25)  # type: ignore[union-attr]


def test_nearest_utility_card_pays_ten_times_a_fresh_throw_even_with_one_utility() -> None:
    game = table()
    own(game, ADA, WATER_WORKS)
    top_card(game, "chance", "nearest_utility")
    events = _land(game, 17, (2, 3), (5, 1))  # 17 -> 22 -> Water Works (28); then the fresh throw
    assert game.state.players[GRACE].position == 28
    throws = of_kind(events, DiceRolled)
    assert [t.purpose for t in throws] == ["move", "utility_rent"]
    assert _rent(events) == 60


def test_no_rent_on_your_own_deed() -> None:
    game = table()
    own(game, GRACE, KENTUCKY)
    assert _rent(_land(game, 15, (3, 3))) == 0


def test_an_owner_in_jail_still_collects_rent() -> None:
    game = table()
    own(game, ADA, BOARDWALK, PARK_PLACE)
    jail(game, ADA)
    assert _rent(_land(game, 34, (3, 2))) == 100


def test_house_rule_no_rent_while_in_jail() -> None:
    game = table(rules=RuleOptions(rent_in_jail=False))
    own(game, ADA, BOARDWALK, PARK_PLACE)
    jail(game, ADA)
    assert _rent(_land(game, 34, (3, 2))) == 0


def test_rent_beyond_the_visitors_cash_becomes_a_debt_to_the_owner() -> None:
    game = table()
    own(game, ADA, MEDITERRANEAN, BALTIC)
    build(game, MEDITERRANEAN, hotel=True)
    build(game, BALTIC, hotel=True)
    cash(game, GRACE, 10)
    events = _land(game, 35, (3, 3))  # past GO (+$200) onto Mediterranean with a hotel: $250
    debt = game.state.pending
    assert debt is not None and debt.kind == "debt" and debt.player == GRACE
    assert (debt.creditor, debt.amount) == (ADA, 250)
    assert of_kind(events, DebtIncurred)
