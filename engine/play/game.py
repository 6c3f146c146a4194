"""The `Game` class: `Game.apply` validates a command in full, then carries it out and runs the continuations.

A command either passes its check and is applied whole, or is refused with the state untouched. Work that
must wait for a decision (a buy, a bid, a debt) is kept as continuations in `state.queue`, so that a
saved state resumes mid-turn exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import engine.core.rng as rng
from engine.core.board import Board, board_for
from engine.core.commands import SOUND, Command, malformed
from engine.core.errors import IllegalCommand, Refusal
from engine.core.events import Event
from engine.core.phrases import N_, Phrase
from engine.core.registry import COMMANDS, EFFECTS
from engine.core.ruleset import Ruleset
from engine.core.state import (
    BankState,
    Debt,
    DeedState,
    Effect,
    GameState,
    Loan,
    Pending,
    PlayerState,
    Resume,
    TradeOffer,
)
from engine.core.unchecked import unchecked
from engine.play.legal import Option, legal_commands, options
from engine.play.rulebook import ruleset_for
from engine.play.soundness import UnsoundState, problem
from engine.play.view import GameView, make_view
from engine.rules.money import funds, pay_now

if TYPE_CHECKING:
    from engine.core.options import RuleOptions


_RESUME = unchecked(Resume)()
"""The continuation that brings a decision set aside back (immutable: one serves every time)."""


class Game:
    """One game: its state, the commands applied so far, and the rules that move it on."""

    __slots__ = (
        "bank",
        "board",
        "deeds",
        "emit",
        "initial",
        "log",
        "opening",
        "players",
        "rules",
        "ruleset",
        "state",
    )

    def __init__(self, state: GameState, *, initial: GameState | None = None) -> None:
        self.state = state
        # The state's containers, shared (the rules change them in place and never replace them), so that
        # the rule queries read a game as they read a view, at the cost of an attribute.
        self.players: Sequence[PlayerState] = state.players
        self.deeds: Mapping[int, DeedState] = state.deeds
        self.bank: BankState = state.bank
        self.rules: RuleOptions = state.rules
        self.board: Board = board_for(state.edition)
        self.ruleset: Ruleset = ruleset_for(state.edition, state.rules)
        self.initial = initial if initial is not None else state.copy()
        self.log: list[Command] = []
        self.opening: list[Event] = []  # what setting the game up did (a deal, the first turn)
        outside: list[Event] = []  # what is emitted outside a command (setting up) goes nowhere
        self.emit: Callable[[Event], None] = outside.append
        """Record an event of the command being applied (bound to that command's list of events)."""

    # --- the public API --------------------------------------------------------------------------

    def apply(self, cmd: Command) -> list[Event]:
        """Apply one command and return the events it caused, or raise `IllegalCommand`.

        However the command was built, a malformed one (a field of the wrong type or out of range) is
        refused like any other: this is the entry point for commands from the network.
        """
        entry = COMMANDS.get(cmd.__class__)
        if entry is None:
            raise IllegalCommand(
                "unknown_command",
                Phrase(N_("{command} is not a command of this game"), command=type(cmd).__name__),
            )
        # a command object already found well-formed is not looked at again (`malformed`, in one lookup)
        refusal = (None if SOUND.get(id(cmd)) is cmd else malformed(cmd)) or entry[0](self, cmd)
        if refusal is not None:
            raise refusal
        events: list[Event] = []
        self.emit = events.append
        entry[1](self, cmd)
        st = self.state
        pend = st.pending
        if (pend is None and st.queue) or (pend is not None and pend.kind == "debt"):
            self.run_queue()
        self.log.append(cmd)
        return events

    def legal_commands(self, player: int) -> list[Command]:
        return legal_commands(self, player)

    def options(self, player: int) -> list[Option]:
        """Return every candidate command of `player` with the reason it would be refused (see
        `engine.play.legal`)."""
        return options(self, player)

    def view(self, player: int | None = None) -> GameView:
        return make_view(self, player)

    def check(self, cmd: Command) -> Refusal:
        """Return the refusal `apply` would raise, or None: a dry run that changes nothing."""
        entry = COMMANDS.get(type(cmd))
        if entry is None:
            return IllegalCommand(
                "unknown_command",
                Phrase(N_("{command} is not a command of this game"), command=type(cmd).__name__),
            )
        return malformed(cmd) or entry[0](self, cmd)

    def check_rules(self, cmd: Command) -> Refusal:
        """Return the refusal of the command's rule alone, or None: for a command the engine built itself
        from the state's own values (a legal move's candidate), well-formed by construction, so `malformed`
        is not asked."""
        entry = COMMANDS.get(cmd.__class__)
        if entry is None:
            return self.check(cmd)
        return entry[0](self, cmd)

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """Return a game that continues exactly from `state` (which is copied, not shared).

        Raises `UnsoundState` for a state the game could never be in (a damaged or forged one).
        """
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

    # --- the table, read-only, as the rule queries read it (`engine.core.tabletop.Tabletop`) -----------

    @property
    def pending(self) -> Pending | None:
        return self.state.pending

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def offers(self) -> Sequence[TradeOffer]:
        return self.state.offers

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def pot(self) -> int:
        return self.state.pot

    @property
    def boxes(self) -> Mapping[str, int]:
        return self.state.boxes

    @property
    def loans(self) -> Sequence[Loan]:
        return self.state.loans

    @property
    def charters(self) -> Mapping[int, int]:
        return self.state.charters

    # --- what the rules use ---------------------------------------------------------------------

    def roll(self) -> tuple[int, int]:
        """Roll two dice: scripted ones first (tests), then the seeded PRNG."""
        st = self.state
        if st.scripted_dice:
            d1, d2 = st.scripted_dice.pop(0)
        else:
            st.rng_state, r = rng.below(st.rng_state, st.rng_inc, 36)
            d1 = r // 6 + 1
            d2 = r - (d1 - 1) * 6 + 1
        dice = st.last_dice = (d1, d2)
        return dice

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place by Fisher-Yates with the game's PRNG."""
        st = self.state
        s, inc = st.rng_state, st.rng_inc
        for i in range(len(items) - 1, 0, -1):
            s, j = rng.below(s, inc, i + 1)
            items[i], items[j] = items[j], items[i]
        st.rng_state = s

    def push_front(self, effects: Sequence[Effect]) -> None:
        """Queue continuations ahead of what was already waiting, in the order given."""
        self.state.queue[0:0] = effects

    def set_aside(self) -> None:
        """Put the decision awaited now aside, for a `Resume` continuation to bring back once what
        interrupts it (an offer to answer, a shortage auction) is over."""
        st = self.state
        if st.pending is not None:
            st.suspended.append(st.pending)
            self.push_front([_RESUME])

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
