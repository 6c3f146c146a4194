"""Text of the advisor's answer: the move the expert would make, why, and the chance to win after each of the
best options, with the same text and figures the full screen's advisor shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import GameView
from lines.parser import Table, spell
from room.chance_words import reading
from room.command_words import describe_command
from translation import _, say

if TYPE_CHECKING:
    from room.advice import Advice


def advice_lines(advice: Advice, table: Table, view: GameView) -> list[str]:
    board = table.board
    out = [
        _("The expert would: {move}.", move=describe_command(advice.command, view, board)),
        _("Why: {reason}", reason=say(advice.said)),
    ]
    each = []
    for option in advice.options:
        shown = reading(option.chance, option.low, option.high, view.edition)
        each.append(f"{describe_command(option.command, view, board)}, {shown.words}")
    if each:
        out.append(_("Your chance to win after each: {chances}.", chances="; ".join(each)))
    out.append(_("To follow it, type {words}.", words=spell(advice.command, table)))

    return out
