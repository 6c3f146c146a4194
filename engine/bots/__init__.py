"""Computer opponents at three levels of skill, plus a random player for tests and fuzzing.

A bot sees only `game.view(seat)` and the legal commands, and answers with a command. `make_bot` seats one;
`BotPlayer` lets `engine.simulate` play it; `catch_up` brings bots taking over a saved game up to date;
`engine.bots.tournament` pits levels against each other.
"""

from engine.bots.base import Bot, BotBase, BotPlayer
from engine.bots.catch_up import catch_up
from engine.bots.easy import EasyBot
from engine.bots.hard import HardBot
from engine.bots.normal import NormalBot
from engine.bots.random_play import RandomBot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random")

_KINDS: dict[str, type[BotBase]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "random": RandomBot,
}


def make_bot(level: str, seed: int, seat: int) -> Bot:
    """A bot of `level` for `seat` of the game seeded `seed`: its randomness comes from these two alone."""
    kind = _KINDS.get(level)
    if kind is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return kind(seed, seat)


__all__ = ["LEVELS", "Bot", "BotPlayer", "catch_up", "make_bot"]
