"""The built-in simple players: buy what they can afford, build whenever they can, leave jail at once,
and raise cash (selling, then mortgaging) before they give up. They are the seats of headless play
(`landlords simulate`) and the cheap players a position is played forward with.

They trade only the way any two players would: a deed for a deed when it completes a group for each of
them, or the last lot of a group bought for twice its price from a player who holds nothing else of that
group. Without trades four players almost never complete a group, and the game cannot end.
They read the state directly; the bots in `engine.bots` are the opponents people play.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal

from engine.core.board import Holders, board_for, holders_of
from engine.core.commands import (
    AcceptDeal,
    AcceptTrade,
    Build,
    BuyProperty,
    ChooseIncomeTax,
    ClaimHalfWinnings,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    PlayRefundCard,
    ProposeTrade,
    RefuseCall,
    RejectDeal,
    RejectTrade,
    RollDice,
    SellBuilding,
    SellLot,
    TakeRide,
    Unmortgage,
    UseJailCard,
    simple,
)
from engine.core.state import (
    Auction,
    BuildingPlacement,
    Bundle,
    DealAnswer,
    Debt,
    ExcessLots,
    MortgageDecision,
    RefundChoice,
    RideChoice,
    RouteChoice,
    TradeAnswer,
    WinningsChoice,
)
from engine.core.unchecked import unchecked
from engine.lookahead import landlord
from engine.play.legal import choose_route, on_deed
from engine.rules.building import step_up
from engine.rules.money import funds
from engine.rules.taxes import percent_tax, tax_of

if TYPE_CHECKING:
    from engine.play.game import Game

_accept_trade = unchecked(AcceptTrade)
_reject_trade = unchecked(RejectTrade)
_place_bid = unchecked(PlaceBid)
_propose_trade = unchecked(ProposeTrade)
_bundle = unchecked(Bundle)

LIFT_MARGIN = 300  # cash kept in hand after lifting a mortgage
BUILD_RESERVE = 0  # cash kept in hand after building
LOOK_EVERY = 6  # rounds between a player's looks for trades and mortgages to lift
SALE_MARKUP = 2  # the last lot of a group sells for this many times its price
SALE_RESERVE = 200  # cash a buyer keeps after paying for it


def _is_completing_swap(game: Game, receiver: int, gives: tuple[int, ...], gets: tuple[int, ...]) -> bool:
    """Return a one-for-one deed swap in which the deed received completes a group for `receiver`."""
    if len(gives) != 1 or len(gets) != 1:
        return False
    deeds = game.state.deeds
    group = game.board.group_of[gets[0]]
    assert group is not None
    members = game.board.members[group]
    return gives[0] not in members and all(deeds[s].owner == receiver or s == gets[0] for s in members)


def _is_fair_sale(game: Game, seller: int, sold: Bundle, paid: Bundle) -> bool:
    """Whether the offer is a fair sale: one deed of a group the seller holds nothing else of, for cash at the
    markup at least."""
    if len(sold.deeds) != 1 or sold.cash or sold.jail_cards or paid.deeds or paid.jail_cards:
        return False
    space = sold.deeds[0]
    group = game.board.group_of[space]
    assert group is not None
    deeds = game.state.deeds
    if any(deeds[s].owner == seller for s in game.board.members[group] if s != space):
        return False
    return paid.cash >= SALE_MARKUP * game.board.price[space]


def leave_jail(game: Game, player: int) -> Command | None:
    """Return the way out of jail at once for a player in it: a card, else the fine while it may be paid
    before a throw and the player can pay it; None where there is none."""
    ps = game.state.players[player]
    if ps.jail_cards:
        return simple(UseJailCard, player)
    jail = game.board.edition.jail
    assert jail is not None  # only a player in jail gets here
    early = jail.fine_before_roll_turns
    if (early is None or ps.jail_turns < early) and funds(game, player) >= jail.fine:
        return simple(PayJailFine, player)
    return None


def bid_or_pass(game: Game, player: int, a: Auction, amount: int) -> Command:
    """Return a bid of `amount` where it meets the auction's minimum and the rules take it, else a pass."""
    if amount >= a.next_minimum:
        bid = _place_bid(player=player, amount=amount)
        if game.check(bid) is None:
            return bid
    return simple(PassAuction, player)


_on = on_deed
"""A shared command on one deed (`engine.play.legal.on_deed`)."""


@cache
def _income_tax(player: int, option: Literal["flat", "percent"]) -> Command:
    """Return a shared choice of how to pay income tax, one per player and option (as `_on`)."""
    return ChooseIncomeTax(player=player, option=option)


@cache
def _streets_by_cost(edition: str) -> tuple[tuple[int, int], ...]:
    """Return each street's house price and space, cheapest first, in board order among equal prices."""
    board = board_for(edition)
    return tuple(sorted(((board.house_cost[s], s) for s in board.streets), key=lambda c: c[0]))


@cache
def _street_groups(edition: str) -> tuple[tuple[tuple[int, ...], Holders], ...]:
    """Return each street group's lots, and a function that reads their owners (in the lots' order) off a
    mapping of space to owner: a group's owners looked up in one call."""
    return tuple((lots, holders_of(lots)) for lots in board_for(edition).street_groups)


class SimplePlayer:
    """The built-in simple player: decides everything the game asks of it by fixed rules of thumb. One
    instance per game."""

    def __init__(self) -> None:
        # Only caches of immutable commands: every decision comes from the state alone, so a game
        # resumed from a save goes on exactly as it would have.
        self._roll: dict[int, Command] = {}
        self._end: dict[int, Command] = {}

    def decide(self, game: Game, player: int) -> Command:
        st = game.state
        pend = st.pending
        assert pend is not None and pend.player == player
        kind = pend.kind
        if kind == "roll":
            if st.players[player].in_jail:
                out = leave_jail(game, player)
                if out is not None:
                    return out
            cmd = self._roll.get(player)
            if cmd is None:
                cmd = self._roll[player] = RollDice(player=player)
            return cmd
        if kind == "end_turn":
            cmd = (
                self._develop(game, player)
                or (not st.round % LOOK_EVERY and self._look_round(game, player))
                or (st.loans and landlord.repay(game, player))
                or self._end.get(player)
            )
            if cmd is None:
                cmd = self._end[player] = EndTurn(player=player)
            return cmd
        if kind == "buy":
            space = pend.space  # type: ignore[union-attr]
            buy = simple(BuyProperty, player)
            if funds(game, player) >= game.board.price[space] and game.check(buy) is None:
                return buy
            return simple(DeclineProperty, player)
        if isinstance(pend, Auction):
            return self._bid(game, player, pend)
        if kind == "income_tax":
            flat = tax_of(game, pend.space).flat  # type: ignore[union-attr]
            cheaper = "percent" if percent_tax(game, player, pend.space) < flat else "flat"  # type: ignore[union-attr]
            return _income_tax(player, cheaper)
        if isinstance(pend, Debt):
            return landlord.raise_cash(game, player, pend) or self._raise_cash(game, player)
        if isinstance(pend, TradeAnswer):
            t = pend.trade
            if _is_completing_swap(game, t.to, t.take.deeds, t.give.deeds) and not (
                t.give.cash or t.take.cash
            ):
                return _accept_trade(player=player, trade_id=t.id)
            if _is_fair_sale(game, t.to, t.take, t.give):
                return _accept_trade(player=player, trade_id=t.id)
            return _reject_trade(player=player, trade_id=t.id)
        if isinstance(pend, DealAnswer):  # its own part, as it would take it from one player
            d = pend.deal
            gives, gets = d.gives(player), d.gets(player)
            fair = _is_fair_sale(game, player, gives, gets) or (
                _is_completing_swap(game, player, gives.deeds, gets.deeds) and not (gives.cash or gets.cash)
            )
            accept = AcceptDeal(player=player, deal_id=d.id)
            return accept if fair and game.check(accept) is None else RejectDeal(player=player, deal_id=d.id)
        if isinstance(pend, MortgageDecision):
            if funds(game, player) >= game.board.unmortgage_cost(pend.space) + LIFT_MARGIN:
                return _on(Unmortgage, player, pend.space)
            return _on(KeepMortgage, player, pend.space)
        if isinstance(pend, RouteChoice):
            return choose_route(player, pend.options[0])  # keeps to its ring
        if isinstance(pend, ExcessLots):
            return _on(SellLot, player, min(pend.spaces, key=lambda s: game.board.price[s]))
        if isinstance(pend, RideChoice):
            return TakeRide(player=player, space=self._destination(game, player))
        if isinstance(pend, RefundChoice):
            return simple(PlayRefundCard, player)
        if isinstance(pend, WinningsChoice):
            best = max(range(len(pend.winners)), key=lambda i: pend.amounts[i])
            return ClaimHalfWinnings(player=player, target=pend.winners[best])
        if kind == "call_answer":
            return simple(RefuseCall, player)  # a playout is there to see what play does
        magie = landlord.decide(game, player, pend)  # Magie's 1904 decisions
        if magie is not None:
            return magie
        if isinstance(pend, BuildingPlacement):
            for space in game.board.streets:
                if (
                    game.state.deeds[space].owner == player
                    and step_up(game, player, space)[0] == pend.building
                ):
                    return Build(player=player, space=space)
        raise AssertionError(f"no decision for {pend}")

    def _destination(self, game: Game, player: int) -> int:
        """Return a ride's destination: the dearest deed still for sale that it can afford, else to collect a
        salary."""
        board = game.board
        cash = funds(game, player)
        for_sale = [s for s in board.deeds if game.state.deeds[s].owner is None and board.price[s] <= cash]
        if for_sale:
            return max(for_sale, key=lambda s: (board.price[s], -s))
        return board.pay_spaces[0] if board.pay_spaces else game.state.players[player].position

    def _develop(self, game: Game, player: int) -> Command | None:
        """Return the cheapest building step it can pay for (of equal costs, the first group on the board)."""
        board = game.board
        ps = game.players[player]
        budget = ps.cash + ps.credit - BUILD_RESERVE  # `funds`, asked at every end of a turn
        deeds = game.deeds
        for cost, lots in board.groups_by_cost:  # cheapest first: the first step found is the one
            if cost > budget:
                break
            if deeds[lots[0]].owner != player:
                continue
            rules = game.ruleset
            top = rules.max_level
            # the lot of this group that takes the next building evenly, if the group is whole and free
            target: int | None = None
            lowest = top
            for s in lots:
                deed = deeds[s]
                if deed.owner != player or deed.mortgaged:
                    target = None
                    break
                if deed.level < lowest:
                    target, lowest = s, deed.level
            if target is None:
                continue
            hotel = rules.hotels and deeds[target].level == rules.houses_before_hotel
            bank = game.bank
            if (bank.hotels if hotel else bank.houses) > 0:
                return _on(Build, player, target)
        if not board.edition.colour_groups:
            return self._develop_lots(game, player)
        return None

    def _develop_lots(self, game: Game, player: int) -> Command | None:
        """Return where lots stand alone: a house on the cheapest lot that may take one (of equal prices, the
        first on the board)."""
        if game.state.bank.houses == 0:
            return None
        budget = funds(game, player) - BUILD_RESERVE
        deeds = game.state.deeds
        for cost, space in _streets_by_cost(game.board.edition.id):  # cheapest first
            if cost > budget:
                break
            if deeds[space].owner == player and step_up(game, player, space)[1] is None:
                return _on(Build, player, space)
        return None

    def _look_round(self, game: Game, player: int) -> Command | None:
        """Return, every few rounds and once a turn, a mortgage worth lifting or a trade worth offering."""
        st = game.state
        if st.round % LOOK_EVERY or (st.offers and any(o.proposer == player for o in st.offers)):
            return None
        board = game.board
        cash = funds(game, player)
        if cash >= LIFT_MARGIN:
            deeds = st.deeds
            for space in board.deeds:
                deed = deeds[space]
                if (
                    deed.mortgaged  # the rarer of the two, asked first
                    and deed.owner == player
                    and cash >= board.unmortgage_cost(space) + LIFT_MARGIN
                ):
                    return _on(Unmortgage, player, space)
        return self._swap(game, player)

    def _swap(self, game: Game, player: int) -> Command | None:
        """Offer a deed for a deed when each completes a group for the side receiving it."""
        deeds = game.deeds
        board = game.board
        missing: dict[int, int] = {}  # the one lot I lack in a group -> who holds it
        spare: dict[int, list[int]] = {}  # holder -> lots of mine that are the one lot he lacks
        owner = {s: deeds[s].owner for s in board.streets}
        for lots, owners_of in _street_groups(board.edition.id):
            owners = owners_of(owner)
            mine = owners.count(player)
            if not mine:
                continue  # a group I hold nothing of gives me nothing to want or to spare
            short = len(lots) - 1  # who holds this many of the group lacks one lot
            if mine != short and (mine != 1 or not short):
                continue  # I neither lack one lot nor hold the one lot another may lack
            others = [o for o in owners if o != player]
            first = others[0]
            holder = first if mine == short else None  # who holds the one lot I lack
            spare_to = first if mine == 1 and others.count(first) == short else None  # ... who lacks mine
            if (holder is None and spare_to is None) or any(deeds[s].level for s in lots):
                continue
            if holder is not None:
                missing[lots[owners.index(holder)]] = holder
            if spare_to is not None:
                spare.setdefault(spare_to, []).append(lots[owners.index(player)])
        for want, holder in missing.items():
            for give in spare.get(holder, []):
                if board.group_of[give] == board.group_of[want]:
                    continue
                return _propose_trade(
                    player=player, to=holder, give=_bundle(deeds=(give,)), take=_bundle(deeds=(want,))
                )
        for want, holder in missing.items():
            price = SALE_MARKUP * board.price[want]
            group = board.group_of[want]
            assert group is not None
            holds_more = any(deeds[s].owner == holder for s in board.members[group] if s != want)
            if not holds_more and funds(game, player) >= price + SALE_RESERVE:
                return _propose_trade(
                    player=player, to=holder, give=_bundle(cash=price), take=_bundle(deeds=(want,))
                )
        return None

    def _bid(self, game: Game, player: int, a: Auction) -> Command:
        """Bid the printed price (or all it has, if less) at once; pass once the bidding passes that, or
        when a bid would not be taken (every ownership marker in use: it never sells a lot to bid)."""
        worth = game.board.price[a.space] if a.lot == "deed" else game.board.house_cost[a.space]
        return bid_or_pass(game, player, a, min(worth, funds(game, player)))

    def _raise_cash(self, game: Game, player: int) -> Command:
        """Sell the most built lot's buildings first, then mortgage; bankrupt only when nothing is left."""
        st = game.state
        deeds = st.deeds
        board = game.board
        top_level = board.edition.houses_with_lot  # only a lot built above it has a building to sell
        top_space = -1
        for space in board.streets:
            deed = deeds[space]
            if deed.level > top_level and deed.owner == player:  # the rarer first
                top_level, top_space = deed.level, space
        if top_space >= 0:
            return _on(SellBuilding, player, top_space)
        if board.edition.bank_buys_lots:
            lots = [s for s in board.streets if deeds[s].owner == player]
            if lots:
                return _on(SellLot, player, min(lots, key=lambda s: board.price[s]))
        for space in board.deeds:
            deed = deeds[space]
            if deed.owner == player and not deed.mortgaged:
                return _on(Mortgage, player, space)
        return simple(DeclareBankruptcy, player)
