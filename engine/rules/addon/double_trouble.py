"""Double Trouble: the player who lands throws two dice once and collects from every other player still
in the game what the throw says (the space's figures, one for each total from 2 to 12). The throw moves
nobody and earns no extra throw. A rule option pays only on doubles: the top figure, nothing otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import LevyThrown
from engine.core.state import Charge
from engine.core.unchecked import unchecked
from engine.rules.landing import space_action

if TYPE_CHECKING:
    from engine.core.live import LiveGame

_levy_thrown = unchecked(LevyThrown)
_charge = unchecked(Charge)

DOUBLES_ONLY = "double_trouble_doubles_only"  # the edition's option


def levy(figures: list[int], d1: int, d2: int, doubles_only: bool) -> int:
    """Return what each other player pays for this throw."""
    if doubles_only:
        return max(figures) if d1 == d2 else 0
    return figures[d1 + d2 - 2]


@space_action("double_trouble")
def _double_trouble(game: LiveGame, player: int, space: int, dice: int, mult: int, times: int | None) -> None:
    figures = game.board.spaces[space].figures
    assert figures is not None and len(figures) == 11
    moved = game.state.last_dice
    d1, d2 = game.roll()
    game.state.last_dice = moved  # the throw on show stays the one that moved the token
    amount = levy(figures, d1, d2, bool(game.ruleset.option(DOUBLES_ONLY)))
    game.emit(_levy_thrown(player=player, space=space, dice=(d1, d2), amount=amount))
    if not amount:
        return
    players = game.state.players
    n = len(players)
    others = [(player + k) % n for k in range(1, n) if not players[(player + k) % n].bankrupt]
    detail = game.board.name(space)
    game.push_front(
        [
            _charge(
                payer=o,
                payee=player,
                amount=amount,
                reason="levy",
                detail=detail,
                rule="addon.double_trouble",
            )
            for o in others
        ]
    )
