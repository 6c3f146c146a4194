"""The chances panel: each player's chance to win from the position on the board, with the range it may be off
by (the playouts' luck and the model's measured error: `room.chance_words`), as the table's latest estimate
(`room.chances.Figure`). While a figure for the latest move is being worked out, the last one stays on show,
dimmed and marked "working"."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.geometry import Size

from engine import GameView
from room.chance_words import model_error, reading
from room.chances import Figure
from translation import N_, _
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs
from tui.widgets.lines import LinesView

WORKING = N_("working it out")
"""Said while the figure is being worked out (translated where shown)."""
NAME_MOST = 12  # the name column at most: a figure's line fits the 44 columns of the overlay


def chance_lines(
    figure: Figure, view: GameView, names: Sequence[str], glyphs: Glyphs = UNICODE, width: int = 40
) -> list[Content]:
    """Return the panel's lines: one per player (his chance, a bar, the interval), and a line saying where the
    estimate comes from, or that it is being computed."""
    lines: list[Content] = []
    figures = figure.chances
    stale = figure.working
    if figures is None:
        lines.append(Content.styled(_("working it out..."), "italic $text-muted"))
        if figure.problem:
            lines.append(Content.styled(figure.problem, "$error"))
        return lines
    name_width = min(NAME_MOST, max((len(n) for n in names), default=4))
    bar_width = max(4, width - name_width - 2 - 5 - 10)
    fill, empty = ("#", ".") if glyphs.ascii_only else ("█", "░")
    for c in figures.players:
        p = c.seat
        name = names[p][:name_width].ljust(name_width)
        head = Content.assemble((glyphs.mark(p), look.mark(p)), " ", (name, f"bold {look.player(p)}"))
        if p < len(view.players) and view.players[p].bankrupt:
            lines.append(head + Content.styled(f" {glyphs.bankrupt} " + _("out"), "$text-muted"))
            continue
        filled = round(c.win * bar_width)
        bar = Content.assemble((fill * filled, look.player(p)), (empty * (bar_width - filled), "$text-muted"))
        shown = reading(c.win, c.low, c.high, view.edition, settled=view.winner is not None)
        line = head + Content.styled(f" {shown.figure:>4} ", "bold") + bar + Content(f" {shown.span:>8}")
        lines.append(line.stylize("dim") if stale else line)
    if figure.problem:
        lines.append(Content.styled(figure.problem, "$error"))
    elif stale:
        lines.append(Content.styled(_("working it out for the last move..."), "italic $accent"))
    elif view.winner is not None:
        lines.append(Content.styled(_("The game is over."), "$text-muted"))
    elif figures.playouts == 0:
        said = _(
            "Turn {turn}, valued from what all can see. Each chance is about right: the range beside it "
            "allows for the model's own error, {points} points measured on other games.",
            turn=figures.turn + 1,
            points=round(100 * model_error(view.edition)),
        )
        lines.append(Content.styled(said, "$text-muted"))
    else:
        said = _(
            "Turn {turn}, {playouts} playouts of what all can see. Each chance is about right: the range "
            "beside it allows for the playouts' luck and the model's own error, {points} points measured "
            "on other games.",
            turn=figures.turn + 1,
            playouts=figures.playouts,
            points=round(100 * model_error(view.edition)),
        )
        lines.append(Content.styled(said, "$text-muted"))
    return lines


class ChancesPanel(LinesView, can_focus=True):
    """Widget showing each player's win chance, following the table while it is open."""

    DEFAULT_CSS = """
    ChancesPanel {
        border: round $primary 50%;
        padding: 0 1;
        background: $surface;
        height: auto;
        max-height: 50%;
    }
    ChancesPanel:focus {
        border: round $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Chances to win")
        self._args: tuple[Figure, GameView, Sequence[str], Glyphs] | None = None
        self._key: object = None

    @property
    def figure(self) -> Figure | None:
        return self._args[0] if self._args is not None else None

    def show(self, figure: Figure, view: GameView, names: Sequence[str], glyphs: Glyphs = UNICODE) -> None:
        self._args = (figure, view, names, glyphs)
        self.border_subtitle = _(WORKING) if figure.working or figure.chances is None else ""
        self._draw()

    def _draw(self) -> None:
        if self._args is None:
            return
        figure, view, names, glyphs = self._args
        width = self.text_width if self.is_mounted else 40
        key = (figure, view.players, glyphs, width)
        if key == self._key:
            return
        self._key = key
        self.set_lines(chance_lines(figure, view, names, glyphs, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._wrapped))

    def on_resize(self, event: events.Resize) -> None:
        self._draw()
