"""Auctions: an English auction in turns, for a deed or, in a shortage, for one building.

Every player still in the game is asked in turn, the one who declined and those in jail included, until all
but the leader have passed. A bid is binding and may not exceed what the bidder can pay; a bidder who
cannot raise the bid is passed for him. Nobody bidding leaves a deed with the bank. Where a player holds
at most so many lots (Finance), one with every ownership marker in use stays among the bidders: asked to
bid, he may sell a lot back to the bank and then bid (`engine.rules.finance_1936.buy_back`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.commands import PassAuction, PlaceBid
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import (
    AuctionPassed,
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    BidPlaced,
    BuildingAuctionUncontested,
)
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import command, effect
from engine.core.state import Auction, AuctionDeed, BuildingPlacement, RaiseBuilding
from engine.core.unchecked import replaced, unchecked
from engine.rules.checks import awaited
from engine.rules.finance_1936.house_and_lot import lot_for_sale, put_houses_with_lot
from engine.rules.finance_1936.markers import may_take_lots
from engine.rules.money import funds, spend

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.rule_ids import RuleId

_auction_started = unchecked(AuctionStarted)
_auction = unchecked(Auction)
_auction_passed = unchecked(AuctionPassed)
_auction_unsold = unchecked(AuctionUnsold)
_auction_won = unchecked(AuctionWon)
_raise_building = unchecked(RaiseBuilding)
_building_placement = unchecked(BuildingPlacement)
_building_auction_uncontested = unchecked(BuildingAuctionUncontested)
_bid_placed = unchecked(BidPlaced)


def rotation_after(game: LiveGame, first_after: int) -> list[int]:
    """Return the players still in the game, starting after `first_after` and ending with him (if still
    in)."""
    players = game.state.players
    n = len(players)
    return [(first_after + k) % n for k in range(1, n + 1) if not players[(first_after + k) % n].bankrupt]


def start_deed_auction(game: LiveGame, space: int, after: int, rule: RuleId = "buy.declined") -> None:
    """Start an auction for a deed: everyone may bid who could take the deed, or nobody when the bank has no
    house to sell with a lot. A player whose ownership markers are all in use is not shut out (Finance): he
    must sell a lot back before his bid is taken."""
    bidders = [] if lot_for_sale(game, space) is not None else rotation_after(game, after)
    _open(game, "deed", space, bidders, None, rule=rule)


def start_building_auction(
    game: LiveGame,
    building: Literal["house", "hotel"],
    space: int,
    initiator: int,
    rivals: list[int],
    floor: int = 0,
) -> None:
    """Start an auction for a building in a shortage: rivals are asked first, the initiator last; if no rival
    bids he simply builds. Bids start at `floor` (the printed price) when that is above the edition's opening
    bid."""
    _open(game, building, space, [*rivals, initiator], initiator, floor, "build.shortage")


@effect(AuctionDeed)
def _auction_deed(game: LiveGame, eff: AuctionDeed) -> None:
    start_deed_auction(game, eff.space, after=game.state.current, rule="bankrupt.to_bank")


def _open(
    game: LiveGame,
    lot: Literal["deed", "house", "hotel"],
    space: int,
    bidders: list[int],
    initiator: int | None,
    floor: int = 0,
    rule: RuleId = "buy.declined",
) -> None:
    min_bid = max(game.board.edition.auction_min_bid, floor)
    game.emit(
        _auction_started(
            lot=lot, space=space, bidders=tuple(bidders), min_bid=min_bid, initiator=initiator, rule=rule
        )
    )
    auction = _auction(
        player=bidders[0] if bidders else 0,
        lot=lot,
        space=space,
        bidders=tuple(bidders),
        min_bid=min_bid,
        initiator=initiator,
    )
    _ask_next(game, auction, list(bidders), 0)


def _ask_next(game: LiveGame, a: Auction, bidders: list[int], start: int) -> None:
    """Ask the next bidder from position `start` on, or close the auction when it is decided."""
    st = game.state
    while True:
        if not any(b != a.high_bidder for b in bidders):
            _close(game, a)
            return
        n = len(bidders)
        cand = next(bidders[(start + k) % n] for k in range(n) if bidders[(start + k) % n] != a.high_bidder)
        if a.lot != "deed" and cand == a.initiator and a.high_bidder is None:
            _uncontested(game, a)
            return
        if funds(game, cand) < a.next_minimum:
            idx = bidders.index(cand)
            bidders.pop(idx)
            start = idx
            game.emit(_auction_passed(player=cand, forced=True))
            continue
        st.pending = replaced(a, player=cand, bidders=tuple(bidders))
        return


def _close(game: LiveGame, a: Auction) -> None:
    st = game.state
    st.pending = None
    winner = a.high_bidder
    rule: RuleId = "auction.result" if a.lot == "deed" else "build.shortage"
    if winner is None:
        game.emit(_auction_unsold(lot=a.lot, space=a.space, rule=rule))
        return
    spend(game, winner, a.high_bid)
    game.emit(_auction_won(player=winner, lot=a.lot, space=a.space, amount=a.high_bid, rule=rule))
    if a.lot == "deed":
        st.deeds[a.space].owner = winner
        put_houses_with_lot(game, a.space)
        return
    if winner == a.initiator:
        game.push_front([_raise_building(player=winner, space=a.space, paid=True)])
    else:
        st.pending = _building_placement(player=winner, building=a.lot)


def _uncontested(game: LiveGame, a: Auction) -> None:
    assert a.initiator is not None and a.lot != "deed"
    game.state.pending = None
    game.emit(_building_auction_uncontested(player=a.initiator, building=a.lot, space=a.space))
    game.push_front([_raise_building(player=a.initiator, space=a.space, paid=False)])


def _check_bid(game: LiveGame, cmd: PlaceBid) -> Refusal:
    refusal = awaited(game, cmd.player, "auction")
    if refusal is not None:
        return refusal
    a = game.state.pending
    assert isinstance(a, Auction)
    if a.lot == "deed":
        refusal = may_take_lots(game, cmd.player)
        if refusal is not None:
            return refusal
    least = a.next_minimum
    if cmd.amount < least:
        return IllegalCommand(
            "bid_too_low", Phrase(N_("The bid must be at least {least}."), least=Money(least))
        )
    if cmd.amount > funds(game, cmd.player):
        return IllegalCommand(
            "insufficient_funds",
            Phrase(
                N_("You cannot bid more than the {funds} you have."), funds=Money(funds(game, cmd.player))
            ),
        )
    return None


@command(PlaceBid, _check_bid)
def _bid(game: LiveGame, cmd: PlaceBid) -> None:
    a = game.state.pending
    assert isinstance(a, Auction)
    game.emit(_bid_placed(player=cmd.player, amount=cmd.amount))
    bidders = list(a.bidders)
    led = replaced(a, high_bid=cmd.amount, high_bidder=cmd.player)
    _ask_next(game, led, bidders, bidders.index(cmd.player) + 1)


def _check_pass(game: LiveGame, cmd: PassAuction) -> Refusal:
    return awaited(game, cmd.player, "auction")


@command(PassAuction, _check_pass)
def _pass(game: LiveGame, cmd: PassAuction) -> None:
    a = game.state.pending
    assert isinstance(a, Auction)
    game.emit(_auction_passed(player=cmd.player))
    bidders = list(a.bidders)
    idx = bidders.index(cmd.player)
    bidders.pop(idx)
    _ask_next(game, a, bidders, idx)
