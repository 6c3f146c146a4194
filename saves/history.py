"""A saved game's story: every event from the opening on, gathered while the save is replayed on loading."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Command, Event, Game, GameState, SetupError, new_game
from engine.events import TurnStarted
from saves.model import Seat


def opening(initial: GameState) -> list[Event]:
    """What setting the game up did (a deal, the first turn), which the log does not record.

    Setting the game up again from its seed gives these events when it reproduces the saved initial
    state exactly; otherwise (a game begun from a prepared position) only the first turn is told.
    """
    try:
        fresh = new_game(
            initial.edition,
            [p.name for p in initial.players],
            seed=initial.seed,
            rules=initial.rules,
            dice=initial.scripted_dice,
        )
    except SetupError:
        fresh = None
    if fresh is not None and fresh.initial == initial:
        return list(fresh.opening)
    if initial.pending is None:
        return []
    return [TurnStarted(player=initial.current, turn=initial.turn)]


class Story:
    """A replay watcher (`saves.restore.ReplayWatcher`) that keeps every event of the game, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def begin(self, game: Game, seats: list[Seat]) -> None:
        self.events = opening(game.initial)

    def command(self, game: Game, cmd: Command) -> None:
        return None

    def applied(self, events: list[Event]) -> None:
        self.events.extend(events)


def this_turn(events: Sequence[Event]) -> list[Event]:
    """The events of the turn in play, from its `TurnStarted` on."""
    current: list[Event] = []
    for event in events:
        if isinstance(event, TurnStarted):
            current = []
        current.append(event)
    return current
