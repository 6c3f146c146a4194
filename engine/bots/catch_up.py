"""Bots taking over a game already under way (a saved game resumed) live through it again first.

A bot remembers what it has done (the offers it made and how they were answered, where its own random
stream has got to). Shown each of its past decisions again, in order, it makes the same choices and ends
with the same memory, so the resumed game goes on exactly as it would have had it never stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.bots.base import Bot
from engine.commands import Command
from engine.game import Game
from engine.state import GameState


def catch_up(bots: Mapping[int, Bot], start: GameState, log: Sequence[Command]) -> None:
    """Replay `log` from `start`, asking each bot again for every decision that was its own."""
    game = Game.from_state(start)
    for cmd in log:
        pend = game.state.pending
        bot = bots.get(cmd.player)
        if bot is not None and pend is not None and pend.player == cmd.player:
            bot.choose(game.view(cmd.player), game.legal_commands(cmd.player))
        game.apply(cmd)
