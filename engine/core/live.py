"""`LiveGame`: the game as the rule areas change it, the few members of `Game` they use.

The rule areas are written against this protocol rather than against `Game`, so that none of them imports
`engine.play.game`: it imports the rule areas (to register them), and nothing inside the engine
imports back up, not even for an annotation. A `Game` is the one object that provides it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.tabletop import Tabletop

if TYPE_CHECKING:
    from engine.core.board import Board
    from engine.core.commands import Command
    from engine.core.errors import Refusal
    from engine.core.events import Event
    from engine.core.ruleset import Ruleset
    from engine.core.state import Effect, GameState


class LiveGame(Tabletop, Protocol):
    """A game in progress: its state, to be changed in place, and the services every rule area needs."""

    @property
    def state(self) -> GameState: ...

    @property
    def board(self) -> Board: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def emit(self) -> Callable[[Event], None]:
        """Record an event of the command being applied."""
        ...

    def roll(self) -> tuple[int, int]:
        """Roll two dice from the game's own PRNG (or the scripted ones of a test)."""
        ...

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place with the game's own PRNG."""
        ...

    def push_front(self, effects: Sequence[Effect]) -> None:
        """Queue continuations ahead of what was already waiting."""
        ...

    def set_aside(self) -> None:
        """Put the decision awaited now aside until what interrupts it is over."""
        ...

    def check(self, cmd: Command) -> Refusal:
        """Return the refusal applying `cmd` would raise, or None: a dry run."""
        ...

    def check_rules(self, cmd: Command) -> Refusal:
        """Return the refusal of the command's rule alone, for a command the engine built itself."""
        ...

    def name(self, player: int | None) -> str:
        """Return a player's name, or "the bank"."""
        ...
