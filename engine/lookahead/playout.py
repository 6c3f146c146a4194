"""A playout: a game played forward by the simple players (or another fast player) for a few rounds of
the table, from a whole position drawn afresh (`engine.lookahead.sampling`)."""

from __future__ import annotations

from typing import Protocol

from engine.core.commands import Command
from engine.lookahead.players import SimplePlayer
from engine.play.game import Game

HORIZON_ROUNDS = 2
"""How far a playout is played before its position is valued: two rounds of the table."""
Z95 = 1.959963984540054
"""The normal quantile of a 95 % interval: a mean over playouts lies within Z95 standard errors."""
_MASK = (1 << 64) - 1


def playout_seed(seed: int, k: int) -> int:
    """Return the seed of the k-th playout of an analysis seeded `seed`: distinct, the same on every
    machine."""
    return (seed * 0x9E3779B97F4A7C15 + k * 1_000_003 + 1) & _MASK


def stop_turn(turn: int, players_in: int, horizon: int = HORIZON_ROUNDS) -> int:
    """Return the turn a playout from `turn` stops at: `horizon` rounds of the players still in."""
    return turn + horizon * max(1, players_in)


class Player(Protocol):
    """A fast player of playouts: it decides for whichever seat the game waits on."""

    def decide(self, game: Game, player: int) -> Command: ...


class Seated:
    """A player that delegates every seat to `others` except one, played by `own`: the player whose course is
    judged keeps to a plan of its own through the playout."""

    def __init__(self, others: Player, seat: int, own: Player) -> None:
        self.others, self.seat, self.own = others, seat, own

    def decide(self, game: Game, player: int) -> Command:
        return (self.own if player == self.seat else self.others).decide(game, player)


def play_forward(game: Game, stop: int, player: Player | None = None) -> None:
    """Play the game forward with `player` in every seat (the simple players unless told) until the game ends
    or `stop` turns have been played (or, should a game ever wait on nothing with nothing left to do, until it
    stops moving)."""
    st = game.state
    decide = (player or SimplePlayer()).decide
    apply = game.apply
    while st.winner is None and st.turn < stop:
        pend = st.pending
        if pend is None:
            return
        apply(decide(game, pend.player))
