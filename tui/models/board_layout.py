"""Board layout: the grid cell of each space, computed from the board's track.

Each ring of the track is drawn as a square, walked clockwise from its bottom right corner (GO's place on
the classic board); an inner ring sits centred inside the ring around it, and the centre panel takes the
inside of the innermost ring. The arrow keys move the selection to the neighbouring space in the direction
pressed: along the track first (the next or last space of its ring, or the end of a link), then, where the
track does not go that way, to the nearest space that lies that way on the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import Board


@dataclass(frozen=True)
class BoardLayout:
    side: int  # cells along each side of the grid
    cells: dict[int, tuple[int, int]]  # space -> (row, column)
    centre: tuple[int, int, int] | None  # (row, column, cells across) of the centre panel
    by_cell: dict[tuple[int, int], int] = field(default_factory=dict)

    def at(self, row: int, col: int) -> int | None:
        return self.by_cell.get((row, col))

    def in_centre(self, row: int, col: int) -> bool:
        if self.centre is None:
            return False
        r, c, span = self.centre
        return r <= row < r + span and c <= col < c + span


def _square(i: int, side: int) -> tuple[int, int]:
    """Return (row, column) of the i-th space of a ring drawn as a square of `side` cells: the first at the
    bottom right, then clockwise (leftwards along the bottom)."""
    per = side - 1
    last = per
    edge, k = divmod(i, per)
    if edge == 0:
        return last, last - k
    if edge == 1:
        return last - k, 0
    if edge == 2:
        return 0, k
    return k, last


_LAYOUTS: dict[str, BoardLayout] = {}


def layout_of(board: Board) -> BoardLayout:
    """Compute the grid for a board. Each ring needs a multiple of four spaces, to make a square."""
    known = _LAYOUTS.get(board.edition.id)
    if known is None:
        known = _LAYOUTS[board.edition.id] = _layout(board)
    return known


def _layout(board: Board) -> BoardLayout:
    rings = board.track.rings
    cells: dict[int, tuple[int, int]] = {}
    offset = 0
    outer_side = 0
    side = 0
    for k, ring in enumerate(rings):
        if len(ring) % 4:
            raise ValueError(f"ring {k} of {board.edition.name} has {len(ring)} spaces: not a square")
        ring_side = len(ring) // 4 + 1
        if k == 0:
            outer_side = ring_side
        else:
            offset += (side - ring_side) // 2
            if ring_side > side - 2:
                raise ValueError(f"ring {k} of {board.edition.name} does not fit inside the ring around it")
        side = ring_side
        for i, space in enumerate(ring):
            row, col = _square(i, ring_side)
            cells[space] = (offset + row, offset + col)
    inside = side - 2
    centre = (offset + 1, offset + 1, inside) if inside >= 1 else None
    return BoardLayout(outer_side, cells, centre, {cell: space for space, cell in cells.items()})


def link_cells(layout: BoardLayout, links: Iterable[tuple[int, int]]) -> dict[tuple[int, int], bool]:
    """Return the empty cells between two linked spaces that sit in one row or one column of the grid, each
    True when the link runs across (a row), False when it runs up and down."""
    out: dict[tuple[int, int], bool] = {}
    for a, b in links:
        (r1, c1), (r2, c2) = layout.cells[a], layout.cells[b]
        if r1 == r2:
            between = [(r1, c) for c in range(min(c1, c2) + 1, max(c1, c2))]
        elif c1 == c2:
            between = [(r, c1) for r in range(min(r1, r2) + 1, max(r1, r2))]
        else:
            continue
        if all(layout.at(*cell) is None and not layout.in_centre(*cell) for cell in between):
            out.update((cell, r1 == r2) for cell in between)
    return out


def neighbour(board: Board, space: int, rows: int, cols: int) -> int | None:
    """Return the space the selection moves to from `space` for an arrow key (`rows`, `cols` is the
    direction), or None when nothing lies that way."""
    layout = layout_of(board)
    here = layout.cells[space]
    track = board.track

    def that_way(cell: tuple[int, int]) -> bool:
        return bool((rows and (cell[0] - here[0]) * rows > 0) or (cols and (cell[1] - here[1]) * cols > 0))

    linked = [link.to for link in track.links[space]]
    linked += [s for s in range(board.size) if any(link.to == space for link in track.links[s])]
    for candidate in (track.forward[space], track.backward[space], *linked):
        if that_way(layout.cells[candidate]):
            return candidate
    ahead = [s for s, cell in layout.cells.items() if that_way(cell)]
    if not ahead:
        return None

    def distance(s: int) -> tuple[int, int]:
        r, c = layout.cells[s]
        across = abs(c - here[1]) if rows else abs(r - here[0])
        along = abs(r - here[0]) if rows else abs(c - here[1])
        return along + 2 * across, s

    return min(ahead, key=distance)
