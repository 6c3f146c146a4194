"""A table on the server: a room that several people share, each from their own session.

A table is made in the lobby with its seats (open for people, or a bot at a level). It gathers until
every open seat is taken, then its game starts; the seat a person took stays bound to their key. While it
plays, its bots move at the table's pace (one `room.BotDriver` for everyone), it is saved shortly after
every move, and a person who is away keeps their seat: once the turn timer runs out on a decision of
theirs, a stand-in bot plays for them until they come back (the clocks, the banks and the vote are
`server.tables.table_clocks`). When none of its people is connected, the table pauses (no bot moves) until one
returns. What is not in the save (the table's name, who holds
which seat, the timer) is kept beside it in the server's folder, so that a restart finds every table; and so
are its banks, its chat and its vote under way, as they change (`server.tables.keeping`), so that a restart,
even a SIGKILL, finds them as they were.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine import RuleOptions, SetupError
from engine.core.phrases import Phrase, Plural
from engine.core.text import plain
from room import DEFAULT_LEVEL, BotDriver, Persistence, PersistenceError, Room, Seat, Update
from room.chances import PLAYOUTS, ChancesPool, TableChances
from room.foresight import Thinking
from room.review import ReviewJob
from room.seats import bot_names
from room.setup import TableSetup, open_room, resume_room
from server.base.clock import Handle, LoopClock
from server.people.chat import Said, words_of
from server.people.places import counting, game_result
from server.tables.keeping import Keeper, Kept
from server.tables.lobby_line import PlanFacts, TableStatus
from server.tables.plans import Plan, TableError
from server.tables.presence import Presence
from server.tables.restart_words import Lost, lost_line
from server.tables.table_clocks import TableClocks
from server.tables.table_study import TableStudy
from server.tables.turn_pace import TurnPace, about_of
from server.tables.turn_vote import TurnVote
from translation import N_, _
from translation.listeners import held

if TYPE_CHECKING:
    from concurrent.futures import Future

    from engine.bots.advice import Advice

log = logging.getLogger(__name__)

DAMAGED_SAVE = N_("The last save of this room could not be read: the game goes on from the save before it.")
DAMAGED_STATE = N_(
    "This room's clocks, chat and vote could not be read back after the server restarted: the banks start "
    "full again, and the chat afresh."
)
MISSING_STATE = N_(
    "This room's clocks, chat and vote were not found after the server restarted: the banks start full "
    "again, and the chat afresh."
)


ChatListener = Callable[[Said], None]


@dataclass(frozen=True)
class Entry:
    """How a person joined a table: at their seat, or watching (`seat` None); `watching` explains why they
    watch when they asked for a seat."""

    seat: int | None
    watching: str | None = None


class Table(PlanFacts, TurnVote, TurnPace, TableClocks, TableStudy):
    """A shared table on the server. All of it runs on the server's event loop."""

    def __init__(
        self,
        plan: Plan,
        persistence: Persistence,
        clock: LoopClock,
        changed: Callable[[], None],
        chances_pool: ChancesPool | None = None,
        keeper: Keeper | None = None,
    ):
        self.plan: Plan = plan
        self._keeper = keeper
        self._restart_notice: str | None = None
        self._persistence = persistence
        self._clock = clock
        self._changed = changed
        self.room: Room | None = None
        self.driver: BotDriver | None = None
        self.presence = Presence()
        self.chat_lines: list[Said] = []
        self._chat_listeners: list[ChatListener] = []
        self._save_due: Handle | None = None
        self._start_clocks()
        self._start_pace()
        self._start_turn_votes()
        self._unsubscribe: Callable[[], None] | None = None
        self.chat_kept = 100
        self._chances_pool = chances_pool
        self._chances: TableChances | None = None
        self._review: ReviewJob | None = None
        self._advice: tuple[tuple[int, int], Future[Advice]] | None = None  # (seat, version), its advice
        self.chances_playouts = PLAYOUTS
        self.chances_rest = 0.0
        self.rated: Callable[[], bool] = lambda: False
        """Whether the server keeps ratings (its worker says, as the front last told it)."""

    # --- what the lobby shows -----------------------------------------------------------------

    def status(self) -> TableStatus:
        room = self.room
        if room is None:
            return self._unloaded_status or TableStatus.of_plan(self.plan)
        view = room.view(None)
        if view.winner is not None:
            return TableStatus("over", winner=room.names[view.winner])
        pending = view.pending
        deadline = self.deadline
        return TableStatus(
            "playing",
            turn=view.turn + 1,  # counted as the table's own status line counts
            waiting_on=room.names[pending.player] if pending is not None else "?",
            present=bool(self.presence.seated) or self.plan.turn_based,
            seat=pending.player if pending is not None else -1,
            asked=pending.kind if pending is not None else "",
            due=deadline.due if deadline is not None else 0.0,
            seen=pending is not None
            and (
                self.presence.seated.get(pending.player, 0) > 0
                or (deadline is not None and deadline.seat == pending.player and deadline.seen)
            ),
            about=about_of(pending, room) if pending is not None and self.plan.turn_based else "",
        )

    # --- seats --------------------------------------------------------------------------------

    def take_seat(self, fingerprint: str, name: str) -> int:
        """Give the player a seat (theirs if they have one, else the first free one)."""
        mine = self.seat_of(fingerprint)
        if mine is not None:
            return mine
        if self.started:
            raise TableError(_("This game has started; you can watch it."))
        seat = next((i for i, s in enumerate(self.plan.seats) if s.free), None)
        if seat is None:
            raise TableError(_("Every seat at this table is taken; you can watch it."))
        self.plan.seats[seat].owner = fingerprint
        self.plan.seats[seat].name = name
        self._changed()
        return seat

    def admit(self, fingerprint: str, name: str, watch: bool) -> Entry:
        """Bring a person to this table: to their own seat, to a free one, or (`watch`, or no seat left
        once the game is on) to watch; the last seat taken starts the game. Raises `TableError` when they
        cannot come: no seat at a table still gathering, or a game that cannot start."""
        seat = None if watch else self.seat_of(fingerprint)
        watching = None
        if not watch and seat is None:
            try:
                seat = self.take_seat(fingerprint, name)
            except TableError as exc:
                if not self.started:
                    raise
                watching = _("{reason} Watching.", reason=exc)

        if (
            seat is not None and self.full and not self.started
        ):  # the last seat taken (or kept over a restart)
            self.start()
        if seat is None and self.started:
            self.plan.watched_by(fingerprint)  # their past game too
        return Entry(seat, watching)

    def leave_seat(self, fingerprint: str) -> None:
        """Give up a seat at a table that has not started."""
        seat = self.seat_of(fingerprint)
        if seat is not None and not self.started:
            self.plan.seats[seat].owner = None
            self.plan.seats[seat].name = None
            self._changed()

    @property
    def full(self) -> bool:
        return not any(s.free for s in self.plan.seats)

    def setup(self) -> TableSetup:
        people = {s.name or "" for s in self.plan.seats if s.kind == "person"}
        names = iter(bot_names(sum(1 for s in self.plan.seats if s.kind == "bot"), people))
        seats = []
        for plan in self.plan.seats:
            if plan.kind == "bot":
                plan.name = next(names)
                seats.append(Seat(name=plan.name, kind="bot", level=plan.level or DEFAULT_LEVEL))
            else:
                seats.append(Seat(name=plan.name or "?", kind="human"))
        return TableSetup(self.plan.edition, tuple(seats), RuleOptions(**self.plan.rules))

    def start(self) -> None:
        """Start the game once every seat is taken (and is saved from its first move)."""
        if self.started or not self.full:
            return
        try:
            room = open_room(self.setup(), self._persistence)
        except SetupError as exc:
            raise TableError(str(exc)) from exc
        except PersistenceError as exc:  # its sentence names a file of the server's: for the log only
            log.error("table %s cannot be saved: %s", self.id, exc)
            raise TableError(_("This room's game cannot be saved on the server; try again later.")) from exc
        self.plan.save_id = room.save_id or ""
        room.save_now()
        self._adopt(room)
        self._keep()
        self._changed()

    def open(self) -> Room:
        """Return the table's room, loaded from its save the first time it is needed after a start."""
        if self.room is not None:
            return self.room
        if not self.started:
            raise TableError(_("This table is still waiting for players."))
        try:
            room = resume_room(self._persistence, self.plan.save_id)
        except PersistenceError as exc:  # damaged, say: go on from the save before it, kept beside it
            log.warning("table %s: its save cannot be opened (%s); trying the one before it", self.id, exc)
            try:
                room = resume_room(self._persistence, self.plan.save_id, backup=True)
            except PersistenceError as again:  # its sentence names a file of the server's: for the log only
                log.error("table %s cannot be opened: %s", self.id, again)
                raise TableError(_("This room's game cannot be opened: its save is damaged.")) from again
            log.warning("table %s goes on from the save before its last", self.id)
            self.chat_lines.append(
                Said("", f"* {DAMAGED_SAVE}", time.time(), len(room.history()), DAMAGED_SAVE)
            )

            room.save_now()
        self._adopt(room)
        return room

    def _adopt(self, room: Room) -> None:
        self._stop_wake()
        self._unloaded_status = None
        self.room = room
        thinking = Thinking(room, self._pool, self._clock.loop.call_soon_threadsafe)
        self.driver = BotDriver(
            room,
            self._clock,
            self.plan.pace,
            self._bots_may_move,
            self._needs_a_person,
            self._bot_failed,
            thinking,
        )
        self._unsubscribe = room.subscribe(self._moved)
        self._note_the_end()  # a game that ended just before a crash, its plan not yet kept
        self._take_back_vote(room)
        self._take_back_turn_votes(room)
        self.review()  # the banks kept are taken back as its clocks are made
        self._tell_lost()

    # --- who is here --------------------------------------------------------------------------

    def arrive(self, seat: int | None) -> None:
        if seat is None:
            self.presence.watching += 1
        else:
            self.presence.seated[seat] = self.presence.seated.get(seat, 0) + 1
            if self.room is not None and seat not in self._held:
                self.room.hand_back(seat)
        self.review()
        self._changed()

    def depart(self, seat: int | None) -> None:
        if seat is None:
            self.presence.watching = max(0, self.presence.watching - 1)
        else:
            left = self.presence.seated.get(seat, 0) - 1
            if left > 0:
                self.presence.seated[seat] = left
            else:
                self.presence.seated.pop(seat, None)
        self.review()
        self._changed()

    def here(self, seat: int) -> bool:
        return self.presence.seated.get(seat, 0) > 0

    # --- moves --------------------------------------------------------------------------------

    def _plan_changed(self) -> None:
        self._changed()

    def _bots_may_move(self) -> bool:
        return self.plan.turn_based or bool(self.presence.seated)

    def _needs_a_person(self, update: Update) -> bool:
        room = self.room
        return room is not None and any(e.kind == "card_drawn" and self.here(e.player) for e in update.events)

    def _bot_failed(self, exc: Exception) -> None:
        log.error("table %s: a bot failed: %s", self.id, exc)

    def _moved(self, update: Update) -> None:
        self._note_the_end()
        if self._save_due is None:
            self._save_due = self._clock.call_later(self._save_delay, self._save)
        self.review()
        self._changed()

    def _note_the_end(self) -> None:
        """Record the end of the game: the table is finished, and every seat's place is stored for the ratings
        (a person whose seat a stand-in bot held at the end, and who was not at the table, had left it; one
        still there whose time ran out had not)."""
        room = self.room
        if room is None or not room.finished or self.plan.finished:
            return
        self.plan.finished = True
        self.plan.ended = self._clock.wall()
        owners = [(s.owner if s.kind == "person" else None, s.level) for s in self.plan.seats]
        gone = [seat for seat in room.stand_ins if not self.here(seat)]
        self.plan.result = game_result(owners, room.history(), gone)
        self._changed()

    def result_note(self) -> str | None:
        """Return whether the finished game counts for the ratings, and why not, where the server has
        ratings."""
        result = self.plan.result
        if result is None or not self.rated():
            return None
        return counting(result, [s.name for s in self.plan.seats])

    _save_delay = 0.2

    def _save(self) -> None:
        self._save_due = None
        if self.room is not None:
            problem = self.room.save_now()
            if problem:
                log.error("table %s: %s", self.id, problem)

    # --- chat ---------------------------------------------------------------------------------

    def listen(self, listener: ChatListener) -> Callable[[], None]:
        """Subscribe to the table's chat, rendered in the current language (whoever sends it)."""
        listener = held(listener)
        self._chat_listeners.append(listener)

        def stop() -> None:
            if listener in self._chat_listeners:
                self._chat_listeners.remove(listener)

        return stop

    def say(self, who: str, text: str, limit: int) -> str | None:
        """Post a chat line from `who`; return it as everyone at the table will read it (None when empty). It
        is stored with its place in the game's log, for those who come later (the last `chat_kept`)."""
        words = words_of(text, limit)
        if not words:
            return None
        after = len(self.room.history()) if self.room is not None else 0
        said = Said(plain(who), words, time.time(), after)
        self._post(said)
        return said.line()

    def tell(self, message: str, **values: object) -> None:
        """Post a line from the table itself (a clock run out, a vote), shown in the log like the chat: stored
        as its message id, which each person reads in their own language."""
        self.tell_phrase(Phrase(message, **values))

    def tell_phrase(self, phrase: Phrase) -> None:
        """Post a line from the table as a phrase: its message, its values and, for a count, its plural
        form."""
        after = len(self.room.history()) if self.room is not None else 0
        values = {**phrase.values, "n": phrase.n} if isinstance(phrase, Plural) else dict(phrase.values)
        kept = tuple((key, str(value)) for key, value in values.items())
        plural = phrase.plural if isinstance(phrase, Plural) else ""
        self._post(Said("", f"* {phrase}", time.time(), after, phrase.text, kept, plural))

    def _post(self, said: Said) -> None:
        """Store a line of the room's chat (the last `chat_kept`) and send it to every subscriber."""
        self.chat_lines = [*self.chat_lines[-(self.chat_kept - 1) :], said]
        self._keep()
        for listener in list(self._chat_listeners):
            try:
                listener(said)
            except Exception:
                log.exception("a chat listener failed")

    # --- kept across a restart -------------------------------------------------------------------

    def kept_state(self) -> dict[str, Any]:
        """Return the runtime state written beside the table's save: its chat, its banks and its vote as they
        stand."""
        return {
            "chat": [said.to_json() for said in self.chat_lines],
            **self._clocks_kept(),
            **self._pace_kept(),
            **self._turn_votes_kept(),
        }

    def _keep(self) -> None:
        if self._keeper is not None:
            self._keeper.keep(self.id, self.kept_state)

    def restore(self, kept: Kept) -> None:
        """Restore the table's runtime state saved before a restart: its chat at once; its banks and its vote
        once its room is loaded. What could not be read is reported in one line at the table."""
        self.chat_lines = kept.chat[-self.chat_kept :]
        self._votes = kept.votes
        self._kept_clocks, self._kept_vote = kept.clocks, kept.vote
        self._restore_pace(kept.deadline, kept.limits, kept.holds)
        self._restore_turn_votes(kept.absent)
        self._lost_on_restart = replace(kept.lost)
        if kept.found == "damaged":
            self._restart_notice = DAMAGED_STATE
        elif kept.found == "missing" and self.started and not self.finished:
            self._restart_notice = MISSING_STATE
        if not self.started:
            self._tell_lost()

    def _tell_lost(self) -> None:
        notice, self._restart_notice = self._restart_notice, None
        lost, self._lost_on_restart = self._lost_on_restart, Lost()
        if notice is None and lost:
            log.warning("table %s: its %s could not be read back", self.id, ", ".join(lost.words))
            self.tell_phrase(lost_line(lost))
        elif notice is not None:
            log.warning("table %s: %s", self.id, notice)
            self.tell(notice)

    # --- the end ------------------------------------------------------------------------------

    def close(self, keep: bool = True) -> None:
        """Save and release the table's game (the server is stopping; not `keep`: another host holds the
        table now, and this one's keeper goes on for its other tables)."""
        if keep and self._keeper is not None:
            self._keeper.keep_now(self.id, self.kept_state())
        self._stop_wake()
        self._release()

    def _release(self) -> None:
        """Stop the table's clocks and bots, save its game and let it go (the room object and its history)."""
        self._stop_clocks()
        self._stop_pace()
        if self._chances is not None:
            self._chances.close()
            self._chances = None
        self._review = None
        if self._save_due is not None:
            self._save_due.stop()
            self._save_due = None
        if self.driver is not None:
            self.driver.stop()
            self.driver = None
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.room is not None:
            for seat in self.room.stand_ins:
                self.room.hand_back(seat)
            self.room.save_now()
            self.room.close()
            self.room = None
