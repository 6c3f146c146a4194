"""The fleece suite: lopsided offers a player might try on a bot. `normal`, `hard` and `expert` refuse every
one, and say why in a line the other side can read.

Seat 0 is the bot; seat 1 makes the offer. Each case sets up the table, then the offer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine import Bundle, RejectTrade

from positions import (
    ATLANTIC,
    B_AND_O,
    BALTIC,
    BOARDWALK,
    CONNECTICUT,
    ELECTRIC,
    ILLINOIS,
    INDIANA,
    KENTUCKY,
    MARVIN,
    MEDITERRANEAN,
    NEW_YORK,
    NORTH_CAROLINA,
    ORIENTAL,
    PACIFIC,
    PARK_PLACE,
    PENNSYLVANIA_AVE,
    PENNSYLVANIA_RR,
    READING,
    SHORT_LINE,
    ST_CHARLES,
    ST_JAMES,
    STATES,
    TENNESSEE,
    VENTNOR,
    VERMONT,
    VIRGINIA,
    WATER_WORKS,
    ask,
    bot,
    offer,
    table,
)


@dataclass(frozen=True)
class Case:
    what: str
    bot_holds: tuple[int, ...]
    they_hold: tuple[int, ...]
    give: Bundle  # what the proposer offers
    take: Bundle  # what the proposer asks of the bot
    mortgaged: tuple[int, ...] = ()
    their_cards: int = 0
    bot_cash: int = 1500
    their_cash: int = 1500
    others: dict[int, tuple[int, ...]] = field(default_factory=dict)


def deeds(*spaces: int) -> Bundle:
    return Bundle(deeds=spaces)


def cash(amount: int) -> Bundle:
    return Bundle(cash=amount)


CASES = [
    # a deed that completes the proposer's group, for too little
    Case(
        "orange-completing lot for a utility",
        (NEW_YORK,),
        (ST_JAMES, TENNESSEE, ELECTRIC),
        deeds(ELECTRIC),
        deeds(NEW_YORK),
    ),
    Case("orange-completing lot for $100", (NEW_YORK,), (ST_JAMES, TENNESSEE), cash(100), deeds(NEW_YORK)),
    Case(
        "orange-completing lot for its printed price and a bit",
        (NEW_YORK,),
        (ST_JAMES, TENNESSEE),
        cash(300),
        deeds(NEW_YORK),
    ),
    Case(
        "orange-completing lot for two cheap deeds",
        (NEW_YORK,),
        (ST_JAMES, TENNESSEE, MEDITERRANEAN, ORIENTAL),
        deeds(MEDITERRANEAN, ORIENTAL),
        deeds(NEW_YORK),
    ),
    Case(
        "orange-completing lot for a railroad",
        (NEW_YORK,),
        (ST_JAMES, TENNESSEE, READING),
        deeds(READING),
        deeds(NEW_YORK),
    ),
    Case(
        "orange-completing lot for a jail card",
        (NEW_YORK,),
        (ST_JAMES, TENNESSEE),
        Bundle(jail_cards=1),
        deeds(NEW_YORK),
        their_cards=1,
    ),
    Case(
        "Boardwalk to complete dark blue, for $450", (BOARDWALK,), (PARK_PLACE,), cash(450), deeds(BOARDWALK)
    ),
    Case(
        "Boardwalk to complete dark blue, for a railroad and a utility",
        (BOARDWALK,),
        (PARK_PLACE, READING, ELECTRIC),
        deeds(READING, ELECTRIC),
        deeds(BOARDWALK),
    ),
    Case(
        "the fourth railroad for $250",
        (SHORT_LINE,),
        (READING, PENNSYLVANIA_RR, B_AND_O),
        cash(250),
        deeds(SHORT_LINE),
    ),
    Case(
        "red-completing lot for two light blues and $50",
        (KENTUCKY,),
        (INDIANA, ILLINOIS, ORIENTAL, VERMONT),
        Bundle(cash=50, deeds=(ORIENTAL, VERMONT)),
        deeds(KENTUCKY),
    ),
    Case(
        "green-completing lot for $400",
        (PENNSYLVANIA_AVE,),
        (PACIFIC, NORTH_CAROLINA),
        cash(400),
        deeds(PENNSYLVANIA_AVE),
    ),
    Case(
        "yellow-completing lot for Mediterranean",
        (MARVIN,),
        (ATLANTIC, VENTNOR, MEDITERRANEAN),
        deeds(MEDITERRANEAN),
        deeds(MARVIN),
    ),
    Case(
        "light-blue-completing lot for $130",
        (CONNECTICUT,),
        (ORIENTAL, VERMONT),
        cash(130),
        deeds(CONNECTICUT),
    ),
    Case("pink-completing lot for its price", (VIRGINIA,), (ST_CHARLES, STATES), cash(160), deeds(VIRGINIA)),
    Case(
        "a complete group for brown in return",
        (MEDITERRANEAN, BOARDWALK),
        (BALTIC, PARK_PLACE),
        deeds(BALTIC),
        deeds(BOARDWALK),
    ),
    Case(
        "the bot's whole orange group for $900",
        (ST_JAMES, TENNESSEE, NEW_YORK),
        (),
        cash(900),
        deeds(ST_JAMES, TENNESSEE, NEW_YORK),
    ),
    Case(
        "the bot's dark blue pair for $800",
        (PARK_PLACE, BOARDWALK),
        (),
        cash(800),
        deeds(PARK_PLACE, BOARDWALK),
    ),
    # cash far below value
    Case("Boardwalk for $20", (BOARDWALK,), (), cash(20), deeds(BOARDWALK)),
    Case("Illinois for $100", (ILLINOIS,), (), cash(100), deeds(ILLINOIS)),
    Case("a railroad for $50", (READING,), (), cash(50), deeds(READING)),
    Case("a deed for nothing at all", (VENTNOR,), (), Bundle(), deeds(VENTNOR)),
    Case("$500 of the bot's cash for nothing", (), (), Bundle(), cash(500)),
    Case("$100 for $200", (), (), cash(100), cash(200)),
    Case(
        "Mediterranean for Boardwalk", (BOARDWALK,), (MEDITERRANEAN,), deeds(MEDITERRANEAN), deeds(BOARDWALK)
    ),
    Case(
        "two cheap deeds for Illinois",
        (ILLINOIS,),
        (MEDITERRANEAN, ORIENTAL),
        deeds(MEDITERRANEAN, ORIENTAL),
        deeds(ILLINOIS),
    ),
    # jail cards
    Case("a jail card for a railroad", (B_AND_O,), (), Bundle(jail_cards=1), deeds(B_AND_O), their_cards=1),
    Case("a jail card for $200", (), (), Bundle(jail_cards=1), cash(200), their_cards=1),
    Case(
        "a jail card and $20 for Kentucky",
        (KENTUCKY,),
        (),
        Bundle(cash=20, jail_cards=1),
        deeds(KENTUCKY),
        their_cards=1,
    ),
    # mortgaged deeds at face value
    Case(
        "a mortgaged deed at its face value",
        (),
        (KENTUCKY,),
        deeds(KENTUCKY),
        cash(220),
        mortgaged=(KENTUCKY,),
    ),
    Case(
        "a mortgaged railroad for a clear one",
        (READING,),
        (SHORT_LINE,),
        deeds(SHORT_LINE),
        deeds(READING),
        mortgaged=(SHORT_LINE,),
    ),
    Case(
        "two mortgaged utilities for Pennsylvania Avenue",
        (PENNSYLVANIA_AVE,),
        (ELECTRIC, WATER_WORKS),
        deeds(ELECTRIC, WATER_WORKS),
        deeds(PENNSYLVANIA_AVE),
        mortgaged=(ELECTRIC, WATER_WORKS),
    ),
    # breaking up the bot's own plans
    Case(
        "one of the bot's two oranges for its price", (ST_JAMES, TENNESSEE), (), cash(180), deeds(TENNESSEE)
    ),
    Case(
        "one of the bot's three railroads for $250",
        (READING, PENNSYLVANIA_RR, B_AND_O),
        (),
        cash(250),
        deeds(B_AND_O),
    ),
    Case(
        "a red lot from the bot's pair, to the holder of the third",
        (KENTUCKY, INDIANA),
        (ILLINOIS,),
        cash(300),
        deeds(INDIANA),
    ),
    Case("the second utility for $80", (ELECTRIC,), (WATER_WORKS,), cash(80), deeds(ELECTRIC)),
    Case(
        "a cash-poor bot asked for most of its cash",
        (),
        (MEDITERRANEAN,),
        deeds(MEDITERRANEAN),
        cash(150),
        bot_cash=200,
    ),
]


def test_the_suite_is_thorough() -> None:
    assert len(CASES) >= 30
    assert len({c.what for c in CASES}) == len(CASES)


def _play(level: str, case: Case) -> RejectTrade:
    owners = {0: case.bot_holds, 1: case.they_hold, **case.others}
    game = table(
        owners=owners,
        cash=(case.bot_cash, case.their_cash, 1500, 1500),
        mortgaged=case.mortgaged,
        jail_cards={1: case.their_cards},
        turn=60,
    )
    offer(game, 1, 0, give=case.give, take=case.take)
    answer = ask(bot(level), game, 0)
    assert isinstance(answer, RejectTrade), f"{level} accepted: {case.what}"
    return answer


@pytest.mark.parametrize("case", CASES, ids=[c.what for c in CASES])
@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_lopsided_offers_are_refused_with_a_reason(level: str, case: Case) -> None:
    answer = _play(level, case)
    assert answer.reason and len(answer.reason) < 90 and "\n" not in answer.reason


@pytest.mark.parametrize(
    ("case", "words"),
    [
        (CASES[0], "complete your orange group"),
        (CASES[6], "complete your dark blue group"),
        (CASES[8], "complete your set of railroads"),
        (CASES[17], "well below"),
        (CASES[28], "mortgaged"),
    ],
)
def test_the_reason_names_what_is_wrong(case: Case, words: str) -> None:
    for level in ("normal", "hard", "expert"):
        assert words in _play(level, case).reason
