"""A plot widget with one line per player over the turns of a game, drawn in the terminal by plotext (through
textual-plotext's widget).

Each line is in its player's colour, resolved from the theme (sixteen colours in the ANSI theme, which a
16-colour terminal shows in its own palette) and ends at his mark, so that the lines are told apart
without colour too. In plain ASCII (`--ascii`) the lines are drawn with the players' ASCII marks and the
frame with `+`, `-` and `|` rather than braille dots and box-drawing lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import RenderResult
from textual.color import Color
from textual_plotext import PlotextPlot

from tui.styles.glyphs import UNICODE, Glyphs
from tui.styles.themes import player_var

BOX_TO_ASCII = str.maketrans({"│": "|", "─": "-", **dict.fromkeys("┌┐└┘┼┬┴├┤", "+")})
ANSI_INDEX = {
    name: i for i, name in enumerate(("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))
}


@dataclass(frozen=True)
class Series:
    """One player's data series: his seat (for his colour and mark) and his value at each point computed."""

    seat: int
    xs: tuple[float, ...]
    ys: tuple[float, ...]


def plot_colour(value: str) -> int | tuple[int, int, int] | str:
    """Convert a theme's colour for plotext: one of the sixteen terminal colours by number (an ANSI
    theme's), else red, green and blue."""
    if value.startswith("ansi_"):
        name = value.removeprefix("ansi_")
        bright = name.startswith("bright_")
        index = ANSI_INDEX.get(name.removeprefix("bright_"))
        if index is not None:
            return index + (8 if bright else 0)
        return "default"
    try:
        colour = Color.parse(value)
    except Exception:
        return "default"
    return colour.rgb


def nice_ticks(top: float, count: int = 4) -> list[float]:
    """Return round tick values from 0 to at least `top`, `count` steps apart."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


def short_money(amount: float) -> str:
    """Format an amount for an axis: "$800", "$1.5k", "$12k"."""
    if abs(amount) >= 10_000:
        return f"${amount / 1000:.0f}k"
    if abs(amount) >= 1000:
        return f"${amount / 1000:.1f}k".replace(".0k", "k")
    return f"${amount:.0f}"


class TurnsPlot(PlotextPlot):
    """Widget plotting each player's value over the turns of a game: chances (in percent) or money."""

    DEFAULT_CSS = """
    TurnsPlot {
        height: 1fr;
        min-height: 6;
    }
    """

    def __init__(self, *, percent: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.percent = percent
        self.theme = "clear"  # no colours of its own: the widget's background shows, in any theme
        self._xs: tuple[float, ...] = ()
        self._series: tuple[Series, ...] = ()
        self._glyphs: Glyphs = UNICODE

    def show(self, xs: Sequence[float], series: Sequence[Series], glyphs: Glyphs = UNICODE) -> None:
        """Draw these lines over the turns `xs` (the whole game, whatever is computed so far)."""
        xs, shown = tuple(xs), tuple(series)
        if (xs, shown, glyphs) == (self._xs, self._series, self._glyphs):
            return
        self._xs, self._series, self._glyphs = xs, shown, glyphs
        self.refresh()

    def _draw(self) -> None:
        plt = self.plt
        plt.clear_data()
        xs = self._xs
        if not xs:
            return
        variables = self.app.theme_variables
        top = 100.0 if self.percent else max((y for s in self._series for y in s.ys), default=1.0)
        for line in self._series:
            points = [(x, 100 * y if self.percent else y) for x, y in zip(line.xs, line.ys, strict=True)]
            if not points:
                continue
            colour = plot_colour(variables.get(player_var(line.seat), "default"))
            mark = self._glyphs.mark(line.seat)
            marker = mark if self._glyphs.ascii_only else "braille"
            plt.plot([p[0] for p in points], [p[1] for p in points], marker=marker, color=colour)
            last_x, last_y = points[-1]
            plt.text(mark, last_x, last_y, color=colour)
        first, last = xs[0], xs[-1]
        plt.xlim(first, max(last, first + 1))
        span = max(last - first, 1)
        step = max(1, round(span / 4))
        ticks = [float(t) for t in range(int(first), int(last) + 1, step)]
        plt.xticks(ticks, [f"{t:.0f}" for t in ticks])
        yticks = [0.0, 25.0, 50.0, 75.0, 100.0] if self.percent else nice_ticks(top)
        plt.ylim(0, yticks[-1])
        labels = [f"{t:.0f}%" for t in yticks] if self.percent else [short_money(t) for t in yticks]
        plt.yticks(yticks, labels)

    def render(self) -> RenderResult:
        plt = self.plt
        width, height = self.size
        plt.plotsize(width, height)
        plt._set_size(width, height)  # as textual-plotext's own render does, for resizes to take
        plt.theme("clear")
        self._draw()
        drawing = plt.build()
        if self._glyphs.ascii_only:
            drawing = drawing.translate(BOX_TO_ASCII)
        return Text.from_ansi(drawing)
