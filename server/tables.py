"""A table on the server: a room that several people share, each from their own session.

A table is made in the lobby with its seats (open for people, or a bot at a level). It gathers until
every open seat is taken, then its game starts; the seat a person took stays bound to their key. While it
plays, its bots move at the table's pace (one `room.BotDriver` for everyone), it is saved shortly after
every move, and a person who is away keeps their seat: once the turn timer runs out on a decision of
theirs, a stand-in bot plays for them until they come back. When none of its people is connected, the
table rests (no bot moves) until one returns. What is not in the save (the table's name, who holds
which seat, the timer) is kept beside it in the server's folder, so that a restart finds every table.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from engine import EDITIONS, RuleOptions, SetupError, load_edition
from engine.text import TextError, check_title, clean_name, plain
from room import DEFAULT_LEVEL, LEVELS, BotDriver, Persistence, PersistenceError, Room, Seat, Update
from room.pacing import DEFAULT_SPEED, SPEEDS
from room.seats import bot_names
from room.setup import TableSetup, open_room, resume_room

log = logging.getLogger(__name__)

ROOM_NAME_MAX = 24
TURN_TIMERS = (30, 60, 120, 300)  # seconds, offered in the form
DEFAULT_TURN_TIMER = 60


class TableError(Exception):
    """A table could not be made, joined or opened; the message is a sentence for the player."""


@dataclass
class SeatPlan:
    """One seat of a table: a person's (open until someone takes it) or a bot's."""

    kind: str  # "person" or "bot"
    level: str | None = None
    name: str | None = None  # the person who took it, or the bot's name once the game starts
    owner: str | None = None  # the key fingerprint holding a person's seat

    @property
    def free(self) -> bool:
        return self.kind == "person" and self.owner is None


@dataclass(frozen=True)
class RoomRequest:
    """A new room as a person asks for it in the new-room form: what travels from their worker to the
    front, which checks it against every room on the server (`hall.make_plan`)."""

    creator: str  # the asker's key fingerprint: the room's first person's seat is theirs
    creator_name: str
    name: str
    edition: str
    rules: dict[str, object]
    seats: list[SeatPlan]  # kinds and bots' levels
    turn_timer: int
    pace: str

    def to_json(self) -> dict[str, Any]:
        raw = asdict(self)
        raw["seats"] = [{"kind": s.kind, "level": s.level} for s in self.seats]
        return raw

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> RoomRequest:
        return cls(
            str(raw.get("creator")),
            str(raw.get("creator_name")),
            str(raw.get("name", "")),
            str(raw.get("edition", "")),
            dict(raw.get("rules") or {}),
            [SeatPlan(str(s.get("kind")), s.get("level")) for s in raw.get("seats", [])],
            int(raw.get("turn_timer", 60)),
            str(raw.get("pace", "")),
        )


@dataclass
class Plan:
    """What is kept of a table beside its save."""

    id: str
    name: str
    edition: str
    rules: dict[str, Any]
    seats: list[SeatPlan]
    turn_timer: int = DEFAULT_TURN_TIMER
    pace: str = DEFAULT_SPEED
    creator: str = ""
    save_id: str | None = None
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: Any) -> Plan:
        """Read back, checking every field (the file may have been edited by hand)."""
        if not isinstance(raw, dict):
            raise ValueError("not a table")
        seats = []
        for s in raw.get("seats", []):
            kind = s.get("kind")
            if kind not in ("person", "bot"):
                raise ValueError(f"bad seat kind {kind!r}")
            level = s.get("level")
            if level is not None and level not in LEVELS:
                raise ValueError(f"bad level {level!r}")
            name = s.get("name")
            owner = s.get("owner")
            seats.append(
                SeatPlan(
                    kind,
                    level,
                    clean_name(name) or None if isinstance(name, str) else None,
                    owner if isinstance(owner, str) else None,
                )
            )
        edition = raw.get("edition")
        if edition not in EDITIONS and not isinstance(edition, str):
            raise ValueError("bad edition")
        save_id = raw.get("save_id")
        return cls(
            id=str(raw["id"])[:16],
            name=plain(str(raw["name"]))[:ROOM_NAME_MAX],
            edition=str(edition),
            rules=dict(raw.get("rules") or {}),
            seats=seats,
            turn_timer=max(5, min(int(raw.get("turn_timer", DEFAULT_TURN_TIMER)), 3600)),
            pace=str(raw["pace"]) if raw.get("pace") in SPEEDS else DEFAULT_SPEED,
            creator=str(raw.get("creator", "")),
            save_id=save_id if isinstance(save_id, str) else None,
            finished=bool(raw.get("finished", False)),
        )


def check_room_name(text: str) -> str:
    """A room's name as kept, or `TextError` with the reason."""
    name = check_title(text)
    if len(name) > ROOM_NAME_MAX:
        raise TextError(f"A room's name has at most {ROOM_NAME_MAX} characters, not {len(name)}.")
    return name


def new_table_id() -> str:
    return secrets.token_hex(4)


@dataclass(frozen=True)
class TableLine:
    """One line of the lobby's list."""

    id: str
    name: str
    edition: str
    taken: int
    free: int
    people: str
    status: str
    mine: bool
    started: bool


def line_of(plan: Plan, status: str, fingerprint: str) -> TableLine:
    """The lobby's line for a table, from its plan and how it stands."""
    seats = plan.seats
    people = [s.name or "" for s in seats if s.kind == "person" and s.owner]
    bots = sum(1 for s in seats if s.kind == "bot")
    who = ", ".join(people) + (f" + {bots} bot{'s' if bots != 1 else ''}" if bots else "")
    free = sum(1 for s in seats if s.free)
    return TableLine(
        id=plan.id,
        name=plan.name,
        edition=load_edition(plan.edition).name,
        taken=len(seats) - free,
        free=free,
        people=plain(who),
        status=status,
        mine=any(s.owner == fingerprint for s in seats),
        started=plan.save_id is not None,
    )


class PlanFacts:
    """What the lobby reads of a table from its plan alone, whether this worker holds it or another."""

    plan: Plan

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
        return next((i for i, s in enumerate(self.plan.seats) if s.owner == fingerprint), None)

    def status(self) -> str:
        raise NotImplementedError

    def line(self, fingerprint: str) -> TableLine:
        return line_of(self.plan, self.status(), fingerprint)


class Handle:
    """A timer on the event loop, as `room.BotDriver` wants one."""

    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self._handle = handle

    def stop(self) -> None:
        self._handle.cancel()


class LoopClock:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        return Handle(self.loop.call_later(delay, _guarded(callback)))


def _guarded(callback: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        try:
            callback()
        except Exception:
            log.exception("a table's timer failed")

    return run


ChatListener = Callable[[str], None]


@dataclass
class Presence:
    """Who is at a table now: sessions per seat, and how many watch."""

    seated: dict[int, int] = field(default_factory=dict)
    watching: int = 0


class Table(PlanFacts):
    """One table of the server. All of it runs on the server's event loop."""

    def __init__(self, plan: Plan, persistence: Persistence, clock: LoopClock, changed: Callable[[], None]):
        self.plan = plan
        self._persistence = persistence
        self._clock = clock
        self._changed = changed
        self.room: Room | None = None
        self.driver: BotDriver | None = None
        self.presence = Presence()
        self.chat_lines: list[str] = []
        self._chat_listeners: list[ChatListener] = []
        self._timer: Handle | None = None
        self._timed_seat: int | None = None
        self._save_due: Handle | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self.chat_kept = 100

    # --- what the lobby shows -----------------------------------------------------------------

    def status(self) -> str:
        if not self.started:
            free = sum(1 for s in self.plan.seats if s.free)
            return f"waiting for {free} more"
        room = self.room
        if room is None:
            return "over" if self.finished else "resting"
        view = room.view(None)
        if view.winner is not None:
            return f"over: {room.names[view.winner]} won"
        pending = view.pending
        who = room.names[pending.player] if pending is not None else "?"
        rest = "" if self.presence.seated else ", resting"
        return f"turn {view.turn + 1}: {who}{rest}"  # counted as the table's own status line counts

    # --- seats --------------------------------------------------------------------------------

    def take_seat(self, fingerprint: str, name: str) -> int:
        """Give the player a seat (theirs if they have one, else the first free one)."""
        mine = self.seat_of(fingerprint)
        if mine is not None:
            return mine
        if self.started:
            raise TableError("This game has started; you can watch it.")
        seat = next((i for i, s in enumerate(self.plan.seats) if s.free), None)
        if seat is None:
            raise TableError("Every seat at this table is taken; you can watch it.")
        self.plan.seats[seat].owner = fingerprint
        self.plan.seats[seat].name = name
        self._changed()
        return seat

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
        """Every seat is taken: the game begins (and is saved from its first move)."""
        if self.started or not self.full:
            return
        try:
            room = open_room(self.setup(), self._persistence)
        except (SetupError, PersistenceError) as exc:
            raise TableError(str(exc)) from exc
        self.plan.save_id = room.save_id or ""
        room.save_now()
        self._adopt(room)
        self._changed()

    def open(self) -> Room:
        """The table's room, loaded from its save the first time it is needed after a start."""
        if self.room is not None:
            return self.room
        if not self.started:
            raise TableError("This table is still waiting for players.")
        try:
            room = resume_room(self._persistence, self.plan.save_id)
        except PersistenceError as exc:
            raise TableError(f"This table cannot be opened: {exc}") from exc
        self._adopt(room)
        return room

    def _adopt(self, room: Room) -> None:
        self.room = room
        self.driver = BotDriver(
            room, self._clock, self.plan.pace, self._bots_may_move, self._needs_a_person, self._bot_failed
        )
        self._unsubscribe = room.subscribe(self._moved)
        self.review()

    # --- who is here --------------------------------------------------------------------------

    def arrive(self, seat: int | None) -> None:
        if seat is None:
            self.presence.watching += 1
        else:
            self.presence.seated[seat] = self.presence.seated.get(seat, 0) + 1
            if self.room is not None:
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

    # --- a person away: the turn timer and the stand-in ---------------------------------------

    def review(self) -> None:
        """After every move and every arrival or departure: hand seats back to people who returned, and
        time the decision of a person who is away."""
        room = self.room
        if room is None:
            return
        for seat in room.stand_ins:
            if self.here(seat) or not self.presence.seated:
                room.hand_back(seat)
        pending = room.view(None).pending
        away = None
        if pending is not None and self.presence.seated and not room.finished:
            seat = pending.player
            if not room.seats[seat].is_bot and not self.here(seat) and seat not in room.stand_ins:
                away = seat
        if away != self._timed_seat:
            self._stop_timer()
            if away is not None:
                self._timed_seat = away
                self._timer = self._clock.call_later(self.plan.turn_timer, self._time_up)
        if self.driver is not None:
            self.driver.poke()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        self._timed_seat = None

    def _time_up(self) -> None:
        seat = self._timed_seat
        self._timer = None
        self._timed_seat = None
        room = self.room
        if room is None or seat is None or self.here(seat) or not self.presence.seated:
            return
        log.info("table %s: a bot stands in for seat %d", self.id, seat)
        room.stand_in(seat)
        self.review()

    # --- moves --------------------------------------------------------------------------------

    def _bots_may_move(self) -> bool:
        return bool(self.presence.seated)

    def _needs_a_person(self, update: Update) -> bool:
        room = self.room
        return room is not None and any(e.kind == "card_drawn" and self.here(e.player) for e in update.events)

    def _bot_failed(self, exc: Exception) -> None:
        log.error("table %s: a bot failed: %s", self.id, exc)

    def _moved(self, update: Update) -> None:
        room = self.room
        if room is not None and room.finished and not self.plan.finished:
            self.plan.finished = True
        if self._save_due is None:
            self._save_due = self._clock.call_later(self._save_delay, self._save)
        self.review()
        self._changed()

    _save_delay = 0.2

    def _save(self) -> None:
        self._save_due = None
        if self.room is not None:
            problem = self.room.save_now()
            if problem:
                log.error("table %s: %s", self.id, problem)

    # --- chat ---------------------------------------------------------------------------------

    def listen(self, listener: ChatListener) -> Callable[[], None]:
        self._chat_listeners.append(listener)

        def stop() -> None:
            if listener in self._chat_listeners:
                self._chat_listeners.remove(listener)

        return stop

    def say(self, who: str, text: str, limit: int) -> str | None:
        """A chat line from `who`, as everyone at the table will read it (None when empty)."""
        words = " ".join(plain(text).split())[:limit]
        if not words:
            return None
        line = f"{plain(who)}: {words}"
        self.chat_lines = [*self.chat_lines[-(self.chat_kept - 1) :], line]
        for listener in list(self._chat_listeners):
            try:
                listener(line)
            except Exception:
                log.exception("a chat listener failed")
        return line

    # --- the end ------------------------------------------------------------------------------

    def close(self) -> None:
        """Save and release the table's game (the server is stopping)."""
        self._stop_timer()
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


def rules_from(variant: str, rounds: int | None = None) -> RuleOptions:
    return RuleOptions(short_game=variant == "short", time_limit_rounds=rounds if variant == "time" else None)
