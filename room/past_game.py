"""A finished or saved game for step-by-step replay: any position is rebuilt from the start.

The engine is deterministic, so a game is all in its initial state and its commands. `PastGame` keeps
those, the events each command caused (told in the log) and, every `CHECKPOINT_EVERY` moves, a copy of
the state: the position after any move is the nearest checkpoint before it with at most that many
commands applied again, so that stepping back is as quick at turn 200 as at turn 2. A move is one command
of the game's log; a turn begins where the game says one began (`TurnStarted`).

It is read-only: it is made from a save by reading the file (`from_save`, no lock taken, nothing
written), and nothing here can change a save. A demo grows one as its bots play (`play_on`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import Board, Command, Event, Game, GameState, GameView, waiting_for
from engine.core.events import reason_for
from engine.core.narration import narrate
from engine.queries import Facts, facts
from room.board_words import spoken
from room.opponents import Opponent, reason_of, tell_opponents
from room.titles import summary_title
from saves import SaveStore, Seat
from saves.history import opening
from saves.telling import Discretion, as_stand_in
from translation import say

CHECKPOINT_EVERY = 32
"""Moves between two kept states: stepping anywhere replays fewer commands than this."""


@dataclass(frozen=True)
class Position:
    """The game after `move` commands, as a screen shows it."""

    move: int
    turn: int  # the turn in play, counted from 0 as the state counts it
    view: GameView
    facts: Facts
    waiting_for: str


class PastGame:
    """A game's moves, and the position after any of them (see the module's docstring)."""

    def __init__(
        self,
        initial: GameState,
        names: Sequence[str],
        *,
        title: str = "",
        levels: Sequence[str | None] = (),
        first_events: Sequence[Event] | None = None,
    ) -> None:
        self.title = title
        self.names: tuple[str, ...] = tuple(names)
        self.levels: tuple[str | None, ...] = tuple(levels) or (None,) * len(self.names)
        self._initial = initial.copy()
        self._live = Game.from_state(initial)  # the end of the game as far as it is known
        self.board: Board = self._live.board
        self.opening: tuple[Event, ...] = tuple(
            first_events if first_events is not None else opening(initial)
        )
        self._commands: list[Command] = []
        self._events: list[tuple[Event, ...]] = []  # what each command caused
        self._turns: list[int] = [initial.turn]  # the turn in play after each number of moves
        self._told: list[int] = [len(self.opening)]  # events told after each number of moves
        self._over = initial.winner is not None
        self._kept: dict[int, GameState] = {0: initial.copy()}
        self._at: tuple[int, Game] | None = None  # the last position reached, to step on from
        self._discretion = Discretion()  # the bots' reasons shown as the table showed them (`saves.telling`)
        self._people = [i for i, level in enumerate(levels) if level is None]  # none when not said

    # --- growing ----------------------------------------------------------------------------------

    def record(self, cmd: Command, events: Sequence[Event], after: GameState) -> None:
        """Append a move as it was played: the command, what it caused, and the state it left. A bot's reason
        for a decision still open is shown once it closes, as at the table."""
        events = self._discretion.tell(as_stand_in(events, self._people), after, len(self._commands))
        self._commands.append(cmd)
        self._events.append(tuple(events))
        self._turns.append(after.turn)
        self._told.append(self._told[-1] + len(events))
        self._over = after.winner is not None
        if len(self._commands) % CHECKPOINT_EVERY == 0:
            self._kept[len(self._commands)] = after.copy()

    def play_on(self, opponents: Mapping[int, Opponent]) -> bool:
        """Append a move decided by the bot the game waits on (a demo); return False once the game is over.
        Only for a game grown this way from its start (one read from a save is complete)."""
        game = self._live
        pend = game.state.pending
        if pend is None or game.state.winner is not None:
            return False
        bot = opponents[pend.player]
        cmd = bot.decide(game, pend.player)
        events = game.apply(cmd)
        said = reason_of(bot)
        tell_opponents(opponents, events)
        if said:
            events = [*events, reason_for(events, cmd.player, said)]
        self.record(cmd, events, game.state)
        return True

    # --- what it holds ----------------------------------------------------------------------------

    @property
    def moves(self) -> int:
        """The number of commands played: positions run from 0 (the start) to this."""
        return len(self._commands)

    @property
    def over(self) -> bool:
        """Whether the game's last known move ended it."""
        return self._over

    def turn_at(self, move: int) -> int:
        """Return the turn in play after `move` commands (from 0)."""
        return self._turns[self._clamp(move)]

    @property
    def last_turn(self) -> int:
        return self._turns[-1]

    def turn_start(self, turn: int) -> int:
        """Return the first move at which `turn` is in play (the start of the last turn for one not
        reached)."""
        turn = min(max(turn, self._turns[0]), self._turns[-1])
        return bisect_right(self._turns, turn - 1)

    def events_to(self, move: int) -> list[Event]:
        """Return every event of the game up to `move` commands, the opening included."""
        out = list(self.opening)
        for caused in self._events[: self._clamp(move)]:
            out.extend(caused)
        return out

    def told(self, move: int) -> int:
        """Return the length of `events_to(move)`."""
        return self._told[self._clamp(move)]

    def events_of(self, move: int) -> tuple[Event, ...]:
        """Return the events the `move`-th command (from 1) caused."""
        return self._events[move - 1] if 1 <= move <= self.moves else ()

    def narrate(self, event: Event) -> str:
        return say(narrate(event, self.names, spoken(self.board)))

    def position(self, move: int) -> Position:
        """Return the game after `move` commands."""
        move = self._clamp(move)
        game = self._game_at(move)
        return Position(move, game.state.turn, game.view(None), facts(game), waiting_for(game))

    # --- reaching a position ----------------------------------------------------------------------

    def _clamp(self, move: int) -> int:
        return min(max(move, 0), self.moves)

    def _game_at(self, move: int) -> Game:
        if self._at is not None and self._at[0] <= move and move - self._at[0] < CHECKPOINT_EVERY:
            start, game = self._at  # forward from where we stand: no copy needed
        else:
            start = max(k for k in self._kept if k <= move)
            game = Game.from_state(self._kept[start])
        for cmd in self._commands[start:move]:
            game.apply(cmd)
        self._at = (move, game)
        return game


class Rewinder:
    """A replay watcher (`saves.restore.ReplayWatcher`) that records a save's game as a `PastGame` while
    the save is checked on loading."""

    def __init__(self) -> None:
        self.past: PastGame | None = None
        self._game: Game | None = None
        self._cmd: Command | None = None

    def begin(self, game: Game, seats: list[Seat]) -> None:
        self._game = game
        levels = [s.level if s.is_bot else None for s in seats]
        self.past = PastGame(game.initial, [p.name for p in game.state.players], levels=levels)

    def command(self, game: Game, cmd: Command) -> None:
        self._cmd = cmd

    def applied(self, events: list[Event]) -> None:
        assert self.past is not None and self._game is not None and self._cmd is not None
        self.past.record(self._cmd, events, self._game.state)


def from_save(store: SaveStore, save_id: str) -> PastGame:
    """Load a save's game read-only, checked as loading it does. `SaveError` (a `saves.SaveError`) explains
    why a file cannot be shown: not there, not a save, damaged."""
    rewinder = Rewinder()
    loaded = store.load(save_id, rewinder)
    past = rewinder.past
    assert past is not None
    past.title = summary_title(loaded.summary)
    return past
