"""The holdings panel breaks a group's line between deeds, never inside a deed's name."""

from __future__ import annotations

from engine import new_game
from engine.queries import facts
from room.board_words import spoken
from tui.styles.glyphs import UNICODE
from tui.widgets.holdings import holdings_of


def test_a_deed_is_never_cut_across_two_lines() -> None:
    game = new_game("classic", ["Ada", "Vera"], seed=1)
    board = spoken(game.board)
    for s in board.members["railroads"]:
        game.state.deeds[s].owner = 0
    view = game.view(0)
    shorts = [board.spaces[s].short for s in board.members["railroads"]]
    assert any(" " in short for short in shorts)
    for width in range(16, 40):
        lines = [
            line.plain for line in holdings_of(view, board, 0, ("Ada", "Vera"), facts(game), UNICODE, width)
        ]
        assert all(any(short in line for line in lines) for short in shorts), (width, lines)
        assert all(len(line) <= width for line in lines[1:]), (width, lines)
