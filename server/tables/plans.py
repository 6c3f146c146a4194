"""A table's plan: what is stored about it beside its save (its name, edition, rules, seats and who holds
them, its pace, turn timer and clock), read and written as JSON in the server's `rooms/` folder and sent
between its processes; and a new room as a person asks for it.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

from engine import EDITIONS, RuleOptions
from engine.core.text import TextError, check_title, clean_name, plain
from room import LEVELS
from room.pacing import DEFAULT_SPEED, SPEEDS
from server.people.places import SeatResult, results_of
from translation import N_, _

ROOM_NAME_MAX = 24
TURN_TIMERS = (30, 60, 120, 300)  # seconds, offered in the form
DEFAULT_TURN_TIMER = 60
BANK_SECONDS = (30, 3600)  # the least and the most a time bank may start with
ADDED_SECONDS = (0, 120)  # the least and the most added to it at each decision
DEFAULT_BANK = 180  # 3:00
DEFAULT_ADDED = 15
MOVE_HOURS = (12, 24, 72)  # a turn-based room's time per move, offered in the form
MOVE_HOURS_BOUNDS = (1, 336)  # the least and the most hours a move a room may have (two weeks)
WATCHERS_KEPT = 200  # the most recent who watched a table, for their past games


class TableError(Exception):
    """Raised when a table could not be created, joined or opened; the message is a sentence for the
    player."""


@dataclass(slots=True)
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
    front, which checks it against every room on the server (`making.make_plan`)."""

    creator: str  # the asker's key fingerprint: the room's first person's seat is theirs
    creator_name: str
    name: str
    edition: str
    rules: dict[str, object]
    seats: list[SeatPlan]  # kinds and bots' levels
    turn_timer: int
    pace: str
    advisor: bool = True  # whether the people at the table may ask what `expert` would do
    bank: int = 0  # the time bank each person starts with, in seconds (0: no clock)
    bank_added: int = 0  # seconds added to it at each of their decisions
    move_hours: int = 0  # a turn-based room's hours for each move (0: a live room)

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
            raw.get("advisor", True) is not False,
            _whole(raw.get("bank", 0)),
            _whole(raw.get("bank_added", 0)),
            _whole(raw.get("move_hours", 0)),
        )


@dataclass(slots=True)
class Plan:
    """What is stored about a table beside its save."""

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
    advisor: bool = True
    """Whether the people at the table may ask the advisor what `expert` would do in their seat."""
    result: list[SeatResult] | None = None
    """Every seat's place once the game is over (`server.people.places`), for the ratings."""
    bank: int = 0
    """The time bank each person starts with, in seconds; 0: no clock (only the turn timer for the away)."""
    bank_added: int = 0
    """Seconds added to a person's bank at each of his decisions."""
    watchers: list[str] = field(default_factory=list)
    """The key fingerprints of those who watched the game (its seats say who played): whose past games
    it is, to open again from the lobby."""
    move_hours: int = 0
    """A turn-based room's hours for each of a person's moves; 0: a live room (today's pace)."""
    away_until: dict[str, float] = field(default_factory=dict)
    """In a turn-based room, the people who declared days away: until when (seconds since the epoch)."""
    ended: float = 0.0
    """When the game ended (seconds since the epoch); 0: not over, or over before the time was kept."""

    @property
    def turn_based(self) -> bool:
        """Whether the room is turn-based: it goes on with nobody connected, a move a day or so."""
        return self.move_hours > 0

    def played_or_watched(self, fingerprint: str) -> bool:
        return fingerprint in self.watchers or any(s.owner == fingerprint for s in self.seats)

    def watched_by(self, fingerprint: str) -> None:
        """Record someone watching (the plan is written, and the other workers notified, as they arrive)."""
        if fingerprint and not self.played_or_watched(fingerprint):
            self.watchers = [*self.watchers, fingerprint][-WATCHERS_KEPT:]

    def to_json(self) -> dict[str, Any]:
        """Return the plan as written and sent: what `dataclasses.asdict` gives, made directly (a server
        with thousands of rooms writes and sends them often); the fields a room's summary has too are
        written by `room_json`."""
        shared = room_json(self)
        shared["rules"] = _copied(self.rules)
        shared["turn_timer"] = self.turn_timer
        shared["pace"] = self.pace
        return {name: shared[name] for name in _FIELDS}  # in the order of the fields, as `asdict` writes

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
        bank, added = bounded_clock(_whole(raw.get("bank", 0)), _whole(raw.get("bank_added", 0)))
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
            advisor=raw.get("advisor", True) is not False,
            result=results_of(raw.get("result")),
            bank=bank,
            bank_added=added,
            watchers=[w for w in raw.get("watchers") or [] if isinstance(w, str)][-WATCHERS_KEPT:],
            move_hours=bounded_hours(_whole(raw.get("move_hours", 0))),
            away_until=_away_of(raw.get("away_until")),
            ended=_when(raw.get("ended")),
        )


class Seat(Protocol):
    """A seat as a plan and a room's summary hold it (`room_json`)."""

    @property
    def kind(self) -> str: ...

    @property
    def level(self) -> str | None: ...

    @property
    def name(self) -> str | None: ...

    @property
    def owner(self) -> str | None: ...


class Room(Protocol):
    """A room as a plan and the lobby's summary of it (`server.tables.room_summary.RoomSummary`) hold it: what
    both write alike (`room_json`)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def edition(self) -> str: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def creator(self) -> str: ...

    @property
    def save_id(self) -> str | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def advisor(self) -> bool: ...

    @property
    def result(self) -> list[SeatResult] | None: ...

    @property
    def bank(self) -> int: ...

    @property
    def bank_added(self) -> int: ...

    @property
    def watchers(self) -> Sequence[str]: ...

    @property
    def move_hours(self) -> int: ...

    @property
    def away_until(self) -> Mapping[str, float]: ...

    @property
    def ended(self) -> float: ...


_FIELDS = tuple(f.name for f in fields(Plan))
"""A plan's fields in the order they are written."""


def room_json(room: Room) -> dict[str, Any]:
    """Return a room's fields in a plan's JSON form, all but its rules, pace and turn timer: the whole of
    a room's summary (a plan read from it has those three as their defaults), and a plan's with them."""
    return {
        "id": room.id,
        "name": room.name,
        "edition": room.edition,
        "seats": [{"kind": s.kind, "level": s.level, "name": s.name, "owner": s.owner} for s in room.seats],
        "creator": room.creator,
        "save_id": room.save_id,
        "finished": room.finished,
        "advisor": room.advisor,
        "result": [asdict(r) for r in room.result] if room.result is not None else None,
        "bank": room.bank,
        "bank_added": room.bank_added,
        "watchers": list(room.watchers),
        "move_hours": room.move_hours,
        "away_until": dict(room.away_until),
        "ended": room.ended,
    }


def _copied(value: Any) -> Any:
    """Copy a value read from JSON: its dicts and lists anew, the rest as it is."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


def _whole(value: object) -> int:
    """Parse a count of seconds as a file or another process gave it: anything else is 0."""
    return value if type(value) is int else 0


def _when(value: object) -> float:
    """Parse a time in seconds since the epoch as a file gave it: anything else (or a negative) is 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return 0.0
    return max(0.0, float(value))


def bounded_hours(hours: int) -> int:
    """Clamp a room's hours a move to the bounds: 0 (a live room) stays 0."""
    if hours <= 0:
        return 0
    low, high = MOVE_HOURS_BOUNDS
    return max(low, min(hours, high))


def _away_of(raw: object) -> dict[str, float]:
    """Read back who declared days away and until when, dropping what is not a key and a finite time."""
    if not isinstance(raw, dict):
        return {}
    return {
        str(key)[:128]: float(until)
        for key, until in list(raw.items())[:WATCHERS_KEPT]
        if isinstance(key, str)
        and isinstance(until, (int, float))
        and not isinstance(until, bool)
        and math.isfinite(until)
    }


def pace_words(hours: int) -> str:
    """Format a room's pace as the lobby shows it: "turn-based, 24 h a move", or "" for a live room."""
    return _("turn-based, {hours} h a move", hours=hours) if hours > 0 else ""


def pace_short(hours: int) -> str:
    """Format a room's pace for the full-screen lobby's narrow Edition column: "24 h/move", its spaces
    unbreakable so that the column wraps around it and never inside it; "" for a live room. Only a
    turn-based room has hours, so the hours alone say that it is one."""
    return _("{hours} h/move", hours=hours).replace(" ", NO_BREAK) if hours > 0 else ""


NO_BREAK = "\u00a0"
"""A space a line is never broken at (`server.screens.lobby.wrap` breaks at plain spaces only)."""


PACE_RULES = (
    N_(
        "A turn-based room: each decision may take {hours} hours, whether you are connected or not; when "
        "they run out a bot plays the rest of that turn for you (in an auction, your bids in it). Bots "
        "move at once."
    ),
    N_(
        "An auction asks you once: the bid you make is the most you would bid, and the table bids for you "
        "as little as wins, each time the bidding comes round, so that it is settled between the limits "
        "given, as the open auction would be."
    ),
    N_("An offer made to you (a trade, a deal, a loan) waits for your answer within your time, then lapses."),
)


def pace_rules(hours: int) -> list[str]:
    """Return how a room's pace changes the game, for the rules help: nothing for a live room."""
    return [_(rule, hours=hours) for rule in PACE_RULES] if hours > 0 else []


def bounded_clock(bank: int, added: int) -> tuple[int, int]:
    """Clamp a room's clock to the bounds: no clock at all (0, 0), or a bank and the seconds added."""
    if bank <= 0:
        return 0, 0
    (low, high), (least, most) = BANK_SECONDS, ADDED_SECONDS
    return max(low, min(bank, high)), max(least, min(added, most))


def clock_words(bank: int, added: int) -> str:
    """Format a room's clock as the lobby shows it: "bank 3:00 +15s", or "" for none."""
    return _("bank {bank} +{added}s", bank=minutes(bank), added=added) if bank > 0 else ""


def minutes(seconds: float) -> str:
    """Format seconds as m:ss (rounded up: a clock that shows 0:00 has run out)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def read_clock(kind: str, bank_text: str, added_text: str) -> tuple[int, int]:
    """Parse the clock a person asked for in the new-room form ("none" or "bank"; the bank as m:ss or minutes,
    the seconds added as a whole number), or `TableError` with the reason."""
    if kind != "bank":
        return 0, 0
    low, high = BANK_SECONDS
    bank = _read_minutes(bank_text.strip())
    if bank is None or not low <= bank <= high:
        raise TableError(
            _(
                "The time bank is minutes and seconds ({example}, say), from {low} to {high}.",
                example=minutes(DEFAULT_BANK),
                low=minutes(low),
                high=minutes(high),
            )
        )
    text = added_text.strip().removeprefix("+").removesuffix("s").strip()
    low, high = ADDED_SECONDS
    if not text.isdigit() or not low <= int(text) <= high:
        raise TableError(
            _(
                "The seconds added at each decision are a whole number from {low} to {high}.",
                low=low,
                high=high,
            )
        )

    return bank, int(text)


def _read_minutes(text: str) -> int | None:
    """Parse "3:00" or "3" (minutes) as seconds; None when it is neither."""
    if ":" in text:
        mins, _, secs = text.partition(":")
        if mins.isdigit() and secs.isdigit() and len(secs) == 2 and int(secs) < 60:
            return int(mins) * 60 + int(secs)
        return None
    return int(text) * 60 if text.isdigit() and len(text) <= 3 else None


def check_room_name(text: str) -> str:
    """Return a room's name as stored, or raise `TextError` with the reason."""
    name = check_title(text)
    if len(name) > ROOM_NAME_MAX:
        raise TextError(
            _("A room's name has at most {most} characters, not {n}.", most=ROOM_NAME_MAX, n=len(name))
        )

    return name


def new_table_id() -> str:
    return secrets.token_hex(4)


def rules_from(variant: str, rounds: int | None = None) -> RuleOptions:
    return RuleOptions(short_game=variant == "short", time_limit_rounds=rounds if variant == "time" else None)
