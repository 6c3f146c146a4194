"""Server chat: a chat line as stored and shown (who said it, when, and at a table where in the game's
log it fell), the check every line passes where it enters, and the pace one session may talk at.

A table keeps its room's lines (`Table.chat_lines`, the last `chat_kept`) in memory and beside its plan in
the server's folder (`server.tables.keeping`), so that a restart finds them; the lobby's lines are kept by
the front (`LobbyTalk`, the last `lobby_chat_kept`) in its store, and handed to every worker. A line read
back from a file or from another process passes the same check as one typed (`Said.from_json`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from engine.core.text import NAME_MAX, plain
from translation import _, ngettext


def words_of(text: str, limit: int) -> str:
    """Sanitise a chat line as everyone will read it: plain text on one line, at most `limit` characters (""
    when nothing is left to say)."""
    return " ".join(plain(text).split())[:limit]


def too_long(text: str, limit: int) -> str | None:
    """Return why a chat line longer than `limit` characters (as it would be read) is not sent, for every
    front end to show; None when it fits."""
    length = len(" ".join(plain(text).split()))
    if length <= limit:
        return None
    return _(
        "A chat line holds at most {limit} characters; yours has {length}. Nothing was sent.",
        limit=limit,
        length=length,
    )


@dataclass(frozen=True)
class Said:
    """One line of chat: `who` said `text` at `at` (seconds since the epoch). At a table, `after` is the
    number of events of the game's log before it, so that a person who comes later reads it in its place."""

    who: str
    text: str
    at: float
    after: int = 0
    message: str = ""
    """A line of the server's own: its message id, said in each reader's language with `values` (the
    line is kept once for the table, and everyone at it reads it in their own); `text` is it in English."""
    values: tuple[tuple[str, str], ...] = ()
    plural: str = ""
    """The message's plural form, where its words depend on a count (`values` holds it as `n`)."""

    def line(self) -> str:
        """Format the line for display: "14:05 Ann: hello" (the hour and minute in UTC). A line of the
        server's own (nobody's: `who` empty) is its text alone, in the reader's language."""
        if not self.who:
            return "* " + self._said() if self.message else self.text
        return f"{time.strftime('%H:%M', time.gmtime(self.at))} {self.who}: {self.text}"

    def _said(self) -> str:
        values = dict(self.values)
        if not self.plural:
            return _(self.message, **values)
        count = values.pop("n", "")
        return ngettext(self.message, self.plural, int(count) if count.isdigit() else 0, **values)

    def to_json(self) -> dict[str, Any]:
        told: dict[str, Any] = {"message": self.message, "values": dict(self.values)} if self.message else {}
        if self.message and self.plural:
            told["plural"] = self.plural
        return {"who": self.who, "text": self.text, "at": self.at, "after": self.after, **told}

    @classmethod
    def from_json(cls, raw: Any, limit: int) -> Said:
        """Read back from another process or a file, checked again (plain text, bounded; a time a clock
        can show, a place in the log); `ValueError` if it is not a chat line."""
        if not isinstance(raw, dict):
            raise ValueError("a chat line is an object")
        who, text, at, after = raw.get("who"), raw.get("text"), raw.get("at"), raw.get("after", 0)
        if not isinstance(who, str) or not isinstance(text, str) or not _whole_or_real(at):
            raise ValueError("a chat line names who said what, and when")
        if not 0 <= at <= LATEST or not math.isfinite(at):
            raise ValueError("a chat line said at a time no clock shows")
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= LATEST:
            raise ValueError("a chat line's place in the log is a count of events")
        words = words_of(text, limit)
        if not words:
            raise ValueError("an empty chat line")
        message, values, plural = raw.get("message", ""), raw.get("values", {}), raw.get("plural", "")
        if who or not isinstance(message, str) or not isinstance(values, dict):
            message, values = "", {}
        if not message or not isinstance(plural, str):
            plural = ""
        kept = tuple((words_of(str(k), 40), words_of(str(v), limit)) for k, v in values.items())
        return cls(words_of(who, NAME_MAX), words, float(at), after, message[:limit], kept, plural[:limit])


LATEST = 2**33
"""The latest time a chat line may carry (seconds since the epoch: the year 2242), which a clock shows."""


def _whole_or_real(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Pace:
    """Rate limit for one session's chat: at most `lines` lines in any `seconds`."""

    def __init__(self, lines: int, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.lines = max(1, lines)
        self.seconds = seconds
        self._clock = clock
        self._times: list[float] = []

    def allow(self) -> bool:
        """Return whether a line may be sent now (counting it when it may)."""
        now = self._clock()
        self._times = [t for t in self._times if now - t < self.seconds]
        if len(self._times) >= self.lines:
            return False
        self._times.append(now)
        return True

    @property
    def limit(self) -> str:
        """Return the rate limit as a sentence, for any front end: "Slow down: at most 3 chat lines every 5
        seconds."."""
        return ngettext(
            "Slow down: at most {n} chat line every {seconds} seconds.",
            "Slow down: at most {n} chat lines every {seconds} seconds.",
            self.lines,
            seconds=f"{self.seconds:g}",
        )

    @property
    def refusal(self) -> str:
        """Return the full screen's refusal message: the rate limit, and the line left in its field to send
        again."""
        return _("{pace} Your line is kept: / to send it.", pace=self.limit)


class LobbyTalk:
    """The lobby's recent chat lines, oldest first: the last `kept`."""

    def __init__(self, kept: int) -> None:
        self.kept = max(1, kept)
        self.lines: list[Said] = []

    def heard(self, said: Said) -> None:
        self.lines = [*self.lines[-(self.kept - 1) :], said]
