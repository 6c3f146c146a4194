"""Input and result types of the line parser: the table as the parser sees it, and the parse result (the
commands to give, a question to answer, or an error message explaining why the line was not understood)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Board, Command, GameView
from lines.names import Miss
from translation import _, number

LONGEST = 300
"""Characters a line may hold: the longest offer fits many times over."""

REDRAW = "\x0c"
"""Ctrl+L, which a terminal's own line editing leaves in the line: the key that asks for the screen again,
which in lines is the question again. It is no text of the line."""


@dataclass(frozen=True)
class Table:
    """The parser's context: the board, the names, whose line it is, what they see and may do."""

    board: Board
    names: Sequence[str]
    me: int
    view: GameView
    legal: Sequence[Command]
    waiting: str = ""
    """What the game waits for, in the engine's words ("Ada to roll")."""


@dataclass(frozen=True)
class Act:
    """Parse result: commands to give, in order; with `confirm`, the sentence that reads them back before they
    go."""

    commands: tuple[Command, ...]
    confirm: str | None = None


@dataclass(frozen=True)
class Ask:
    """A question about the table (`status`, `deed Boardwalk`) or a setting of the line mode."""

    topic: str
    argument: str = ""


Reading = Act | Ask | Miss


def clean(line: str) -> str | Miss:
    """Split the line into words, or return why it cannot be read (control characters, far too long). Ctrl+L
    is left out: it asks for the question again, which an empty line does."""
    line = line.rstrip("\r\n").replace(REDRAW, "")  # the line as typed, without its end
    if len(line) > LONGEST:
        return Miss(
            _(
                "That line is {length} characters long; a command takes at most {longest}.",
                length=number(len(line)),
                longest=LONGEST,
            )
        )
    if any((ord(ch) < 32 and ch != "\t") or ord(ch) == 127 for ch in line):
        return Miss(_("That line held control characters; type plain words, then press Enter."))

    return " ".join(line.split())


def hand(table: Table) -> list[str]:
    return list(table.view.players[table.me].hand)
