"""The events name the rule that made them: the deed's rent, a card's own terms, the way to jail, the
variant's flat tax, a given throw. Scenarios with scripted dice."""

from __future__ import annotations

from engine import RollDice, RuleOptions
from engine.core.events import PaidToBank, RentPaid, SentToJail, TaxPaid
from engine.rules.rent import rent_rule

from scenario import (
    ADA,
    BOARDWALK,
    CHANCE1,
    GRACE,
    INCOME_TAX,
    PARK_PLACE,
    RAILROADS,
    READING,
    VERMONT,
    dice,
    of_kind,
    own,
    place,
    play,
    settle,
    table,
    top_card,
)


def test_rent_names_the_deeds_rule_that_sets_it() -> None:
    game = table()
    own(game, GRACE, PARK_PLACE, BOARDWALK)
    place(game, ADA, PARK_PLACE - 3)
    settle(game)
    dice(game, (1, 2))
    paid = of_kind(play(game, RollDice(player=ADA)), RentPaid)
    assert [(e.amount, e.rule) for e in paid] == [(70, "rent.full_group")]
    game.state.deeds[BOARDWALK].owner = None
    assert rent_rule(game, PARK_PLACE) == "rent.printed"
    game.state.deeds[BOARDWALK].owner = GRACE
    game.state.deeds[PARK_PLACE].level = 2
    assert rent_rule(game, PARK_PLACE) == "rent.buildings"
    assert rent_rule(game, READING, multiplier=2) == "cards.nearest_railroad"


def test_a_card_that_sends_you_to_the_nearest_railroad_names_its_own_terms() -> None:
    game = table()
    own(game, GRACE, *RAILROADS[:2])
    place(game, ADA, CHANCE1 - 2)
    top_card(game, "chance", "nearest_railroad_1")
    settle(game)
    dice(game, (1, 1), (6, 6))
    events = play(game, RollDice(player=ADA))
    rent = of_kind(events, RentPaid)
    assert [(e.amount, e.rule) for e in rent] == [(100, "cards.nearest_railroad")]
    assert [e.rule for e in events if e.kind == "card_drawn"] == ["cards.draw"]


def test_the_way_to_jail_is_named_by_what_sent_you() -> None:
    game = table()
    settle(game)
    dice(game, (5, 5), (5, 5), (1, 1))  # Jail (visiting), Free Parking, then the third double
    events = play(game, RollDice(player=ADA), RollDice(player=ADA), RollDice(player=ADA))
    assert [e.rule for e in of_kind(events, SentToJail)] == ["turn.three_doubles"]
    assert [e.rule for e in events if e.kind == "dice_rolled"] == ["turn.doubles"] * 3


def test_income_tax_in_the_short_game_is_the_variants_flat_tax() -> None:
    game = table(rules=RuleOptions(short_game=True))
    place(game, ADA, INCOME_TAX - 3)
    settle(game)
    dice(game, (1, 2))
    taxes = of_kind(play(game, RollDice(player=ADA)), TaxPaid)
    assert [(e.amount, e.rule) for e in taxes] == [(200, "tax.short_game")]


def test_a_card_payment_names_the_card_rule() -> None:
    game = table()
    place(game, ADA, CHANCE1 - 3)
    top_card(game, "chance", "poor_tax")
    settle(game)
    dice(game, (1, 2))
    paid = of_kind(play(game, RollDice(player=ADA)), PaidToBank)
    assert [(e.amount, e.rule) for e in paid] == [(15, "cards.draw")]


def test_a_debt_keeps_the_rule_of_the_rent_it_is_for() -> None:
    game = table()
    own(game, GRACE, VERMONT)
    game.state.deeds[VERMONT].level = 4
    game.state.players[ADA].cash = 100
    place(game, ADA, VERMONT - 3)
    settle(game)
    dice(game, (1, 2))
    play(game, RollDice(player=ADA))
    debt = game.state.pending
    assert debt is not None and debt.kind == "debt" and debt.charge.rule == "rent.buildings"
