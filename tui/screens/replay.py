"""A past game on the board: step a move or a turn forward and back, jump to a turn, or let it play.

The board, its centre and the panels are the game screen's own widgets, laid out the same way at each
size (`tui.models.layout`): at 80 x 24 the centre tells each player's cash and the last events, and the
log and the holdings open over the board (`l`, `h`); from 120 columns the holdings sit beside the board
and the log under it. Every position is the game replayed to that move (`room.past_game.PastGame`), so what is
shown is what the table saw then. Nothing here can change a save.

A demo (`landlords demo`) is the same screen over a game its bots play as it goes (`grow`): it starts
playing by itself and stops at the game's end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input

from engine.core.events import Event
from room.past_game import PastGame, Position
from translation import N_, _
from tui.models.layout import layout_for
from tui.styles.glyphs import UNICODE, Glyphs
from tui.text import captions
from tui.text.words import speed_word
from tui.widgets.board import BoardGrid, cell_states, side_length
from tui.widgets.centre import CentrePanel
from tui.widgets.event_log import EventLog
from tui.widgets.holdings import HoldingsPanel
from tui.widgets.status import StatusBar
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput

PACES: tuple[tuple[str, float], ...] = (
    ("slow", 1.5),
    ("normal", 0.7),
    ("fast", 0.3),
    ("fastest", 0.08),
)
"""Playing by itself: seconds between two moves at each pace."""
CENTRE_EVENTS = 40
HELP_KEYS = [
    (N_("left/right"), N_("a move back / forward (a demo plays on past its last move)")),
    (N_("up/down"), N_("to the start of this turn (again: the turn before) / of the next turn")),
    ("t", N_("go to a turn: type its number, Enter (Esc: cancel)")),
    (N_("Home/End"), N_("the first / the last move")),
    (N_("space, p"), N_("play by itself / pause (from its end: again from the start)")),
    ("+ / -", N_("faster / slower")),
    ("h / l", N_("on a small screen: each player's cash and holdings / the event log")),
    (N_("? or F1"), N_("this help")),
    ("Esc, q", N_("close a panel; back")),
]
"""What the help says of the replay's keys."""
W = TypeVar("W", bound=Widget)


class ReplayScreen(Screen[None]):
    """The Textual screen replaying a past game, at one of its moves (`move`)."""

    AUTO_FOCUS = None  # the arrows are the screen's: nothing takes the focus from it

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Move"), key_display="\u2190\u2192"),
        Binding("right", "step(1)", N_("Move"), show=False),
        Binding("up", "turn(-1)", N_("Turn"), key_display="\u2191\u2193"),
        Binding("down", "turn(1)", N_("Turn"), show=False),
        Binding("t", "ask_turn", N_("Go to turn")),
        Binding("space,p", "play", N_("Play/pause"), key_display="space"),
        Binding("plus,equals_sign", "pace(1)", N_("Pace"), key_display="+-"),
        Binding("minus", "pace(-1)", N_("Slower"), show=False),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("l", "panel('log')", N_("Log")),
        Binding("h", "panel('holdings')", N_("Cash")),
        Binding("escape,q", "close", N_("Back")),
    ]
    DEFAULT_CSS = """
    ReplayScreen {
        layers: base overlay;
    }
    ReplayScreen #main {
        height: 1fr;
    }
    ReplayScreen.-compact #main {
        align-horizontal: center;
    }
    ReplayScreen #left {
        width: auto;
        height: 1fr;
    }
    ReplayScreen #log-below {
        height: 1fr;
        border: none;
        border-top: solid $primary 50%;
        display: none;
    }
    ReplayScreen.-log-below #log-below {
        display: block;
    }
    ReplayScreen #side {
        height: 1fr;
    }
    ReplayScreen #side HoldingsPanel, ReplayScreen #side EventLog {
        height: 1fr;
    }
    ReplayScreen.-log-below #side EventLog {
        display: none;
    }
    ReplayScreen.-compact #side {
        display: none;
        layer: overlay;
        dock: right;
        width: 44;
        max-width: 90%;
        background: $surface;
    }
    ReplayScreen.-compact #side.-open {
        display: block;
    }
    ReplayScreen.-compact #side > * {
        display: none;
    }
    ReplayScreen.-compact #side.-holdings HoldingsPanel,
    ReplayScreen.-compact #side.-log EventLog {
        display: block;
    }
    ReplayScreen #jump {
        dock: bottom;
        width: 40;
        margin-bottom: 1;
    }
    """

    def __init__(
        self,
        past: PastGame,
        glyphs: Glyphs = UNICODE,
        *,
        grow: Callable[[], bool] | None = None,
        playing: bool = False,
        pace: str = "normal",
        turn: int | None = None,
        leaves_app: bool = False,
    ) -> None:
        super().__init__()
        self.past = past
        self.glyphs = glyphs
        self.grow = grow  # plays one more move (a demo's bots); False once the game is over
        self.leaves_app = leaves_app
        self.move = past.turn_start(turn - 1) if turn is not None else 0
        self.playing = playing
        self.pace = pace if pace in dict(PACES) else "normal"
        self._timer: Timer | None = None
        self._panel: str | None = None
        self._entries: list[Content] = []  # every event told so far, in words
        self._shown = -1  # the entries in the logs
        links = [(link.at, link.to) for leaving in past.board.track.links for link in leaving]
        self.board = BoardGrid(past.board, CentrePanel(), id="board", links=links)

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.board
                yield _quiet(EventLog(id="log-below"))
            with Vertical(id="side"):
                yield _quiet(HoldingsPanel(id="holdings"))
                yield _quiet(EventLog(id="side-log"))
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.board.centre.rule = self.glyphs.rule  # type: ignore[attr-defined]
        self._apply_layout()
        self.show_move(self.move)
        if self.playing:
            self._start_timer()

    def on_unmount(self) -> None:
        self._stop_timer()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_layout()
        self.show_move(self.move)

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _apply_layout(self) -> None:
        width, height = self.app.size
        layout = layout_for(width, height, side_length(self.past.board))
        self.board.size_cells(layout.cell_width, layout.cell_height)
        self.set_class(not layout.side_panel, "-compact")
        self.set_class(layout.log_rows > 0, "-log-below")
        self.query_one("#left").styles.width = layout.board_width
        side = self.query_one("#side")
        side.styles.width = layout.side_width if layout.side_panel else min(44, width - 4)
        side.set_class(self._panel is not None, "-open")
        for name in ("holdings", "log"):
            side.set_class(self._panel == name, f"-{name}")

    # --- drawing ------------------------------------------------------------------------------

    def show_move(self, move: int) -> None:
        """Show the game after `move` commands (clamped to the game's length)."""
        self.move = min(max(move, 0), self.past.moves)
        pos = self.past.position(self.move)
        told = self.past.told(self.move)
        if len(self._entries) < told:
            fresh = self.past.events_to(self.past.moves)[len(self._entries) :]
            self._entries.extend(captions.entry(e, self.past, self.glyphs) for e in fresh)
        shown = self._entries[:told]
        if told != self._shown:
            for log in self.query(EventLog):
                if self._shown < 0:
                    log.set_lines(shown)
                elif told > self._shown:
                    log.add_lines(shown[self._shown :])
                else:
                    log.keep_first(told)  # back: nothing is wrapped again
            self._shown = told
        view = pos.view
        trail = _trail(self.past.events_of(self.move))
        self.board.show(cell_states(view, self.past.board, None, self.glyphs, trail))
        centre = self.board.centre
        assert isinstance(centre, CentrePanel)
        centre.show(self._centre_head(pos), shown[-CENTRE_EVENTS:])
        past = self.past
        self.query_one(HoldingsPanel).show(view, past.board, past.names, pos.facts, self.glyphs, past.levels)
        self.query_one("#status", StatusBar).show(self._status(pos))

    def _centre_head(self, pos: Position) -> list[Content]:
        view = pos.view
        shown = self.board.centre.size.width
        width = shown - 2 if shown > 2 else 40
        if view.winner is not None:
            turn = Content.styled(
                _("Game over: {name} wins.", name=self.past.names[view.winner]), "bold $accent"
            )
        else:
            name = self.past.names[view.current]
            turn = Content(_("{name}'s turn: waiting for {what}.", name=name, what=pos.waiting_for))
        table = captions.table_line(self.past, view)
        return [
            captions.dice_line(view, self.glyphs),
            *([table] if table is not None else []),
            turn,
            *captions.player_rows(self.past, view, self.glyphs, width),
        ]

    def _status(self, pos: Position) -> Content:
        dot = f" {self.glyphs.dot} "
        past = self.past
        what = _("Demo") if self.grow is not None else _("Replay")
        title = f": {past.title}" if past.title else ""
        state = _("playing, {pace}", pace=speed_word(self.pace)) if self.playing else _("paused")
        turn, last = pos.turn + 1, past.last_turn + 1
        turns = (
            _("turn {n} of {last} (over)", n=turn, last=last)
            if past.over
            else _("turn {n} of {last} (so far)", n=turn, last=last)
        )
        moves = _("move {n} of {last}", n=pos.move, last=past.moves)
        return Content.assemble((f"{what}{title}", "bold"), f"{dot}{turns}{dot}{moves}", f"{dot}{state}")

    # --- moving through the game --------------------------------------------------------------

    def action_step(self, by: int) -> None:
        if by > 0 and self.move >= self.past.moves and not self._grown():
            self._at_the_end()
            return
        self.show_move(self.move + by)

    def _grown(self) -> bool:
        """Play one more move by the demo's bots, if there is a demo and its game goes on."""
        return self.grow is not None and not self.past.over and self.grow()

    def _at_the_end(self) -> None:
        if self.playing:
            self.action_play()
        if self.past.over:
            end = _("The game is over.")
        elif self.grow is not None:
            end = _("The demo stops here.")  # the turns it was asked to play are played
        else:
            end = _("That is the last move of the game so far.")
        self.notify(end, timeout=3)

    def action_turn(self, by: int) -> None:
        here = self.past.turn_at(self.move)
        if by < 0:
            start = self.past.turn_start(here)
            target = start if start < self.move else self.past.turn_start(here - 1)
            self.show_move(target)
            return
        while self.past.turn_at(self.past.moves) <= here and self._grown():
            pass
        if self.past.turn_at(self.past.moves) <= here:
            self.show_move(self.past.moves)
            self._at_the_end()
            return
        self.show_move(self.past.turn_start(here + 1))

    def action_first(self) -> None:
        self.show_move(0)

    def action_last(self) -> None:
        self.show_move(self.past.moves)

    def go_to_turn(self, turn: int) -> None:
        """Show the start of a turn, counted from 1 as the screen counts them."""
        self.show_move(self.past.turn_start(turn - 1))

    def action_ask_turn(self) -> None:
        """Show a small input for the turn to go to, until Enter or Esc."""
        if self.query("#jump"):
            return
        last = self.past.last_turn + 1
        ask = _("Go to turn 1-{last} (Esc: cancel)", last=last)
        jump = SteadyInput(placeholder=ask, type="integer", id="jump")
        self.mount(jump)
        jump.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self._close_jump()
        try:
            turn = int(message.value)
        except ValueError:
            self.notify(_("A turn is a whole number."), severity="warning", timeout=3)
            return
        last = self.past.last_turn + 1
        if not 1 <= turn <= last:
            self.notify(_("The turns run from 1 to {last}.", last=last), severity="warning", timeout=3)
            return
        self.go_to_turn(turn)

    def _close_jump(self) -> None:
        self.query("#jump").remove()
        self.set_focus(None)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.query("#jump"):
            event.stop()
            event.prevent_default()
            self._close_jump()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if isinstance(self.focused, Input):
            return action == "close"  # a turn being typed has the keys
        if action == "panel":
            return self.compact  # beside the board on a large screen already
        return True

    # --- playing by itself --------------------------------------------------------------------

    def action_play(self) -> None:
        self.playing = not self.playing
        if self.playing:
            if self.move >= self.past.moves and (self.grow is None or self.past.over):
                self.show_move(0)  # played to the end already: again from the start
            self._start_timer()
        else:
            self._stop_timer()
        self.show_move(self.move)

    def action_pace(self, by: int) -> None:
        names = [name for name, _ in PACES]
        at = names.index(self.pace)
        self.pace = names[min(max(at + by, 0), len(names) - 1)]
        if self.playing:
            self._start_timer()
        self.show_move(self.move)

    def _start_timer(self) -> None:
        self._stop_timer()
        self._timer = self.set_interval(dict(PACES)[self.pace], self._tick)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if self.is_mounted and self.app.screen is self:
            self.action_step(1)

    def help_screen(self) -> Screen[None]:
        """Return the help screen, with this screen's keys and the past game's board and rules."""
        from tui.screens.help import HelpScreen

        view = self.past.position(self.move).view
        return HelpScreen(
            self.past.board, view.rules, view.ruleset, self.past.names, self.glyphs, keys=HELP_KEYS
        )

    # --- panels and leaving -------------------------------------------------------------------

    def action_panel(self, name: str) -> None:
        self._panel = None if self._panel == name else name
        self._apply_layout()

    def action_close(self) -> None:
        if self._panel is not None:
            self._panel = None
            self._apply_layout()
            return
        self._stop_timer()
        if self.leaves_app:
            self.app.exit(0)
        else:
            self.dismiss()


def _quiet(panel: W) -> W:
    """Make a panel unfocusable (the arrows step through the game here), with no "why?"."""
    panel.can_focus = False
    if isinstance(panel, EventLog):
        panel.border_subtitle = ""
    return panel


def _trail(caused: tuple[Event, ...]) -> frozenset[int]:
    """Return the spaces a move's token went through, to mark on the board."""
    spaces: set[int] = set()
    for e in caused:
        if e.kind == "player_moved":
            spaces.update((*e.path, e.to_space))
    return frozenset(spaces)
