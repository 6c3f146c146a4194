"""A turn-based room on the server: it goes on with nobody connected, a person's move at a time.

The table (`server.tables.table.Table`) plays its bots at once while none of its people is there, and waits
on a person for the room's hours a move (`server.tables.move_deadline`). When his time for a decision runs
out, the stand-in bot plays the rest of that turn for him (a turn is a move, as in correspondence play: its
end must not wait another day) and gives the seat back. It sits in the seat only while the game waits on it:
while that turn waits on another person (his limit in an auction), the seat is its person's, and the same
bot sits again when the turn comes back to the seat. An offer he was to answer
(a trade, a deal, a loan) lapses instead: it is refused. An auction asks each person once for the most he
would bid: a bid he makes there is his limit, and the table bids for him, as little as wins, each time the
bidding comes round, so that the auction is settled between the limits as the open auction would be.

The deadline and the limits are kept beside the table's save (`server.tables.keeping`) and read back when
the room is loaded after a restart: a deadline that fell due while the server was down fires at once.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import PassAuction, PlaceBid, RejectDeal, RejectLoan, RejectTrade
from engine.core.commands import Command
from engine.core.state import Auction, Pending
from engine.play.view import GameView
from room import Outcome, Room
from room.board_words import printed
from room.opponents import Opponent
from server.base.clock import Handle, LoopClock
from server.tables.lobby_line import TableStatus
from server.tables.move_deadline import Deadline, follow, noted
from server.tables.plans import Plan, TableError
from server.tables.presence import Presence
from server.tables.room_summary import Planned
from server.tables.seat_clocks import SeatClocks
from server.tables.seat_vote import SeatVote
from translation import N_, _, ngettext
from translation.formats import long_day

log = logging.getLogger(__name__)

UNLOAD_AFTER = 60.0
"""Seconds a turn-based room waits on a person with nobody at it before the worker lets it go."""
AWAY_DAYS = 30
"""The most days away a person may declare at once."""
DAY = 86400.0

ANSWERS = ("trade_answer", "deal_answer", "loan_answer")
"""Decisions that answer another's offer: at their deadline the offer lapses (is refused)."""


def pace_key(pending: Pending, turn: int) -> tuple[int, str, int, int]:
    """Return what makes a decision one decision for its deadline: whose, what kind, in which turn, and
    for an offer its number (an auction is one decision for each bidder, however often it asks him)."""
    number = 0
    if pending.kind == "trade_answer":
        number = pending.trade.id
    elif pending.kind == "deal_answer":
        number = pending.deal.id
    elif pending.kind == "loan_answer":
        number = pending.offer.id
    return (pending.player, pending.kind, turn, number)


def _auction_of(view: GameView) -> tuple[int, str, int] | None:
    pending = view.pending
    if pending is None or pending.kind != "auction":
        return None
    return (view.turn, pending.lot, pending.space)


class TurnPace:
    """The turn-based pace of `server.tables.table.Table` (a mixin): the deadline, the bids by limit, and an
    offer's lapse."""

    room: Room | None
    plan: Plan
    _clock: LoopClock
    _held: set[int]

    def tell(self, message: str, **values: object) -> None:
        raise NotImplementedError

    def _keep(self) -> None:
        raise NotImplementedError

    presence: Presence
    vote: SeatVote | None
    clocks: SeatClocks | None
    _kept_clocks: Any
    _kept_vote: Any
    _kept_key: object
    voted_out: set[int]
    timed_out: dict[int, int]
    _kept_voted_out: Any

    def _ran_out(self, seat: int) -> None:
        raise NotImplementedError

    if TYPE_CHECKING:  # the table's (`TableClocks.review`, `Table.status`...), after this in its bases

        def review(self) -> None: ...

        def status(self) -> TableStatus: ...

        def kept_state(self) -> dict[str, Any]: ...

        def _release(self) -> None: ...

        def open(self) -> Room: ...

    def _start_pace(self) -> None:
        self.deadline: Deadline | None = None  # the decision a turn-based room waits on, and when it is due
        self._deadline_timer: Handle | None = None
        self._kept_deadline: Any = None  # read back, until the room is loaded
        self._for_one: dict[int, Hashable] = {}  # seats the stand-in holds for a decision or a turn: which
        self._kept_holds: Any = None  # read back, until the room is loaded
        self._aside: dict[int, Opponent] = {}  # the stand-ins of holds whose turn waits on someone else
        self.bid_limits: dict[int, int] = {}  # the most each person would bid in the auction under way
        self._limits_for: Hashable = None  # that auction
        self._kept_limits: Any = None
        self._proxy_due: Handle | None = None
        self._auction_dues: dict[int, Deadline] = {}  # each person's deadline in the auction under way
        self._unload_timer: Handle | None = None  # nobody here, the table waits on a person: let it go
        self._wake: Handle | None = None  # unloaded: its deadline falls due
        self._unloaded_status: TableStatus | None = None  # unloaded: its status as it was
        self.on_unload: Callable[[float], None] | None = None
        """Told the deadline when the room is let go, by its worker (which then holds no table for it); with
        none, the table keeps a timer for its deadline itself."""
        self.unload_after = UNLOAD_AFTER

    def _stop_pace(self) -> None:
        for handle in (self._deadline_timer, self._proxy_due, self._unload_timer):
            if handle is not None:
                handle.stop()
        self._deadline_timer = self._proxy_due = self._unload_timer = None

    def _stop_wake(self) -> None:
        if self._wake is not None:
            self._wake.stop()
            self._wake = None

    # --- a waiting room let go ------------------------------------------------------------------

    def _may_unload(self, room: Room) -> bool:
        """Whether the room only waits: nobody at it, a person's decision with its deadline, no bot due,
        no bid for a limit or stand-in under way, no vote."""
        return (
            not self.presence.seated
            and not self.presence.watching
            and self.deadline is not None
            and room.bot_due() is None
            and self._proxy_due is None
            and self.vote is None
            and not room.finished
        )

    def _unload_later(self, room: Room) -> None:
        idle = self._may_unload(room)
        if idle and self._unload_timer is None:
            self._unload_timer = self._clock.call_later(self.unload_after, self._unload_now)
        elif not idle and self._unload_timer is not None:
            self._unload_timer.stop()
            self._unload_timer = None

    def _unload_now(self) -> None:
        self.unload()

    def unload(self) -> bool:
        """Let the room go from the worker's memory while it only waits on a person away: its game is saved,
        its state kept (the deadline, the banks, the chat), and it is loaded again when someone comes or
        its deadline falls due. Whether it was let go."""
        self._unload_timer = None
        room, deadline = self.room, self.deadline
        if room is None or deadline is None or not self._may_unload(room):
            return False
        status, state = self.status(), self.kept_state()
        self._release()
        self.clocks = None
        self._kept_clocks, self._kept_vote = state["clocks"], state["vote"]
        self._kept_deadline, self._kept_limits = state["deadline"], state["limits"]
        self._kept_holds = state["holds"]
        self._held -= set(self._for_one) - self.voted_out
        self._for_one, self._aside = {}, {}
        self._kept_voted_out, self.timed_out, self.voted_out = state["absent"], {}, set()
        self.deadline, self.bid_limits, self._limits_for, self._auction_dues = None, {}, None, {}
        self._kept_key = None
        self._unloaded_status = status
        self._keep()
        log.info("table %s let go until someone comes or its deadline", self.plan.id)
        if self.on_unload is not None:  # its worker lets go of it, and keeps its deadline alone
            self.on_unload(deadline.due)
        else:
            self._wake = self._clock.call_later(max(0.0, deadline.due - self._clock.wall()), self._woken)
        return True

    def unload_until_due(self) -> bool:
        """Leave a turn-based room kept before a restart unloaded until its deadline, when it waited on a
        person (its deadline kept says whose decision, which the lobby shows meanwhile); whether it does."""
        if self.room is not None:
            return False
        status = unloaded_status(self.plan, self._kept_deadline, self._kept_vote)
        if status is None:
            return False
        self._unloaded_status = status
        self._wake = self._clock.call_later(max(0.0, status.due - self._clock.wall()), self._woken)
        return True

    def _woken(self) -> None:
        self._wake = None
        if self.room is None:
            try:
                self.open()
            except TableError as exc:
                log.error("table %s cannot go on at its deadline: %s", self.plan.id, exc)

    def _pace_kept(self) -> dict[str, Any]:
        """Return the deadline and the limits as they stand, to be written (as read back while the room is
        not loaded)."""
        if self.room is None:
            return {"deadline": self._kept_deadline, "limits": self._kept_limits, "holds": self._kept_holds}
        deadline = self.deadline.kept() if self.deadline is not None else None
        auction = self._limits_for
        limits = None
        if self.bid_limits and isinstance(auction, tuple):
            limits = {"auction": list(auction), "most": {str(s): n for s, n in self.bid_limits.items()}}
        held = self._for_one.items()
        holds = [{"seat": seat, "decision": list(d)} for seat, d in held if isinstance(d, tuple)]
        return {"deadline": deadline, "limits": limits, "holds": holds or None}

    def _restore_pace(self, deadline: Any, limits: Any, holds: Any = None) -> None:
        self._kept_deadline, self._kept_limits, self._kept_holds = deadline, limits, holds

    def _take_back_holds(self, room: Room, view: GameView) -> None:
        """Hand the stand-in again the seats it held when the room was let go, where the decision or the
        turn it held them for is still under way."""
        raw, self._kept_holds = self._kept_holds, None
        if not isinstance(raw, list) or room.finished:
            return
        people = {i for i, s in enumerate(room.seats) if not s.is_bot}
        for hold in raw[: len(room.seats)]:
            if not isinstance(hold, dict):
                continue
            seat, parts = hold.get("seat"), hold.get("decision")
            if type(seat) is not int or seat not in people or not isinstance(parts, list) or len(parts) > 4:
                continue
            if not all(type(x) is int or (type(x) is str and len(x) < 32) for x in parts):
                continue
            decision = tuple(parts)
            if _still_held(decision, view):
                self._for_one[seat] = decision
                self._held.add(seat)
                self._sit(room, seat, view)

    def _sit(self, room: Room, seat: int, view: GameView) -> None:
        """Seat the stand-in of a hold while the game waits on the seat, and let it step aside while the
        game waits on someone else (the seat is then its person's): it makes only the moves that cannot
        wait. Stepping aside and back, it is the same bot, with its memory of the turn."""
        due = view.pending is not None and view.pending.player == seat
        if due and seat not in room.stand_ins:
            room.stand_in(seat, self._aside.pop(seat, None))
        elif not due and seat in room.stand_ins:
            bot = room.hand_back(seat)
            if bot is not None:
                self._aside[seat] = bot

    def _end_hold(self, seat: int) -> bool:
        """End the stand-in's hold on `seat` for a decision or a turn (its person acted at the table);
        whether there was one."""
        self._aside.pop(seat, None)
        return self._for_one.pop(seat, None) is not None

    # --- following the game ---------------------------------------------------------------------

    def _follow_pace(self, room: Room, view: GameView) -> None:
        """Update after every move: give back a seat the stand-in held for one decision or the rest of a
        turn, bid for those with a limit, and set the deadline of the person the table waits on."""
        pending = view.pending
        key = pace_key(pending, view.turn) if pending is not None else None
        if self._kept_holds is not None:
            self._take_back_holds(room, view)
        for seat, decision in list(self._for_one.items()):
            if room.finished or not _still_held(decision, view):
                del self._for_one[seat]
                self._aside.pop(seat, None)
                if seat not in self.voted_out:  # a seat voted to a bot stays with it
                    self._held.discard(seat)
                    room.hand_back(seat)
            elif seat not in self.voted_out:
                self._sit(room, seat, view)
        self._follow_limits(view)
        if pending is None or key is None or room.finished:
            self._set_deadline(None)
            return
        seat = pending.player
        if room.seats[seat].is_bot or seat in room.stand_ins:
            self._set_deadline(None)
            return
        if pending.kind == "auction" and seat in self.bid_limits:
            self._set_deadline(None)
            if self._proxy_due is None:
                self._proxy_due = self._clock.call_later(0.0, self._proxy_bid)
            return
        kept, self._kept_deadline = Deadline.take_back(self._kept_deadline), None
        current = kept if kept is not None and kept.decision == key else self.deadline
        if pending.kind == "auction" and seat in self._auction_dues:  # asked again: the same time runs
            current = self._auction_dues[seat]
        owner = self.plan.seats[seat].owner if seat < len(self.plan.seats) else None
        away = self.plan.away_until.get(owner or "", 0.0)
        deadline = follow(current, key, seat, self._clock.wall(), self.plan.move_hours, away)
        deadline = noted(deadline, about_of(pending, room), self.presence.seated.get(seat, 0) > 0)
        if pending.kind == "auction":
            self._auction_dues[seat] = deadline
        self._set_deadline(deadline)
        self._unload_later(room)

    def _set_deadline(self, deadline: Deadline | None) -> None:
        if deadline == self.deadline and (deadline is None or self._deadline_timer is not None):
            return
        if self._deadline_timer is not None:
            self._deadline_timer.stop()
            self._deadline_timer = None
        self.deadline = deadline
        if deadline is not None:
            self._deadline_timer = self._clock.call_later(
                max(0.0, deadline.due - self._clock.wall()), self._deadline_due
            )
        self._keep()

    def _deadline_due(self) -> None:
        """The time for the decision the table waits on has run out: the stand-in bot makes it, or the offer
        lapses."""
        self._deadline_timer = None
        deadline, room = self.deadline, self.room
        if deadline is None or room is None:
            return
        left = deadline.due - self._clock.wall()
        if left > 0.05:  # the timer fired early (the clock of day moved): wait on
            self._deadline_timer = self._clock.call_later(left, self._deadline_due)
            return
        view = room.view(None)
        pending = view.pending
        if pending is None or pace_key(pending, view.turn) != deadline.decision:
            return
        seat, name = deadline.seat, room.names[deadline.seat]
        refusal = _refusal(pending)
        if refusal is not None:
            log.info("table %s: an offer to seat %d lapsed", self.plan.id, seat)
            self._ran_out(seat)
            self.tell(N_("{name}'s time to answer ran out: the offer lapses."), name=name)
            outcome = room.submit(seat, refusal, room.version)
            if outcome.ok:
                return
            log.warning("table %s: a lapsed offer was not refused: %s", self.plan.id, outcome.refusal)
        self._ran_out(seat)
        log.info("table %s: a bot makes one move for seat %d", self.plan.id, seat)
        self.tell(N_("{name}'s time for this move ran out: a bot makes it for {name}."), name=name)
        self._for_one[seat] = _one_decision(view)
        self._held.add(seat)
        self._sit(room, seat, view)
        self.review()

    # --- days away ----------------------------------------------------------------------------

    def declare_away(self, seat: int | None, days: int) -> None:
        """Record that the person of `seat` is away for `days` days from now (0: back): his deadlines in
        this room fall that much later, the one running now too. `TableError` with the reason."""
        if not self.plan.turn_based:
            raise TableError(_("Days away are for turn-based rooms; this one is live."))
        if seat is None or not 0 <= seat < len(self.plan.seats) or self.plan.seats[seat].owner is None:
            raise TableError(_("Only the people playing at this table may declare days away."))
        if not 0 <= days <= AWAY_DAYS:
            raise TableError(_("Days away are a whole number from 0 to {most}.", most=AWAY_DAYS))
        self.set_away(seat, self._clock.wall() + days * DAY if days else 0.0)

    def set_away(self, seat: int, until: float) -> None:
        """Record that the person of `seat` is away until `until` (seconds since the epoch; 0: back), the
        deadline running for him moved past it (`declare_away`, or his days away for all his rooms)."""
        owner = self.plan.seats[seat].owner or ""
        away = dict(self.plan.away_until)
        if until <= 0:
            away.pop(owner, None)
        else:
            away[owner] = until
        if away == self.plan.away_until:
            return
        self.plan.away_until = away
        deadline = self.deadline
        if deadline is not None and deadline.seat == seat and until > 0:
            later = replace(deadline, due=max(deadline.due, until + self.plan.move_hours * 3600.0))
            self._set_deadline(later)
        self._plan_changed()

    def _plan_changed(self) -> None:
        raise NotImplementedError

    # --- an auction by limits -------------------------------------------------------------------

    def _follow_limits(self, view: GameView) -> None:
        auction = _auction_of(view)
        if self._kept_limits is not None:
            self._take_back_limits(auction)
        if auction != self._limits_for:
            self._limits_for = auction
            self._auction_dues = {}
            if self.bid_limits:
                self.bid_limits = {}
                self._keep()

    def _take_back_limits(self, auction: Hashable) -> None:
        raw, self._kept_limits = self._kept_limits, None
        if not isinstance(raw, dict) or not isinstance(raw.get("most"), dict) or auction is None:
            return
        if not isinstance(auction, tuple) or raw.get("auction") != list(auction):
            return
        most = {
            int(seat): amount
            for seat, amount in raw["most"].items()
            if isinstance(seat, str) and seat.isdigit() and len(seat) < 3
            if type(amount) is int and amount > 0
        }
        self._limits_for, self.bid_limits = auction, most

    def bid_up_to(self, seat: int, amount: int, version: int) -> Outcome:
        """Record the most a person would bid in the auction under way, and bid for him now if the bidding
        waits on him; the table bids for him again each time it comes round."""
        room = self.room
        if room is None:
            return Outcome(refusal=_("The game is not loaded."), code="no_game")
        view = room.view(None)
        auction, pending = _auction_of(view), view.pending
        if auction is None or not isinstance(pending, Auction) or pending.player != seat:
            return Outcome(refusal=_("No auction waits on your bid."), code="no_auction")
        if version != room.version:
            return room.submit(seat, PlaceBid(player=seat, amount=amount), version)  # stale: say so
        if amount < pending.next_minimum:
            return room.submit(seat, PlaceBid(player=seat, amount=amount), version)  # the engine says why
        self._limits_for = auction
        self.bid_limits[seat] = amount
        self._keep()
        return self._bid_for(seat)

    def _proxy_bid(self) -> None:
        self._proxy_due = None
        room = self.room
        if room is None:
            return
        pending = room.view(None).pending
        if not isinstance(pending, Auction) or pending.player not in self.bid_limits:
            return
        if pending.player in room.stand_ins:
            return
        self._bid_for(pending.player)

    def _bid_for(self, seat: int) -> Outcome:
        """Bid for a person up to his limit: as little as beats every other limit when all those still in
        gave one, else the least bid; pass once the bidding is past his limit."""
        room = self.room
        assert room is not None
        pending = room.view(None).pending
        assert isinstance(pending, Auction)
        limit, least = self.bid_limits[seat], pending.next_minimum
        others = [b for b in pending.bidders if b != seat]
        amount = least
        if others and all(b in self.bid_limits for b in others):
            amount = max(least, min(limit, max(self.bid_limits[b] for b in others) + 1))
        command: Command = PassAuction(player=seat)
        if amount <= limit:
            command = PlaceBid(player=seat, amount=amount)
        outcome = room.submit(seat, command, room.version)
        if not outcome.ok and isinstance(command, PlaceBid):  # more than he has, say: he is out
            log.info("table %s: a bid by limit was refused: %s", self.plan.id, outcome.refusal)
            outcome = room.submit(seat, PassAuction(player=seat), room.version)
        return outcome


def unloaded_status(plan: Planned, kept_deadline: Any, kept_vote: Any) -> TableStatus | None:
    """Return how a turn-based room kept before a restart stands while it stays unloaded until its deadline
    (whose decision it waits on, of what kind, and when it is due), or None when it must be loaded: it
    waited on no person, has a vote under way, or is over."""
    deadline = Deadline.take_back(kept_deadline)
    if deadline is None or not plan.turn_based or plan.finished or plan.save_id is None:
        return None
    if kept_vote is not None:  # a vote under way: loaded, so that it ends on time
        return None
    decision = deadline.decision
    if not isinstance(decision, tuple) or len(decision) != 4 or not 0 <= deadline.seat < len(plan.seats):
        return None
    _seat, kind, turn, _number = decision
    if not isinstance(kind, str) or not isinstance(turn, int) or isinstance(turn, bool):
        return None
    name = plan.seats[deadline.seat].name or "?"
    return TableStatus(
        "playing",
        turn=turn + 1,
        waiting_on=name,
        seat=deadline.seat,
        asked=kind,
        due=deadline.due,
        seen=deadline.seen,
        about=deadline.about,
    )


def about_of(pending: Pending, room: Room) -> str:
    """Return what a decision is about, in words of the game: the deed auctioned, the sender of the offer
    it answers or the caller of the game's end; "" for the rest (a turn, a building's auction)."""
    names = room.names
    if isinstance(pending, Auction):
        return printed(room.board).name(pending.space) if pending.lot == "deed" else ""
    if pending.kind == "trade_answer":
        return names[pending.trade.proposer]
    if pending.kind == "deal_answer":
        return names[pending.deal.proposer]
    if pending.kind == "loan_answer":
        return names[pending.offer.proposer]
    if pending.kind == "call_answer":
        return names[pending.caller]
    return ""


BACK_HOW = {
    "lines": N_("Type away 0 when you are back."),
    "dialog": N_("Press I am back when you are back."),
    "lobby": N_("Press d, then I am back, when you are back."),
}
"""How a person away says he is back, by where he reads it: a command in lines, the days-away dialog's
button, or the full screen's lobby (its key, then the button)."""


def away_words(until: float, rooms: int = 0, where: str = "lines") -> str:
    """Say until when a person is away ("You are away until Tuesday, May 19, 2026 (UTC)"), and in how many
    rooms when `rooms` is given; else how to say he is back, in the words of `where` he reads it
    (`BACK_HOW`)."""
    when = long_day(dt.datetime.fromtimestamp(until, dt.UTC))
    if rooms:
        return ngettext(
            "You are away until {day} (UTC) in your turn-based room: your time for a move starts after it.",
            "You are away until {day} (UTC) in your {n} turn-based rooms: your time for a move starts "
            "after it.",
            rooms,
            day=when,
        )
    return _("You are away until {day} (UTC).", day=when) + " " + _(BACK_HOW.get(where, BACK_HOW["lines"]))


def _one_decision(view: GameView) -> Hashable:
    """Return what the stand-in decides for a person whose time ran out: the rest of his own turn (a move
    is a turn, as in correspondence play: his end of turn must not wait another day), all his bids in the
    auction under way, or the other decision under way."""
    pending = view.pending
    if pending is not None and pending.player == view.current and _refusal(pending) is None:
        return ("turn", view.current, view.turn)
    auction = _auction_of(view)
    if auction is not None:
        return ("auction", *auction)
    return pace_key(pending, view.turn) if pending is not None else None


def _still_held(decision: Hashable, view: GameView) -> bool:
    """Whether the stand-in still holds a seat it took for `decision` (`_one_decision`): to the end of the
    turn for the rest of a turn, to the end of the auction for its bids, else while that decision is under
    way."""
    if isinstance(decision, tuple) and decision[:1] == ("turn",):
        return len(decision) == 3 and view.turn == decision[2]
    auction = _auction_of(view)
    if auction is not None:
        return decision == ("auction", *auction)
    return view.pending is not None and decision == pace_key(view.pending, view.turn)


def _refusal(pending: Pending) -> Command | None:
    """Return the refusal of the offer a person was to answer, or None when the decision is not one."""
    if pending.kind == "trade_answer":
        return RejectTrade(player=pending.player, trade_id=pending.trade.id)
    if pending.kind == "deal_answer":
        return RejectDeal(player=pending.player, deal_id=pending.deal.id)
    if pending.kind == "loan_answer":
        return RejectLoan(player=pending.player, offer=pending.offer.id)
    return None
