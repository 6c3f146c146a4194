"""Game screen layout for a terminal size: cell size on the board, the side panel, the log under the board.

At 80 x 24 the board fills the screen and the panels open as overlays; from about 120 columns the panels
sit beside the board, and from 40 rows the cells grow a line and the log goes under the board.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_WIDTH = 80
MIN_HEIGHT = 24
SIDE_MIN = 32
CHROME_ROWS = 2  # the status line and the footer


@dataclass(frozen=True)
class Layout:
    cell_width: int
    cell_height: int
    board_width: int
    board_height: int
    side_panel: bool  # panels beside the board (else overlays)
    side_width: int
    log_rows: int  # rows of event log under the board (0: none)


def board_width(side: int, cell_width: int) -> int:
    return side * cell_width + side - 1


def layout_for(width: int, height: int, side: int = 11) -> Layout:
    """Return the layout for a terminal of this size (at least the minimum)."""
    cell_width = 6
    for candidate in (9, 8, 7):
        if width >= board_width(side, candidate) + SIDE_MIN:
            cell_width = candidate
            break
    bw = board_width(side, cell_width)
    side_panel = width - bw >= SIDE_MIN
    rows = max(height - CHROME_ROWS, side * 2)
    cell_height = 3 if rows >= side * 3 else 2
    bh = side * cell_height
    spare = rows - bh
    return Layout(
        cell_width=cell_width,
        cell_height=cell_height,
        board_width=bw,
        board_height=bh,
        side_panel=side_panel,
        side_width=width - bw if side_panel else 0,
        log_rows=spare if spare >= 4 else 0,
    )


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT
