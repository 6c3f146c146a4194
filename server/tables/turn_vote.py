"""A vote on repeated absence in a turn-based room: the table counts, for each person, the moves in a row
whose time ran out; once a seat has `ABSENT_MOVES` of them, the others may vote to hand it to a bot.

It is the live vote (`server.tables.seat_vote`) on the room's scale: every other person at the table votes,
connected or not, the caller saying yes; it carries as soon as a majority of them says yes and fails as
soon as that cannot be had, and stays open for the room's hours a move. When they run out, those who
answered decide (more yes than no carries it), as the live vote is decided by the people present: one who
did not answer does not hold it up. Carried, the stand-in bot keeps the seat until its person acts at the
table again, across a restart too. The counts, the vote and the seats it handed over are kept beside the
table's save (`server.tables.keeping`), the vote's end as a time of day so that it outlasts a restart.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from room import Room
from server.base.clock import Handle, LoopClock
from server.tables.move_deadline import Deadline
from server.tables.plans import Plan, TableError
from server.tables.presence import Presence
from server.tables.seat_vote import SeatVote
from translation import N_, _, ngettext

log = logging.getLogger(__name__)

ABSENT_MOVES = 3
"""Moves in a row whose time ran out after which the others may vote a turn-based seat to a bot."""


class TurnVote:
    """The vote on repeated absence of `server.tables.table.Table` in a turn-based room (a mixin)."""

    room: Room | None
    plan: Plan
    presence: Presence
    _clock: LoopClock
    _held: set[int]
    vote: SeatVote | None
    _votes: int
    _vote_timer: Handle | None
    _vote_ends: float
    deadline: Deadline | None

    if TYPE_CHECKING:  # the table's, after this in its bases

        def tell(self, message: str, **values: object) -> None: ...

        def _keep(self) -> None: ...

        def _keep_later(self) -> None: ...

        def _show_clock(self) -> None: ...

        def _end_vote(self, message: str, **values: object) -> None: ...

        def _count_vote(self) -> None: ...

        def review(self) -> None: ...

    def _start_turn_votes(self) -> None:
        self.timed_out: dict[int, int] = {}  # each person's moves in a row whose time ran out
        self.voted_out: set[int] = set()  # seats a vote handed to a bot until their person acts
        self._kept_voted_out: Any = None  # read back, until the room is loaded

    # --- the count of moves whose time ran out ----------------------------------------------------

    def _ran_out(self, seat: int) -> None:
        """Count one more move of `seat`'s whose time ran out."""
        self.timed_out[seat] = self.timed_out.get(seat, 0) + 1
        self._keep()

    def _acted(self, seat: int) -> None:
        """The person of `seat` acted at the table: his count starts again, a seat voted away is his again,
        and a vote on it is over."""
        changed = self.timed_out.pop(seat, 0) > 0 or seat in self.voted_out
        self.voted_out.discard(seat)
        vote, room = self.vote, self.room
        if vote is not None and vote.target == seat and room is not None:
            self._end_vote(N_("The vote on {name}'s seat is over: {name} is back."), name=room.names[seat])
            changed = True
        if changed:
            self._keep()

    # --- the vote ---------------------------------------------------------------------------------

    def _call_turn_vote(self, room: Room, seat: int) -> None:
        """Call a vote in a turn-based room on the seat whose time ran out on `ABSENT_MOVES` moves in a row
        (the one the table waits on first); `TableError` with the reason when none has."""
        others = [s for s, n in self.timed_out.items() if n >= ABSENT_MOVES and s != seat]
        absent = [s for s in others if s not in self.voted_out]
        if not absent:
            raise TableError(self._nobody_absent(room, seat))
        waited = self.deadline.seat if self.deadline is not None else None
        target = waited if waited in absent else min(absent, key=lambda s: (-self.timed_out[s], s))
        people = {i for i, s in enumerate(room.seats) if not s.is_bot}
        voters = frozenset(people - {target})
        hours = self.plan.move_hours
        self._votes += 1
        self.vote = SeatVote(self._votes, seat, target, voters)
        self._open_turn_vote(hours * 3600.0)
        self.tell(
            N_(
                "{name} calls a vote to hand {holder}'s seat to a bot for letting the time run out on "
                "{moves} moves in a row ({needed} of {voters} must say yes; in {hours} hours those who "
                "answered decide)."
            ),
            name=room.names[seat],
            holder=room.names[target],
            moves=self.timed_out[target],
            needed=self.vote.needed,
            voters=len(voters),
            hours=hours,
        )
        self._count_vote()

    def _nobody_absent(self, room: Room, seat: int) -> str:
        counts = [(room.names[s], n) for s, n in sorted(self.timed_out.items()) if n and s != seat]
        said = ", ".join(f"{name} {n}" for name, n in counts)
        refusal = ngettext(
            "In a turn-based room a seat goes to a bot by vote only once its time has run out on {n} move in "
            "a row.",
            "In a turn-based room a seat goes to a bot by vote only once its time has run out on {n} moves "
            "in a row.",
            ABSENT_MOVES,
        )
        if not said:
            return refusal + " " + _("Nobody's time has run out on a move since they last played.")
        return refusal + " " + _("Moves in a row whose time ran out: {counts}.", counts=said)

    def _open_turn_vote(self, seconds: float) -> None:
        """Open the vote for `seconds`, on the time of day (a vote of hours outlasts a restart)."""
        self._vote_ends = self._clock.now() + seconds
        self._vote_timer = self._clock.call_later(seconds, self._turn_vote_due)
        self._keep()

    def _turn_vote_due(self) -> None:
        """The room's hours a move are over: those who answered decide."""
        self._vote_timer = None
        vote, room = self.vote, self.room
        if vote is None or room is None:
            return
        if len(vote.yes) > len(vote.no):
            self._carry(room, vote)
            return
        self._end_vote(
            N_("The vote lapsed ({yes} yes, {no} no, of {present} asked): {name} keeps the seat."),
            name=room.names[vote.target],
            **vote.tally_values(),
        )

    def _carry(self, room: Room, vote: SeatVote) -> None:
        """Hand the seat voted on to the stand-in bot until its person acts again."""
        self._end_vote(
            N_(
                "The vote carried ({yes} yes, {no} no, of {present} asked): a bot plays for {name} until "
                "{name} comes back and plays."
            ),
            name=room.names[vote.target],
            **vote.tally_values(),
        )
        self._hand_over(room, vote.target)

    def _hand_over(self, room: Room, seat: int) -> None:
        log.info("table %s: seat %d voted to a bot", self.plan.id, seat)
        self.voted_out.add(seat)
        self._held.add(seat)
        if seat not in room.stand_ins:
            room.stand_in(seat)
        self._keep()
        self.review()

    # --- kept across a restart --------------------------------------------------------------------

    def _turn_votes_kept(self) -> dict[str, Any]:
        """Return the counts and the seats voted away, to be written (as read back while not loaded)."""
        if self.room is None and self._kept_voted_out is not None:
            return {"absent": self._kept_voted_out}
        return {
            "absent": {
                "timed_out": {str(s): n for s, n in sorted(self.timed_out.items()) if n},
                "voted_out": sorted(self.voted_out),
            }
        }

    def _restore_turn_votes(self, raw: Any) -> None:
        self._kept_voted_out = raw

    def _take_back_turn_votes(self, room: Room) -> None:
        """Restore the counts and hand the seats voted away to the stand-in again, once the room is
        loaded."""
        raw, self._kept_voted_out = self._kept_voted_out, None
        if not isinstance(raw, dict) or room.finished:
            return
        people = {i for i, s in enumerate(room.seats) if not s.is_bot}
        counts = raw.get("timed_out")
        if isinstance(counts, dict):
            self.timed_out = {
                int(seat): n
                for seat, n in counts.items()
                if isinstance(seat, str) and seat.isdigit() and len(seat) < 3 and int(seat) in people
                if type(n) is int and 0 < n < 10_000
            }
        voted = raw.get("voted_out")
        if isinstance(voted, list):
            for seat in voted:
                if type(seat) is int and seat in people:
                    self.voted_out.add(seat)
                    self._held.add(seat)
                    room.stand_in(seat)
