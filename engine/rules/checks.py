"""Checks shared by many commands: is the game on, is this player in it, is it his decision now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalCommand, Refusal
from engine.core.phrases import N_, Phrase

if TYPE_CHECKING:
    from engine.core.live import LiveGame
    from engine.core.tabletop import Tabletop

_WAITING = {
    "roll": N_("{name} to roll"),
    "end_turn": N_("{name} to end the turn"),
    "buy": N_("{name} to buy or decline"),
    "auction": N_("{name} to bid or pass"),
    "income_tax": N_("{name} to choose how to pay income tax"),
    "debt": N_("{name} to raise cash for a debt"),
    "trade_answer": N_("{name} to answer a trade"),
    "deal_answer": N_("{name} to answer a deal"),
    "mortgage_decision": N_("{name} to lift or keep a mortgage"),
    "place_building": N_("{name} to place a building won at auction"),
    "route": N_("{name} to choose the way on"),
    "excess_lots": N_("{name} to choose the lots to give back to the bank"),
    "ride": N_("{name} to choose where to ride"),
    "refund_card": N_("{name} to play or keep the refund card"),
    "winnings_card": N_("{name} to play or keep the half-winnings card"),
    "lot_tickets": N_("{name} to buy the lots on the lot tickets"),
    "rent_or_buy": N_("{name} to buy or rent the lot"),
    "luxury": N_("{name} to buy a luxury or lose the move"),
    "direction": N_("{name} to choose which way to move"),
    "loan_answer": N_("{name} to answer a loan offer"),
    "call_answer": N_("{name} to agree to end the game now or refuse"),
}


def waiting_phrase(game: LiveGame) -> Phrase:
    """Return what the game waits for, as a phrase: "Ada to roll"."""
    st = game.state
    if st.winner is not None:
        return Phrase(N_("nothing: the game is over"))
    pend = st.pending
    if pend is None:
        return Phrase(N_("nothing"))
    return Phrase(_WAITING[pend.kind], name=st.players[pend.player].name)


def waiting_for(game: LiveGame) -> str:
    """Describe in English what the game waits for: "Ada to roll" (`waiting_phrase`)."""
    return str(waiting_phrase(game))


def actor(game: LiveGame, player: int) -> Refusal:
    """Refuse unless the game is on and `player` is at the table and still in it."""
    st = game.state
    if st.winner is not None:
        return IllegalCommand("game_over", Phrase(N_("The game is over.")))
    if not 0 <= player < len(st.players):
        return IllegalCommand(
            "no_such_player", Phrase(N_("There is no player {player} in this game."), player=player)
        )
    if st.players[player].bankrupt:
        return IllegalCommand(
            "bankrupt", Phrase(N_("{name} is bankrupt and out of the game."), name=st.players[player].name)
        )
    return None


def awaited(game: LiveGame, player: int, kind: str) -> Refusal:
    """Refuse unless the game waits for exactly this decision from the player."""
    pend = game.state.pending
    if pend is not None and pend.player == player and pend.kind == kind:
        return None  # the game never waits on a bankrupt, and waits on nobody once it is over
    refusal = actor(game, player)
    if refusal is not None:
        return refusal
    pend = game.state.pending
    if pend is None or pend.kind != kind:
        return IllegalCommand(
            "not_now",
            Phrase(N_("Not now: the game is waiting for {waiting_for}."), waiting_for=waiting_phrase(game)),
        )
    if pend.player != player:
        return IllegalCommand(
            "not_your_turn",
            Phrase(
                N_("Not your move: the game is waiting for {waiting_for}."), waiting_for=waiting_phrase(game)
            ),
        )
    return None


HELD_UP = frozenset({"auction", "place_building", "excess_lots"})
"""The decisions during which nobody builds, sells or mortgages (`may_manage`; the legal moves list none)."""


def may_manage(game: LiveGame, player: int) -> Refusal:
    """Refuse building, selling and mortgaging, which are open to anyone at any time, only while a lot is
    under the hammer or a won building waits to be placed."""
    st = game.state
    pend = st.pending
    if (
        (pend is None or pend.kind not in HELD_UP)
        and st.winner is None
        and 0 <= player < len(st.players)
        and not st.players[player].bankrupt
    ):
        return None  # the commonest answer, asked for every building and mortgage a legal move lists
    refusal = actor(game, player)
    if refusal is not None:
        return refusal
    if pend is not None and pend.kind in HELD_UP:
        return IllegalCommand(
            "not_now",
            Phrase(N_("Not now: the game is waiting for {waiting_for}."), waiting_for=waiting_phrase(game)),
        )
    return None


def in_debt(game: LiveGame, player: int) -> bool:
    pend = game.state.pending
    return pend is not None and pend.kind == "debt" and pend.player == player


def deed_of(table: Tabletop, player: int, space: int) -> Refusal:
    """Refuse unless the space is a deed this player owns."""
    deed = table.deeds.get(space)
    if deed is None:
        return IllegalCommand("not_a_deed", Phrase(N_("Space {space} has no title deed."), space=space))
    if deed.owner != player:
        return IllegalCommand(
            "not_owner",
            Phrase(
                N_("{name} does not own {space}."),
                name=table.players[player].name,
                space=table.board.name(space),
            ),
        )
    return None
