"""A turn-based room's deadline: when the time for the decision it waits on runs out.

Arithmetic alone, told the time of day (`wall`, seconds since the epoch) by the table, which holds the one
timer. A person has the room's hours a move for each decision of his, counted from when the table began to
wait on it, whether he is connected or not; days he declared away are added to a deadline that falls in
them. An auction asks its bidders in turn, but is one decision for this: one deadline for each person in
it. The deadline is kept across a restart (`kept`, `take_back`), as the time of day it falls due, so that
one that fell due while the server was down fires as soon as the room is loaded again. With it are kept what
the decision is about (the deed auctioned, the offer's sender), which a room unloaded after a restart names
in the lobby, and whether its person has been at the table since it came to him (`seen`: no e-mail tells
him of a move he saw, before a restart or after it).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from engine.core.text import plain
from server.tables.lobby_line import ABOUT_MOST
from server.tables.seat_clocks import _scalars, _seconds


@dataclass(frozen=True)
class Deadline:
    """The decision a turn-based room waits on, whose it is, and when his time for it runs out."""

    decision: Hashable
    seat: int
    due: float  # seconds since the epoch
    about: str = ""  # the deed auctioned, or whose offer or call it answers
    seen: bool = False  # its person has been at the table since it came to him

    def kept(self) -> dict[str, Any] | None:
        """Return the deadline as written beside the table's save (None: a decision it cannot write)."""
        decision = self.decision
        if not (isinstance(decision, tuple) and _scalars(decision)):
            return None
        kept: dict[str, Any] = {"decision": list(decision), "seat": self.seat, "due": round(self.due, 3)}
        return kept | {"about": self.about, "seen": self.seen}

    @staticmethod
    def take_back(raw: Any) -> Deadline | None:
        """Read a deadline back as `kept` wrote it; None when `raw` is not one."""
        if not isinstance(raw, dict):
            return None
        decision, seat, due = raw.get("decision"), raw.get("seat"), raw.get("due")
        if not (isinstance(decision, list) and len(decision) <= 4 and _scalars(decision)):
            return None
        if type(seat) is not int or not 0 <= seat < 16:
            return None
        if not isinstance(due, (int, float)) or not _seconds(due):
            return None
        about, seen = raw.get("about", ""), raw.get("seen", False)
        about = plain(about)[:ABOUT_MOST] if isinstance(about, str) else ""
        return Deadline(tuple(decision), seat, float(due), about, seen is True)


def deadline_for(decision: Hashable, seat: int, wall: float, hours: int, away_until: float = 0.0) -> Deadline:
    """Return the deadline of a decision the table begins to wait on at `wall`: the room's hours a move from
    now, or from the end of the days its person declared away if he is away now."""
    start = max(wall, away_until)
    return Deadline(decision, seat, start + hours * 3600.0)


def follow(
    current: Deadline | None, decision: Hashable, seat: int, wall: float, hours: int, away_until: float = 0.0
) -> Deadline:
    """Return the deadline for the decision the table waits on now: the one running if it is the same
    decision, else a new one."""
    if current is not None and current.decision == decision and current.seat == seat:
        return current
    return deadline_for(decision, seat, wall, hours, away_until)


def noted(deadline: Deadline, about: str, here: bool) -> Deadline:
    """Return the deadline with what its decision is about, and seen once its person is at the table."""
    return replace(deadline, about=plain(about)[:ABOUT_MOST], seen=deadline.seen or here)
