"""Style strings for the board's colours, resolved from the theme's variables when drawn."""

from __future__ import annotations

from engine import Board
from tui.themes import group_var, player_var


def band(board: Board, space: int) -> str:
    """The colour band of a space: its group's colour, or the neutral band."""
    group = board.group_of[space]
    colour = board.edition.groups[group].color if group is not None else board.spaces[space].color
    var = group_var(colour)
    return f"bold ${var}-text on ${var}"


def group_band(board: Board, group: str) -> str:
    var = group_var(board.edition.groups[group].color)
    return f"bold ${var}-text on ${var}"


def swatch(board: Board, group: str) -> str:
    """The group's colour as writing (for a small block beside a name)."""
    return f"${group_var(board.edition.groups[group].color)}"


def player(p: int) -> str:
    return f"${player_var(p)}"


def token(p: int) -> str:
    return f"bold $token-text on ${player_var(p)}"
