"""Table clocks on the server: a person away or out of time, the stand-in bot, and the vote.

The table runs one clock for everyone at it (`server.tables.seat_clocks`: the banks and the turn timer): one
timer for when the time of the person it waits on is up, and one tick a second while a clock runs, each
showing every screen at the table the same `ClockFace`. When a person away has waited out the turn timer, a
stand-in bot plays for him until he comes back; when a person's bank runs out, or the people present vote
his seat to a bot (`server.tables.seat_vote`), the stand-in keeps the seat until he acts at the table again.

The banks and the vote are kept beside the table's save (`server.tables.keeping`): written at each change of
whose decision the table waits on, at each turn of the vote, and every `KEEP_EVERY` seconds while a bank runs
or a vote is open; read back when the room is loaded after a restart. Whose seat a stand-in plays is not
kept: a restart sends everyone away, and a table nobody is at hands every seat back, as it does when its
people leave.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.play.view import GameView
from room import BotDriver, Room
from server.base.clock import Handle, LoopClock
from server.tables.keeping import KEEP_EVERY
from server.tables.lobby_line import TableStatus
from server.tables.move_words import MoveAsked
from server.tables.plans import Plan, TableError
from server.tables.presence import Presence
from server.tables.restart_words import Lost
from server.tables.seat_clocks import ClockFace, DueMove, SeatClocks, SeatTime, VoteFace, Waiting
from server.tables.seat_vote import VOTE_SECONDS, SeatVote
from server.tables.turn_vote import ABSENT_MOVES
from translation import N_, _
from translation.listeners import held

log = logging.getLogger(__name__)

ClockListener = Callable[[ClockFace], None]


class TableClocks:
    """The clock and vote logic of `server.tables.table.Table` (a mixin)."""

    room: Room | None
    driver: BotDriver | None
    plan: Plan
    presence: Presence
    _clock: LoopClock
    timed_out: dict[int, int]  # `server.tables.turn_vote.TurnVote`'s
    voted_out: set[int]

    @property
    def id(self) -> str:
        raise NotImplementedError

    def here(self, seat: int) -> bool:
        raise NotImplementedError

    if TYPE_CHECKING:  # the table's (`Table.status`)

        def status(self) -> TableStatus: ...

    def tell(self, message: str, **values: object) -> None:
        raise NotImplementedError

    def _keep(self) -> None:
        """Schedule a write of the table's runtime state (`Table`)."""
        raise NotImplementedError

    def _follow_pace(self, room: Room, view: GameView) -> None:
        """Follow a turn-based room's deadline and bids (`server.tables.turn_pace.TurnPace`)."""
        raise NotImplementedError

    def _end_hold(self, seat: int) -> bool:
        """End a turn-based stand-in's hold for a decision or a turn (`server.tables.turn_pace.TurnPace`)."""
        raise NotImplementedError

    def _acted(self, seat: int) -> None:
        """A person acted at a turn-based table (`server.tables.turn_vote.TurnVote`)."""
        raise NotImplementedError

    def _call_turn_vote(self, room: Room, seat: int) -> None:
        """Call a vote on repeated absence (`server.tables.turn_vote.TurnVote`)."""
        raise NotImplementedError

    def _carry(self, room: Room, vote: SeatVote) -> None:
        """Hand a turn-based seat voted on to a bot (`server.tables.turn_vote.TurnVote`)."""
        raise NotImplementedError

    def _turn_vote_due(self) -> None:
        """A turn-based vote's hours are over (`server.tables.turn_vote.TurnVote`)."""
        raise NotImplementedError

    _keep_every = KEEP_EVERY

    def _start_clocks(self) -> None:
        self._timer: Handle | None = None  # the time of the person the table waits on is up
        self._tick: Handle | None = None  # the screens' clocks count down a second
        self.clocks: SeatClocks | None = None  # made with the room
        self._held: set[int] = set()  # seats a stand-in keeps until their person acts
        self._clock_listeners: list[ClockListener] = []
        self._face_shown = ClockFace()
        self.vote: SeatVote | None = None
        self._votes = 0
        self._vote_timer: Handle | None = None
        self._vote_ends = 0.0  # when the vote lapses, on the loop's clock
        self._keep_timer: Handle | None = None  # the banks are written again while one runs
        self._kept_key: object = None  # whose decision the table waited on when it was last written
        self._kept_clocks: Any = None  # the banks and the vote read back, until the room is loaded
        self._kept_vote: Any = None
        self._lost_on_restart = Lost()  # what of them could not be taken back

    def _stop_clocks(self) -> None:
        for handle in (self._timer, self._tick, self._vote_timer, self._keep_timer):
            if handle is not None:
                handle.stop()
        self._timer = self._tick = self._vote_timer = self._keep_timer = None

    # --- the clocks, a person away or out of time, and the stand-in ---------------------------

    def review(self) -> None:
        """Update after every move and every arrival or departure: hand seats back to people who returned, and
        run the clock of the person the table waits on (his bank, and the turn timer if he is away)."""
        room = self.room
        if room is None:
            return
        turn_based = self.plan.turn_based
        nobody_here = not self.presence.seated and not turn_based
        for seat in room.stand_ins:
            if nobody_here or (self.here(seat) and seat not in self._held):
                room.hand_back(seat)
                self._held.discard(seat)
        view = room.view(None)
        pending = view.pending
        decision: tuple[int, str, int] | None = None
        waiting = None
        if pending is not None and not room.finished:
            seat = pending.player
            decision = (seat, pending.kind, view.turn)
            if (
                not nobody_here
                and not turn_based
                and not room.seats[seat].is_bot
                and seat not in room.stand_ins
            ):
                waiting = Waiting(seat, away=not self.here(seat))
        clocks = self._seat_clocks(room)
        clocks.turn_timer = self.plan.turn_timer
        now = self._clock.now()
        clocks.follow(now, decision, waiting)
        self._stop_timer()
        due = clocks.time_up_in(now)
        if due is not None:
            self._timer = self._clock.call_later(due, self._time_up)
        self._tick_at(due)
        self._review_vote(waiting, nobody_here)
        if turn_based:
            self._follow_pace(room, view)
        if self.driver is not None:
            if turn_based:  # nobody to follow the bots: they move at once
                self.driver.speed = self.plan.pace if self.presence.seated else "instant"
            self.driver.poke()
        self._show_clock()
        kept = (waiting, decision if waiting is not None else None)
        if kept != self._kept_key:  # a person's decision began or ended: his bank stands as it is now
            self._kept_key = kept
            self._keep()
        self._keep_later()

    def _seat_clocks(self, room: Room) -> SeatClocks:
        if self.clocks is None:
            people = [i for i, s in enumerate(room.seats) if not s.is_bot]
            self.clocks = SeatClocks(self.plan.bank, self.plan.bank_added, self.plan.turn_timer, people)
            kept, self._kept_clocks = self._kept_clocks, None
            if kept is not None and not self.clocks.take_back(kept):
                log.warning("table %s: its banks kept are not this table's; they start full", self.id)
                self._lost_on_restart.banks = True
        return self.clocks

    # --- kept across a restart -----------------------------------------------------------------

    def _clocks_kept(self) -> dict[str, Any]:
        """Return the banks and the vote as they stand, to be written (as read back, while the room is not
        loaded)."""
        now = self._clock.now()
        vote = self.vote
        kept_vote = self._kept_vote
        if vote is not None:
            kept_vote = vote.to_json(self._vote_ends - now)
            if self.plan.turn_based:  # a vote of hours: its end as a time of day, to outlast a restart
                kept_vote["ends"] = round(self._clock.wall() + self._vote_ends - now, 3)
        return {
            "clocks": self.clocks.kept(now) if self.clocks is not None else self._kept_clocks,
            "votes": self._votes,
            "vote": kept_vote,
        }

    def _keep_later(self) -> None:
        """Schedule another write while a bank runs or a vote is open: in `_keep_every` seconds: the most a
        SIGKILL can lose."""
        clocks = self.clocks
        running = self.vote is not None or (
            clocks is not None and clocks.banks and clocks.waiting is not None
        )
        if running and self._keep_timer is None:
            self._keep_timer = self._clock.call_later(self._keep_every, self._kept_on_time)

    def _kept_on_time(self) -> None:
        self._keep_timer = None
        self._keep()
        self._keep_later()

    def _take_back_vote(self, room: Room) -> None:
        """Restore the vote under way when the server stopped, open again for the seconds it had left."""
        raw, self._kept_vote = self._kept_vote, None
        if raw is None or room.finished:
            return
        people = [i for i, s in enumerate(room.seats) if not s.is_bot]
        turn_based = self.plan.turn_based
        most = self.plan.move_hours * 3600.0 if turn_based else VOTE_SECONDS
        try:
            vote, left = SeatVote.from_json(raw, people, most)
        except ValueError as exc:
            log.warning("table %s: its vote kept is not used: %s", self.id, exc)
            self._lost_on_restart.vote = True
            return
        ends = raw.get("ends") if isinstance(raw, dict) else None
        if (
            turn_based
            and isinstance(ends, (int, float))
            and not isinstance(ends, bool)
            and math.isfinite(ends)
        ):
            left = min(most, max(0.0, ends - self._clock.wall()))  # the hours ran on while it was down
        self.vote = vote
        self._votes = max(self._votes, vote.number)
        self._vote_ends = self._clock.now() + left
        self._vote_timer = self._clock.call_later(
            left, self._turn_vote_due if turn_based else self._vote_lapsed
        )

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None

    def _time_up(self) -> None:
        self._timer = None
        room, clocks = self.room, self.clocks
        waiting = clocks.waiting if clocks is not None else None
        if room is None or clocks is None or waiting is None:
            return
        now = self._clock.now()
        due = clocks.time_up_in(now)
        if due is not None and due > 0.05:  # the timer fired early: wait on
            self._timer = self._clock.call_later(due, self._time_up)
            return
        seat, name = waiting.seat, room.names[waiting.seat]
        if clocks.out_of_time(seat, now):
            self._held.add(seat)  # out of time: the stand-in stays until he acts again, here or not
            self.tell(
                N_("{name}'s time ran out: a bot decides for {name} until {name} plays again."), name=name
            )
        else:
            self.tell(N_("{name} is away: a bot plays for {name} until {name} comes back."), name=name)
        log.info("table %s: a bot stands in for seat %d", self.id, seat)
        room.stand_in(seat)
        self.review()

    def held(self, seat: int) -> bool:
        """Whether a stand-in bot holds `seat` until its person acts (time ran out, or the table voted)."""
        return seat in self._held

    def reclaim(self, seat: int | None) -> None:
        """Return the seat to a person who acted at the table (pressed a key): a stand-in bot playing his seat
        leaves it (in a turn-based room, his moves in a row whose time ran out count from 0 again)."""
        room = self.room
        held = False
        if room is not None and seat is not None and self.plan.turn_based:
            self._acted(seat)
            held = self._end_hold(seat) and seat in self._held  # the rest of a turn, its bot aside or not
        if room is None or seat is None or (seat not in room.stand_ins and not held):
            return
        room.hand_back(seat)
        self._held.discard(seat)
        if self.clocks is not None:
            self.clocks.reclaim(seat)
        self.tell(N_("{name} plays again."), name=room.names[seat])
        self.review()

    def _ticked(self) -> None:
        """Tick once a second while a clock runs: show every screen at the table the time left."""
        self._tick = None
        clocks = self.clocks
        if self.room is not None and clocks is not None:
            self._tick_at(clocks.time_up_in(self._clock.now()))
        self._show_clock()

    def _tick_at(self, due: float | None) -> None:
        """Return the time of the next tick, when the clock shown (whole seconds, rounded up) turns to its
        next second."""
        if self._tick is not None:
            self._tick.stop()
            self._tick = None
        if due is not None and due > 0:
            step = due % 1.0
            self._tick = self._clock.call_later(step + 0.01 if step > 0 else 1.0, self._ticked)

    def clock_face(self) -> ClockFace:
        """Return a snapshot of the table's clocks now, as every screen at it shows them."""
        room, clocks = self.room, self.clocks
        if room is None or clocks is None:
            return ClockFace()
        now = self._clock.now()
        view = room.view(None)
        waiting = clocks.waiting
        due = clocks.time_up_in(now)
        seats = []
        for seat, place in enumerate(room.seats):
            if place.is_bot or view.players[seat].bankrupt:
                continue
            waited = waiting is not None and waiting.seat == seat
            left = due if waited and due is not None else clocks.left(seat, now)
            if left is not None:
                left = float(math.ceil(left))  # as shown: whole seconds, so that a ClockFace seldom changes
            bot = seat in room.stand_ins
            seats.append(SeatTime(seat, room.names[seat], left, waited, not self.here(seat), bot))
        vote = self.vote
        face = None
        if vote is not None:
            face = VoteFace(
                vote.number,
                room.names[vote.caller],
                vote.target,
                room.names[vote.target],
                vote.voters,
                vote.answered,
                vote.tally(self.plan.turn_based),
                len(vote.yes),
                vote.needed,
                self.plan.turn_based,
            )
        absent: tuple[int, ...] = ()
        if self.plan.turn_based:
            out = self.voted_out
            absent = tuple(sorted(s for s, n in self.timed_out.items() if n >= ABSENT_MOVES and s not in out))
        return ClockFace(tuple(seats), face, absent, self.due_move())

    def due_move(self) -> DueMove | None:
        """Return the move a turn-based table waits on now, whose it is and by when; None when it waits on
        no person's move (a live room, a bot's move, the game over)."""
        status = self.status()
        if not self.plan.turn_based or status.stage != "playing" or not status.due or status.seat < 0:
            return None
        move = MoveAsked(status.asked, status.about, status.turn, status.due)
        return DueMove(status.seat, status.waiting_on, move)

    def listen_clock(self, listener: ClockListener) -> Callable[[], None]:
        """Subscribe to the table's clocks whenever they change, and once a second while one runs (in the
        language spoken now)."""
        listener = held(listener)
        self._clock_listeners.append(listener)

        def stop() -> None:
            if listener in self._clock_listeners:
                self._clock_listeners.remove(listener)

        return stop

    def _show_clock(self) -> None:
        """Show every screen at the table its clocks, when they look different from the last time."""
        if not self._clock_listeners:
            return
        face = self.clock_face()
        if face == self._face_shown:
            return
        self._face_shown = face
        for listener in list(self._clock_listeners):
            try:
                listener(face)
            except Exception:
                log.exception("a clock listener failed")

    # --- a vote to hand a seat that holds the table up to a bot --------------------------------

    def call_vote(self, seat: int | None) -> None:
        """Call a vote to hand the seat the table waits on to a bot; `TableError` with the
        reason when no vote can be called."""
        room = self.room
        if seat is None:
            raise TableError(_("Only the people playing at this table may call a vote; watchers may not."))
        if room is None or room.finished:
            raise TableError(_("The game is over: there is nothing to vote on."))
        if self.vote is not None:
            raise TableError(_("A vote is under way already: answer it (a) or wait for its outcome."))
        if self.plan.turn_based:  # on the room's scale: moves whose time ran out, not the clock
            self._call_turn_vote(room, seat)
            return
        holder = self.clock_face().holder
        if holder is None or holder.seat == seat:
            raise TableError(self._nobody_holds_up(room, seat))
        voters = frozenset(s for s in self.presence.seated if s != holder.seat)
        self._votes += 1
        self.vote = SeatVote(self._votes, seat, holder.seat, voters | {seat})
        self._vote_ends = self._clock.now() + VOTE_SECONDS
        self._vote_timer = self._clock.call_later(VOTE_SECONDS, self._vote_lapsed)
        self._keep_later()
        self.tell(
            N_(
                "{name} calls a vote to hand {holder}'s seat to a bot "
                "({needed} of {present} present must say yes)."
            ),
            name=room.names[seat],
            holder=holder.name,
            needed=self.vote.needed,
            present=len(self.vote.voters),
        )
        self._count_vote()

    def _nobody_holds_up(self, room: Room, seat: int) -> str:
        pending = room.view(None).pending
        if pending is None:
            return _("The table waits on nobody now.")
        waited = pending.player
        name = room.names[waited]
        if waited == seat:
            return _("The table waits on you: make your move.")
        if room.seats[waited].is_bot or waited in room.stand_ins:
            return _("The table waits on a bot ({name}): nobody holds it up.", name=name)
        return _(
            "{name} is here with time on the clock: a seat goes to a bot by vote only when its person "
            "is away or out of time.",
            name=name,
        )

    def answer_vote(self, seat: int | None, yes: bool) -> None:
        """Record one present person's answer to the vote under way; `TableError` with the reason."""
        vote = self.vote
        if vote is None:
            raise TableError(_("No vote is under way."))
        if seat is None or seat not in vote.voters:
            raise TableError(_("Only the people playing at this table when the vote was called answer it."))
        vote.answer(seat, yes)
        self._keep()
        self._count_vote()

    def _count_vote(self) -> None:
        vote, room = self.vote, self.room
        outcome = vote.outcome() if vote is not None else None
        if vote is None or room is None or outcome is None:
            self._show_clock()
            return
        name = room.names[vote.target]
        tally = vote.tally_values()
        if outcome == "carried" and self.plan.turn_based:
            self._carry(room, vote)
        elif outcome == "carried":
            self._end_vote(
                N_(
                    "The vote carried ({yes} yes, {no} no, of {present} present): a bot plays for {name} "
                    "until {name} is back and plays."
                ),
                name=name,
                **tally,
            )
            if vote.target not in room.stand_ins:
                self._held.add(vote.target)
                room.stand_in(vote.target)
            self.review()
        elif self.plan.turn_based:
            self._end_vote(
                N_("The vote failed ({yes} yes, {no} no, of {present} asked): {name} keeps the seat."),
                name=name,
                **tally,
            )
        else:
            self._end_vote(
                N_("The vote failed ({yes} yes, {no} no, of {present} present): the table waits on {name}."),
                name=name,
                **tally,
            )

    def _vote_lapsed(self) -> None:
        self._vote_timer = None
        vote, room = self.vote, self.room
        if vote is not None and room is not None:
            self._end_vote(
                N_("The vote lapsed ({yes} yes, {no} no, of {present} present): the table waits on {name}."),
                name=room.names[vote.target],
                **vote.tally_values(),
            )

    def _review_vote(self, waiting: Waiting | None, nobody_here: bool) -> None:
        """End a vote on a seat the table no longer waits on, or whose person is back. While the table
        pauses (none of its people is here, as after a restart), the vote waits with it."""
        vote, room = self.vote, self.room
        if (
            vote is None or room is None or nobody_here or self.plan.turn_based
        ):  # that one ends on its own terms
            return
        name = room.names[vote.target]
        if waiting is None or waiting.seat != vote.target:
            self._end_vote(
                N_("The vote on {name}'s seat is over: the table no longer waits on {name}."), name=name
            )
        elif self.here(vote.target) and not (
            self.clocks is not None and self.clocks.out_of_time(vote.target, self._clock.now())
        ):
            self._end_vote(N_("The vote on {name}'s seat is over: {name} is back."), name=name)

    def _end_vote(self, message: str, **values: object) -> None:
        self.vote = None
        if self._vote_timer is not None:
            self._vote_timer.stop()
            self._vote_timer = None
        self.tell(message, **values)

        self._show_clock()
