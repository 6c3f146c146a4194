"""The review of a game: each player's chance to win and net worth over the game as plots, who paid whom,
and the moves that changed the chances most, described in text.

The review is worked out in the background (`room.review.ReviewJob`) and comes in piece by piece: the
plots fill in as it does, and a line says how far it has got. On a large screen the four parts share it;
on a small one (80 x 24) one part fills it at a time, chosen with `1` to `4` or the arrows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from room import review_words as words
from room.review import Review, ReviewJob, Step, Survey
from translation import N_, _, money
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs
from tui.widgets.lines import LinesView
from tui.widgets.plot import Series, TurnsPlot
from tui.widgets.steady_footer import SteadyFooter

SECTIONS = ("chances", "worth", "paid", "moves")
TITLES = {
    "chances": N_("Chance to win"),
    "worth": N_("Net worth"),
    "paid": N_("Who paid whom"),
    "moves": N_("Turning points"),
}
"""Each part's title (translated where shown)."""
WIDE = (110, 34)
"""From this size (columns, rows) the four parts share the screen."""
NAME_MOST = 10  # a name in the table of payments


class ReviewScreen(Screen[None]):
    """A Textual screen showing a game's review, as far as it is computed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back")),
        Binding("1", "section('chances')", N_("Chances")),
        Binding("2", "section('worth')", N_("Worth")),
        Binding("3", "section('paid')", N_("Paid")),
        Binding("4", "section('moves')", N_("Moves")),
        Binding("right,tab", "step(1)", N_("Next"), show=False),
        Binding("left,shift+tab", "step(-1)", N_("Previous"), show=False),
    ]
    DEFAULT_CSS = """
    ReviewScreen {
        background: $background;
    }
    ReviewScreen #title {
        width: 1fr;
        text-style: bold;
        background: $accent 30%;
        padding: 0 1;
    }
    ReviewScreen #progress {
        width: 1fr;
        padding: 0 1;
        color: $text-muted;
    }
    ReviewScreen #tabs {
        width: 1fr;
        padding: 0 1;
        display: none;
    }
    ReviewScreen #parts {
        grid-size: 2 2;
        grid-gutter: 0 1;
        height: 1fr;
    }
    ReviewScreen .part {
        border: round $primary 50%;
        background: $surface;
        height: 1fr;
    }
    ReviewScreen .legend {
        height: auto;
        padding: 0 1;
    }
    ReviewScreen #paid DataTable {
        height: 1fr;
        background: $surface;
    }
    ReviewScreen #moves-lines {
        height: 1fr;
        padding: 0 1;
        overflow-y: scroll;
    }
    ReviewScreen.-compact #tabs {
        display: block;
    }
    ReviewScreen.-compact #parts {
        grid-size: 1 1;
    }
    ReviewScreen.-compact .part {
        display: none;
    }
    ReviewScreen.-compact .part.-shown {
        display: block;
    }
    """

    def __init__(self, job: ReviewJob, glyphs: Glyphs = UNICODE, *, leaves_app: bool = False) -> None:
        super().__init__()
        self.job = job
        self.glyphs = glyphs
        self.leaves_app = leaves_app
        self.section = "chances"
        self._stop: Callable[[], None] | None = None
        self._drawn: Review | None = None

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="progress")
        yield Static(id="tabs")
        with Grid(id="parts"):
            for name in SECTIONS:
                with Vertical(id=name, classes="part") as part:
                    part.border_title = _(TITLES[name])
                    if name in ("chances", "worth"):
                        yield TurnsPlot(percent=name == "chances", id=f"{name}-plot")
                        yield Static(classes="legend", id=f"{name}-legend")
                    elif name == "paid":
                        yield DataTable(id="paid-table", cursor_type="none", zebra_stripes=True)
                    else:
                        yield LinesView(id="moves-lines")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._apply_layout()
        self._stop = self.job.watch(self._arrived)

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()
            self._stop = None

    def on_resize(self, event: events.Resize) -> None:
        self._apply_layout()

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _apply_layout(self) -> None:
        width, height = self.app.size
        self.set_class(width < WIDE[0] or height < WIDE[1], "-compact")
        for name in SECTIONS:
            self.query_one(f"#{name}").set_class(name == self.section, "-shown")
        self._draw_tabs()
        self.refresh_bindings()

    def _draw_tabs(self) -> None:
        parts = []
        for i, name in enumerate(SECTIONS, start=1):
            label = f" {i} {_(TITLES[name])} "
            parts.append(Content.styled(label, "reverse bold" if name == self.section else "$text-muted"))
        self.query_one("#tabs", Static).update(Content(" ").join(parts))

    # --- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("section", "step"):
            return self.compact  # on a large screen every part is on show already
        return True

    def action_section(self, name: str) -> None:
        if name in SECTIONS:
            self.section = name
            self._apply_layout()

    def action_step(self, by: int) -> None:
        self.action_section(SECTIONS[(SECTIONS.index(self.section) + by) % len(SECTIONS)])

    def action_close(self) -> None:
        if self.leaves_app:
            self.app.exit(0)
        else:
            self.dismiss()

    # --- drawing ------------------------------------------------------------------------------

    def _arrived(self, review: Review) -> None:
        if not self.is_mounted or review is self._drawn:
            return
        self._drawn = review
        self._draw(review)

    def _draw(self, review: Review) -> None:
        names = review.names
        survey = review.survey
        self.query_one("#title", Static).update(Content(words.headline(review)))
        self.query_one("#progress", Static).update(_progress(review, self.glyphs))
        if survey is None:
            return
        xs = survey.turns
        chances = [
            Series(
                p,
                tuple(x for x, c in zip(xs, review.curve, strict=True) if c is not None),
                tuple(c.players[p].win for c in review.curve if c is not None),
            )
            for p in range(len(names))
        ]
        self.query_one("#chances-plot", TurnsPlot).show(xs, chances, self.glyphs)
        worth = [Series(p, xs, tuple(float(w[p]) for w in survey.worth)) for p in range(len(names))]
        self.query_one("#worth-plot", TurnsPlot).show(xs, worth, self.glyphs)
        legend = self._legend(names)
        self.query_one("#chances-legend", Static).update(legend)
        self.query_one("#worth-legend", Static).update(legend)
        self._fill_payments(survey, names)
        self.query_one("#moves-lines", LinesView).set_lines(_moves(review, self.glyphs))

    def _legend(self, names: tuple[str, ...]) -> Content:
        parts = [
            Content.assemble((self.glyphs.mark(p), look.mark(p)), " ", (name, f"bold {look.player(p)}"))
            for p, name in enumerate(names)
        ]
        return Content("  ").join(parts)

    def _fill_payments(self, survey: Survey, names: tuple[str, ...]) -> None:
        table = self.query_one("#paid-table", DataTable)
        if table.row_count:
            return  # the payments come with the survey, once
        short = [n[:NAME_MOST] for n in names]
        table.add_column(_("paid \\ to"))
        for name in short:
            table.add_column(name)
        table.add_column(_("Taxes, fees"))
        for p, row in enumerate(survey.paid):
            cells = ["-" if q == p else money(amount) if amount else "0" for q, amount in enumerate(row)]
            table.add_row(Content.styled(short[p], f"bold {look.player(p)}"), *cells)


def _progress(review: Review, glyphs: Glyphs) -> Content:
    if review.problem:
        return Content.styled(review.problem, "$error")
    said = words.stage(review)
    if review.stage not in ("curve", "moves"):
        return Content(said)
    done, total = review.progress
    fill, empty = ("#", ".") if glyphs.ascii_only else ("\u2588", "\u2591")
    width = 20
    bar = fill * round(width * done / total) + empty * (width - round(width * done / total))
    head, _sep, counts = said.partition(": ")
    return Content(f"{head}: {bar} {counts}")


def _moves(review: Review, glyphs: Glyphs) -> list[Content]:
    if review.stage in ("surveying", "curve", "moves"):
        return [Content.styled(_(words.WAITING_FOR_MOVES), "italic $text-muted")]
    if not review.moves:
        return [Content.styled(_(words.NO_TURNING_POINT), "$text-muted")]
    lines: list[Content] = []
    for step in review.moves:
        lines.extend(_told(step, review, glyphs))
    return lines


def _told(step: Step, review: Review, glyphs: Glyphs) -> list[Content]:
    """Describe a turning point: its turn and who decided, what the decision changed, how the chances moved
    against the alternative the player had (with the error), and a bot's reason."""
    names = review.names
    arrow = "->" if glyphs.ascii_only else "\u2192"
    moved = Content(", ").join(
        Content.assemble((glyphs.mark(p), look.mark(p)), " " + words.moved(step, names, p, arrow))
        for p in words.most_moved(step)
    )
    who = words.mover(step, review)
    head = Content.assemble((_("Turn {n}", n=step.turn), "bold $accent"), f" {glyphs.dot} {who}")
    out = [head]
    out.append(Content("  " + words.what_happened(step)))
    out.append(Content.assemble("  ", _(step.against), ": ", moved, f" ({words.within(step)})"))
    for seat, said in step.reasons:
        out.append(Content.styled("  " + words.reason(names, seat, said), "italic"))
    out.append(Content(""))
    return out
