"""Every level says why: a buy or a refusal to buy, how far it will bid, where it built, why it stays in
jail or pays, what it sold or mortgaged to raise cash, each in one line of its own words (`Bot.reason`);
the random player says it chose at random. A throw or the end of a turn needs no reason."""

from __future__ import annotations

import pytest

from engine import (
    Build,
    BuyProperty,
    Command,
    DeclineProperty,
    EndTurn,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    RollDice,
    SellBuilding,
    UseJailCard,
)
from engine.bots import Bot
from engine.core.state import Auction, AwaitingRoll
from room.room import REASON_LONGEST

from positions import (
    BOARDWALK,
    ILLINOIS,
    INDIANA,
    KENTUCKY,
    NEW_YORK,
    ORANGE,
    PARK_PLACE,
    READING,
    ST_JAMES,
    TENNESSEE,
    ask,
    bot,
    buy,
    debt,
    end_turn,
    table,
    wait_for,
)

LEVELS = ["easy", "normal", "hard", "expert"]


def said(b: Bot, cmd: Command) -> str:
    reason = b.reason
    assert reason, f"{b.level} gave no reason for {cmd!r}"
    assert "\n" not in reason and len(reason) <= REASON_LONGEST, reason
    return reason


@pytest.mark.parametrize("level", LEVELS)
def test_a_buy_and_a_refusal_to_buy_say_why(level: str) -> None:
    game = table(owners={0: (ST_JAMES, TENNESSEE)}, turn=8)
    buy(game, 0, NEW_YORK)
    b = bot(level)
    cmd = ask(b, game, 0)
    assert isinstance(cmd, BuyProperty)
    said(b, cmd)
    poor = table(cash=(210, 1500, 1500, 1500), turn=8)
    buy(poor, 0, BOARDWALK)  # $400: more than it has
    b = bot(level)
    cmd = ask(b, poor, 0)
    assert isinstance(cmd, DeclineProperty | Mortgage)
    said(b, cmd)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bid_says_why_not_how_far_and_a_pass_why_it_stops(level: str) -> None:
    """A bid's reason is told while the auction is open: it names no figure, its limit least of all."""
    game = table(owners={0: (KENTUCKY, INDIANA)}, turn=8)
    wait_for(game, Auction(player=0, space=ILLINOIS, bidders=(0, 1, 2, 3), lot="deed", min_bid=1))
    b = bot(level)
    cmd = ask(b, game, 0)
    assert isinstance(cmd, PlaceBid)
    bid = said(b, cmd)
    assert bid.startswith("I bid for Illinois Avenue: ") and not any(c.isdigit() for c in bid), bid
    dear = table(owners={0: (READING,)}, turn=8)
    wait_for(
        dear,
        Auction(
            player=0, space=BOARDWALK, bidders=(0, 1), lot="deed", min_bid=1, high_bid=1400, high_bidder=1
        ),
    )
    b = bot(level)
    cmd = ask(b, dear, 0)
    assert isinstance(cmd, PassAuction)
    said(b, cmd)


@pytest.mark.parametrize("level", LEVELS)
def test_a_build_names_where(level: str) -> None:
    game = table(owners={0: ORANGE}, cash=(2000, 1500, 1500, 1500), turn=40)
    end_turn(game, 0)
    b = bot(level)
    cmd = ask(b, game, 0)
    assert isinstance(cmd, Build)
    reason = said(b, cmd)
    assert "orange" in reason.lower() or game.board.name(cmd.space) in reason


@pytest.mark.parametrize("level", LEVELS)
def test_leaving_jail_or_staying_says_why(level: str) -> None:
    open_board = table(turn=4)
    open_board.state.players[0].in_jail = True
    open_board.state.players[0].position = open_board.board.jail or 10
    wait_for(open_board, AwaitingRoll(player=0))
    b = bot(level)
    cmd = ask(b, open_board, 0)
    assert isinstance(cmd, PayJailFine | UseJailCard | RollDice)
    said(b, cmd)
    # every deed sold and a rival's hotels around the board: the levels that weigh it sit in jail
    owners = {1: tuple(s for s in open_board.board.deeds)}
    built = table(owners=owners, hotels=(ST_JAMES, TENNESSEE, NEW_YORK), turn=120)
    built.state.players[0].in_jail = True
    built.state.players[0].position = built.board.jail or 10
    wait_for(built, AwaitingRoll(player=0))
    b = bot(level)
    cmd = ask(b, built, 0)
    assert isinstance(cmd, PayJailFine | UseJailCard | RollDice)
    if level != "easy":  # the collector always leaves at once
        assert isinstance(cmd, RollDice)
    said(b, cmd)


@pytest.mark.parametrize("level", LEVELS)
def test_raising_cash_says_what_is_sold_or_mortgaged_and_for_what(level: str) -> None:
    game = table(
        owners={0: (ST_JAMES, TENNESSEE, NEW_YORK, READING, PARK_PLACE)},
        houses={ST_JAMES: 2, TENNESSEE: 2, NEW_YORK: 2},
        cash=(10, 1500, 1500, 1500),
        turn=60,
    )
    debt(game, 0, 300)
    b = bot(level)
    cmd = ask(b, game, 0)
    assert isinstance(cmd, Mortgage | SellBuilding)
    reason = said(b, cmd)
    assert "$300" in reason and "owe" in reason


def test_the_random_player_says_it_chose_at_random() -> None:
    game = table(turn=8)
    buy(game, 0, NEW_YORK)
    b = bot("random")
    cmd = ask(b, game, 0)
    assert "random" in said(b, cmd)


def test_a_throw_or_the_end_of_a_turn_needs_no_reason() -> None:
    game = table(turn=8)
    end_turn(game, 0)
    for level in ("easy", "normal", "hard"):
        b = bot(level)
        cmd = ask(b, game, 0)
        assert isinstance(cmd, EndTurn) and b.reason == ""


def test_a_bid_held_down_by_cash_says_so_not_the_printed_price() -> None:
    """The easy bot capped by its cash said "its printed price" for the limit ($186 for a $240 deed)."""
    game = table(cash=(1500, 216, 1500, 1500), turn=8)
    wait_for(game, Auction(player=1, space=ILLINOIS, bidders=(0, 1), lot="deed", min_bid=1))
    b = bot("easy", seat=1)
    cmd = ask(b, game, 1)
    assert isinstance(cmd, PlaceBid)
    assert "$" not in said(b, cmd)  # its limit is told at its pass, once the auction is over
    dear = table(cash=(1500, 216, 1500, 1500), turn=8)
    wait_for(
        dear,
        Auction(player=1, space=ILLINOIS, bidders=(0, 1), lot="deed", min_bid=1, high_bid=190, high_bidder=0),
    )
    b = bot("easy", seat=1)
    cmd = ask(b, dear, 1)
    assert isinstance(cmd, PassAuction)
    assert said(b, cmd) == "Illinois Avenue is past my limit of $186, all I can spare of my $216"
