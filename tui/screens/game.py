"""The game screen: the board, the panels and the footer, and the table's running order.

It sends the people's commands through the client, shows every change of the table as it arrives (the
client rings with `TableChanged`, whoever moved), holds the bots while a person is busy in a dialog, and
opens the dialog for whatever the game waits on from a person here. Everything it shows comes from the
client's views and events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content

from engine import Command
from engine.events import Event
from room import pacing
from room.room import Update
from tui import captions
from tui.board_layout import neighbour
from tui.client import GameClient, TableChanged
from tui.dialogs.any_space import AnySpaceDialog
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.bank import BankDialog
from tui.dialogs.base import GameDialog, PaletteEntry
from tui.dialogs.build import BuildDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.card import CardDialog
from tui.dialogs.debt import DebtDialog
from tui.dialogs.direction import DirectionDialog
from tui.dialogs.excess_lots import ExcessLotsDialog
from tui.dialogs.income_tax import IncomeTaxDialog
from tui.dialogs.jail import JailDialog
from tui.dialogs.loan import LoanScreen
from tui.dialogs.lot import LotDialog
from tui.dialogs.luxury import LuxuryDialog
from tui.dialogs.mortgage import MortgageDialog
from tui.dialogs.mortgage_decision import MortgageDecisionDialog
from tui.dialogs.place_building import PlaceBuildingDialog
from tui.dialogs.refund_card import RefundCardDialog
from tui.dialogs.ride import RideDialog
from tui.dialogs.route import RouteDialog
from tui.dialogs.tickets import TicketsDialog
from tui.dialogs.trade import TradeScreen
from tui.dialogs.travel import TravelDialog
from tui.dialogs.winnings_card import WinningsCardDialog
from tui.director import Decision, acting_seat, decision_for, turn_seat
from tui.errors import guarded, report
from tui.glyphs import Glyphs, plain
from tui.layout import layout_for
from tui.screens.overlay import Underlay
from tui.trade_model import TradeDraft
from tui.widgets.board import BoardGrid, SpaceClicked, cell_states, grid_position, side_length
from tui.widgets.centre import CentrePanel
from tui.widgets.deed import DeedPanel
from tui.widgets.event_log import EventLog
from tui.widgets.holdings import HoldingsPanel
from tui.widgets.status import StatusBar
from tui.widgets.steady_footer import SteadyFooter
from tui.words import actor_of, describe_command

if TYPE_CHECKING:
    from engine import GameView

CENTRE_EVENTS = 40

# Footer actions that stand for commands: shown only when one of these command kinds is legal.
ACTION_KINDS: dict[str, frozenset[str]] = {
    "roll": frozenset({"roll_dice"}),
    "end_turn": frozenset({"end_turn"}),
    "pay_fine": frozenset({"pay_jail_fine"}),
    "use_card": frozenset({"use_jail_card"}),
    "build": frozenset({"build", "sell_building", "sell_lot"}),
    "mortgage": frozenset({"mortgage", "unmortgage"}),
    "travel": frozenset({"play_travel_cards", "roll_with_travel_card"}),
    "bank": frozenset({"borrow_from_bank", "repay_loan"}),
}
KEY_ACTIONS = {
    "r": "roll",
    "e": "end_turn",
    "p": "pay_fine",
    "c": "use_card",
    "b": "build",
    "m": "mortgage",
    "t": "trade",
    "v": "travel",
    "k": "bank",
    "i": "loan",
    "space": "skip",
    "enter": "decide",
}


class GameScreen(Underlay[None]):
    """One game at the table."""

    lets_bots_play: ClassVar[bool] = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll"),
        Binding("e", "end_turn", "End turn"),
        Binding("p", "pay_fine", "Pay fine"),
        Binding("c", "use_card", "Use card"),
        Binding("enter", "decide", "Decide"),
        Binding("b", "build", "Build"),
        Binding("m", "mortgage", "Mortgage"),
        Binding("t", "trade", "Trade"),
        Binding("v", "travel", "Travel cards"),
        Binding("k", "bank", "Bank"),
        Binding("i", "loan", "Loan"),
        Binding("space", "skip", "Skip ahead"),
        Binding("o", "results", "Results"),
        Binding("h", "panel('holdings')", "Holdings"),
        Binding("d", "panel('deed')", "Deed"),
        Binding("l", "panel('log')", "Log"),
        Binding("escape", "close_panel", "Close", show=False),
        Binding("w", "switch_seat", "Switch seat", show=False),
        Binding("plus,equals_sign", "faster", "Faster", show=False),
        Binding("minus", "slower", "Slower", show=False),
        Binding("left", "move_selection(0, -1)", "Left", show=False),
        Binding("right", "move_selection(0, 1)", "Right", show=False),
        Binding("up", "move_selection(-1, 0)", "Up", show=False),
        Binding("down", "move_selection(1, 0)", "Down", show=False),
        Binding("n", "step_selection(1)", "Next space", show=False),
        Binding("home", "select_current", "My space", show=False),
    ]

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
    """

    def __init__(self, client: GameClient, glyphs: Glyphs, speed: str = pacing.DEFAULT_SPEED) -> None:
        super().__init__()
        self.client = client
        self.glyphs = glyphs
        self._humans = set(client.local_seats)
        self._last_human: int | None = None
        self._chosen: tuple[int, int | None] | None = None  # (seat chosen with w, the human then waited on)
        self._deferred: tuple[object, ...] | None = None
        self._announcements: list[GameDialog] = []
        self._shown = client.version  # the version of the table on the screen
        client.speed = speed
        self._over_shown = False
        self._panel: str | None = None
        self._entries: list[Content] = []
        self._keys_shown: tuple[bool, ...] = ()
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

    def acting(self) -> int | None:
        """The human the keyboard speaks for now: the seat chosen with `w` until the game waits on
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
        """Whose turn keys (roll, end, pay the fine, use a card) the keyboard presses."""
        return turn_seat(self.client.view(None), self._humans, self.acting())

    def defer(self, decision: Decision) -> None:
        """A decision dialog closed without deciding: do not reopen it until asked (Enter)."""
        self._deferred = decision.key
        self._refresh_keys()

    def _trouble(self, exc: Exception) -> None:
        """An unexpected error: a notice, and the game goes on."""
        self.notify(report(exc) + " The game is safe.", severity="error", timeout=10)

    def play(self, cmd: Command) -> bool:
        """Send a person's command, chosen on the table as shown; a refusal becomes a one-line notice."""
        try:
            outcome = self.client.send(cmd, self._shown)
        except Exception as exc:
            self._trouble(exc)
            return False
        if not outcome.ok:
            self.notify(outcome.refusal or "Not allowed now.", severity="warning", timeout=4)
            if outcome.code == "stale_table":
                self.catch_up()
            return False
        self._last_human = cmd.player
        self.catch_up()
        return True

    def on_table_changed(self, message: TableChanged) -> None:
        self.catch_up()

    def catch_up(self) -> None:
        """Show every change of the table that has arrived and not yet been shown."""
        events: list[Event] = []
        notice: str | None = None
        for update in self.client.collect():
            if update.version <= self._shown:
                continue
            self._shown = update.version
            events.extend(update.events)
            notice = update.notice or notice
        if events or notice:
            self.after(events, notice)

    def _needs_a_person(self, update: Update) -> bool:
        """A hurry stops at a card a person here drew, or when the game asks a person here something."""
        if any(e.kind == "card_drawn" and e.player in self._humans for e in update.events):
            return True
        return decision_for(self.client.view(None), self._humans) is not None

    def open_trade(self, player: int, draft: TradeDraft | None = None) -> None:
        if not self.client.can_trade(player):
            self.notify("Trades wait until the auction or the open offer is settled.", timeout=3)
            return
        self.app.push_screen(TradeScreen(self, player, draft))

    def open_management(self, which: str, player: int) -> None:
        kinds: dict[str, type[GameDialog]] = {"build": BuildDialog, "bank": BankDialog}
        dialog = kinds.get(which, MortgageDialog)(self, player)  # type: ignore[call-arg]
        self.app.push_screen(dialog)

    def can_lend(self, player: int) -> bool:
        """Whether the player may propose a loan now (where players lend to each other)."""
        loans = self.client.board.edition.loans
        return loans is not None and loans.between_players and self.client.can_trade(player)

    def open_loan(self, player: int) -> None:
        if not self.can_lend(player):
            self.notify("Loans wait until the auction, the move or the open offer is settled.", timeout=3)
            return
        self.app.push_screen(LoanScreen(self, player))

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.board
                yield EventLog(id="log-below")
            with Vertical(id="side"):
                yield HoldingsPanel(id="holdings")
                yield DeedPanel(id="deed")
                yield EventLog(id="side-log")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.board.centre.rule = self.glyphs.rule  # type: ignore[attr-defined]
        self._apply_layout()
        self._shown = self.client.version
        self.client.collect()  # the story so far is told from the history below
        self._entries = [self._entry(e) for e in self.client.history()]
        self.client.follow(
            self.post_message, self.set_timer, self._bots_may_move, self._needs_a_person, self._trouble
        )
        self._sync_logs()
        self.redraw()
        self.call_after_refresh(self.sync)

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.redraw()
            self.call_after_refresh(self.sync)

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
        """The event logs on show: under the board when there is room, in the side panel when chosen."""
        logs = []
        if self.has_class("-log-below"):
            logs.append(self.query_one("#log-below", EventLog))
        if self._panel == "log":
            logs.append(self.query_one("#side-log", EventLog))
        return logs

    def _sync_logs(self) -> None:
        """Bring the logs on show up to date (a hidden log catches up when it is shown)."""
        for log in self._logs_in_view():
            missing = len(self._entries) - log.entry_count
            if missing > 0:
                log.add_lines(self._entries[-missing:])

    def _show_panel_classes(self) -> None:
        side = self.query_one("#side")
        panel = self._panel
        side.set_class(panel is not None, "-open")
        for name in ("holdings", "deed", "log"):
            side.set_class(panel == name, f"-{name}")
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
        self.query_one(HoldingsPanel).show(view, board, names, facts, self.glyphs)
        self.query_one(DeedPanel).show(view, board, self.selected, names, facts, self.glyphs)
        line = captions.status_line(client, view, me, len(self._humans), self.speed, self.glyphs)
        self.query_one("#status", StatusBar).show(line)
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Ask the footer to redraw only when the keys on offer change (it rebuilds itself each time)."""
        keys = tuple(bool(self.check_action(b.action.split("(")[0], ())) for b in self._footer_bindings())
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def _footer_bindings(self) -> list[Binding]:
        return [b for b in self.BINDINGS if isinstance(b, Binding) and b.show]

    def _centre_head(self, view: GameView, me: int | None) -> list[Content]:
        keys = [
            (key, captions.ACTION_WORDS[action])
            for key, action in KEY_ACTIONS.items()
            if action in captions.ACTION_WORDS and self.check_action(action, ())
        ]
        prompt = captions.prompt_line(
            self.client, view, self.turn_seat(), keys, bool(self.check_action("decide", ()))
        )
        table = captions.table_line(self.client, view)
        width = max(self.board.centre.size.width - 2, 40)
        head = [
            captions.dice_line(view, self.glyphs),
            *([table] if table is not None else []),
            captions.turn_line(self.client, view),
            *captions.player_rows(self.client, view, self.glyphs, width, self._humans),
            prompt,
            captions.selected_line(self.client, view, self.selected, self.glyphs),
        ]
        boxes = captions.boxes_line(view, self.client)
        return head if boxes is None else [*head, boxes]

    # --- after every change -------------------------------------------------------------------

    @guarded
    def after(self, new_events: Sequence[Event], notice: str | None = None) -> None:
        """Show what just happened, then put the next decision to whoever must make it."""
        self._entries.extend(self._entry(e) for e in new_events)
        self._sync_logs()
        self._announce(new_events)
        if notice:
            self.notify(notice, severity="error", timeout=6)
        if self.client.view(None).pending is not None:
            self._follow_mover(new_events)
        self.redraw()
        for screen in self.app.screen_stack:
            if isinstance(screen, GameDialog) and screen.is_mounted:
                screen.refresh_from_game()
        self.sync()

    def _follow_mover(self, new_events: Sequence[Event]) -> None:
        """The selection follows a person's token when it moves; the board marks the last move's way."""
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

    def _announce(self, new_events: Sequence[Event]) -> None:
        names = self.client.names
        for e in new_events:
            if e.kind == "card_drawn" and e.player in self._humans:
                deck = self.client.board.edition.decks.get(e.deck)
                text = plain(e.text) if self.glyphs.ascii_only else e.text
                self._announcements.append(
                    CardDialog(self, names[e.player], deck.name if deck else e.deck, text)
                )
            elif e.kind == "card_taken" and e.player in self._humans:
                dialog = self._card_taken(e.player, e.deck, e.card)
                if dialog is not None:
                    self._announcements.append(dialog)
            elif e.kind == "player_bankrupt":
                self.notify(self.client.narrate(e), severity="warning", timeout=6)
            elif e.kind in ("auction_won", "auction_unsold"):
                self.notify(self.client.narrate(e), timeout=4)
            elif e.kind in ("trade_completed", "trade_rejected") and not self._trade_screen_open():
                involved = e.trade.to if e.kind == "trade_completed" else e.player
                if involved in self._humans or actor_of(e) in self._humans:
                    self.notify(self.client.narrate(e), timeout=5)

    def _card_taken(self, player: int, deck: str, card: str) -> CardDialog | None:
        """The card a person here took into his hand (a face-down one read from his own hand)."""
        board = self.client.board
        if not card:
            hand = [r for r in self.client.view(player).players[player].hand if r.partition("/")[0] == deck]
            if not hand:
                return None
            card = hand[-1].partition("/")[2]
        found = board.cards.get(deck, {}).get(card)
        if found is None:
            return None
        text = plain(found.text) if self.glyphs.ascii_only else found.text
        return CardDialog(self, self.client.names[player], f"a {board.edition.decks[deck].name} card", text)

    def _trade_screen_open(self) -> bool:
        return any(isinstance(s, TradeScreen) for s in self.app.screen_stack)

    @guarded
    def sync(self) -> None:
        """Close dialogs for decisions already made, open the one the game now waits on, pace the bots."""
        if not self.is_attached:
            return
        view = self.client.view(None)
        if view.winner is not None:
            self._close_stale(None)
            if not self._over_shown and not self._announcements:
                self._over_shown = True
                from tui.screens.game_over import GameOverScreen

                self.app.push_screen(GameOverScreen(self.client))
            elif self._announcements and self.app.screen is self:
                self.app.push_screen(self._announcements.pop(0), lambda _: self.sync())
            return
        decision = decision_for(view, self._humans)
        self._close_stale(decision)
        top = self.app.screen
        quiet = top is self or not isinstance(top, GameDialog) or top.decision is None
        if self._announcements and not isinstance(top, CardDialog) and quiet:
            self.app.push_screen(self._announcements.pop(0), lambda _: self.sync())
            return
        if self._announcements or isinstance(top, CardDialog):
            return  # the card is read first; its closing brings the table back here
        if decision is not None and decision.key != self._deferred and not self._showing(decision):
            self._deferred = None
            dialog = self._dialog_for(decision)
            if dialog is not None:
                self.app.push_screen(dialog)
                return
        self.client.poke()

    def _showing(self, decision: Decision) -> bool:
        return any(
            isinstance(s, GameDialog) and s.decision is not None and s.decision.key == decision.key
            for s in self.app.screen_stack
        )

    def _close_stale(self, decision: Decision | None) -> None:
        """Pop decision dialogs (from the top) whose decision has been made."""
        while True:
            top = self.app.screen
            if not isinstance(top, GameDialog) or top.decision is None:
                return
            if decision is not None and top.decision.key == decision.key:
                return
            top.dismiss()
            if self.app.screen is top:  # not dismissed yet (still mounting): try again shortly
                self.call_after_refresh(self.sync)
                return

    def _dialog_for(self, decision: Decision) -> GameDialog | None:
        kinds: dict[str, type[GameDialog]] = {
            "jail": JailDialog,
            "buy": BuyDialog,
            "auction": AuctionDialog,
            "income_tax": IncomeTaxDialog,
            "debt": DebtDialog,
            "mortgage_decision": MortgageDecisionDialog,
            "place_building": PlaceBuildingDialog,
            "route": RouteDialog,
            "excess_lots": ExcessLotsDialog,
            "ride": RideDialog,
            "any_space": AnySpaceDialog,
            "refund_card": RefundCardDialog,
            "winnings_card": WinningsCardDialog,
            "tickets": TicketsDialog,
            "lot": LotDialog,
            "luxury": LuxuryDialog,
            "direction": DirectionDialog,
        }
        if decision.kind == "trade":
            return TradeScreen(self, decision.player, received=decision)
        if decision.kind == "loan":
            return LoanScreen(self, decision.player, received=decision)
        kind = kinds.get(decision.kind)
        return kind(self, decision) if kind is not None else None  # type: ignore[call-arg]

    # --- bots ---------------------------------------------------------------------------------

    def _bots_may_move(self) -> bool:
        return bool(getattr(self.app.screen, "lets_bots_play", False))

    def bots_settled(self) -> bool:
        """True when no bot move is due or scheduled (the game waits on a person, is over, or a dialog
        holds the bots)."""
        return self.client.settled()

    # --- keys ---------------------------------------------------------------------------------

    def _legal_kinds(self, me: int | None) -> set[str]:
        return set() if me is None else {c.kind for c in self.client.legal(me)}

    def _seat_for(self, action: str) -> int | None:
        return self.acting() if action in ("build", "mortgage") else self.turn_seat()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ACTION_KINDS:
            return bool(self._legal_kinds(self._seat_for(action)) & ACTION_KINDS[action])
        me = self.acting()
        if action == "trade":
            return me is not None and self.client.can_trade(me)
        if action == "loan":
            return me is not None and self.can_lend(me)
        if action == "decide":
            view = self.client.view(None)
            decision = decision_for(view, self._humans)
            return decision is not None and not self._showing(decision)
        if action == "skip":
            return self.client.bots_due()
        if action == "results":
            return self.client.view(None).winner is not None
        if action == "close_panel":
            return self._panel is not None or self.focused is not None
        if action == "panel":
            return True
        if action == "switch_seat":
            return len(self._humans) > 1
        return True

    def on_key(self, event: events.Key) -> None:
        """A game key that does nothing now gets a short hint instead."""
        action = KEY_ACTIONS.get(event.key)
        if action is None or self.check_action(action, ()):
            return
        self.notify(captions.hint(action, self.client, self._seat_for(action)), timeout=3)

    def _first_legal(self, kinds: frozenset[str]) -> Command | None:
        me = self.turn_seat()
        if me is None:
            return None
        return next((c for c in self.client.legal(me) if c.kind in kinds), None)

    def action_roll(self) -> None:
        cmd = self._first_legal(ACTION_KINDS["roll"])
        if cmd is not None:
            self.play(cmd)

    def action_end_turn(self) -> None:
        cmd = self._first_legal(ACTION_KINDS["end_turn"])
        if cmd is not None:
            self.play(cmd)

    def action_pay_fine(self) -> None:
        cmd = self._first_legal(ACTION_KINDS["pay_fine"])
        if cmd is not None:
            self.play(cmd)

    def action_use_card(self) -> None:
        cmd = self._first_legal(ACTION_KINDS["use_card"])
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
        self._deferred = None
        self.sync()

    def action_results(self) -> None:
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self.client))

    def action_skip(self) -> None:
        self.client.hurry()

    def action_faster(self) -> None:
        self.speed = pacing.faster(self.speed)
        self.notify(f"Bots move at {self.speed} speed.", timeout=2)
        self.redraw()

    def action_slower(self) -> None:
        self.speed = pacing.slower(self.speed)
        self.notify(f"Bots move at {self.speed} speed.", timeout=2)
        self.redraw()

    def action_panel(self, name: str) -> None:
        """Show a panel (and give it the keys, so that it scrolls); the same key again hides it."""
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
        self._show_panel_classes()
        self.set_focus(None)

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
        text = f"Acting for {names[seat]}: building, mortgages and trades are {names[seat]}'s."
        if waited is not None and waited != seat:
            text += f" {names[waited]} still answers what the game asks now."
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
        """Every legal command of the person at the keyboard, in words."""
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
            yield ("Propose a trade", "Open the trade negotiator", self.action_trade)
        if self.can_lend(me):
            yield ("Propose a loan", "Open the loan negotiator", self.action_loan)
        if self.client.bots_due():
            yield ("Skip ahead", "Let the bots move without pause", self.action_skip)
        yield ("Bots faster", f"Now {self.speed}", self.action_faster)
        yield ("Bots slower", f"Now {self.speed}", self.action_slower)

    def position_of(self, space: int) -> tuple[int, int]:
        return grid_position(self.client.board, space)
