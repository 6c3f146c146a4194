"""Buying at the printed price, or the bank's auction: all bid, bids bind, no bid leaves it unowned."""

from __future__ import annotations

import pytest

from engine import (
    BuyProperty,
    DeclineProperty,
    Game,
    IllegalCommand,
    Mortgage,
    PassAuction,
    PlaceBid,
    RollDice,
    RuleOptions,
)
from engine.core.events import AuctionPassed, AuctionStarted, AuctionWon
from engine.core.state import Auction

from scenario import (
    ADA,
    BOARDWALK,
    GRACE,
    KEN,
    LINUS,
    READING,
    VERMONT,
    cash,
    dice,
    jail,
    kinds,
    of_kind,
    own,
    pending,
    place,
    play,
    replays,
    settle,
    snapshot,
    table,
    top_card,
)

FOUR = ("Ada", "Grace", "Linus", "Ken")


def _offered(
    edition: str = "classic", rules: RuleOptions | None = None, players: tuple[str, ...] = FOUR
) -> Game:
    """Ada stands on Reading Railroad, offered to her at $200."""
    game = table(players, edition=edition, rules=rules)
    dice(game, (2, 3))
    settle(game)
    play(game, RollDice(player=ADA))
    assert pending(game).kind == "buy"
    return game


def test_buying_at_the_printed_price() -> None:
    game = _offered()
    events = play(game, BuyProperty(player=ADA))
    assert game.state.deeds[READING].owner == ADA
    assert game.state.players[ADA].cash == 1300
    assert kinds(events) == ["property_bought"]
    assert pending(game).kind == "end_turn"


def test_buying_without_the_cash_is_refused_but_mortgaging_first_makes_it_possible() -> None:
    game = table(FOUR)
    own(game, ADA, VERMONT)
    cash(game, ADA, 150)
    dice(game, (2, 3))
    settle(game)
    play(game, RollDice(player=ADA))
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(BuyProperty(player=ADA))
    assert err.value.code == "insufficient_funds" and game.state == before
    play(game, Mortgage(player=ADA, space=VERMONT), BuyProperty(player=ADA))
    assert game.state.deeds[READING].owner == ADA and game.state.players[ADA].cash == 0


def test_declining_starts_an_auction_that_everyone_joins_the_decliner_and_the_jailed_included() -> None:
    game = table(FOUR)
    jail(game, LINUS)
    dice(game, (2, 3))
    settle(game)
    play(game, RollDice(player=ADA))
    events = play(game, DeclineProperty(player=ADA))
    started = of_kind(events, AuctionStarted)[0]
    assert started.bidders == (GRACE, LINUS, KEN, ADA)
    assert (pending(game).kind, pending(game).player) == ("auction", GRACE)


def test_the_highest_bid_wins_and_is_paid_to_the_bank() -> None:
    game = _offered()
    play(game, DeclineProperty(player=ADA))
    play(
        game,
        PlaceBid(player=GRACE, amount=50),
        PlaceBid(player=LINUS, amount=60),
        PassAuction(player=KEN),
        PlaceBid(player=ADA, amount=100),
        PassAuction(player=GRACE),
    )
    events = play(game, PassAuction(player=LINUS))
    won = of_kind(events, AuctionWon)[0]
    assert (won.player, won.amount) == (ADA, 100)
    assert game.state.deeds[READING].owner == ADA and game.state.players[ADA].cash == 1400
    assert sum(p.cash for p in game.state.players) == 4 * 1500 - 100
    assert pending(game).kind == "end_turn"
    assert replays(game)


def test_the_decliner_may_win_it_for_less_than_the_printed_price() -> None:
    game = _offered()
    play(game, DeclineProperty(player=ADA), PassAuction(player=GRACE), PassAuction(player=LINUS))
    play(game, PassAuction(player=KEN), PlaceBid(player=ADA, amount=1))
    assert game.state.deeds[READING].owner == ADA and game.state.players[ADA].cash == 1499


def test_nobody_bidding_leaves_the_deed_with_the_bank() -> None:
    game = _offered()
    play(game, DeclineProperty(player=ADA))
    events = play(game, *(PassAuction(player=p) for p in (GRACE, LINUS, KEN, ADA)))
    assert "auction_unsold" in kinds(events)
    assert game.state.deeds[READING].owner is None
    assert [p.cash for p in game.state.players] == [1500] * 4


def test_bids_cannot_exceed_cash_nor_fall_below_the_next_step() -> None:
    game = _offered()
    cash(game, GRACE, 80)
    play(game, DeclineProperty(player=ADA))
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as err:
        game.apply(PlaceBid(player=GRACE, amount=81))
    assert err.value.code == "insufficient_funds" and game.state == before
    play(game, PlaceBid(player=GRACE, amount=80))
    with pytest.raises(IllegalCommand) as err:
        game.apply(PlaceBid(player=LINUS, amount=80))
    assert err.value.code == "bid_too_low"


def test_only_the_bidder_whose_turn_it_is_may_bid() -> None:
    game = _offered()
    play(game, DeclineProperty(player=ADA))
    with pytest.raises(IllegalCommand) as err:
        game.apply(PlaceBid(player=KEN, amount=10))
    assert err.value.code == "not_your_turn"


def test_a_bidder_who_cannot_raise_is_passed_for_him() -> None:
    game = _offered()
    cash(game, LINUS, 40)
    play(game, DeclineProperty(player=ADA))
    events = play(game, PlaceBid(player=GRACE, amount=50))
    forced = of_kind(events, AuctionPassed)
    assert forced and forced[0].player == LINUS and forced[0].forced
    assert pending(game).player == KEN


def test_the_leader_is_never_asked_to_outbid_himself() -> None:
    game = _offered(players=("Ada", "Grace"))
    play(game, DeclineProperty(player=ADA), PlaceBid(player=GRACE, amount=10))
    assert pending(game).player == ADA
    events = play(game, PassAuction(player=ADA))
    assert of_kind(events, AuctionWon)[0].player == GRACE


def test_modern_auctions_open_at_ten_dollars() -> None:
    game = _offered("modern")
    play(game, DeclineProperty(player=ADA))
    auction = game.state.pending
    assert isinstance(auction, Auction) and auction.min_bid == 10
    with pytest.raises(IllegalCommand) as err:
        game.apply(PlaceBid(player=GRACE, amount=9))
    assert err.value.code == "bid_too_low"
    assert game.legal_commands(GRACE)[0] == PlaceBid(player=GRACE, amount=10)


def test_with_auctions_off_a_declined_deed_stays_with_the_bank() -> None:
    game = _offered(rules=RuleOptions(auctions=False))
    events = play(game, DeclineProperty(player=ADA))
    assert kinds(events) == ["property_declined"]
    assert game.state.deeds[READING].owner is None and pending(game).kind == "end_turn"


def test_a_deed_reached_by_a_card_may_be_bought_like_any_other() -> None:
    game = table(FOUR)
    place(game, ADA, 33)
    top_card(game, "chance", "walk_boardwalk")
    dice(game, (1, 2))
    settle(game)
    play(game, RollDice(player=ADA))  # 33 -> 36 (Chance) -> Boardwalk
    assert (game.state.pending.kind, game.state.pending.space) == ("buy", BOARDWALK)  # type: ignore[union-attr]
    play(game, BuyProperty(player=ADA))
    assert game.state.deeds[BOARDWALK].owner == ADA
