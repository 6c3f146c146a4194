"""Resuming a saved game in a single replay: the story of the game and the bots' memories are rebuilt
while the save is checked, instead of replaying the game once for each.

A bot remembers what it has done and heard (the offers made at the table and how they were answered,
where its own random stream has got to). Shown each of its past decisions and the events of every move
again, in order, it makes the same choices and ends with the same memory, so the resumed game goes on
exactly as it would have had it never stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine import Command, Event, Game
from engine.core.events import ReasonGiven
from room.opponents import BotOpponent, Opponent, tell_opponents
from room.seats import Seat
from saves.history import opening
from saves.telling import Discretion, as_stand_in

MakeOpponents = Callable[[Sequence[Seat], int], Mapping[int, Opponent]]


class TableReplay:
    """A replay watcher (`saves.restore.ReplayWatcher`) that seats the opponents and lets the bots live
    through their own past decisions, and keeps every event of the game as the table showed it
    (`saves.telling`) and the bots' reasons, by the place of their command in the log."""

    def __init__(self, make_opponents: MakeOpponents) -> None:
        self._make = make_opponents
        self.opponents: dict[int, Opponent] = {}
        self.history: list[Event] = []
        self.reasons: dict[int, str] = {}
        self._commands = 0
        self._game: Game | None = None
        self._people: frozenset[int] = frozenset()
        self._discretion = Discretion()

    @property
    def held(self) -> tuple[tuple[int, ReasonGiven], ...]:
        """The reasons for a decision still open where the game stopped, not shown yet."""
        return self._discretion.held

    def begin(self, game: Game, seats: list[Seat]) -> None:
        self.opponents = dict(self._make(seats, game.state.seed))
        self.history = opening(game.initial)
        self.reasons = {}
        self._commands = 0
        self._game = game
        self._people = frozenset(i for i, s in enumerate(seats) if not s.is_bot)
        self._discretion = Discretion()

    def command(self, game: Game, cmd: Command) -> None:
        self._commands += 1
        self._game = game
        opponent = self.opponents.get(cmd.player)
        pend = game.state.pending
        if isinstance(opponent, BotOpponent) and pend is not None and pend.player == cmd.player:
            opponent.decide(game, cmd.player)

    def applied(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, ReasonGiven):
                self.reasons[self._commands - 1] = e.reason
        tell_opponents(self.opponents, events)
        if self._game is not None:
            events = self._discretion.tell(
                as_stand_in(events, self._people), self._game.state, self._commands - 1
            )
        self.history.extend(events)


def relive(opponents: Mapping[int, Opponent], game: Game, log: Sequence[Command]) -> list[Event]:
    """Replay `log` from `game`'s start with these opponents, as loading a save does, rebuilding the
    events of the game, the bots remembering their own decisions. For games that were not saved."""
    replay = TableReplay(lambda seats, seed: opponents)
    again = Game.from_state(game.initial)
    replay.begin(again, [])
    for cmd in log:
        replay.command(again, cmd)
        replay.applied(again.apply(cmd))
    return replay.history
