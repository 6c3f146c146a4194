"""Text of the advisor's answer in the line mode: the move it would take (or that the options are too close to
call), why, the chance to win after each option, and how to follow it, with the same words and figures the
full screen's advisor shows (`room.advice_words`). A trade it suggests is spelled out as the command to type,
as it is or changed: the line mode never sends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import GameView
from lines.parser import Table, spell
from room.advice_words import draft_note, headline, why
from room.chance_words import reading
from room.command_words import describe_command
from translation import _

if TYPE_CHECKING:
    from room.advice import Advice


def advice_lines(advice: Advice, table: Table, view: GameView) -> list[str]:
    board = table.board
    out = [headline(advice, view, board) + ".", _("Why: {reason}", reason=why(advice))]
    each = []
    for option in advice.options:
        shown = reading(option.chance, option.low, option.high, view.edition)
        each.append(f"{describe_command(option.command, view, board)}, {shown.words}")
    if each:
        out.append(_("Your chance to win after each: {chances}.", chances="; ".join(each)))
    note = draft_note(advice)
    if note is not None:
        out.append(note)
        out.append(
            _(
                "To propose it, type (changing the terms as you like): {words}",
                words=spell(advice.command, table),
            )
        )
    else:
        out.append(_("To follow it, type {words}.", words=spell(advice.command, table)))
    return out
