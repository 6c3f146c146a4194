"""Computer opponents at three levels of skill, plus a random player for tests and fuzzing.

A bot sees only its seat's view and the legal commands, and answers with a command; every rule figure it
needs it asks of `engine.queries` on that view. `make_bot` seats one; `engine.simulate.BotPlayer` lets
headless play seat it, and `engine.tournament` pits levels against each other.
"""

from engine.bots.base import Bot, BotBase
from engine.bots.easy import EasyBot
from engine.bots.hard import HardBot
from engine.bots.normal import NormalBot
from engine.bots.random_play import RandomBot
from engine.catalogue import LEVELS

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


__all__ = ["LEVELS", "Bot", "make_bot"]
