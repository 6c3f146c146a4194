"""Every opponent the interface seats is made here, and only here: a bot of `engine.bots` at its level."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from engine import Command, Game
from engine.bots import Bot, catch_up, make_bot
from engine.players import SimplePlayer
from saves import Seat
from tui.seats import DEFAULT_LEVEL


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


def resumed_opponents(seats: Sequence[Seat], game: Game) -> dict[int, Opponent]:
    """Bots for a saved game taken up again: they live through the game so far first, so that they
    remember what they did and play on exactly as they would have."""
    opponents = make_opponents(seats, game.state.seed)
    bots: Mapping[int, Bot] = {i: o.bot for i, o in opponents.items() if isinstance(o, BotOpponent)}
    catch_up(bots, game.initial, game.log)
    return opponents
