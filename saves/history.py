"""A saved game's story: every event from the opening on, gathered while the save is replayed on loading."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Command, Event, Game, GameState, SetupError, new_game
from engine.core.events import TurnStarted
from saves.model import Seat
from saves.telling import Discretion, as_stand_in


def opening(initial: GameState) -> list[Event]:
    """Return the events of the game's setup (a deal, the first turn), which the log does not record.

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
    """A replay watcher (`saves.restore.ReplayWatcher`) that collects every event of the game, in order, as
    the table showed them (`saves.telling`)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._game: Game | None = None
        self._people: list[int] = []
        self._discretion = Discretion()
        self._moves = 0

    def begin(self, game: Game, seats: list[Seat]) -> None:
        self.events = opening(game.initial)
        self._game = game
        self._people = [i for i, seat in enumerate(seats) if not seat.is_bot]
        self._discretion = Discretion()
        self._moves = 0

    def command(self, game: Game, cmd: Command) -> None:
        self._game = game

    def applied(self, events: list[Event]) -> None:
        if self._game is not None:
            events = self._discretion.tell(as_stand_in(events, self._people), self._game.state, self._moves)
        self._moves += 1
        self.events.extend(events)


def this_turn(events: Sequence[Event]) -> list[Event]:
    """Return the events of the turn in play, from its `TurnStarted` on."""
    current: list[Event] = []
    for event in events:
        if isinstance(event, TurnStarted):
            current = []
        current.append(event)
    return current
