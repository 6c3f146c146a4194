"""The game screen's table: the turn flow, the layout and the drawing.

It sends the people's commands through the client, shows every change of the table as it arrives (the
client rings with `TableChanged`, whoever moved), holds the bots while a person is busy in a dialog, and
opens the dialog for whatever the game waits on from a person here. Everything it shows comes from the
client's views and events. What its keys do is the game screen's (`tui.screens.game`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region

from engine import Command, ProposeTrade
from engine.core.events import Event
from room import pacing
from room.lesson import Explanation, Lesson, reading_time
from room.room import Update
from translation import _
from tui.client import BotThought, GameClient, TableChanged
from tui.dialog_router import DialogRouter
from tui.dialogs.bank import BankDialog
from tui.dialogs.base import GameDialog
from tui.dialogs.deal import DealScreen
from tui.dialogs.loan import LoanScreen
from tui.dialogs.overlay import Overlay, Underlay
from tui.dialogs.trade import TradeScreen
from tui.director import Decision, acting_seat, decision_for, turn_seat
from tui.errors import guarded, report
from tui.game_keys import KEYS, GameKey, bindings, by_kinds, hinted
from tui.models.deal_model import DealDraft
from tui.models.layout import layout_for
from tui.models.trade_model import TradeDraft
from tui.styles.glyphs import Glyphs
from tui.text import captions
from tui.text.announcements import Announcements
from tui.widgets.board import BoardGrid, cell_states, side_length
from tui.widgets.centre import CentrePanel
from tui.widgets.chances import ChancesPanel
from tui.widgets.deed import DeedPanel
from tui.widgets.event_log import EventLog
from tui.widgets.holdings import HoldingsPanel
from tui.widgets.status import StatusBar
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from engine import GameView
    from room.chances import Figure

CENTRE_EVENTS = 40
NOTICE_AFTER = 5.0
"""Seconds a lesson's explanation stays on show after the bots move on (it covers part of the board)."""


class GameTable(Underlay[None]):
    """Base of the game screen: turn flow, layout and drawing (keys: `GameScreen`)."""

    lets_bots_play: ClassVar[bool] = True

    AUTO_FOCUS = ""
    """Nothing is given the focus by Textual when a dialog closes: the table keeps what the person left
    focused (nothing, after Escape), where Textual focused the first panel again after every dialog and
    styled the screen anew for it. The first panel is focused once, when the table is first shown."""

    KEYS: ClassVar[tuple[GameKey, ...]] = KEYS
    """Every key of the screen (`tui.game_keys`); its bindings are made from it."""
    BINDINGS: ClassVar[list[BindingType]] = bindings(KEYS)

    def __init__(self, client: GameClient, glyphs: Glyphs, speed: str | None = pacing.DEFAULT_SPEED) -> None:
        super().__init__()
        self.client = client
        self.glyphs = glyphs
        self._humans = set(client.local_seats)
        self._last_human: int | None = None
        self._chosen: tuple[int, int | None] | None = None  # (seat chosen with w, the human then waited on)
        self._by_kinds = by_kinds(self.KEYS)
        self._hinted = hinted(self.KEYS)
        self.announcements = Announcements(self, self.notify, self._negotiating)
        self.router = DialogRouter(self, self.announcements)
        self._shown = client.version  # the version of the table on the screen
        if speed is not None:  # None: the pace the table keeps (a game taken up again)
            client.speed = speed
        self._panel: str | None = None
        self._chances_open = False  # the chances panel: beside the others, or over the board when small
        self._stop_watching: Callable[[], None] | None = None
        self._entries: list[Content] = []
        self._events: list[Event] = []  # the event each entry of the log tells
        self._keys_shown: tuple[bool, ...] = ()
        self.lesson: Lesson | None = None  # the first game that teaches: what it has explained
        self._teaching: tuple[Explanation, float] | None = None  # the explanation on show, and until when
        self._kept_deals: dict[int, DealDraft] = {}  # each proposer's deal turned down, to send again
        self._held_until = 0.0  # the bots wait until then (time.monotonic) while an explanation is read
        board = client.board
        me = self.acting()
        view = client.view(me)
        track = view.ruleset.track
        links = [(link.at, link.to) for leaving in track.links for link in leaving]
        self.board = BoardGrid(board, CentrePanel(), id="board", links=links)
        self._trail: frozenset[int] = frozenset()  # the spaces of the last move, marked on the board
        self.selected = view.players[me].position if me is not None else 0

    @property
    def speed(self) -> str:
        return self.client.speed

    @speed.setter
    def speed(self, value: str) -> None:
        self.client.speed = value

    # --- the table, as dialogs see it ---------------------------------------------------------

    def humans(self) -> set[int]:
        return set(self._humans)

    def ahead(self) -> Iterable[Overlay[Any]]:
        return self.router.ahead()

    def acting(self) -> int | None:
        """Return the local player the keyboard acts for now: the seat chosen with `w` until the game waits on
        another person here, else the one the game waits on, else the last who acted."""
        view = self.client.view(None)
        if self._chosen is not None:
            seat, then = self._chosen
            waited = self._waited_human(view)
            if (waited is None or waited == then) and not view.players[seat].bankrupt:
                return seat
            self._chosen = None
        return acting_seat(view, self._humans, self._last_human)

    def _waited_human(self, view: GameView) -> int | None:
        pend = view.pending
        return pend.player if pend is not None and pend.player in self._humans else None

    def turn_seat(self) -> int | None:
        """Return the seat whose turn keys (roll, end, pay the fine, use a card) the keyboard presses."""
        return turn_seat(self.client.view(None), self._humans, self.acting())

    def defer(self, decision: Decision) -> None:
        """Record that a decision dialog was closed without deciding: do not reopen it until asked (Enter)."""
        self.router.defer(decision)
        self._refresh_keys()

    def _trouble(self, exc: Exception) -> None:
        """Report an unexpected error as a notice; the game goes on."""
        self.notify(report(exc) + " " + _("The game is safe."), severity="error", timeout=10)

    def play(self, cmd: Command) -> bool:
        """Send a person's command, chosen on the table as shown; a refusal becomes a one-line notice."""
        try:
            outcome = self.client.send(cmd, self._shown)
        except Exception as exc:
            self._trouble(exc)
            return False
        if not outcome.ok:
            self.notify(outcome.refusal or _("Not allowed now."), severity="warning", timeout=4)
            if outcome.code == "stale_table":
                self.catch_up()
            return False
        self._last_human = cmd.player
        self.catch_up()
        return True

    def on_bot_thought(self, message: BotThought) -> None:
        message.then()

    def on_table_changed(self, message: TableChanged) -> None:
        self.catch_up()

    def catch_up(self) -> None:
        """Show every change of the table that has arrived and not yet been shown."""
        events: list[Event] = []
        notice: str | None = None
        retold = False
        for update in self.client.collect():
            if update.version <= self._shown:
                continue
            self._shown = update.version
            if update.taken_back:  # the story so far is told anew, the events before it included
                retold, events = True, []
            events.extend(update.events)
            notice = update.notice or notice
        if retold:
            self._retell()
        if events or notice or retold:
            self.after(events, notice)

    def _retell(self) -> None:
        """Rebuild the event logs after a take-back, to show the game as it now stands."""
        self._events = list(self.client.history())
        self._entries = [self._entry(e) for e in self._events]
        for log in self.query(EventLog):
            log.set_lines(self._entries)
        self.router.deferred = None

    def _needs_a_person(self, update: Update) -> bool:
        """Whether fast-forwarding must stop: at a card a local player drew, when the game asks a person here
        something, or, in a lesson, at something it has yet to explain (the bots wait while it is read)."""
        if any(e.kind == "card_drawn" and e.player in self._humans for e in update.events):
            return True
        if self.lesson is not None:
            due = self.lesson.due(update.events, self.client.view(None))
            if due:
                self._hold_bots(sum(reading_time(e) for e in due))
                return True
        return decision_for(self.client.view(None), self._humans) is not None

    def open_trade(self, player: int, draft: TradeDraft | None = None) -> None:
        if not self.client.can_trade(player):
            self.notify(_("Trades wait until the auction or the open offer is settled."), timeout=3)
            return
        self.app.push_screen(self.router.trade_dialog(player, draft))

    def can_deal(self, player: int) -> bool:
        """Whether the player may propose a deal among several now: as for a trade, with at least two
        others still in the game."""
        others = [p for p, ps in enumerate(self.client.view(None).players) if p != player and not ps.bankrupt]
        return len(others) >= 2 and self.client.can_trade(player)

    def open_deal(self, player: int, draft: DealDraft | None = None) -> None:
        """Open the deal dialog: from `draft` (a counter-offer), else from the player's deal last rejected,
        saved to be changed and sent again, else empty."""
        if not self.can_deal(player):
            self.notify(captions.hint("deal", self.client, player), timeout=3)
            return
        kept = self._kept_deals.pop(player, None)
        self.app.push_screen(DealScreen(self, player, draft or kept))

    def keep_deal(self, draft: DealDraft) -> None:
        """Save a rejected deal: the next deal its proposer opens starts from it."""
        self._kept_deals[draft.proposer] = draft

    def open_management(self, which: str, player: int) -> None:
        dialog = BankDialog(self, player) if which == "bank" else self.router.lots_dialog(which, player)
        self.app.push_screen(dialog)

    def can_lend(self, player: int) -> bool:
        """Whether the player may propose a loan now (where players lend to each other)."""
        loans = self.client.board.edition.loans
        return loans is not None and loans.between_players and self.client.can_trade(player)

    def open_loan(self, player: int) -> None:
        if not self.can_lend(player):
            self.notify(_("Loans wait until the auction, the move or the open offer is settled."), timeout=3)
            return
        self.app.push_screen(LoanScreen(self, player))

    def open_chances(self) -> None:
        """Open the chances panel as a screen of its own, over the dialog on top
        (`GameDialog.action_chances`)."""
        from tui.screens.chances import ChancesScreen

        self.app.push_screen(ChancesScreen(self.client, self.glyphs))

    def show_results(self) -> None:
        """Open the results over the table, once the game is over (`tui.dialog_router`)."""
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self.client))

    def action_advise(self) -> None:
        """Open the advisor over the table: the options the person at the keyboard weighs and the one it would
        take; Enter there makes that move, or opens a trade it suggests in the negotiator, its terms filled
        in."""
        from tui.screens.advice import AdviceScreen

        me = self.acting()
        if me is None:
            self.notify(_("The advisor speaks to a player, not to someone watching."), timeout=3)
            return

        def follow(cmd: Command | None) -> None:
            if isinstance(cmd, ProposeTrade):
                self.open_trade(me, TradeDraft.proposing(cmd))
            elif cmd is not None:
                self.play(cmd)

        advice = AdviceScreen(self.client, me)
        explanation = self.lesson_now()
        if explanation is not None and advice.show_lesson(explanation):
            self.app.clear_notifications()  # the notice would hide the advice: it goes at its foot
        self.app.push_screen(advice, follow)

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.board
                yield EventLog(id="log-below")
            with Vertical(id="side"):
                yield ChancesPanel(id="chances")
                yield HoldingsPanel(id="holdings")
                yield DeedPanel(id="deed")
                yield EventLog(id="side-log")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.board.centre.rule = self.glyphs.rule  # type: ignore[attr-defined]
        self._apply_layout()
        chain = self.focus_chain
        if chain:
            self.set_focus(chain[0])
        self._shown = self.client.version
        self.client.collect()  # the story so far is told from the history below
        self._events = list(self.client.history())
        self._entries = [self._entry(e) for e in self._events]
        if self.client.lesson:
            person = min(self._humans) if self._humans else 0
            view = self.client.view(None)
            self.lesson = Lesson.resumed(person, self.client.board, self._events, view)
        self.client.follow(
            self.post_message, self.set_timer, self._bots_may_move, self._needs_a_person, self._trouble
        )
        self._sync_logs()
        self.redraw()
        self.call_after_refresh(self.sync)
        if self.lesson is not None:  # after the dialog the game asks for first, if any: at its foot
            self._teach(self.lesson.opening())

    def on_unmount(self) -> None:
        self._watch_chances(False)
        self.router.forget()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.redraw()
            self.call_after_refresh(self.sync)

    def on_screen_suspend(self) -> None:
        """Redraw under the window just opened: the prompt says whether it holds the bots."""
        if self.is_mounted:
            self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_layout()
        self.redraw()

    def _apply_layout(self) -> None:
        width, height = self.app.size
        layout = layout_for(width, height, side_length(self.client.board))
        self.board.size_cells(layout.cell_width, layout.cell_height)
        self.set_class(not layout.side_panel, "-compact")
        self.set_class(layout.log_rows > 0, "-log-below")
        if self._entries:
            self._sync_logs()
        self.query_one("#left").styles.width = layout.board_width
        side = self.query_one("#side")
        if layout.side_panel:
            side.styles.width = layout.side_width
        else:
            side.styles.width = min(44, width - 4)
        self._show_panel_classes()

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _logs_in_view(self) -> list[EventLog]:
        """Return the visible event logs: under the board when there is room, in the side panel when
        chosen."""
        logs = []
        if self.has_class("-log-below"):
            logs.append(self.query_one("#log-below", EventLog))
        if self._panel == "log":
            logs.append(self.query_one("#side-log", EventLog))
        return logs

    def _sync_logs(self) -> None:
        """Bring the visible logs up to date (a hidden log catches up when it is shown)."""
        for log in self._logs_in_view():
            missing = len(self._entries) - log.entry_count
            if missing > 0:
                log.add_lines(self._entries[-missing:])

    def _show_panel_classes(self) -> None:
        side = self.query_one("#side")
        panel = self._panel
        if self.compact and panel is not None and panel != "chances":
            self._chances_open = False  # one overlay at a time on a small screen
        if self.compact and self._chances_open:
            panel = self._panel = "chances"
        elif panel == "chances":
            panel = self._panel = None
        side.set_class(panel is not None, "-open")
        for name in ("holdings", "deed", "log"):
            side.set_class(panel == name, f"-{name}")
        side.set_class(self._chances_open, "-chances")
        self._watch_chances(self._chances_open)
        if self._entries:
            self._sync_logs()

    # --- drawing ------------------------------------------------------------------------------

    def _entry(self, event: Event) -> Content:
        return captions.entry(event, self.client, self.glyphs)

    @guarded
    def redraw(self) -> None:
        client = self.client
        me = self.acting()
        view = client.view(me)
        board = client.board
        facts = client.facts()
        names = client.names
        self.board.show(cell_states(view, board, self.selected, self.glyphs, self._trail))
        centre = self.board.centre
        assert isinstance(centre, CentrePanel)
        centre.show(self._centre_head(view, me), self._entries[-CENTRE_EVENTS:])
        self.query_one(HoldingsPanel).show(view, board, names, facts, self.glyphs, client.levels)
        self.query_one(DeedPanel).show(view, board, self.selected, names, facts, self.glyphs)
        line = captions.status_line(client, view, me, len(self._humans), self.speed, self.glyphs)
        self.query_one("#status", StatusBar).show(line)
        self._refresh_keys()

    def notice_area(self) -> tuple[Region, int] | None:
        """Where notices go at the table: over the log in the board's middle (`CentrePanel.notice_area`)."""
        centre = self.board.centre
        return centre.notice_area() if isinstance(centre, CentrePanel) else None

    def _refresh_keys(self) -> None:
        """Ask the footer to redraw only when the keys on offer change (it rebuilds itself each time)."""
        keys = tuple(self.possible(k.name) for k in self.KEYS if k.show)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def _centre_head(self, view: GameView, me: int | None) -> list[Content]:
        keys = [
            (k.key, captions.ACTION_WORDS[k.name])
            for k in self.KEYS
            if k.hinted and k.name in captions.ACTION_WORDS and self.possible(k.name)
        ]
        held = not getattr(self.app.screen, "lets_bots_play", False)
        decide = self.possible("decide")
        shown = self.board.centre.size.width
        width = shown - 2 if shown > 2 else 40  # the centre's own width, once it is laid out
        more = "..." if self.glyphs.ascii_only else "…"
        prompt = captions.prompt_line(self.client, view, self.turn_seat(), keys, decide, held, width, more)
        table = captions.table_line(self.client, view)
        head = [
            captions.dice_line(view, self.glyphs),
            *([table] if table is not None else []),
            captions.turn_line(self.client, view, width),
            *captions.player_rows(self.client, view, self.glyphs, width, self._humans),
            prompt,
            self._selected_line(view, width),
        ]
        boxes = captions.boxes_line(view, self.client)
        if boxes is not None:
            head.append(boxes)
        height = self.board.centre.size.height
        if height and sum(len(line.wrap(width)) for line in head) + 1 > height:
            # no room in the centre to say what the letters mean: the space's name alone (`d` tells more)
            at = len(head) - (2 if boxes is not None else 1)
            head[at] = captions.selected_line(self.client, view, self.selected, self.glyphs, explained=False)
        return head

    def _selected_line(self, view: GameView, width: int) -> Content:
        """Return the line on the space in view, with what its letters mean where that fits on one row (the
        log under it then stays where it is as the space in view changes; `d` tells more)."""
        line = captions.selected_line(self.client, view, self.selected, self.glyphs)
        if len(line.wrap(width)) > 1:
            return captions.selected_line(self.client, view, self.selected, self.glyphs, explained=False)
        return line

    # --- after every change -------------------------------------------------------------------

    @guarded
    def after(self, new_events: Sequence[Event], notice: str | None = None) -> None:
        """Show what just happened, then put the next decision to whoever must make it."""
        self._entries.extend(self._entry(e) for e in new_events)
        self._events.extend(new_events)
        self._sync_logs()
        self.announcements.take(new_events)
        lessons = [] if self.lesson is None else self.lesson.take(new_events, self.client.view(None))
        if notice:
            self.notify(notice, severity="error", timeout=6)
        if self.client.view(None).pending is not None:
            self._follow_mover(new_events)
        for screen in self.app.screen_stack:
            if isinstance(screen, GameDialog) and screen.is_mounted:
                screen.refresh_from_game()  # first: an answer shown holds the bots, which the prompt tells
        self.redraw()
        self.sync()
        for explanation in lessons:  # once the dialog these events ask for is open: told at its foot
            self._teach(explanation)

    def _follow_mover(self, new_events: Sequence[Event]) -> None:
        """Move the selection with a person's token; the board marks the last move's way."""
        moved: set[int] = set()
        mover: int | None = None
        for e in new_events:
            if e.kind == "player_moved":
                if e.player != mover:  # a move of another player: his way alone
                    moved, mover = set(), e.player
                moved.update((*e.path, e.to_space))
                if e.player in self._humans:
                    self.selected = e.to_space
            elif e.kind == "sent_to_jail" and e.player in self._humans and self.client.board.jail is not None:
                self.selected = self.client.board.jail
        if moved:
            self._trail = frozenset(moved)

    def _negotiating(self) -> bool:
        """Whether a trade dialog is open (it shows the answers to offers itself)."""
        return any(isinstance(s, TradeScreen | DealScreen) for s in self.app.screen_stack)

    @guarded
    def sync(self) -> None:
        """Bring the dialogs in step with the game (`tui.dialog_router`), and let the bots move on."""
        self.router.sync()

    # --- bots ---------------------------------------------------------------------------------

    def _bots_may_move(self) -> bool:
        if time.monotonic() < self._held_until:
            return False
        return bool(getattr(self.app.screen, "lets_bots_play", False))

    def _teach(self, explanation: Explanation) -> None:
        """Show one of the lesson's explanations, long enough to read, the bots waiting meanwhile: at the
        foot of the dialog open, if one is, else in a notice over the board."""
        seconds = reading_time(explanation)
        self._teaching = (explanation, time.monotonic() + seconds + NOTICE_AFTER)
        self._hold_bots(seconds)

        def show() -> None:  # once a dialog asked for in the same moment is on top (a game taken up)
            if self._teaching is None or self._teaching[0] != explanation:
                return
            top = self.app.screen
            if top is self or not isinstance(top, Overlay) or not top.show_lesson(explanation):
                title = _("Lesson: {title}", title=_(explanation.title))
                self.notify(_(explanation.text), title=title, timeout=seconds + NOTICE_AFTER)

        self.call_after_refresh(show)

    def lesson_now(self) -> Explanation | None:
        """Return the tutorial explanation shown now, if one is (a dialog opening shows it at its foot)."""
        if self._teaching is None or time.monotonic() > self._teaching[1]:
            return None
        return self._teaching[0]

    def _hold_bots(self, seconds: float) -> None:
        """Pause the bots for `seconds` (from now), then let them move on."""
        self._held_until = max(self._held_until, time.monotonic() + seconds)
        self.set_timer(seconds + 0.05, self.client.poke)

    def bots_settled(self) -> bool:
        """Whether no bot move is due or scheduled (the game waits on a person, is over, or a dialog
        holds the bots)."""
        return self.client.settled()

    # --- what the keys can do now (the footer shows it) -------------------------------------

    def _legal_kinds(self, me: int | None) -> set[str]:
        return set() if me is None else {c.kind for c in self.client.legal(me)}

    def _seat_for(self, key: GameKey | None) -> int | None:
        return self.acting() if key is not None and key.seat == "acting" else self.turn_seat()

    def possible(self, name: str) -> bool:
        """Whether the key that does `name` (`tui.game_keys.GameKey.name`) can do anything now."""
        key = self._by_kinds.get(name)
        if key is not None:
            return bool(self._legal_kinds(self._seat_for(key)) & key.kinds)
        me = self.acting()
        if name == "trade":
            return me is not None and self.client.can_trade(me)
        if name == "deal":
            return me is not None and self.can_deal(me)
        if name == "loan":
            return me is not None and self.can_lend(me)
        if name == "decide":
            view = self.client.view(None)
            decision = decision_for(view, self._humans)
            return decision is not None and not self.router.showing(decision)
        if name == "skip":
            return self.client.bots_due()
        if name == "results":
            return self.client.view(None).winner is not None
        if name == "close_panel":
            return self._panel is not None or self._chances_open or self.focused is not None
        if name == "switch_seat":
            return len(self._humans) > 1
        if name == "take_back":
            return self.client.may_take_back
        return True

    # --- the chances, followed while their panel is open ---------------------------------------

    @property
    def chances_open(self) -> bool:
        return self._chances_open

    def _watch_chances(self, on: bool) -> None:
        """Follow the table's chances while the panel is open, and only then (each estimate costs CPU)."""
        if on and self._stop_watching is None:
            self._stop_watching = self.client.chances().watch(self._chances_changed)
        elif not on and self._stop_watching is not None:
            stop, self._stop_watching = self._stop_watching, None
            stop()

    def _chances_changed(self, figure: Figure) -> None:
        if not self.is_mounted:
            return
        panel = self.query_one(ChancesPanel)
        panel.show(figure, self.client.view(None), self.client.names, self.glyphs)
