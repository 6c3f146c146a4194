"""`legal_commands`: every command a player may issue now, each one passing the same check `apply` runs.

A bid is listed once, at the smallest legal amount; trade proposals are not listed (any well-formed offer
may be made while trading is open, see `trading_open`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.auctions import next_minimum
from engine.commands import (
    AcceptTrade,
    Build,
    BuyProperty,
    CancelTrade,
    ChooseIncomeTax,
    Command,
    DeclareBankruptcy,
    DeclineProperty,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassAuction,
    PayJailFine,
    PlaceBid,
    RejectTrade,
    RollDice,
    SellBuilding,
    Unmortgage,
    UseJailCard,
    simple,
)
from engine.state import Auction, MortgageDecision, TradeAnswer
from engine.trades import TRADING_OPEN

if TYPE_CHECKING:
    from engine.game import Game


def legal_commands(game: Game, player: int) -> list[Command]:
    st = game.state
    if st.winner is not None or not 0 <= player < len(st.players) or st.players[player].bankrupt:
        return []
    out: list[Command] = []
    pend = st.pending
    if pend is not None:
        if pend.player == player:
            out.extend(_DECISIONS[pend.kind](game, player, pend))
        if isinstance(pend, TradeAnswer) and pend.trade.proposer == player:
            out.append(CancelTrade(player=player, trade_id=pend.trade.id))
    out.extend(_management(game, player))
    return [c for c in dict.fromkeys(out) if game.check(c) is None]


def trading_open(game: Game, player: int) -> bool:
    """May this player propose a trade now?"""
    st = game.state
    pend = st.pending
    return (
        st.winner is None
        and pend is not None
        and pend.kind in TRADING_OPEN
        and 0 <= player < len(st.players)
        and not st.players[player].bankrupt
    )


def _management(game: Game, player: int) -> list[Command]:
    st = game.state
    pend = st.pending
    if pend is not None and pend.kind in ("auction", "place_building"):
        return []
    out: list[Command] = []
    board = game.board
    for space in board.deeds:
        deed = st.deeds[space]
        if deed.owner != player:
            continue
        if deed.mortgaged:
            out.append(Unmortgage(player=player, space=space))
            continue
        out.append(Mortgage(player=player, space=space))
        if board.kinds[space] == "street":
            out.append(Build(player=player, space=space))
            if deed.houses or deed.hotel:
                out.append(SellBuilding(player=player, space=space))
    return out


def _roll(game: Game, p: int, pend: Any) -> list[Command]:
    return [simple(RollDice, p), simple(PayJailFine, p), simple(UseJailCard, p)]  # type: ignore[list-item]


def _end_turn(game: Game, p: int, pend: Any) -> list[Command]:
    return [simple(EndTurn, p), simple(PayJailFine, p)]  # type: ignore[list-item]


def _buy(game: Game, p: int, pend: Any) -> list[Command]:
    return [simple(BuyProperty, p), simple(DeclineProperty, p)]  # type: ignore[list-item]


def _auction(game: Game, p: int, pend: Auction) -> list[Command]:
    return [PlaceBid(player=p, amount=next_minimum(pend)), simple(PassAuction, p)]  # type: ignore[list-item]


def _income_tax(game: Game, p: int, pend: Any) -> list[Command]:
    return [ChooseIncomeTax(player=p, option="flat"), ChooseIncomeTax(player=p, option="percent")]


def _debt(game: Game, p: int, pend: Any) -> list[Command]:
    return [simple(DeclareBankruptcy, p)]  # type: ignore[list-item]


def _trade_answer(game: Game, p: int, pend: TradeAnswer) -> list[Command]:
    return [AcceptTrade(player=p, trade_id=pend.trade.id), RejectTrade(player=p, trade_id=pend.trade.id)]


def _mortgage_decision(game: Game, p: int, pend: MortgageDecision) -> list[Command]:
    return [Unmortgage(player=p, space=pend.space), KeepMortgage(player=p, space=pend.space)]


def _place_building(game: Game, p: int, pend: Any) -> list[Command]:
    return [Build(player=p, space=s) for s in game.board.streets if game.state.deeds[s].owner == p]


_DECISIONS: dict[str, Callable[[Game, int, Any], list[Command]]] = {
    "roll": _roll,
    "end_turn": _end_turn,
    "buy": _buy,
    "auction": _auction,
    "income_tax": _income_tax,
    "debt": _debt,
    "trade_answer": _trade_answer,
    "mortgage_decision": _mortgage_decision,
    "place_building": _place_building,
}
