"""A table's row in the lobby's list: how the table stands (`TableStatus`, a record the worker holding the
table makes and the front carries whole to every other worker), and what the lobby shows of it (`TableLine`),
put in words only there.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine import load_edition
from engine.core.text import NAME_MAX, plain
from room.board_words import edition_name
from server.people.places import counts
from server.tables.plans import Plan, SeatPlan, clock_words, pace_short, pace_words
from server.tables.room_summary import Planned, SeatSummary
from translation import N_, _, ngettext

Stage = Literal["gathering", "playing", "resting", "over"]
ABOUT_MOST = 80  # characters of what a decision is about (a deed's name, a person's)
STAGES: tuple[Stage, ...] = ("gathering", "playing", "resting", "over")


@dataclass(frozen=True, slots=True)
class TableStatus:
    """A table's status: gathering its people (`free` seats still open), playing (the `turn` in play,
    counted from 1 as the table's own status line counts, and whose decision it waits on; `present`:
    some of its people are here, else its bots rest), resting (not loaded: nobody has come to it since
    the server started), or over (`winner` named once known)."""

    stage: Stage
    free: int = 0
    turn: int = 0
    waiting_on: str = ""
    present: bool = True
    winner: str = ""
    seat: int = -1  # the seat whose decision it waits on (-1: none, or not known)
    asked: str = ""  # what it waits on: the decision's kind ("roll", "auction", "trade_answer"...)
    due: float = 0.0  # a turn-based room's deadline for it, seconds since the epoch (0: none)
    seen: bool = False  # the person it waits on is, or was, at the table since the move came to him
    about: str = ""  # what the decision is about: the deed auctioned, whose offer or call it answers

    @staticmethod
    def of_plan(plan: Plan) -> TableStatus:
        """Return the status derived from the plan alone, before the worker holding the table reports more."""
        if plan.save_id is None:
            return TableStatus("gathering", free=sum(1 for s in plan.seats if s.free))
        return TableStatus("over" if plan.finished else "resting")

    def words(self) -> str:
        """Return the status as the lobby shows it: "turn 5: Ann, resting"."""
        if self.stage == "gathering":
            return _("waiting for {n} more", n=self.free)
        if self.stage == "over":
            return _("over: {name} won", name=self.winner) if self.winner else _("over")
        if self.stage == "resting":
            return _("resting")
        if self.present:
            return _("turn {turn}: {name}", turn=self.turn, name=self.waiting_on)
        return _("turn {turn}: {name}, resting", turn=self.turn, name=self.waiting_on)

    def to_json(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "free": self.free,
            "turn": self.turn,
            "waiting_on": self.waiting_on,
            "present": self.present,
            "winner": self.winner,
            "seat": self.seat,
            "asked": self.asked,
            "due": self.due,
            "seen": self.seen,
            "about": self.about,
        }

    @classmethod
    def from_json(cls, raw: Any) -> TableStatus:
        """Read back from another process, checking every field; `ValueError` when it is not a status."""
        if not isinstance(raw, dict) or raw.get("stage") not in STAGES:
            raise ValueError("not a table's status")
        numbers = {key: raw.get(key, 0) for key in ("free", "turn")}
        if any(type(n) is not int or not 0 <= n < 1_000_000 for n in numbers.values()):
            raise ValueError("a table's status counts in whole numbers")
        names = {key: raw.get(key, "") for key in ("waiting_on", "winner")}
        if any(not isinstance(n, str) for n in names.values()) or type(raw.get("present", True)) is not bool:
            raise ValueError("a table's status names players")
        seat, asked, due = raw.get("seat", -1), raw.get("asked", ""), raw.get("due", 0.0)
        if type(seat) is not int or not -1 <= seat < 64 or not isinstance(asked, str) or len(asked) > 40:
            raise ValueError("a table's status names a seat and a decision")
        if not isinstance(due, (int, float)) or isinstance(due, bool) or not 0 <= due < 1e11:
            raise ValueError("a table's deadline is a time of day")
        if type(raw.get("seen", False)) is not bool:
            raise ValueError("a table's status says whether its person has seen his move")
        about = raw.get("about", "")
        if not isinstance(about, str) or len(about) > ABOUT_MOST:
            raise ValueError("a table's status says what its decision is about in a few words")
        return cls(  # its words shared with the other statuses (thousands of rooms' statuses are held)
            seat=seat,
            asked=sys.intern(asked),
            due=float(due),
            stage=STAGES[STAGES.index(raw["stage"])],
            free=numbers["free"],
            turn=numbers["turn"],
            waiting_on=sys.intern(plain(names["waiting_on"])[:NAME_MAX]),
            present=raw.get("present", True),
            seen=raw.get("seen", False),
            about=sys.intern(plain(about)),
            winner=sys.intern(plain(names["winner"])[:NAME_MAX]),
        )


@dataclass(frozen=True)
class TableLine:
    """One row of the lobby's list."""

    id: str
    name: str
    edition: str
    taken: int
    free: int
    people: str
    status: str
    mine: bool
    started: bool
    advisor: bool = True
    clock: str = ""  # "bank 3:00 +15s", or "" for none
    pace: str = ""  # "turn-based, 24 h a move", or "" for a live room
    short_pace: str = ""  # "24 h/move", unbroken, for the full-screen lobby's narrow column

    @property
    def edition_words(self) -> str:
        """Return the edition and what sets the room apart: "Classic, no advisor, bank 3:00 +15s"."""
        return self._apart(self.pace)

    @property
    def edition_cell(self) -> str:
        """Return the same in the full-screen lobby's Edition column: the pace in short ("Classic,
        24 h/move"), so that at 80 columns it takes one line of the column, whole."""
        return self._apart(self.short_pace)

    def _apart(self, pace: str) -> str:
        return ", ".join(
            [
                self.edition,
                *([pace] if pace else []),
                *([] if self.advisor else [_("no advisor")]),
                *([self.clock] if self.clock else []),
            ]
        )


def line_of(plan: Planned, status: TableStatus, fingerprint: str) -> TableLine:
    """Build the lobby's row for a table from its plan and status."""
    seats = plan.seats
    people = [s.name or "" for s in seats if s.kind == "person" and s.owner]
    bots = sum(1 for s in seats if s.kind == "bot")
    who = ", ".join(people) + (" + " + ngettext("{n} bot", "{n} bots", bots) if bots else "")
    free = sum(1 for s in seats if s.free)
    return TableLine(
        id=plan.id,
        name=plan.name,
        edition=edition_name(load_edition(plan.edition)),
        taken=len(seats) - free,
        free=free,
        people=plain(who),
        status=status.words(),
        mine=any(s.owner == fingerprint for s in seats),
        started=plan.save_id is not None,
        advisor=plan.advisor,
        clock=clock_words(plan.bank, plan.bank_added),
        pace=pace_words(plan.move_hours),
        short_pace=pace_short(plan.move_hours),
    )


def past_stage(plan: Planned, rated: bool) -> str:
    """Return a past game's stage: in play, or over, and whether it counted for the ratings where the server
    keeps them (`rated`)."""
    if not plan.finished:
        return _("in play")
    if plan.result is None or not rated:
        return _("over")
    return _("over, rated") if counts(plan.result) else _("over, not rated")


def past_plans(plans: list[Planned], fingerprint: str) -> list[Planned]:
    """Return the rooms with a game whose seats or watchers name this key: its past games, and no others."""
    return [p for p in plans if p.save_id and p.played_or_watched(fingerprint)]


NO_PAST_GAMES = N_("No past games yet: the games of the rooms you play or watch are kept here.")


class PlanFacts:
    """Mixin of the table facts the lobby reads from its plan alone, whether this worker holds it or
    another."""

    __slots__ = ()

    plan: Planned

    @property
    def id(self) -> str:
        return self.plan.id

    @property
    def name(self) -> str:
        return self.plan.name

    @property
    def started(self) -> bool:
        return self.plan.save_id is not None

    @property
    def finished(self) -> bool:
        return self.plan.finished

    def seat_of(self, fingerprint: str) -> int | None:
        seats: Sequence[SeatPlan | SeatSummary] = self.plan.seats
        return next((i for i, s in enumerate(seats) if s.owner == fingerprint), None)

    def status(self) -> TableStatus:
        raise NotImplementedError

    def line(self, fingerprint: str) -> TableLine:
        return line_of(self.plan, self.status(), fingerprint)
