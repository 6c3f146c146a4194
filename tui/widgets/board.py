"""The board widgets: the spaces round the edge of a square grid, and the centre panel showing what is going
on.

Each space shows its colour band and short name; under it, at the left, the owner's mark in his colour
followed by the houses, the hotel or the mortgage, and at the right the tokens standing there, each
player's mark on his colour. Clicking a space, or moving the selection with the arrow keys, shows its
deed.

The spaces are drawn by one widget, line by line, and the centre lies over it: the screen is cut and
styled at the edges of two widgets, not of forty, and a space's lines are worked out once for every
screen of the process that shows it the same (the people at one table, on a server).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from rich.style import Style as RichStyle
from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.content import Content
from textual.geometry import Offset, Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widget import Widget

from engine import Board, GameView
from engine.queries import airplane_at, pledged
from tui.models.board_layout import layout_of, link_cells
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs
from tui.text.spaces import cell_label
from tui.text.words import fit
from tui.widgets.shared_lines import shared_strips


def side_length(board: Board) -> int:
    """Return the number of cells along one side of the board's grid, corners included (11 for a 40-space
    board)."""
    return layout_of(board).side


def grid_position(board: Board, space: int) -> tuple[int, int]:
    """Return (row, column) of a space: GO bottom right, play running clockwise (left along the bottom)."""
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
    """Return what every space shows for this view of the game (`trail`: the spaces of the last move)."""
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


def space_lines(state: CellState, width: int, height: int) -> list[Content]:
    """Render a space's lines in a cell of this size: the band and name, then what stands on it and who is
    there."""
    name = fit(state.short, width).center(width)
    band_style = state.band + (" reverse" if state.selected else "")
    lines = [Content.styled(name, band_style)]
    status = _status(state, compact=height < 3 or 2 + state.houses > width)
    tokens = _tokens(state)
    if height >= 3:
        lines.append(status)
        lines.append(_squeeze(tokens, width))
    else:
        room = width - status.cell_length - (1 if status.cell_length else 0)
        tail = _squeeze(tokens, room) if room > 0 else Content("")
        gap = width - status.cell_length - tail.cell_length
        lines.append(status + Content(" " * max(gap, 0)) + tail if tail.cell_length else status)
    return lines[:height]


def _status(s: CellState, compact: bool) -> Content:
    """Return the owner's mark and what stands on the lot: "●▪▪" (two houses), "●▣" (a hotel), "●M"."""
    g = s.glyphs
    marks = Content("")
    if s.trail:
        marks += Content.styled(g.trail, "bold $accent")
    if s.marker:
        marks += Content.styled(s.marker, "bold $accent")
    return _holding(s, compact) + marks


def _holding(s: CellState, compact: bool) -> Content:
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


def _tokens(s: CellState) -> list[Content]:
    """Return the tokens standing here, each player's mark on his colour; in jail behind the bars."""
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
    """Return as many pieces as fit in `width`, with "+" when some are left out."""
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


def link_lines(across: bool, glyphs: Glyphs, width: int, height: int) -> list[Content]:
    """Render an empty cell between two rings that a link crosses: a line across its middle, or down it."""
    if across:
        return [Content("")] * (height // 2) + [Content.styled(glyphs.link_across * width, "$accent")]
    return [Content.styled(" " * (width // 2) + glyphs.link_down, "$accent")] * height


class BoardFace(Widget):
    """Widget drawing every space of the board, and the empty cells between its rings, line by line.

    A row of the screen is the cells' lines joined with the gutters between them; a space that changes
    draws its own cell again, and the lines of a cell come from the process's shared strips."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"board-face--space", "board-face--hover"}
    DEFAULT_CSS = """
    BoardFace {
        layer: face;
        width: 100%;
        height: 100%;
    }
    BoardFace > .board-face--space {
        background: $surface;
    }
    BoardFace > .board-face--hover {
        background: $boost;
    }
    """

    def __init__(self, board: Board, links: dict[tuple[int, int], bool], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.grid = layout_of(board)
        self.links = links
        self.states: list[CellState | None] = [None] * board.size
        self.hovered: int | None = None
        self.glyphs = UNICODE

    @property
    def cell_size(self) -> tuple[int, int]:
        """Return (width, height) of one cell, from the widget's size (a gutter of one column between
        cells)."""
        side = self.grid.side
        width, height = self.size
        return max((width + 1) // side - 1, 1), max(height // side, 1)

    def region_of(self, space: int) -> Region:
        """Return where a space is drawn, in the widget's own cells."""
        row, col = self.grid.cells[space]
        width, height = self.cell_size
        return Region(col * (width + 1), row * height, width, height)

    def space_at(self, offset: Offset) -> int | None:
        """Return the space drawn at this point of the widget, if any (not a gutter, a gap or the centre)."""
        width, height = self.cell_size
        col, x = divmod(offset.x, width + 1)
        if x >= width or offset.y < 0 or offset.x < 0:
            return None
        return self.grid.at(offset.y // height, col)

    def show(self, states: Sequence[CellState]) -> None:
        glyphs = states[0].glyphs if states else self.glyphs
        if glyphs is not self.glyphs and self.links:
            self.glyphs = glyphs
            self.states = list(states)
            self.refresh()
            return
        self.glyphs = glyphs
        changed = [
            space for space, (old, new) in enumerate(zip(self.states, states, strict=True)) if old != new
        ]
        self.states = list(states)
        if self.is_mounted and changed:
            self.refresh(*(self.region_of(space) for space in changed))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.space_at(event.offset))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, space: int | None) -> None:
        if space != self.hovered:
            regions = [self.region_of(s) for s in (self.hovered, space) if s is not None]
            self.hovered = space
            self.refresh(*regions)

    def on_click(self, event: events.Click) -> None:
        space = self.space_at(event.offset)
        if space is not None:
            self.post_message(SpaceClicked(space))

    def render_line(self, y: int) -> Strip:
        layout = self.grid
        width, height = self.cell_size
        row, line = divmod(y, height)
        base = self.visual_style
        if row >= layout.side:
            return Strip.blank(self.size.width, RichStyle(bgcolor=base.rich_style.bgcolor))
        fill = RichStyle(bgcolor=base.rich_style.bgcolor)
        gutter = Strip.blank(1, fill)
        pieces: list[Strip] = []
        for col in range(layout.side):
            if col:
                pieces.append(gutter)
            pieces.append(self._cell(row, col, width, height)[line])
        return Strip.join(pieces).extend_cell_length(self.size.width, fill)

    def _cell(self, row: int, col: int, width: int, height: int) -> list[Strip]:
        """Return the lines of one grid cell, from the shared cache where another screen drew them."""
        space = self.grid.at(row, col)
        app = self.app
        if space is None:
            link = self.links.get((row, col))
            style = self.visual_style
            glyphs = self.glyphs
            key: tuple[object, ...] = ("gap", link, glyphs, width, height, style, app.theme, app.ansi_color)
            return shared_strips(
                key,
                lambda: self._strips(
                    link_lines(link, glyphs, width, height) if link is not None else [], width, height, style
                ),
            )
        state = self.states[space]
        style = self.get_visual_style("board-face--hover" if space == self.hovered else "board-face--space")
        key = ("space", state, width, height, style, app.theme, app.ansi_color)
        return shared_strips(
            key,
            lambda: self._strips(
                space_lines(state, width, height) if state is not None else [], width, height, style
            ),
        )

    def _strips(self, lines: list[Content], width: int, height: int, style: VisualStyle) -> list[Strip]:
        """Return a cell's lines, each as wide as the cell, filled out with its background as Textual fills a
        widget's short lines."""
        fill = RichStyle(bgcolor=style.rich_style.bgcolor)
        strips = Visual.to_strips(self, Content("\n").join(lines), width, height, style)
        blank = Strip.blank(width, fill)
        out = [strip.extend_cell_length(width, fill) for strip in strips[:height]]
        return [*out, *[blank] * (height - len(out))]


class BoardGrid(Container):
    """Container of the board's spaces widget (`BoardFace`) and, over its middle, the centre widget."""

    DEFAULT_CSS = """
    BoardGrid {
        layers: face centre;
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
        self.face = BoardFace(board, link_cells(layout_of(board), links), id=f"{id or 'board'}-face")

    def compose(self) -> ComposeResult:
        yield self.face
        if layout_of(self.board).centre is not None:
            yield self.centre

    def size_cells(self, width: int, height: int) -> None:
        """Lay the grid out with cells of this size, the centre over the cells inside the innermost ring."""
        layout = layout_of(self.board)
        side = layout.side
        self.set_styles(f"width: {side * width + side - 1}; height: {side * height};")
        if layout.centre is not None:
            row, col, span = layout.centre
            self.centre.set_styles(
                f"position: absolute; layer: centre; offset: {col * (width + 1)} {row * height};"
                f"width: {span * width + span - 1}; height: {span * height};"
            )

    def state_of(self, space: int) -> CellState | None:
        """Return what a space shows now."""
        return self.face.states[space]

    def offset_of(self, space: int) -> Offset:
        """Return the middle of a space, in the `BoardFace` widget's own cells (where a click on it lands)."""
        region = self.face.region_of(space)
        return Offset(region.x + region.width // 2, region.y + region.height // 2)

    def show(self, states: Sequence[CellState]) -> None:
        self.face.show(states)
