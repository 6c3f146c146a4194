"""The board: the spaces round the edge of a square grid, and the centre that tells what is going on.

Each space shows its colour band and short name; under it, at the left, the owner's mark in his colour
followed by the houses, the hotel or the mortgage, and at the right the tokens standing there, each
player's mark on his colour. Clicking a space, or moving the selection with the arrow keys, shows its
deed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Container
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from engine import Board, GameView
from engine.queries import airplane_at, pledged
from tui import look
from tui.board_layout import layout_of, link_cells
from tui.glyphs import UNICODE, Glyphs
from tui.spaces import cell_label
from tui.widgets.shared_lines import SharedLines
from tui.words import fit


def side_length(board: Board) -> int:
    """Cells along one side of the board's grid, corners included (11 for a 40-space board)."""
    return layout_of(board).side


def grid_position(board: Board, space: int) -> tuple[int, int]:
    """(row, column) of a space: GO bottom right, play running clockwise (left along the bottom)."""
    return layout_of(board).cells[space]


@dataclass(frozen=True)
class CellState:
    short: str
    band: str
    owner: int | None = None
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False
    label: str = ""  # an unowned deed's price, or a tax
    tokens: tuple[int, ...] = ()
    jailed: tuple[int, ...] = ()
    selected: bool = False
    glyphs: Glyphs = UNICODE
    trail: bool = False  # the last move passed through or ended here
    marker: str = ""  # a movable piece standing here (the airplane)
    pledged: bool = False  # pledged for a loan (it still earns its rent)
    poor: tuple[int, ...] = ()  # in the poorhouse drawn beside this space


def cell_states(
    view: GameView, board: Board, selected: int | None, glyphs: Glyphs, trail: Collection[int] = ()
) -> list[CellState]:
    """What every space shows for this view of the game (`trail`: the spaces of the last move)."""
    plane = airplane_at(view, view.markers)
    standing: dict[int, list[int]] = {}
    jailed: dict[int, list[int]] = {}
    poor: dict[int, list[int]] = {}
    for p, ps in enumerate(view.players):
        if ps.bankrupt:
            continue
        where = jailed if ps.in_jail else poor if ps.in_poorhouse else standing
        where.setdefault(ps.position, []).append(p)
    states: list[CellState] = []
    rules = view.ruleset
    held = pledged(view) if view.loans else frozenset()
    for space, sp in enumerate(board.spaces):
        deed = view.deeds.get(space)
        label = cell_label(view, board, space)
        owner = deed.owner if deed is not None else view.charters.get(space)
        states.append(
            CellState(
                short=sp.short,
                band=look.band(board, space),
                owner=owner,
                houses=rules.houses(deed.level) if deed is not None else 0,
                hotel=rules.is_hotel(deed.level) if deed is not None else False,
                mortgaged=deed.mortgaged if deed is not None else False,
                label=label,
                tokens=tuple(standing.get(space, ())),
                jailed=tuple(jailed.get(space, ())),
                selected=space == selected,
                glyphs=glyphs,
                trail=space in trail,
                marker=glyphs.airplane if space == plane else "",
                pledged=space in held,
                poor=tuple(poor.get(space, ())),
            )
        )
    return states


class SpaceClicked(Message):
    def __init__(self, space: int) -> None:
        super().__init__()
        self.space = space


class SpaceCell(SharedLines):
    """One space of the board."""

    DEFAULT_CSS = """
    SpaceCell {
        width: 1fr;
        height: 1fr;
        background: $surface;
    }
    SpaceCell:hover {
        background: $boost;
    }
    """

    def __init__(self, space: int) -> None:
        super().__init__(id=f"space-{space}")
        self.space = space
        self._cell: CellState | None = None

    @property
    def state(self) -> CellState | None:
        return self._cell

    def show(self, state: CellState) -> None:
        if state != self._cell:
            self._cell = state
            self.refresh()

    def on_click(self) -> None:
        self.post_message(SpaceClicked(self.space))

    def render(self) -> Content:
        state = self._cell
        if state is None:
            return Content("")
        width, height = self.size.width or 7, self.size.height or 2
        name = fit(state.short, width).center(width)
        band_style = state.band + (" reverse" if state.selected else "")
        lines = [Content.styled(name, band_style)]
        status = self._status(state, compact=height < 3 or 2 + state.houses > width)
        tokens = self._tokens(state)
        if height >= 3:
            lines.append(status)
            lines.append(_squeeze(tokens, width))
        else:
            room = width - status.cell_length - (1 if status.cell_length else 0)
            tail = _squeeze(tokens, room) if room > 0 else Content("")
            gap = width - status.cell_length - tail.cell_length
            lines.append(status + Content(" " * max(gap, 0)) + tail if tail.cell_length else status)
        return Content("\n").join(lines[:height])

    def _status(self, s: CellState, compact: bool) -> Content:
        """The owner's mark and what stands on the lot: "●▪▪" (two houses), "●▣" (a hotel), "●M"."""
        g = s.glyphs
        marks = Content("")
        if s.trail:
            marks += Content.styled(g.trail, "bold $accent")
        if s.marker:
            marks += Content.styled(s.marker, "bold $accent")
        return self._holding(s, compact) + marks

    def _holding(self, s: CellState, compact: bool) -> Content:
        g = s.glyphs
        if s.owner is None:
            return Content.styled(s.label, "dim") if s.label else Content("")
        parts = [Content.styled(g.mark(s.owner), look.owner(s.owner))]
        if s.pledged:
            parts.append(Content.styled(g.pledged, "bold $warning"))
        if s.mortgaged:
            parts.append(Content.styled(g.mortgaged, "bold $warning"))
        elif s.hotel:
            parts.append(Content.styled(g.hotel, "bold $error"))
        elif s.houses:
            crowded = compact and s.houses > 2 and (s.tokens or s.jailed)
            houses = f"{s.houses}{g.house}" if crowded else g.house * s.houses
            parts.append(Content.styled(houses, "bold $success"))
        return Content("").join(parts)

    def _tokens(self, s: CellState) -> list[Content]:
        """The tokens standing here, each player's mark on his colour; in jail behind the bars."""
        g = s.glyphs
        out = [Content.styled(g.mark(p), look.mark(p) + " underline") for p in s.jailed]
        if s.jailed:
            out.insert(0, Content.styled(g.jail, "bold"))
        if s.poor:
            out.append(Content.styled(g.poorhouse, "bold"))
            out += [Content.styled(g.mark(p), look.mark(p) + " underline") for p in s.poor]
        out += [Content.styled(g.mark(p), look.mark(p)) for p in s.tokens]
        return out


def _squeeze(parts: Sequence[Content], width: int) -> Content:
    """As many pieces as fit in `width`, with "+" when some are left out."""
    total = sum(p.cell_length for p in parts)
    if total <= width:
        return Content("").join(parts)
    kept: list[Content] = []
    used = 0
    for p in parts:
        if used + p.cell_length > width - 1:
            break
        kept.append(p)
        used += p.cell_length
    return Content("").join([*kept, Content.styled("+", "bold")])


class Gap(Widget):
    """An empty cell of the grid, between one ring and the ring inside it; where it lies between two
    linked spaces (an elevator and its junction), a line joins them."""

    def __init__(self, link: bool | None = None) -> None:
        super().__init__()
        self.link = link  # True: across, False: up and down, None: no link
        self.glyphs = UNICODE

    def render(self) -> Content:
        if self.link is None:
            return Content("")
        width, height = self.size.width or 6, self.size.height or 2
        if self.link:
            line = self.glyphs.link_across * width
            return Content("\n").join([Content("")] * (height // 2) + [Content.styled(line, "$accent")])
        mid = " " * (width // 2) + self.glyphs.link_down
        return Content("\n").join([Content.styled(mid, "$accent")] * height)


class BoardGrid(Container):
    """The spaces in a square grid around a centre widget."""

    DEFAULT_CSS = """
    BoardGrid {
        layout: grid;
        grid-gutter: 0 1;
        background: $board-gap;
        width: auto;
        height: auto;
    }
    """

    def __init__(
        self,
        board: Board,
        centre: Widget,
        *,
        id: str | None = None,
        links: Iterable[tuple[int, int]] = (),
    ) -> None:
        super().__init__(id=id)
        self.board = board
        self.centre = centre
        self.cells = [SpaceCell(space) for space in range(board.size)]
        self.links = link_cells(layout_of(board), links)
        self.gaps: list[Gap] = []

    def compose(self) -> ComposeResult:
        yield from self._in_grid_order()

    def _in_grid_order(self) -> Iterator[Widget]:
        layout = layout_of(self.board)
        for row in range(layout.side):
            for col in range(layout.side):
                space = layout.at(row, col)
                if space is not None:
                    yield self.cells[space]
                elif layout.centre is not None and (row, col) == layout.centre[:2]:
                    yield self.centre
                elif not layout.in_centre(row, col):
                    gap = Gap(self.links.get((row, col)))  # between two rings
                    self.gaps.append(gap)
                    yield gap

    def size_cells(self, width: int, height: int) -> None:
        """Lay the grid out with cells of this size."""
        layout = layout_of(self.board)
        side = layout.side
        self.set_styles(
            f"grid-size: {side} {side}; grid-columns: {width}; grid-rows: {height};"
            f"width: {side * width + side - 1}; height: {side * height};"
        )
        span = layout.centre[2] if layout.centre is not None else 1
        self.centre.set_styles(f"column-span: {span}; row-span: {span};")

    def show(self, states: Sequence[CellState]) -> None:
        for cell, state in zip(self.cells, states, strict=True):
            cell.show(state)
        if states:
            glyphs = states[0].glyphs
            for gap in self.gaps:
                if gap.link is not None and gap.glyphs is not glyphs:
                    gap.glyphs = glyphs
                    gap.refresh()
