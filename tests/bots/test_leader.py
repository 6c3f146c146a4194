"""No bot hands the leader the deed that completes his group for less than it costs its own chance to win:
neither in its answer to his offer nor in an offer of its own."""

from __future__ import annotations

import pytest

from engine import AcceptTrade, Bundle, Game, ProposeTrade, RejectTrade
from engine.bots.leading import after_trade, chances

from positions import (
    ATLANTIC,
    B_AND_O,
    BALTIC,
    CONNECTICUT,
    ELECTRIC,
    ILLINOIS,
    INDIANA,
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
    TENNESSEE,
    VENTNOR,
    VERMONT,
    VIRGINIA,
    WATER_WORKS,
    ask,
    bot,
    end_turn,
    offer,
    table,
)

LEVELS = ["easy", "normal", "hard", "expert"]


def yellow_for(price: int) -> Game:
    """Seat 1 leads by far and holds two yellows; seat 0 holds the third, Marvin Gardens, and is offered
    `price` for it."""
    owners = {
        0: (MARVIN, READING, B_AND_O),
        1: (
            ATLANTIC,
            VENTNOR,
            MEDITERRANEAN,
            VERMONT,
            CONNECTICUT,
            ST_CHARLES,
            INDIANA,
            ILLINOIS,
            NORTH_CAROLINA,
            PENNSYLVANIA_AVE,
            PARK_PLACE,
        ),
        2: (VIRGINIA, ST_JAMES, WATER_WORKS),
        3: (ORIENTAL, NEW_YORK),
    }
    game = table(owners=owners, cash=(200, 700, 200, 1000), turn=30)
    offer(game, 1, 0, give=Bundle(cash=price), take=Bundle(deeds=(MARVIN,)))
    return game


def my_chance(game: Game, price: int) -> tuple[float, float]:
    """Seat 0's chance before and after selling Marvin Gardens to seat 1 for `price`."""
    view = game.view(0)
    after = after_trade(view, 0, 1, Bundle(deeds=(MARVIN,)), Bundle(cash=price))
    return chances(view)[0], chances(after)[0]


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_sells_the_leader_his_group_for_less_than_its_chance_costs(level: str) -> None:
    game = yellow_for(520)
    now = chances(game.view(0))
    assert max(range(4), key=lambda p: now[p]) == 1, "seat 1 leads"
    before, after = my_chance(game, 520)
    assert after < before, "at $520 the sale lowers the seller's chance"
    answer = ask(bot(level), game, 0)
    assert isinstance(answer, RejectTrade)  # the shark named $520 itself before
    if answer.asking is None:
        return
    named = yellow_for(answer.asking)
    before, after = my_chance(named, answer.asking)
    assert after >= before, "the price it names costs it nothing"
    assert isinstance(ask(bot(level), named, 0), AcceptTrade), "and it takes the price it named"


def green_for_orange() -> Game:
    """Seat 0 holds two oranges and the green lot seat 1 lacks; seat 1, who leads, holds New York."""
    owners = {
        0: (ST_JAMES, TENNESSEE, PENNSYLVANIA_AVE, ST_CHARLES, VIRGINIA, PENNSYLVANIA_RR, SHORT_LINE),
        1: (NEW_YORK, PACIFIC, NORTH_CAROLINA, ELECTRIC, ATLANTIC, VENTNOR, 39),
        2: (PARK_PLACE,),
        3: (MEDITERRANEAN, BALTIC, READING, ORIENTAL, CONNECTICUT),
    }
    game = table(owners=owners, cash=(300, 600, 300, 1500), turn=80)
    end_turn(game, 0)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_offers_the_leader_his_group_at_a_cost_to_its_chance(level: str) -> None:
    game = green_for_orange()
    view = game.view(0)
    now = chances(view)
    assert max(range(4), key=lambda p: now[p]) == 1, "seat 1 leads"
    swap = after_trade(view, 0, 1, Bundle(deeds=(PENNSYLVANIA_AVE,)), Bundle(deeds=(NEW_YORK,)), -80)
    assert chances(swap)[0] < now[0], "the swap, green for orange and $80, lowers seat 0's chance"
    cmd = ask(bot(level), game, 0)
    if isinstance(cmd, ProposeTrade) and PENNSYLVANIA_AVE in cmd.give.deeds:
        paid = cmd.take.cash - cmd.give.cash
        gives = Bundle(deeds=cmd.give.deeds)
        after = after_trade(view, 0, cmd.to, gives, Bundle(deeds=cmd.take.deeds), paid)
        assert chances(after)[0] >= now[0], f"{level} offers {cmd.give} for {cmd.take}"
