"""Argument types that validate command-line values as they are parsed: whole numbers within the range that
makes sense, so that a wrong value gets one clear line and exit status 2 rather than a traceback (or a quiet
run that does nothing), and argparse's own messages printed as plain text."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from engine.core.rng import SEED_MAX
from engine.core.text import clean_name, plain, shorten
from translation import _, number

GAMES_MAX = 1_000_000
TURNS_MAX = 100_000


class Parser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose error messages (which quote what was typed) never contain control
    characters."""

    def error(self, message: str) -> NoReturn:
        super().error(plain(message))

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """Refuse a word that is not a subcommand with the list of them and the closest one, where argparse
        alone lists them as Python reprs and guesses none."""
        if isinstance(action, argparse._SubParsersAction) and value not in (action.choices or ()):
            raise argparse.ArgumentError(None, unknown_command(str(value), list(action.choices or ())))
        super()._check_value(action, value)


def unknown_command(word: str, names: list[str]) -> str:
    """Return the sentence that refuses `word` as a subcommand: the close match if there is one, and every
    name."""
    from difflib import get_close_matches  # only for this refusal: the start screen never needs it

    close = get_close_matches(word, names, n=1, cutoff=0.6)
    word = shorten(word, 40)
    if close:
        return _(
            "{word!r} is not a command; did you mean {match!r}? The commands: {names}.",
            word=word,
            match=close[0],
            names=", ".join(names),
        )
    return _("{word!r} is not a command. The commands: {names}.", word=word, names=", ".join(names))


def whole(low: int, high: int, *, too_low: str | None = None) -> Callable[[str], int]:
    """Return an argparse `type` for a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text!r} is not a whole number", text=shorten(text, 40))
            ) from None
        if value < low:
            raise argparse.ArgumentTypeError(
                too_low or _("must be at least {low}, not {value}", low=low, value=value)
            )
        if value > high:
            raise argparse.ArgumentTypeError(
                _("must be at most {high}, not {value}", high=number(high), value=shorten(str(value), 40))
            )
        return value

    return parse


seed = whole(0, SEED_MAX)
jobs = whole(1, 256)
games = whole(1, GAMES_MAX)
turns = whole(1, TURNS_MAX)


SHARDS_MAX = 100_000


def shard(text: str) -> tuple[int, int]:
    """Parse `--shard I/N`: the I-th of N shares, 1 <= I <= N."""
    index, slash, count = text.partition("/")
    if not slash:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not I/N (say 2/8: the second of eight)", text=shorten(text, 40))
        )
    n = whole(1, SHARDS_MAX)(count.strip())
    i = whole(1, SHARDS_MAX, too_low=_("shards are counted from 1"))(index.strip())
    if i > n:
        raise argparse.ArgumentTypeError(_("shard {i} of {n}: the shards are 1/{n} to {n}/{n}", i=i, n=n))

    return i, n


def players(text: str) -> int:
    """Parse `--players`: a count some edition can seat (the editions are read only when the option is
    given)."""
    from engine import EDITIONS, load_edition

    least = min(load_edition(e).min_players for e in EDITIONS)
    most = max(load_edition(e).max_players for e in EDITIONS)
    return whole(least, most)(text)


def name(text: str) -> str:
    """Parse `--name`: cleaned to the characters a name may contain (see `engine.core.text`); empty when
    nothing
    usable is left, which leaves the name to the login name."""
    return clean_name(text)
