"""Move Backwards: a token that lands on the space moves backwards by its owner's next throw.

The next throw is the extra one of the same turn after doubles, or the first of his next turn. It
crosses junctions by the same test as a forward move, never pays for GO or its like, and doubles on it
still earn another (forward) throw. A ride away from the space first cancels it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import BackwardRollSet
from engine.core.unchecked import unchecked
from engine.rules.landing import space_action

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_backward_roll_set = unchecked(BackwardRollSet)


@space_action("move_backwards")
def _move_backwards(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    game.state.players[player].next_roll_backward = True
    game.emit(_backward_roll_set(player=player))
