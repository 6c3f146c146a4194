"""The game screen: the table (`tui.screens.game_table`) and what its keys do.

Its keys are one table (`tui.game_keys`); which dialog is over it is the router's to say
(`tui.dialog_router`); the cards and notices each change brings are `tui.text.announcements`. What stays here
is the look of the layout, the actions of the keys, the side panels, the board's selection and the
command palette.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from textual import events

from engine.core.rule_ids import TITLES
from engine.queries import space_rules
from room import pacing
from translation import _
from tui.dialogs.base import PaletteEntry
from tui.dialogs.travel import TravelDialog
from tui.models.board_layout import neighbour
from tui.screens.game_table import GameTable
from tui.screens.why import WhyScreen
from tui.text import captions, why
from tui.text.words import describe_command, speed_word
from tui.widgets.board import SpaceClicked, grid_position
from tui.widgets.chances import ChancesPanel
from tui.widgets.event_log import EventLog


class GameScreen(GameTable):
    """The Textual screen of one game at the table."""

    DEFAULT_CSS = """
    GameScreen {
        layers: base overlay;
    }
    GameScreen #main {
        height: 1fr;
    }
    GameScreen.-compact #main {
        align-horizontal: center;
    }
    GameScreen #left {
        width: auto;
        height: 1fr;
    }
    GameScreen #log-below {
        height: 1fr;
        border: none;
        border-top: solid $primary 50%;
        display: none;
    }
    GameScreen #side {
        height: 1fr;
    }
    GameScreen #side HoldingsPanel {
        height: 1fr;
    }
    GameScreen #side DeedPanel {
        height: 1fr;
    }
    GameScreen #side EventLog {
        height: 1fr;
        display: none;
    }
    GameScreen #side.-log DeedPanel {
        display: none;
    }
    GameScreen #side.-log EventLog {
        display: block;
    }
    GameScreen #side ChancesPanel {
        display: none;
    }
    GameScreen #side.-chances ChancesPanel {
        display: block;
    }
    GameScreen.-log-below #log-below {
        display: block;
    }
    GameScreen.-compact #side {
        display: none;
        layer: overlay;
        dock: right;
        width: 44;
        max-width: 90%;
        background: $surface;
    }
    GameScreen.-compact #side.-open {
        display: block;
    }
    GameScreen.-compact #side > * {
        display: none;
    }
    GameScreen.-compact #side.-holdings HoldingsPanel,
    GameScreen.-compact #side.-deed DeedPanel,
    GameScreen.-compact #side.-log EventLog {
        display: block;
    }
    GameScreen.-compact #side ChancesPanel {
        max-height: 100%;
    }
    """

    # --- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return bool(parameters) and self.possible(str(parameters[0]))
        return self.possible(action)

    def on_key(self, event: events.Key) -> None:
        """Show a short hint for a game key that does nothing now."""
        key = self._hinted.get(event.key)
        if key is None or self.possible(key.name):
            return
        self.notify(captions.hint(key.name, self.client, self._seat_for(key)), timeout=3)

    def action_play(self, name: str) -> None:
        """Handle a turn key: play the first legal command of its kinds, for the seat whose turn it is."""
        key = self._by_kinds.get(name)
        me = self.turn_seat()
        if key is None or me is None:
            return
        cmd = next((c for c in self.client.legal(me) if c.kind in key.kinds), None)
        if cmd is not None:
            self.play(cmd)

    def action_build(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_management("build", me)

    def action_mortgage(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_management("mortgage", me)

    def action_trade(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_trade(me)

    def action_deal(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_deal(me)

    def action_travel(self) -> None:
        me = self.acting()
        if me is not None:
            self.app.push_screen(TravelDialog(self, me))

    def action_bank(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_management("bank", me)

    def action_loan(self) -> None:
        me = self.acting()
        if me is not None:
            self.open_loan(me)

    def action_decide(self) -> None:
        self.router.deferred = None
        self.sync()

    def action_take_back(self) -> None:
        """Take back the person's latest decision since the last throw or card; the dice and the cards
        to come stay as they were."""
        me = self.acting()
        if me is None:
            return
        outcome = self.client.take_back(me)
        if not outcome.ok:
            self.notify(outcome.refusal or "", timeout=3)
        elif outcome.notice:
            self.notify(outcome.notice, severity="error", timeout=6)

    def action_why(self) -> None:
        """Explain the line selected in the event log, when the log has the focus; else the selected space."""
        focused = self.focused
        if isinstance(focused, EventLog) and focused.chosen is not None:
            self.explain_entry(focused.chosen)
            return
        board = self.client.board
        name = board.spaces[self.selected].name
        lines = why.space_lines(board.edition.id, name, space_rules(board, self.selected))
        self.app.push_screen(WhyScreen(_("The rules of {space}", space=name), lines))

    def explain_entry(self, entry: int) -> None:
        """Explain why the event of this log entry happened."""
        if not 0 <= entry < len(self._events):
            return
        event = self._events[entry]
        lines = why.event_lines(self.client.board.edition.id, event, self._entries[entry])
        self.app.push_screen(WhyScreen(_("Why? {rule}", rule=_(TITLES[event.rule])), lines))

    def on_event_log_explain(self, message: EventLog.Explain) -> None:
        message.stop()
        self.explain_entry(message.entry)

    def action_results(self) -> None:
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self.client))

    def action_skip(self) -> None:
        self._held_until = 0.0  # read already: the lesson's bots need not wait any longer
        self.client.hurry()

    def action_faster(self) -> None:
        self.speed = pacing.faster(self.speed)
        self.notify(_("Bots move at {speed} speed.", speed=speed_word(self.speed)), timeout=2)
        self.redraw()

    def action_slower(self) -> None:
        self.speed = pacing.slower(self.speed)
        self.notify(_("Bots move at {speed} speed.", speed=speed_word(self.speed)), timeout=2)
        self.redraw()

    def action_panel(self, name: str) -> None:
        """Show a panel (and give it the keys, so that it scrolls); the same key again hides it. The log
        shown under the board already is given the keys where it is, not shown a second time beside it."""
        if name == "log" and not self.compact and self.has_class("-log-below") and self._panel != "log":
            self.query_one("#log-below").focus()
            return
        if self.compact or name == "log":
            self._panel = None if self._panel == name else name
        elif name == "deed":
            self._panel = None
        self._show_panel_classes()
        self.redraw()
        target = {"holdings": "#holdings", "deed": "#deed", "log": "#side-log"}[name]
        if self._panel == name or (not self.compact and name == "holdings"):
            self.query_one(target).focus()
        else:
            self.set_focus(None)

    def action_close_panel(self) -> None:
        self._panel = None
        self._chances_open = False
        self._show_panel_classes()
        self.set_focus(None)

    def action_chances(self) -> None:
        """Open the chances panel (the same key again closes it): while it is open, the estimate is recomputed
        after every move, in the background."""
        self._chances_open = not self._chances_open
        if self.compact and self._chances_open:
            self._panel = "chances"
        self._show_panel_classes()
        if self._chances_open and self.compact:
            self.query_one(ChancesPanel).focus()

    def action_switch_seat(self) -> None:
        humans = sorted(h for h in self._humans if not self.client.view(None).players[h].bankrupt)
        if len(humans) < 2:
            return
        me = self.acting()
        seat = humans[(humans.index(me) + 1) % len(humans)] if me in humans else humans[0]
        view = self.client.view(None)
        waited = self._waited_human(view)
        self._chosen = (seat, waited)
        self._last_human = seat
        names = self.client.names
        text = _("Acting for {name}: building, mortgages and trades are {name}'s.", name=names[seat])
        if waited is not None and waited != seat:
            text += " " + _("{name} still answers what the game asks now.", name=names[waited])
        self.notify(text, timeout=4)
        self.redraw()

    def action_move_selection(self, rows: int, cols: int) -> None:
        """Move the selection to the neighbouring space in that direction, along the track."""
        nxt = neighbour(self.client.board, self.selected, rows, cols)
        if nxt is not None:
            self.selected = nxt
            self.redraw()

    def action_step_selection(self, step: int) -> None:
        track = self.client.board.track
        self.selected = track.forward[self.selected] if step > 0 else track.backward[self.selected]
        self.redraw()

    def action_select_current(self) -> None:
        me = self.acting()
        if me is not None:
            self.selected = self.client.view(me).players[me].position
            self.redraw()

    def on_space_clicked(self, message: SpaceClicked) -> None:
        self.selected = message.space
        if self.compact:
            self._panel = "deed"
            self._show_panel_classes()
        elif self._panel == "log":
            self._panel = None
            self._show_panel_classes()
        self.redraw()

    # --- the command palette ------------------------------------------------------------------

    def palette_commands(self) -> Iterable[PaletteEntry]:
        """Return the command palette's commands: every legal command of the person at the keyboard, and what
        anyone may look at."""
        yield from self._commands_in_words()
        words = (
            _("Hide each player's chance to win from here")
            if self._chances_open
            else _("Show each player's chance to win from here")
        )
        yield (_("Chances to win"), words, self.action_chances)
        if self.acting() is not None:
            yield (
                _("Ask the advisor"),
                _("What the expert would do in your seat, and why"),
                self.action_advise,
            )

    def _commands_in_words(self) -> Iterable[PaletteEntry]:
        me = self.acting()
        if me is None:
            return
        view = self.client.view(me)
        board = self.client.board
        for cmd in self.client.legal(me):
            if cmd.kind in ("accept_trade", "reject_trade", "place_bid", "pass_auction"):
                continue
            text = describe_command(cmd, view, board)
            yield (text, "", partial(self.play, cmd))
        if self.client.can_trade(me):
            yield (_("Propose a trade"), _("Open the trade negotiator"), self.action_trade)
        if self.can_deal(me):
            yield (
                _("Make a deal among several"),
                _("Open the deal negotiator (three or more players)"),
                self.action_deal,
            )
        if self.can_lend(me):
            yield (_("Propose a loan"), _("Open the loan negotiator"), self.action_loan)
        if self.client.bots_due():
            yield (_("Skip ahead"), _("Let the bots move without pause"), self.action_skip)
        now = _("Now {speed}", speed=speed_word(self.speed))
        yield (_("Bots faster"), now, self.action_faster)
        yield (_("Bots slower"), now, self.action_slower)

    def position_of(self, space: int) -> tuple[int, int]:
        return grid_position(self.client.board, space)
