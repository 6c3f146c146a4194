"""A saved game's story: every event from the opening on, replayed from its initial state and log."""

from __future__ import annotations

from collections.abc import Iterator

from engine import Event, Game, GameState, SetupError, new_game
from engine.events import TurnStarted


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


def events(game: Game) -> Iterator[Event]:
    """Every event of `game` from its start, in order: the opening, then what each command caused."""
    yield from opening(game.initial)
    again = Game.from_state(game.initial)
    for cmd in game.log:
        yield from again.apply(cmd)


def this_turn(game: Game) -> list[Event]:
    """The events of the turn in play, from its `TurnStarted` on."""
    current: list[Event] = []
    for event in events(game):
        if isinstance(event, TurnStarted):
            current = []
        current.append(event)
    return current
