"""Bots from outside for the tests, importable as `outside_fixtures:Name` (the tests' helpers are on
the path): one that listens to every event, one that answers out of turn, and a class that is no bot."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Command, EndTurn, Event, GameView, RollDice


class Listener:
    """Plays the first legal command, and keeps every event it is shown."""

    made: list[Listener] = []

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat
        self.heard: list[Event] = []
        self.asked = 0
        Listener.made.append(self)

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        self.asked += 1
        return legal[0]

    def observe(self, events: Sequence[Event]) -> None:
        self.heard.extend(events)


class OutOfTurn:
    """Always ends the turn of the seat after its own: never a command the rules take from it."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat

    def choose(self, view: GameView, legal: list[Command]) -> Command:
        if any(isinstance(c, RollDice) for c in legal):
            return RollDice(player=(self.seat + 1) % len(view.players))
        return EndTurn(player=(self.seat + 1) % len(view.players))


class NotABot:
    """Has no `choose`."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seat = seat
