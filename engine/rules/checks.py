"""Checks shared by many commands: is the game on, is this player in it, is it his decision now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import IllegalCommand, Refusal

if TYPE_CHECKING:
    from engine.live import LiveGame
    from engine.tabletop import Tabletop

_WAITING = {
    "roll": "to roll",
    "end_turn": "to end the turn",
    "buy": "to buy or decline",
    "auction": "to bid or pass",
    "income_tax": "to choose how to pay income tax",
    "debt": "to raise cash for a debt",
    "trade_answer": "to answer a trade",
    "deal_answer": "to answer a deal",
    "mortgage_decision": "to lift or keep a mortgage",
    "place_building": "to place a building won at auction",
    "route": "to choose the way on",
    "excess_lots": "to choose the lots to give back to the bank",
    "ride": "to choose where to ride",
    "refund_card": "to play or keep the refund card",
    "winnings_card": "to play or keep the half-winnings card",
    "lot_tickets": "to buy the lots on the lot tickets",
    "rent_or_buy": "to buy or rent the lot",
    "luxury": "to buy a luxury or lose the move",
    "direction": "to choose which way to move",
    "loan_answer": "to answer a loan offer",
    "call_answer": "to agree to end the game now or refuse",
}


def waiting_for(game: LiveGame) -> str:
    """What the game waits for, in words: "Ada to roll"."""
    st = game.state
    if st.winner is not None:
        return "nothing: the game is over"
    pend = st.pending
    if pend is None:
        return "nothing"
    return f"{st.players[pend.player].name} {_WAITING[pend.kind]}"


def actor(game: LiveGame, player: int) -> Refusal:
    """Refused unless the game is on and `player` is at the table and still in it."""
    st = game.state
    if st.winner is not None:
        return IllegalCommand("game_over", "The game is over.")
    if not 0 <= player < len(st.players):
        return IllegalCommand("no_such_player", f"There is no player {player} in this game.")
    if st.players[player].bankrupt:
        return IllegalCommand("bankrupt", f"{st.players[player].name} is bankrupt and out of the game.")
    return None


def awaited(game: LiveGame, player: int, kind: str) -> Refusal:
    """The player may act only if the game waits for exactly this decision from him."""
    pend = game.state.pending
    if pend is not None and pend.player == player and pend.kind == kind:
        return None  # the game never waits on a bankrupt, and waits on nobody once it is over
    refusal = actor(game, player)
    if refusal is not None:
        return refusal
    pend = game.state.pending
    if pend is None or pend.kind != kind:
        return IllegalCommand("not_now", f"Not now: the game is waiting for {waiting_for(game)}.")
    if pend.player != player:
        return IllegalCommand("not_your_turn", f"Not your move: the game is waiting for {waiting_for(game)}.")
    return None


def may_manage(game: LiveGame, player: int) -> Refusal:
    """Building, selling and mortgaging are open to anyone at any time, except while a lot is under the
    hammer or a won building waits to be placed."""
    refusal = actor(game, player)
    if refusal is not None:
        return refusal
    pend = game.state.pending
    if pend is not None and pend.kind in ("auction", "place_building", "excess_lots"):
        return IllegalCommand("not_now", f"Not now: the game is waiting for {waiting_for(game)}.")
    return None


def in_debt(game: LiveGame, player: int) -> bool:
    pend = game.state.pending
    return pend is not None and pend.kind == "debt" and pend.player == player


def deed_of(table: Tabletop, player: int, space: int) -> Refusal:
    """The space is a deed and this player owns it."""
    deed = table.deeds.get(space)
    if deed is None:
        return IllegalCommand("not_a_deed", f"Space {space} has no title deed.")
    if deed.owner != player:
        return IllegalCommand(
            "not_owner", f"{table.players[player].name} does not own {table.board.name(space)}."
        )
    return None
