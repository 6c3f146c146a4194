"""The command door: `Game.apply` checks a command in full, then carries it out and runs what follows.

A command either passes its check and is applied whole, or is refused with the state untouched. Work that
must wait for a decision (a buy, a bid, a debt) is kept as continuations in `state.queue`, so that a
saved state resumes mid-turn exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from engine import rng
from engine.board import Board, board_for
from engine.commands import Command
from engine.errors import IllegalCommand, Refusal
from engine.events import Event
from engine.money import funds, pay_now
from engine.state import Debt, Effect, GameState
from engine.variants import Variant, variant_for

if TYPE_CHECKING:
    from engine.view import GameView

Check = Callable[["Game", Any], Refusal]
Run = Callable[["Game", Any], None]
EffectRun = Callable[["Game", Any], None]

COMMANDS: dict[type, tuple[Check, Run]] = {}
EFFECTS: dict[type, EffectRun] = {}


def command(kind: type, check: Check) -> Callable[[Run], Run]:
    """Register the check and the action of a command type."""

    def register(run: Run) -> Run:
        COMMANDS[kind] = (check, run)
        return run

    return register


def effect(kind: type) -> Callable[[EffectRun], EffectRun]:
    """Register how a continuation is carried out."""

    def register(run: EffectRun) -> EffectRun:
        EFFECTS[kind] = run
        return run

    return register


class Game:
    """One game: its state, the commands applied so far, and the rules that move it on."""

    __slots__ = ("_events", "board", "emit", "initial", "log", "opening", "state", "variant")

    def __init__(self, state: GameState, *, initial: GameState | None = None) -> None:
        _load_rules()
        self.state = state
        self.board: Board = board_for(state.edition)
        self.variant: Variant = variant_for(self.board.edition, state.rules)
        self.initial = initial if initial is not None else state.copy()
        self.log: list[Command] = []
        self.opening: list[Event] = []  # what setting the game up did (a deal, the first turn)
        self._events: list[Event] = []
        self.emit: Callable[[Event], None] = self._events.append
        """Record an event of the command being applied (bound to that command's list of events)."""

    # --- the public door ------------------------------------------------------------------------

    def apply(self, cmd: Command) -> list[Event]:
        """Apply one command and return the events it caused, or raise `IllegalCommand`."""
        entry = COMMANDS.get(cmd.__class__)
        if entry is None:
            raise IllegalCommand("unknown_command", f"{type(cmd).__name__} is not a command of this game")
        refusal = entry[0](self, cmd)
        if refusal is not None:
            raise refusal
        events: list[Event] = []
        self._events = events
        self.emit = events.append
        entry[1](self, cmd)
        pend = self.state.pending
        if pend is None or pend.kind == "debt":
            self.run_queue()
        self.log.append(cmd)
        return events

    def legal_commands(self, player: int) -> list[Command]:
        from engine.legal import legal_commands

        return legal_commands(self, player)

    def view(self, player: int | None = None) -> GameView:
        from engine.view import make_view

        return make_view(self, player)

    def check(self, cmd: Command) -> Refusal:
        """The refusal `apply` would raise, or None: a dry run that changes nothing."""
        entry = COMMANDS.get(type(cmd))
        if entry is None:
            return IllegalCommand("unknown_command", f"{type(cmd).__name__} is not a command of this game")
        return entry[0](self, cmd)

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that continues exactly from `state` (which is copied, not shared).

        Raises `UnsoundState` for a state the game could never be in (a damaged or forged one).
        """
        from engine.soundness import UnsoundState, problem

        reason = problem(state)
        if reason is not None:
            raise UnsoundState(reason)
        return cls(state.copy(), initial=state.copy())

    @classmethod
    def replay(cls, start: GameState, commands: Iterable[Command]) -> Game:
        """Apply `commands` to a copy of `start`: the same game, identical state and events."""
        game = cls.from_state(start)
        for cmd in commands:
            game.apply(cmd)
        return game

    # --- what the rules use ---------------------------------------------------------------------

    def roll(self) -> tuple[int, int]:
        """Two dice: scripted ones first (tests), then the seeded PRNG."""
        st = self.state
        if st.scripted_dice:
            d1, d2 = st.scripted_dice.pop(0)
        else:
            st.rng_state, r = rng.below(st.rng_state, st.rng_inc, 36)
            d1 = r // 6 + 1
            d2 = r - (d1 - 1) * 6 + 1
        st.last_dice = (d1, d2)
        return d1, d2

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates with the game's PRNG."""
        st = self.state
        s, inc = st.rng_state, st.rng_inc
        for i in range(len(items) - 1, 0, -1):
            s, j = rng.below(s, inc, i + 1)
            items[i], items[j] = items[j], items[i]
        st.rng_state = s

    def push_front(self, effects: Sequence[Effect]) -> None:
        """Queue continuations ahead of what was already waiting, in the order given."""
        self.state.queue[0:0] = effects

    def run_queue(self) -> None:
        """Carry out continuations until a decision is awaited or nothing is left.

        A debt is paid the moment the debtor's cash covers it, and play goes on.
        """
        st = self.state
        while True:
            pend = st.pending
            if pend is None:
                if not st.queue:
                    return
                eff = st.queue.pop(0)
                EFFECTS[type(eff)](self, eff)
            elif isinstance(pend, Debt) and funds(self, pend.player) >= pend.amount:
                st.pending = None
                pay_now(self, pend.charge)
            else:
                return

    def name(self, player: int | None) -> str:
        return "the bank" if player is None else self.state.players[player].name


_loaded = False


def _load_rules() -> None:
    """Import the rule areas, which register their commands and continuations here."""
    global _loaded
    if _loaded:
        return
    from engine import (  # noqa: F401  (imported for their registrations)
        auctions,
        building,
        cards,
        debts,
        jail,
        landing,
        mortgages,
        purchase,
        taxes,
        trades,
        turns,
    )

    _loaded = True
