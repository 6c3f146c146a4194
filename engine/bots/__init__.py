"""Computer opponents at three levels of skill, plus a random player for tests and fuzzing, and bots from
outside (`engine.bots.outside`: the published interface).

A bot sees only its seat's view and the legal commands, and answers with a command; every rule figure it
needs it asks of `engine.queries` on that view. It is shown the events of every move, and learns how the
others judge a deal only from their answers. `make_bot` seats one; `engine.tools.simulate.BotPlayer` lets
headless play seat it, and `engine.tools.tournament` pits levels against each other.
"""

from engine.bots.base import Bot, BotBase
from engine.bots.easy import EasyBot
from engine.bots.expert import ExpertBot
from engine.bots.hard import HardBot
from engine.bots.normal import NormalBot
from engine.bots.outside import BotNotFound, OutsideBot, find_bot
from engine.bots.random_play import RandomBot
from engine.core.catalogue import LEVELS

_KINDS: dict[str, type[BotBase]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "random": RandomBot,
}


def make_bot(level: str, seed: int, seat: int) -> Bot:
    """Create a bot of `level` for `seat` of the game seeded `seed`: its randomness comes from these two
    alone. A level that is none of `LEVELS` names a bot from outside (`module:Class`, or an installed entry
    point); `ValueError` explains what is wrong with a name that finds none."""
    kind = _KINDS.get(level)
    if kind is not None:
        return kind(seed, seat)
    return OutsideBot(level, bot_class(level), seed, seat)


def bot_class(level: str) -> type:
    """Return the class an outside bot's name refers to; `ValueError` (with the known levels) if it names
    none."""
    try:
        return find_bot(level)
    except BotNotFound as exc:
        if ":" in level:
            raise
        raise ValueError(
            f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}, an installed bot, "
            "or name one as module:Class"
        ) from exc


def check_level(level: str) -> str | None:
    """Return what is wrong with a bot level or name, or None if it names a bot."""
    if level in _KINDS:
        return None
    try:
        bot_class(level)
    except ValueError as exc:
        return str(exc)
    return None


__all__ = ["LEVELS", "Bot", "check_level", "make_bot"]
