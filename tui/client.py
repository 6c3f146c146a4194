"""The one door between the interface and a game: send a command, get events; ask for a player's view.

`GameClient` is what every screen and widget talks to. `LocalClient` implements it in-process around an
`engine.Game` and the opponents at the table; a remote implementation can serve the same calls over a
network, so nothing above this module touches the engine's game or state.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine import Board, Command, Game, GameView, IllegalCommand, trading_open, waiting_for
from engine.debts import liquidation_value
from engine.endings import net_worth
from engine.events import Event
from engine.narration import describe
from engine.players import SimplePlayer
from engine.rent import rent_for
from saves import Seat
from tui.opponents import Opponent
from tui.persistence import NoRecorder, Recorder

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    """What a command did: its events, or the reason it was refused. `notice` reports a side problem
    (an autosave that failed) without undoing the move."""

    events: tuple[Event, ...] = ()
    refusal: str | None = None
    notice: str | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class RentNow:
    """The rent a visitor would pay on a deed now; `per_pip` when the rent is a multiple of the dice."""

    amount: int
    detail: str
    per_pip: int = 0


@dataclass(frozen=True)
class Facts:
    """Figures the rules work out that a player may see: net worth, what each player could raise from the
    bank, and the rent every owned deed would charge now."""

    worth: tuple[int, ...]
    raisable: tuple[int, ...]
    rent: Mapping[int, RentNow] = field(default_factory=dict)
    houses_before_hotel: int = 4


class GameClient(Protocol):
    """A game as one interface sees it."""

    @property
    def board(self) -> Board: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def seed(self) -> int: ...

    @property
    def version(self) -> int:
        """Goes up by one with every change of the game."""
        ...

    def view(self, player: int | None = None) -> GameView: ...

    def legal(self, player: int) -> list[Command]: ...

    def can_trade(self, player: int) -> bool: ...

    def check(self, cmd: Command) -> str | None:
        """Why the command would be refused now, or None (nothing changes)."""
        ...

    def send(self, cmd: Command) -> Outcome: ...

    def bot_to_move(self) -> int | None:
        """The bot seat the game waits on, if any."""
        ...

    def play_bot(self) -> Outcome:
        """Let the bot the game waits on make its move."""
        ...

    def history(self) -> Sequence[Event]: ...

    def narrate(self, event: Event) -> str: ...

    def waiting_for(self) -> str: ...

    def facts(self) -> Facts: ...

    @property
    def saving(self) -> bool: ...

    def save_now(self) -> str | None:
        """Save at once; a sentence if that failed."""
        ...

    def close(self) -> None: ...


class LocalClient:
    """A game played in this process: the engine's game, the opponents' decisions and the autosave."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        opponents: Mapping[int, Opponent],
        recorder: Recorder | None = None,
        history: Sequence[Event] | None = None,
    ) -> None:
        if len(seats) != len(game.state.players):
            raise ValueError("one seat per player")
        self._game = game
        self._seats = tuple(seats)
        self._names = tuple(p.name for p in game.state.players)
        self._opponents = dict(opponents)
        self._recorder: Recorder = recorder or NoRecorder()
        self._history: list[Event] = list(game.opening if history is None else history)
        self._version = 0
        self._views: dict[int | None, GameView] = {}
        self._legal: dict[int, list[Command]] = {}
        self._facts: Facts | None = None
        self._fallback = SimplePlayer()

    @classmethod
    def resumed(
        cls, game: Game, seats: Sequence[Seat], opponents: Mapping[int, Opponent], recorder: Recorder
    ) -> LocalClient:
        """A client for a game loaded from a save; its event log is rebuilt by replaying the commands."""
        replay = Game.from_state(game.initial)
        events: list[Event] = []
        for cmd in game.log:
            events.extend(replay.apply(cmd))
        return cls(game, seats, opponents, recorder, history=events)

    # --- what the table looks like ------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._game.board

    @property
    def seats(self) -> Sequence[Seat]:
        return self._seats

    @property
    def names(self) -> Sequence[str]:
        return self._names

    @property
    def seed(self) -> int:
        return self._game.state.seed

    @property
    def version(self) -> int:
        return self._version

    def view(self, player: int | None = None) -> GameView:
        cached = self._views.get(player)
        if cached is None:
            cached = self._views[player] = self._game.view(player)
        return cached

    def legal(self, player: int) -> list[Command]:
        cached = self._legal.get(player)
        if cached is None:
            cached = self._legal[player] = self._game.legal_commands(player)
        return list(cached)

    def can_trade(self, player: int) -> bool:
        return trading_open(self._game, player)

    def check(self, cmd: Command) -> str | None:
        refusal = self._game.check(cmd)
        return None if refusal is None else refusal.reason

    def history(self) -> Sequence[Event]:
        return self._history

    def narrate(self, event: Event) -> str:
        return describe(event, self._names, self._game.board)

    def waiting_for(self) -> str:
        return waiting_for(self._game)

    def facts(self) -> Facts:
        if self._facts is None:
            self._facts = self._work_out_facts()
        return self._facts

    def _work_out_facts(self) -> Facts:
        game = self._game
        players = range(len(game.state.players))
        rents: dict[int, RentNow] = {}
        board = game.board
        for space in board.deeds:
            deed = game.state.deeds[space]
            if deed.owner is None:
                continue
            group = board.group_of[space]
            assert group is not None
            if board.edition.groups[group].rent_model == "dice_multiplier":
                per_pip, _ = rent_for(game, space, 1)
                detail = "mortgaged" if deed.mortgaged else f"{per_pip} times the dice"
                rents[space] = RentNow(0, detail, per_pip)
            else:
                amount, detail = rent_for(game, space, 0)
                rents[space] = RentNow(amount, detail)
        return Facts(
            worth=tuple(net_worth(game, p) for p in players),
            raisable=tuple(liquidation_value(game, p) for p in players),
            rent=rents,
            houses_before_hotel=game.variant.houses_before_hotel,
        )

    # --- moves --------------------------------------------------------------------------------

    def send(self, cmd: Command) -> Outcome:
        """A move from a person at this table."""
        if cmd.player in self._opponents:
            return Outcome(refusal=f"{self._names[cmd.player]} is played by a bot.")
        return self._apply(cmd)

    def _apply(self, cmd: Command) -> Outcome:
        try:
            events = self._game.apply(cmd)
        except IllegalCommand as exc:
            return Outcome(refusal=exc.reason)
        self._changed(events)
        notice = None
        try:
            self._recorder.after_events(events)
        except Exception as exc:  # a failed autosave must never cost the move
            log.exception("autosave failed")
            notice = f"Autosave failed: {exc}"
        return Outcome(tuple(events), None, notice)

    def _changed(self, events: Sequence[Event]) -> None:
        self._history.extend(events)
        self._version += 1
        self._views.clear()
        self._legal.clear()
        self._facts = None

    def bot_to_move(self) -> int | None:
        pend = self._game.state.pending
        if pend is None or pend.player not in self._opponents:
            return None
        return pend.player

    def play_bot(self) -> Outcome:
        seat = self.bot_to_move()
        if seat is None:
            return Outcome(refusal="No bot is to move.")
        game = self._game
        try:
            choice = self._opponents[seat].decide(game, seat)
        except Exception:
            log.exception("bot %s failed to decide", seat)
            choice = None
        outcome = self._apply(choice) if choice is not None else Outcome(refusal="no decision")
        if outcome.ok:
            return outcome
        # A bot that errs must not stall the table: the simple player decides for it this once.
        log.warning("bot %s chose a refused command %r: %s", seat, choice, outcome.refusal)
        outcome = self._apply(self._fallback.decide(game, seat))
        if outcome.ok:
            return outcome
        return self._apply(next(c for c in game.legal_commands(seat) if c.kind != "propose_trade"))

    # --- saving -------------------------------------------------------------------------------

    @property
    def saving(self) -> bool:
        return self._recorder.saving

    def save_now(self) -> str | None:
        try:
            self._recorder.save_now()
        except Exception as exc:
            log.exception("save failed")
            return f"Saving failed: {exc}"
        return None

    def close(self) -> None:
        try:
            self._recorder.close()
        except Exception:
            log.exception("closing the save failed")
