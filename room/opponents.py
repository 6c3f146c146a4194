"""Every opponent a room seats is made here: a bot of `engine.bots` at its level (or, for tests and
headless play, the engine's simple player)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine import Command, Game
from engine.bots import Bot, make_bot
from engine.players import SimplePlayer
from room.seats import DEFAULT_LEVEL, Seat


class Opponent(Protocol):
    """Decides for one seat whenever the game waits on it."""

    def decide(self, game: Game, seat: int) -> Command: ...


class BotOpponent:
    """A bot from `engine.bots`: it sees only its own view and its legal commands."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, game: Game, seat: int) -> Command:
        return self.bot.choose(game.view(seat), game.legal_commands(seat))


class SimpleOpponent:
    """The engine's simple player for a seat: predictable rules of thumb (the interface's tests use it)."""

    def __init__(self, player: SimplePlayer | None = None) -> None:
        self._player = player or SimplePlayer()

    def decide(self, game: Game, seat: int) -> Command:
        return self._player.decide(game, seat)


def make_opponents(seats: Sequence[Seat], seed: int) -> dict[int, Opponent]:
    """One bot per bot seat of a game with this seed, at the seat's level."""
    return {
        i: BotOpponent(make_bot(seat.level or DEFAULT_LEVEL, seed, i))
        for i, seat in enumerate(seats)
        if seat.is_bot
    }


def stand_in_for(seat: int, seed: int) -> Opponent:
    """The bot that plays a person's seat while they are away: the default level."""
    return BotOpponent(make_bot(DEFAULT_LEVEL, seed, seat))
