"""A playout: a game played forward by the simple players for a few rounds of the table, from a whole
position drawn afresh (`engine.lookahead.sampling`)."""

from __future__ import annotations

from engine.game import Game
from engine.lookahead.players import SimplePlayer

HORIZON_ROUNDS = 2
"""How far a playout is played before its position is valued: two rounds of the table."""


def stop_turn(turn: int, players_in: int, horizon: int = HORIZON_ROUNDS) -> int:
    """The turn a playout from `turn` stops at: `horizon` rounds of the players still in."""
    return turn + horizon * max(1, players_in)


def play_forward(game: Game, stop: int) -> None:
    """Play on with the simple players until the game ends or `stop` turns have been played (or, should
    a game ever wait on nothing with nothing left to do, until it stops moving)."""
    st = game.state
    decide = SimplePlayer().decide
    apply = game.apply
    while st.winner is None and st.turn < stop:
        pend = st.pending
        if pend is None:
            return
        apply(decide(game, pend.player))
