"""Taking back a person's own decisions, never the dice or the cards.

A take-back replays the game's commands from its start up to the decision taken back: the engine is
seeded and deterministic, so the game that comes out is exactly the one that stood before that decision,
with the same dice and the same decks to come. Only decisions made since the last throw or card can be
taken back (nothing random is undone), and only while nobody has answered them: a bid someone else has
raised, an offer accepted or turned down stays. Nothing here changes the game it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.commands import Command
from engine.core.events import Event
from engine.core.state import GameState
from engine.play.game import Game

ANSWERS = frozenset(
    {"place_bid", "accept_trade", "reject_trade", "accept_deal", "reject_deal", "accept_loan", "reject_loan"}
)
"""What another player does that answers a decision, so that it can no longer be taken back: a higher
bid, an offer accepted or turned down."""


def luck(state: GameState) -> tuple[object, ...]:
    """Return everything chance still holds in a game: the dice to come and the order of the decks. A command
    that changes it threw the dice or drew (or returned) a card."""
    decks = tuple((name, tuple(cards)) for name, cards in sorted(state.decks.items()))
    return state.rng_state, tuple(state.scripted_dice), decks


@dataclass(frozen=True)
class TakenBack:
    """A game with a decision taken back: the game as it stood before it, and how many of the old game's
    commands and events were undone (the decision and whatever followed it)."""

    game: Game
    commands: int
    events: int


def last_chance(start: GameState, log: Sequence[Command]) -> tuple[int, list[int]]:
    """Replay `log` from `start`: the index of the last command that threw the dice or touched a deck
    (-1 if none did), and how many events each command caused."""
    game = Game.from_state(start)
    last = -1
    counts: list[int] = []
    for i, cmd in enumerate(log):
        before = luck(game.state)
        counts.append(len(game.apply(cmd)))
        if luck(game.state) != before:
            last = i
    return last, counts


def decision_to_take_back(log: Sequence[Command], seat: int, last_random: int) -> int | None:
    """Return the index of `seat`'s latest decision after the last random command that nobody has answered
    since, or None."""
    for i in range(len(log) - 1, last_random, -1):
        cmd = log[i]
        if cmd.player == seat:
            return i
        if cmd.kind in ANSWERS:
            return None
    return None


def take_back(game: Game, seat: int) -> TakenBack | None:
    """Return the game as it stood before `seat`'s latest decision since the last throw or card, replayed from
    its start; None when there is none to take back."""
    log = list(game.log)
    last, counts = last_chance(game.initial, log)
    at = decision_to_take_back(log, seat, last)
    if at is None:
        return None
    earlier = Game.replay(game.initial, log[:at])
    earlier.opening = list(game.opening)
    return TakenBack(earlier, len(log) - at, sum(counts[at:]))


def without_last(events: Sequence[Event], undone: int) -> list[Event]:
    """Return a story of the game without its last `undone` events."""
    return list(events[: len(events) - undone])
