"""What a turn-based room asks of the person it waits on, and by when, in words: the one sentence the e-mail,
`ssh host mine`, the lobby's "Your move:" line, the table's status line and `status` in lines all say.

The move is named as a correspondence player needs it: the auction of which deed, an offer from whom, whose
turn; and its deadline as a day and a time in the reader's time zone where it is known (the `TZ` his client
sends, `ssh -o SetEnv=TZ=Europe/Madrid`), else in UTC, the zone always named.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from translation import _, speaking

AUCTION = "auction"
ANSWERS = frozenset({"trade_answer", "deal_answer", "loan_answer"})
"""Decisions that answer another's offer (its sender is what the move is about)."""
CALL = "call_answer"

ZONE_MOST = 64  # characters of a time zone's name (America/Argentina/ComodRivadavia is 32)
_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*")


def zone_named(text: str) -> str:
    """Return the time zone a client names (`TZ`: "Europe/Madrid"), or "" for UTC when it names none the
    machine knows (a POSIX rule such as "CET-1CEST", a path, or nothing)."""
    name = text.strip().removeprefix(":")
    if not name or len(name) > ZONE_MOST or not _ZONE_NAME.fullmatch(name):
        return ""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return ""
    return "" if name in ("UTC", "Etc/UTC", "Zulu", "Etc/Zulu") else name


def when_words(due: float, zone: str = "") -> str:
    """Return a deadline as a day and a time in the zone named ("" for UTC), with the zone's abbreviation:
    "Fri, May 22, 4:05 PM CEST", "vie, 22 may, 16:05 CEST"."""
    from babel.dates import format_skeleton, format_time

    when = dt.datetime.fromtimestamp(due, dt.UTC)
    tz: dt.tzinfo = dt.UTC
    try:
        if zone:
            tz = ZoneInfo(zone)
            when = when.astimezone(tz)
    except (ZoneInfoNotFoundError, ValueError, OSError, OverflowError):  # a zone gone since: UTC
        tz, when = dt.UTC, when.astimezone(dt.UTC)
    locale = speaking().locale
    day = str(format_skeleton("MMMEd", when, locale=locale))
    time = str(format_time(when, format="short", locale=locale)).replace("\u202f", " ")
    abbreviation = when.strftime("%Z") if tz is not dt.UTC else "UTC"
    if not abbreviation or abbreviation[0] in "+-":  # a zone with no letters for it: its offset from UTC
        abbreviation = "UTC" + abbreviation
    return _("{day}, {time} {zone}", day=day, time=time, zone=abbreviation)


@dataclass(frozen=True)
class MoveAsked:
    """What a turn-based room waits on: the decision's kind, what it is about (the deed auctioned, the
    offer's sender or the caller of the game's end), the turn (from 1; 0 when not known), and its deadline
    (seconds since the epoch; 0 when not known)."""

    asked: str
    about: str = ""
    turn: int = 0
    due: float = 0.0

    def what(self, name: str = "") -> str:
        """Say the move: the reader's own ("the auction of Baltic Avenue", "an offer from Bob to answer",
        "your move in turn 5"), or the person's of that `name` ("Ada's bid in the auction of ...")."""
        about, asked = self.about, self.asked
        if not name:
            if asked == AUCTION:
                return _("the auction of {deed}", deed=about) if about else _("an auction")
            if asked in ANSWERS:
                return _("an offer from {name} to answer", name=about) if about else _("an offer to answer")
            if asked == CALL:
                if about:
                    return _("{name}'s call to end the game", name=about)
                return _("a call to end the game")
            return _("your move in turn {turn}", turn=self.turn) if self.turn else _("your turn")
        if asked == AUCTION:
            if about:
                return _("{name}'s bid in the auction of {deed}", name=name, deed=about)
            return _("{name}'s bid in an auction", name=name)
        if asked in ANSWERS:
            if about:
                return _("{name}'s answer to an offer from {sender}", name=name, sender=about)
            return _("{name}'s answer to an offer", name=name)
        if asked == CALL:
            return _("{name}'s answer to a call to end the game", name=name)
        if self.turn:
            return _("{name}'s move in turn {turn}", name=name, turn=self.turn)
        return _("{name}'s move", name=name)

    def sentence(self, zone: str = "", name: str = "") -> str:
        """Say the move and by when: "the auction of Baltic Avenue, by Fri, May 22, 4:05 PM UTC"."""
        what = self.what(name)
        if not self.due:
            return what
        return _("{what}, by {when}", what=what, when=when_words(self.due, zone))


def waits_on(move: MoveAsked, name: str, mine: bool, zone: str = "") -> str:
    """Say in a sentence what a table waits on, to the person it waits on (`mine`) or to another: "The
    table waits on you: the auction of Baltic Avenue, by Fri, May 22, 4:05 PM UTC."."""
    if mine:
        return _("The table waits on you: {move}.", move=move.sentence(zone))
    return _("The table waits on {move}.", move=move.sentence(zone, name))
