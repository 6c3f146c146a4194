"""Style strings for the board's colours, resolved from the theme's variables when drawn, and the short tags
that distinguish the colour groups without colour."""

from __future__ import annotations

from textual.content import Content

from engine import Board
from room.board_words import group_name
from translation import N_, _
from tui.styles.themes import group_var, player_var

GROUP_TAGS = {
    "brown": N_("Br"),
    "light_blue": N_("LB"),
    "pink": N_("Pk"),
    "orange": N_("Or"),
    "red": N_("Rd"),
    "yellow": N_("Ye"),
    "green": N_("Gn"),
    "dark_blue": N_("DB"),
    "railroad": N_("RR"),
    "utility": N_("Ut"),
}
"""Each colour's two letters (translated where shown: the first letters of the colour's name)."""


def band(board: Board, space: int) -> str:
    """Return the style of a space's colour band: its group's colour (and, where the theme has too few colours
    to tell two groups apart, a pattern), or the neutral band."""
    group = board.group_of[space]
    colour = board.edition.groups[group].color if group is not None else board.spaces[space].color
    var = group_var(colour)
    return f"bold ${var}-text on ${var} ${var}-mark"


def group_band(board: Board, group: str) -> str:
    var = group_var(board.edition.groups[group].color)
    return f"bold ${var}-text on ${var} ${var}-mark"


def group_tag(board: Board, group: str) -> Content:
    """Return the group's two-letter tag on its colour ("Or" on orange), read as well without colour as with
    it."""
    info = board.edition.groups[group]
    tag = GROUP_TAGS.get(info.color or "")
    if tag is not None:
        tag = _(tag)
    else:
        name = group_name(board, group)
        words = name.split()
        tag = (words[0][0] + words[1][0]) if len(words) > 1 else name[:2]
    return Content.styled(tag, group_band(board, group))


def player(p: int) -> str:
    return f"${player_var(p)}"


def mark(p: int) -> str:
    """Return the style of a player's token on the board: his token, on his colour."""
    return f"bold $token-text on ${player_var(p)}"


def owner(p: int) -> str:
    """Return the style of a player's mark as the owner of a deed: in his colour, on the space's own
    background."""
    return f"bold ${player_var(p)}"
