"""Text of a shared table's clocks, at the right end of the status line on every screen at the table:
each person's bank (the one the table waits on marked, counting down), who is away and for how long the
table still waits on him, whose seat a bot plays, and a vote under way."""

from __future__ import annotations

from textual.content import Content

from server.tables.plans import minutes
from server.tables.seat_clocks import ClockFace, SeatTime
from translation import _
from tui.styles.glyphs import Glyphs

LOW = 10.0
"""Seconds left under which the clock of the person waited on turns to the error colour."""


def clock_tail(face: ClockFace, glyphs: Glyphs, seat: int | None = None, zone: str = "") -> Content:
    """Return the clocks as one short line; empty where nothing is timed (no bank, nobody away). In a
    turn-based room it begins with the move the table waits on and its deadline, in the time zone named
    ("" for UTC): "the auction of Baltic Avenue, by Fri, May 22, 4:05 PM UTC" to the person of `seat`."""
    parts = [part for part in (_seat(s, glyphs) for s in face.seats) if part is not None]
    due = face.due
    if due is not None:
        mark = ">" if glyphs.ascii_only else "▸"
        words = due.move.sentence(zone, "" if due.seat == seat else due.name)
        parts.insert(0, Content.styled(f"{mark}{words}", "bold $accent"))
    vote = face.vote
    if vote is not None:
        parts.insert(
            0,
            Content.styled(
                _(
                    "vote {name}: {yes}/{needed} yes (a)",
                    name=vote.target_name,
                    yes=vote.yes,
                    needed=vote.needed,
                ),
                "bold $warning",
            ),
        )
    if not parts:
        return Content("")
    return Content(f" {glyphs.dot} ").join(parts)


def _seat(seat: SeatTime, glyphs: Glyphs) -> Content | None:
    name = seat.name
    if seat.bot:
        return Content.styled(_("{name} bot", name=name), "dim")
    left = "" if seat.left is None else f" {minutes(seat.left)}"
    if seat.away:
        text = _("{name} away", name=name) + left

    elif left:
        text = f"{name}{left}"
    else:
        return None
    if not seat.waited:
        return Content.styled(text, "$warning" if seat.away else "")
    mark = ">" if glyphs.ascii_only else "▸"
    low = seat.left is not None and seat.left <= LOW
    return Content.styled(f"{mark}{text}", "bold $error" if low else "bold $accent")
