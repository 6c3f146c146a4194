"""The advisor at a table: the options a person weighs in his seat now and the one it would take, worked
out on the processes that work out the chances (`room.chances.ChancesPool`), never in the process that
draws the screens.

The advice is worked out from the person's own view (`engine.bots.advice`), so it knows no more than he
does. A server's room may be made with the advisor off; asking there is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future

from engine import Command, Event, GameView
from engine.bots.advice import Advice, Option, advise
from engine.bots.advice_options import refusals
from room.chances import ChancesPool
from translation import _

__all__ = ["Advice", "AdvisorOff", "Option", "ask"]

SEED = 0
"""The advisor's own seed: the same position gets the same advice."""


class AdvisorOff(Exception):
    """Raised when the advisor is unavailable; the message is a sentence for the player explaining why."""


def ask(
    pool: ChancesPool,
    view: GameView,
    legal: list[Command],
    levels: Sequence[str | None] | None = None,
    history: Sequence[Event] = (),
) -> Future[Advice]:
    """Return the advice for the seat of `view`, among `legal`, computed on `pool`; its options' chances
    valued with each seat's level (`levels`), as the table's chances are, and no trade suggested below a
    price its partner named refusing the same deeds in the game so far (`history`, its events)."""
    if view.me is None:
        raise AdvisorOff(_("The advisor speaks to a player in his seat, not to someone watching."))
    pend = view.pending
    if pend is None or pend.player != view.me or not legal:
        raise AdvisorOff(_("The advisor speaks when the game waits on you: nothing is yours to decide now."))

    return pool.submit(advise, view, legal, SEED, levels, refusals(history))
