"""Buying and bidding: value-based, aware of the groups a deed completes or blocks, within the purse."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine import Game, PlaceBid
from engine.core.state import Auction

from positions import (
    BOARDWALK,
    DARK_BLUE,
    ELECTRIC,
    GREEN,
    ILLINOIS,
    INDIANA,
    KENTUCKY,
    MEDITERRANEAN,
    NEW_YORK,
    ORANGE,
    PARK_PLACE,
    READING,
    ST_JAMES,
    TENNESSEE,
    ask,
    bot,
    buy,
    play_decision,
    table,
)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_an_affordable_deed_is_bought_early_on(level: str) -> None:
    game = table(turn=4)
    buy(game, 0, KENTUCKY)
    assert ask(bot(level), game, 0).kind == "buy_property"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_lot_that_completes_a_group_is_bought_even_if_a_mortgage_must_pay_for_it(level: str) -> None:
    game = table(owners={0: (ST_JAMES, TENNESSEE, READING, BOARDWALK)}, cash=(100, 1500, 1500, 1500))
    buy(game, 0, NEW_YORK)
    commands = play_decision(bot(level), game, 0)
    assert commands[-1].kind == "buy_property"
    assert game.state.deeds[NEW_YORK].owner == 0
    assert not any(game.state.deeds[s].mortgaged for s in ORANGE)


def built_up() -> Game:
    return table(
        owners={0: (MEDITERRANEAN,), 1: GREEN, 2: DARK_BLUE},
        hotels=GREEN + DARK_BLUE,
        cash=(250, 1500, 1500, 1500),
    )


def test_a_cash_poor_investor_passes_on_a_utility_when_hotels_stand_around_the_board() -> None:
    game = built_up()
    buy(game, 0, ELECTRIC)
    assert ask(bot("normal"), game, 0).kind == "decline_property"


def test_the_newcomer_buys_whatever_it_can_afford() -> None:
    game = built_up()
    buy(game, 0, ELECTRIC)
    assert ask(bot("easy"), game, 0).kind == "buy_property"


def auction(space: int, high: int, owners: Mapping[int, tuple[int, ...]], cash: int = 1500) -> Game:
    """An auction for `space` that seat 2 leads at `high`; seat 0, the bot, is asked."""
    game = table(owners=owners, cash=(cash, 1500, 1500, 1500))
    game.state.pending = Auction(
        player=0, lot="deed", space=space, bidders=(0, 1, 2, 3), min_bid=1, high_bid=high, high_bidder=2
    )
    return game


def bids(level: str, space: int, high: int, owners: Mapping[int, tuple[int, ...]], cash: int = 1500) -> bool:
    return isinstance(ask(bot(level), auction(space, high, owners, cash), 0), PlaceBid)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bids_never_go_beyond_what_the_bot_can_pay(level: str) -> None:
    game = table(owners={0: (PARK_PLACE,)}, cash=(120, 1500, 1500, 1500))
    game.state.pending = Auction(player=0, lot="deed", space=BOARDWALK, bidders=(0, 1, 2), min_bid=1)
    for _ in range(40):
        pend = game.state.pending
        if not isinstance(pend, Auction):
            break
        cmd = ask(bot(level, pend.player), game, pend.player)
        if isinstance(cmd, PlaceBid):
            assert cmd.amount <= game.state.players[cmd.player].cash
        game.apply(cmd)
    assert game.state.players[0].cash >= 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_lot_that_completes_the_bots_group_is_worth_more_than_one_that_does_not(level: str) -> None:
    completes = {0: (INDIANA, ILLINOIS)}
    highest = {
        name: max((h for h in range(100, 1600, 25) if bids(level, KENTUCKY, h, o)), default=0)
        for name, o in (("completes", completes), ("alone", {}))
    }
    assert highest["completes"] > highest["alone"] >= 200


def test_a_lone_lot_is_not_bid_far_above_its_price() -> None:
    for level in ("easy", "normal", "hard"):
        assert not bids(level, KENTUCKY, 350, {})


def test_hard_goes_further_than_normal_to_keep_a_rival_from_completing_a_group() -> None:
    rival = {1: (PARK_PLACE,)}
    limits = {
        level: max((h for h in range(300, 2000, 50) if bids(level, BOARDWALK, h, rival)), default=0)
        for level in ("easy", "normal", "hard")
    }
    assert limits["hard"] > limits["normal"] > limits["easy"] >= 400


def test_hard_bids_for_the_last_houses_to_keep_them_from_a_rival() -> None:
    def house_auction() -> Game:
        # the rival's third house on each lot is the step that pays (a first house alone earns hard back
        # less than its price within its horizon): the bank's last three houses would give it him
        game = table(owners={0: (MEDITERRANEAN,), 1: ORANGE}, houses=dict.fromkeys(ORANGE, 2))
        game.state.bank.houses = 3
        game.state.pending = Auction(
            player=0, lot="house", space=NEW_YORK, bidders=(0, 2, 1), min_bid=1, initiator=1
        )
        return game

    assert ask(bot("hard"), house_auction(), 0).kind == "place_bid"
    assert ask(bot("normal"), house_auction(), 0).kind == "pass_auction"


@pytest.mark.parametrize(
    ("level", "cash"),
    [
        ("easy", 100),
        ("normal", 100),
        ("hard", 100),
        ("normal", 120),  # hard and expert buy it at $120 (expert never declines what hard buys)
        ("normal", 160),
    ],
)
def test_a_deed_declined_at_its_price_is_not_bid_for_above_it_at_the_auction(level: str, cash: int) -> None:
    """Baltic Avenue held by a rival: the bot declines Mediterranean Avenue ($60), then bids for it while
    a rival raises by $1 up to $70. No bid of the bot's goes above the $60 it would not pay."""
    from engine import PassAuction

    game = table(owners={1: (3,)}, cash=(cash, 1500, 1500, 1500))
    buy(game, 0, MEDITERRANEAN)
    player = bot(level)
    decision = ask(player, game, 0)
    assert decision.kind == "decline_property"
    game.apply(decision)
    bids: list[int] = []
    while isinstance(pend := game.state.pending, Auction):
        if pend.player == 0:
            cmd = ask(player, game, 0)
            if isinstance(cmd, PlaceBid):
                bids.append(cmd.amount)
        elif pend.next_minimum <= 70:
            cmd = PlaceBid(player=pend.player, amount=pend.next_minimum)
        else:
            cmd = PassAuction(player=pend.player)
        game.apply(cmd)
    assert all(b <= 60 for b in bids), bids


def test_the_expert_buys_with_its_last_dollars_a_deed_that_blocks_a_group_where_the_shark_declines() -> None:
    """The expert weighs a deed the shark declines: Mediterranean Avenue beside a rival's Baltic, with its
    last $61 or its $100, it buys (a block on the browns; keeping the cash would not pay a built rent either),
    where the shark keeps $150 back and declines. At auction it bids as the shark does (the case above)."""
    for cash in (61, 100):
        game = table(owners={1: (3,)}, cash=(cash, 1500, 1500, 1500))
        buy(game, 0, MEDITERRANEAN)
        assert ask(bot("hard"), game, 0).kind == "decline_property"
        assert ask(bot("expert"), game, 0).kind == "buy_property"
