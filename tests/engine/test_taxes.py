"""Taxes: the classic choice made before totalling, modern flat figures, Darrow's $300 and mortgages."""

from __future__ import annotations

import pytest

from engine import ChooseIncomeTax, IllegalCommand, RollDice, RuleOptions
from engine.core.events import TaxPaid

from scenario import (
    ADA,
    BOARDWALK,
    BROWN,
    FREE_PARKING,
    INCOME_TAX,
    LUXURY_TAX,
    MEDITERRANEAN,
    build,
    dice,
    kinds,
    of_kind,
    own,
    place,
    play,
    settle,
    table,
)


def _at_income_tax(edition: str = "classic", rules: RuleOptions | None = None, start: int = 0, d=(1, 3)):  # type: ignore[no-untyped-def]
    game = table(edition=edition, rules=rules)
    own(game, ADA, BOARDWALK)
    own(game, ADA, *BROWN)
    build(game, MEDITERRANEAN, houses=1)
    place(game, ADA, start)
    dice(game, d)
    settle(game)
    play(game, RollDice(player=ADA))
    return game


def test_classic_income_tax_asks_for_the_choice_before_any_total() -> None:
    game = _at_income_tax()
    assert (game.state.pending.kind, game.state.players[ADA].position) == ("income_tax", INCOME_TAX)
    assert game.state.players[ADA].cash == 1500  # nothing paid before choosing


def test_classic_flat_option_pays_200() -> None:
    game = _at_income_tax()
    events = play(game, ChooseIncomeTax(player=ADA, option="flat"))
    assert of_kind(events, TaxPaid)[0].amount == 200
    assert game.state.players[ADA].cash == 1300


def test_classic_percent_option_pays_ten_percent_of_worth_at_printed_prices() -> None:
    game = _at_income_tax()
    # cash 1500 + Boardwalk 400 + Mediterranean 60 + Baltic 60 + one house 50 = 2070 -> 207
    play(game, ChooseIncomeTax(player=ADA, option="percent"))
    assert game.state.players[ADA].cash == 1500 - 207


def test_mortgaged_deeds_count_at_their_printed_price_in_classic_worth() -> None:
    game = table()
    own(game, ADA, BOARDWALK, mortgaged=True)
    dice(game, (1, 3))
    settle(game)
    play(game, RollDice(player=ADA), ChooseIncomeTax(player=ADA, option="percent"))
    assert game.state.players[ADA].cash == 1500 - 190


def test_luxury_tax_is_75_in_classic_and_100_in_modern() -> None:
    for edition, amount in (("classic", 75), ("modern", 100)):
        game = table(edition=edition)
        place(game, ADA, 35)
        dice(game, (1, 2))
        settle(game)
        events = play(game, RollDice(player=ADA))
        assert game.state.players[ADA].position == LUXURY_TAX
        assert of_kind(events, TaxPaid)[0].amount == amount


def test_modern_income_tax_is_a_flat_200_without_choice() -> None:
    game = _at_income_tax("modern")
    assert game.state.players[ADA].cash == 1300 and game.state.pending.kind == "end_turn"


def test_the_short_game_uses_the_flat_income_tax() -> None:
    game = table(rules=RuleOptions(short_game=True))
    for s in game.board.deeds:
        game.state.deeds[s].owner = None
    dice(game, (1, 3))
    settle(game)
    play(game, RollDice(player=ADA))
    assert game.state.players[ADA].cash == 1300


def test_darrow_income_tax_is_300_or_ten_percent_at_mortgage_values() -> None:
    game = _at_income_tax("darrow-1935")
    with pytest.raises(IllegalCommand):
        game.apply(ChooseIncomeTax(player=ADA + 1, option="flat"))
    play(game, ChooseIncomeTax(player=ADA, option="flat"))
    assert game.state.players[ADA].cash == 1200
    game = _at_income_tax("darrow-1935")
    # cash 1500 + mortgage values 200 + 30 + 30 + one house 50 = 1810 -> 181
    play(game, ChooseIncomeTax(player=ADA, option="percent"))
    assert game.state.players[ADA].cash == 1500 - 181


def test_darrow_counts_the_salary_of_the_same_move_in_worth() -> None:
    game = _at_income_tax("darrow-1935", start=38, d=(3, 3))  # 38 -> past GO -> 4: the $200 is in hand
    assert game.state.players[ADA].cash == 1700
    play(game, ChooseIncomeTax(player=ADA, option="percent"))
    # 1700 + 200 + 30 + 30 + 50 = 2010 -> 201
    assert game.state.players[ADA].cash == 1700 - 201


def test_taxes_go_to_the_bank_unless_the_free_parking_pot_is_played() -> None:
    game = _at_income_tax()
    play(game, ChooseIncomeTax(player=ADA, option="flat"))
    assert game.state.pot == 0
    game = _at_income_tax(rules=RuleOptions(free_parking_pot=True))
    play(game, ChooseIncomeTax(player=ADA, option="flat"))
    assert game.state.pot == 200


def test_free_parking_pays_out_the_pot() -> None:
    game = table(rules=RuleOptions(free_parking_pot=True))
    game.state.pot = 350
    place(game, ADA, 14)
    dice(game, (2, 4))
    settle(game)
    events = play(game, RollDice(player=ADA))
    assert game.state.players[ADA].position == FREE_PARKING
    assert "pot_collected" in kinds(events)
    assert game.state.players[ADA].cash == 1850 and game.state.pot == 0
