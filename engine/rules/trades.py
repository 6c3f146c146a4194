"""Trades between two players: any mix of cash, deeds, Get Out of Jail Free cards and cards held in hand,
and, where the edition allows it, houses sold from one player's lots to go on the other's (he places each
at once).

A proposal sets aside what the game was waiting for until the other player answers (or the proposer
cancels), as every offer does (`engine.rules.offers`). Deeds in a group with buildings cannot change
hands. An offer whose assets are no longer held when it is accepted is refused. Mortgaged deeds received
bring the lift-or-keep decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from engine.core.commands import AcceptTrade, CancelTrade, ProposeTrade, RejectTrade
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import TradeCancelled, TradeCompleted, TradeProposed, TradeRejected
from engine.core.phrases import N_, Money, Phrase
from engine.core.registry import effect
from engine.core.state import (
    TRADING_OPEN,
    BuildingPlacement,
    Bundle,
    OfferMortgage,
    PlaceTradedHouse,
    TradeAnswer,
    TradeOffer,
)
from engine.core.unchecked import unchecked
from engine.rules.building import step_up
from engine.rules.checks import deed_of
from engine.rules.finance_1936.markers import may_take_lots
from engine.rules.hands import cards_problem, hand_over
from engine.rules.money import funds, spend
from engine.rules.offers import OfferKind, register_offer

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

_trade_offer = unchecked(TradeOffer)
_trade_completed = unchecked(TradeCompleted)
_unchecked_place_traded_house = unchecked(PlaceTradedHouse)
_offer_mortgage = unchecked(OfferMortgage)
_trade_answer = unchecked(TradeAnswer)
_trade_proposed = unchecked(TradeProposed)
_trade_rejected = unchecked(TradeRejected)
_trade_cancelled = unchecked(TradeCancelled)
_building_placement = unchecked(BuildingPlacement)


def trading_open(table: Tabletop, player: int) -> bool:
    """Refuse unless this player may propose a trade now."""
    pend = table.pending
    players = table.players
    return (
        table.winner is None
        and pend is not None
        and pend.kind in TRADING_OPEN
        and 0 <= player < len(players)
        and not players[player].bankrupt
    )


def side_problem(table: Tabletop, owner: int, bundle: Bundle) -> Refusal:
    """Return why `owner` cannot hand over `bundle` now, or None."""
    players = table.players
    name = players[owner].name
    if bundle.cash > funds(table, owner):
        return IllegalCommand(
            "insufficient_funds",
            Phrase(N_("{name} does not have {cash}."), name=name, cash=Money(bundle.cash)),
        )
    if len(set(bundle.deeds)) != len(bundle.deeds):
        return IllegalCommand("bad_trade", Phrase(N_("A deed is listed twice.")))
    for space in bundle.deeds:
        problem = _deed_problem(table, owner, space)
        if problem is not None:
            return problem
    if bundle.jail_cards > len(players[owner].jail_cards):
        return IllegalCommand(
            "no_jail_card",
            Phrase(
                N_("{name} does not hold {jail_cards} jail card(s)."), name=name, jail_cards=bundle.jail_cards
            ),
        )
    if bundle.cards:
        problem = cards_problem(table, owner, bundle.cards)
        if problem is not None:
            return problem
    return _houses_problem(table, owner, bundle) if bundle.houses else None


def _deed_problem(table: Tabletop, owner: int, space: int) -> Refusal:
    """Return why `owner` cannot hand over the deed of `space` now, or None."""
    refusal = deed_of(table, owner, space)
    if refusal is not None:
        return refusal
    deeds = table.deeds
    board = table.board
    if board.edition.houses_with_lot:
        return None  # lots always carry houses there, and change hands with them
    group = board.group_of[space]
    assert group is not None
    for s in board.members[group]:
        if deeds[s].level:
            return IllegalCommand(
                "has_buildings",
                Phrase(N_("{space} is in a group with buildings; sell them first."), space=board.name(space)),
            )
    if table.loans and any(space in loan.security for loan in table.loans):
        return IllegalCommand(
            "pledged", Phrase(N_("{space} is pledged for a loan; repay it first."), space=board.name(space))
        )
    return None


def _houses_problem(table: Tabletop, owner: int, bundle: Bundle) -> Refusal:
    """Check the houses offered: they come off the giver's own lots (not lots in the same trade), never the
    house a lot was sold with."""
    board = table.board
    if not board.edition.house_sales:
        return IllegalCommand(
            "no_house_sales", Phrase(N_("Houses do not change hands between players in this edition."))
        )
    keep = board.edition.houses_with_lot
    for space, count in Counter(bundle.houses).items():
        deed = table.deeds.get(space)
        if deed is None or deed.owner != owner or board.kinds[space] != "street":
            return IllegalCommand(
                "not_owner",
                Phrase(
                    N_("{name} has no houses on space {space}."), name=table.players[owner].name, space=space
                ),
            )
        if space in bundle.deeds:
            return IllegalCommand(
                "bad_trade",
                Phrase(N_("{space} goes with its houses; list it once."), space=board.name(space)),
            )
        if deed.level - keep < count:
            return IllegalCommand(
                "no_building",
                Phrase(
                    N_("{space} has not {count} house(s) to spare besides its own."),
                    space=board.name(space),
                    count=count,
                ),
            )
    return None


def house_room(table: Tabletop, player: int, giving: tuple[int, ...]) -> int:
    """Return how many houses `player` could put on the lots he keeps, by the building rule."""
    top = table.ruleset.max_level
    room = 0
    for space in table.board.streets:
        deed = table.deeds[space]
        if deed.owner == player and space not in giving and step_up(table, player, space)[0] == "house":
            room += top - deed.level
    return room


def _room_problem(table: Tabletop, receiver: int, houses: int, giving: tuple[int, ...]) -> Refusal:
    if houses and house_room(table, receiver, giving) < houses:
        name = table.players[receiver].name
        return IllegalCommand(
            "no_room",
            Phrase(
                N_("{name} has no room to build {houses} house(s) on his own lots now."),
                name=name,
                houses=houses,
            ),
        )
    return None


def opening_problem(table: Tabletop, player: int) -> Refusal:
    """Return why `player` may not propose a trade or a deal now, or None."""
    players = table.players
    if table.winner is not None:
        return IllegalCommand("game_over", Phrase(N_("The game is over.")))
    if not 0 <= player < len(players):
        return IllegalCommand(
            "no_such_player", Phrase(N_("There is no player {player} in this game."), player=player)
        )
    if players[player].bankrupt:
        return IllegalCommand(
            "bankrupt", Phrase(N_("{name} is bankrupt and out of the game."), name=players[player].name)
        )
    pend = table.pending
    if pend is None or pend.kind not in TRADING_OPEN:
        return IllegalCommand(
            "not_now", Phrase(N_("Trades wait until the auction or the open offer is settled."))
        )
    return None


def party_problem(table: Tabletop, party: int, gives: Bundle, gets: Bundle) -> Refusal:
    """Return why `party` could not hand over `gives` and take `gets` in one trade or deal now, or None."""
    return (
        side_problem(table, party, gives)
        or may_take_lots(table, party, len(gets.deeds), len(gives.deeds))
        or _room_problem(table, party, len(gets.houses), gives.deeds)
    )


def _partner(table: Tabletop, player: int, to: int) -> bool:
    """Whether `to` is another player still in the game, whom `player` may make an offer."""
    players = table.players
    return 0 <= to < len(players) and to != player and not players[to].bankrupt


def proposal_problem(table: Tabletop, player: int, to: int, give: Bundle, take: Bundle) -> Refusal:
    """Return why `player` may not offer `give` to `to` for `take` now, or None: the check of a proposal,
    which anyone holding a view can make before sending it."""
    opening = opening_problem(table, player)
    if opening is not None:
        return opening
    if not _partner(table, player, to):
        return IllegalCommand("bad_trade", Phrase(N_("Trade with another player still in the game.")))
    if give.empty and take.empty:
        return IllegalCommand("bad_trade", Phrase(N_("An offer must give or take something.")))
    if set(give.deeds) & set(take.deeds):
        return IllegalCommand("bad_trade", Phrase(N_("A deed cannot be on both sides.")))
    return _pair_problem(table, player, to, give, take)


def _pair_problem(table: Tabletop, player: int, to: int, give: Bundle, take: Bundle) -> Refusal:
    return party_problem(table, player, give, take) or party_problem(table, to, take, give)


class SideRoom(NamedTuple):
    """What one more item on one side of an offer may be, each alone (`proposal_additions`)."""

    deeds: frozenset[int]
    """The deeds of the side's owner that may join it."""
    cash: int
    """The most cash that may be added (none where it is below 1)."""
    jail_cards: int
    """The most jail cards that may be added."""


class Additions(NamedTuple):
    """What may join each side of an offer, one item at a time (`proposal_additions`), and whether the offer
    as it stands may be proposed."""

    give: SideRoom
    take: SideRoom
    proposable: bool


_NONE = SideRoom(frozenset(), 0, 0)


def proposal_additions(table: Tabletop, player: int, to: int, give: Bundle, take: Bundle) -> Additions:
    """Return what one more item on either side of an offer would leave a proposal `proposal_problem`
    allows, each item alone: a deed its owner holds, some cash, a jail card; and whether it allows the
    offer as it stands.

    What a trade being drafted may take next, found in one pass: the sides are checked once, and each
    addition for what it changes (the deed itself, the lots each player ends with, the room for houses
    received), instead of the whole proposal once per addition."""
    players = table.players
    if (
        opening_problem(table, player) is not None
        or not _partner(table, player, to)
        or set(give.deeds) & set(take.deeds)
        or side_problem(table, player, give) is not None
        or side_problem(table, to, take) is not None
    ):
        return Additions(_NONE, _NONE, False)

    def pair_ok(gives: tuple[int, ...], takes: tuple[int, ...]) -> bool:
        return (
            may_take_lots(table, player, len(takes), len(gives)) is None
            and may_take_lots(table, to, len(gives), len(takes)) is None
            and _room_problem(table, player, len(take.houses), gives) is None
            and _room_problem(table, to, len(give.houses), takes) is None
        )

    def deeds_ok(owner: int, side: Bundle, other: Bundle, giving: bool) -> frozenset[int]:
        # without houses on either side, a deed added changes the pair's check by the count alone
        counted = None
        if not give.houses and not take.houses:
            one_more = (*side.deeds, -1)
            counted = pair_ok(one_more, take.deeds) if giving else pair_ok(give.deeds, one_more)
            if not counted:
                return frozenset()
        ok = []
        for space, deed in table.deeds.items():
            if deed.owner != owner or space in side.deeds or space in other.deeds or space in side.houses:
                continue
            if _deed_problem(table, owner, space) is not None:
                continue
            wider = (*side.deeds, space)
            if counted or (pair_ok(wider, take.deeds) if giving else pair_ok(give.deeds, wider)):
                ok.append(space)
        return frozenset(ok)

    as_it_stands = pair_ok(give.deeds, take.deeds)
    if as_it_stands:
        give_cash, take_cash = funds(table, player) - give.cash, funds(table, to) - take.cash
        give_cards = len(players[player].jail_cards) - give.jail_cards
        take_cards = len(players[to].jail_cards) - take.jail_cards
    else:  # the lots or the room as they stand refuse it: only a deed that changes them may mend it
        give_cash = take_cash = give_cards = take_cards = 0
    return Additions(
        SideRoom(deeds_ok(player, give, take, True), give_cash, give_cards),
        SideRoom(deeds_ok(to, take, give, False), take_cash, take_cards),
        as_it_stands and not (give.empty and take.empty),
    )


def _check_propose(game: LiveGame, cmd: ProposeTrade) -> Refusal:
    return proposal_problem(game, cmd.player, cmd.to, cmd.give, cmd.take)


def _made(game: LiveGame, cmd: ProposeTrade, offer_id: int) -> TradeOffer:
    """Record the offer a proposal makes with the others of this turn (which the bots read)."""
    offer = _trade_offer(id=offer_id, proposer=cmd.player, to=cmd.to, give=cmd.give, take=cmd.take)
    game.state.offers.append(offer)
    return offer


def _stale(game: LiveGame, t: TradeOffer) -> Refusal:
    """Return why an open offer could no longer be carried out: its assets changed hands, or room ran out."""
    return _pair_problem(game, t.proposer, t.to, t.give, t.take)


def _carry_out(game: LiveGame, t: TradeOffer, reason: str) -> None:
    moves = ((t.proposer, t.to, t.give), (t.to, t.proposer, t.take))
    carry_out_moves(game, moves, _trade_completed(trade=t, reason=reason))


def carry_out_moves(game: LiveGame, moves: Iterable[tuple[int, int, Bundle]], done: Event) -> None:
    """Hand over each (giver, receiver, bundle) at once and report it with `done`; then each house moved is
    placed by its receiver and each mortgaged deed received brings its lift-or-keep decision (the 10 %)."""
    st = game.state
    moves = tuple(moves)
    for giver, receiver, bundle in moves:
        hand_over_bundle(game, giver, receiver, bundle)
    game.emit(done)
    places = [_unchecked_place_traded_house(player=r) for _, r, b in moves for _ in b.houses]
    offers = [
        _offer_mortgage(player=r, space=s) for _, r, b in moves for s in b.deeds if st.deeds[s].mortgaged
    ]
    game.push_front([*places, *offers])


def hand_over_bundle(game: LiveGame, giver: int, receiver: int, bundle: Bundle) -> None:
    st = game.state
    if bundle.cash:
        spend(game, giver, bundle.cash)
        st.players[receiver].cash += bundle.cash
    for space in bundle.deeds:
        st.deeds[space].owner = receiver
    for space in bundle.houses:  # back to the bank's stock, to be put up at once on the buyer's lots
        st.deeds[space].level -= 1
        st.bank.houses += 1
    if bundle.jail_cards:
        held = st.players[giver].jail_cards
        moved = held[len(held) - bundle.jail_cards :]
        del held[len(held) - bundle.jail_cards :]
        st.players[receiver].jail_cards.extend(moved)
    if bundle.cards:
        hand_over(game, giver, receiver, bundle.cards)


TRADES: OfferKind[TradeOffer] = OfferKind(
    propose=ProposeTrade,
    accept=AcceptTrade,
    reject=RejectTrade,
    cancel=CancelTrade,
    offer_field="trade_id",
    awaiting="trade_answer",
    waiting=lambda player, offer: _trade_answer(player=player, trade=offer),
    offer_of=lambda pend: pend.trade,
    noun=N_("There is no open offer {number}."),
    missing="no_such_trade",
    not_yours="not_your_trade",
    stale="stale_trade",
    check=_check_propose,
    made=_made,
    problem=_stale,
    carry_out=_carry_out,
    proposed=lambda offer: _trade_proposed(trade=offer),
    rejected=lambda cmd: _trade_rejected(
        trade_id=cmd.trade_id, player=cmd.player, reason=cmd.reason, asking=cmd.asking
    ),
    cancelled=lambda cmd: _trade_cancelled(trade_id=cmd.trade_id, player=cmd.player),
)
"""A trade, proposed, answered and withdrawn as every offer is (`engine.rules.offers`)."""
register_offer(TRADES)


@effect(PlaceTradedHouse)
def _place_traded_house(game: LiveGame, eff: PlaceTradedHouse) -> None:
    if not game.state.players[eff.player].bankrupt:
        game.state.pending = _building_placement(player=eff.player, building="house")
