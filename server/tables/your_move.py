"""Whose move it is in the turn-based rooms: the rooms waiting on one person, with what each asks of him.

Read from each room's plan and its status as the worker holding it last reported (`TableStatus`: the seat
waited on, the kind of decision, its deadline), so that every worker, and a script through `ssh host mine`,
sees the same list for the rooms of every worker. The lobby lists these rooms first, and says so in one line:
"Your move: Friday (the auction of Baltic Avenue, by Fri, May 22, 4:05 PM UTC), Duo (...)", each move said
by `server.tables.move_words`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from server.tables.lobby_line import TableStatus
from server.tables.move_words import MoveAsked
from server.tables.room_summary import Planned
from translation import _


class Room(Protocol):
    """A room as the lobby knows it: its plan, and its status now."""

    @property
    def plan(self) -> Planned: ...

    def status(self) -> TableStatus: ...


R = TypeVar("R", bound=Room)


@dataclass(frozen=True)
class YourMove:
    """A turn-based room waiting on a person: which, what it asks (a decision's kind, and what it is about),
    and by when."""

    id: str
    name: str
    seat: int
    asked: str  # the decision's kind: "roll", "auction", "trade_answer"...
    due: float  # seconds since the epoch; 0 when not known
    about: str = ""  # the deed auctioned, or whose offer or call it answers
    turn: int = 0  # counted from 1; 0 when not known

    @property
    def move(self) -> MoveAsked:
        return MoveAsked(self.asked, self.about, self.turn, self.due)

    def words(self, zone: str = "") -> str:
        """Return what it asks and by when, in the time zone named ("" for UTC): "the auction of Baltic
        Avenue, by Fri, May 22, 4:05 PM UTC"."""
        return self.move.sentence(zone)


def waiting_on(rooms: Iterable[Room], fingerprint: str) -> list[YourMove]:
    """Return the turn-based rooms waiting on the person of this key, the soonest deadline first."""
    found = []
    for room in rooms:
        plan = room.plan
        if not plan.turn_based or plan.finished or plan.save_id is None:
            continue
        status = room.status()
        seats = plan.seats
        if status.stage != "playing" or not 0 <= status.seat < len(seats):
            continue
        if seats[status.seat].kind != "person" or seats[status.seat].owner != fingerprint:
            continue
        found.append(
            YourMove(plan.id, plan.name, status.seat, status.asked, status.due, status.about, status.turn)
        )
    return sorted(found, key=lambda m: (m.due or float("inf"), m.name.casefold()))


def move_name(move: YourMove) -> str:
    """Return what names one move of a room for its notice (told once): its seat, decision and deadline."""
    return f"{move.seat}:{move.asked}:{move.due:.0f}"


def your_move_line(moves: list[YourMove], zone: str = "") -> str:
    """Return the lobby's line for them, each deadline in the time zone named ("" for UTC): "Your move:
    Friday (the auction of Baltic Avenue, by Fri, May 22, 4:05 PM UTC), Duo (...)", or ""."""
    if not moves:
        return ""
    rooms = "; ".join(f"{m.name} ({m.words(zone)})" for m in moves)
    return _("Your move: {rooms}", rooms=rooms)


def in_lobby_order(rooms: Iterable[R], fingerprint: str = "") -> list[R]:
    """Return the rooms in the lobby's order: those waiting on this person's move first (the soonest
    deadline first), then those still gathering, then in play, then over, each by name."""
    every = list(rooms)
    rest = sorted(every, key=lambda r: (r.plan.finished, r.plan.save_id is not None, r.plan.name.casefold()))
    if not fingerprint:
        return rest
    first = {m.id: n for n, m in enumerate(waiting_on(every, fingerprint))}
    mine = sorted((r for r in every if r.plan.id in first), key=lambda r: first[r.plan.id])
    return mine + [r for r in rest if r.plan.id not in first]
