"""Where the track forks: which way on a bot takes.

Each way is followed to where the rest of the move would stop (keeping to the ring at any later fork),
and scored by what stopping there means: the rent a rival's deed would take, less what the spaces that pay
hand over on the way, and, for a bot that buys, what a deed still for sale is worth beyond its price.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.bots.position import Position
from engine.core.state import RouteChoice

DeedWorth = Callable[[Position, int], float]
"""(position, space) -> what a deed still for sale there is worth to the bot beyond its price."""


def _stay(at: int, options: tuple[int, ...]) -> int:
    return options[0]


def stop_for(pos: Position, pend: RouteChoice, way: int) -> tuple[int, int]:
    """Return (where the move would stop going on from `way`, what the spaces passed would pay)."""
    track = pos.board.track
    walk = track.walk(way, pend.steps, direction=pend.direction, decided=True, choose=_stay)
    pays = pos.board.pays
    paid = sum(pays[s] for s in walk.path) if pend.direction > 0 else 0
    return walk.end, paid


def best_way(pos: Position, pend: RouteChoice, deed_worth: DeedWorth | None = None) -> int:
    """Return the way on that leaves the bot best off; the first (stay on this ring) when they are even."""
    best, best_score = pend.options[0], float("-inf")
    for way in pend.options:
        end, paid = stop_for(pos, pend, way)
        score: float = paid - pos.rent_now(end, pos.me)
        if deed_worth is not None and pos.board.price[end] and pos.owner[end] is None:
            score += max(0.0, deed_worth(pos, end))
        if score > best_score:
            best, best_score = way, score
    return best
