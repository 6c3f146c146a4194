"""Every opponent the interface seats is made here, and only here.

A bot seat is played by `engine.bots` at its level when that package is present; otherwise by the engine's
simple players (a real player that knows no levels: the level is shown but not yet honoured).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine import Command, Game
from engine.players import SimplePlayer
from saves import Seat
from tui.seats import DEFAULT_LEVEL


class Opponent(Protocol):
    """Decides for one seat whenever the game waits on it."""

    def decide(self, game: Game, seat: int) -> Command: ...


class BotOpponent:
    """A bot from `engine.bots`: it sees only its own view and its legal commands."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot

    def decide(self, game: Game, seat: int) -> Command:
        choice: Command = self._bot.choose(game.view(seat), game.legal_commands(seat))
        return choice


class SimpleOpponent:
    """The engine's simple player, for one seat (it may be shared between seats: it keeps per-seat notes)."""

    def __init__(self, player: SimplePlayer | None = None) -> None:
        self._player = player or SimplePlayer()

    def decide(self, game: Game, seat: int) -> Command:
        return self._player.decide(game, seat)


def _bot_maker() -> Callable[[str, int, int], Any] | None:
    try:
        bots = importlib.import_module("engine.bots")
    except ImportError:
        return None
    maker: Callable[[str, int, int], Any] | None = getattr(bots, "make_bot", None)
    return maker


def levels_honoured() -> bool:
    """Whether bot levels change how bots play (they do once `engine.bots` is installed)."""
    return _bot_maker() is not None


def make_opponents(seats: Sequence[Seat], seed: int) -> dict[int, Opponent]:
    """One opponent per bot seat of a game with this seed."""
    maker = _bot_maker()
    shared = SimplePlayer()
    out: dict[int, Opponent] = {}
    for i, seat in enumerate(seats):
        if not seat.is_bot:
            continue
        if maker is None:
            out[i] = SimpleOpponent(shared)
        else:
            out[i] = BotOpponent(maker(seat.level or DEFAULT_LEVEL, seed, i))
    return out
