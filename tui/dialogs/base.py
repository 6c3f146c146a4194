"""What every dialog shares: the table it belongs to, its keys, and a refresh after every change."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Button

from engine import Command, GameView
from room.lesson import Explanation
from translation import N_, _
from tui.client import GameClient
from tui.dialogs.overlay import Overlay
from tui.director import Decision
from tui.styles.glyphs import Glyphs
from tui.widgets.lesson_note import LessonNote

if TYPE_CHECKING:
    from tui.models.deal_model import DealDraft
    from tui.models.trade_model import TradeDraft

PaletteEntry = tuple[str, str, Callable[[], object]]


def relabel(button: Button, label: str) -> None:
    """Set a button's label and re-layout it if its width changes: Textual repaints a button whose label
    changed at its old width, so that a cached buy dialog that had offered a $60 deed showed "Buy for $100"
    for the next, its key cut off."""
    width = cell_len(str(button.label))
    button.label = label
    if cell_len(str(button.label)) != width:
        button.refresh(layout=True)


class Table(Protocol):
    """The game screen, as its dialogs see it (a protocol)."""

    client: GameClient
    glyphs: Glyphs

    def play(self, cmd: Command) -> bool: ...

    def acting(self) -> int | None: ...

    def humans(self) -> set[int]: ...

    def defer(self, decision: Decision) -> None: ...

    def sync(self) -> None: ...

    def open_trade(self, player: int, draft: TradeDraft | None = None) -> None: ...

    def open_deal(self, player: int, draft: DealDraft | None = None) -> None: ...

    def keep_deal(self, draft: DealDraft) -> None: ...

    def open_management(self, which: str, player: int) -> None: ...

    def open_loan(self, player: int) -> None: ...

    def action_advise(self) -> None: ...

    def open_chances(self) -> None: ...

    def lesson_now(self) -> Explanation | None: ...


class GameDialog(Overlay[None]):
    """A dialog over the game screen, refreshed whenever the game changes."""

    lets_bots_play: ClassVar[bool] = False
    """Whether bots may keep moving while this dialog is open (an auction: yes; building: no)."""

    LESSON_INTO = "#dialog"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("z", "advise", N_("Advisor"), show=False),
        Binding("f1,question_mark", "help", N_("Help"), show=False),  # over the dialog, which stays open
        Binding("s", "chances", N_("Chances"), show=False),  # a dialog's own s comes first
    ]

    DEFAULT_CSS = """
    GameDialog {
        align: center middle;
        background: $background 60%;
    }
    GameDialog > #dialog {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    GameDialog #title {
        width: 1fr;
        text-style: bold;
        color: $text;
        background: $primary 30%;
        padding: 0 1;
        margin-bottom: 1;
    }
    GameDialog .buttons {
        height: auto;
        margin-top: 1;
    }
    GameDialog .buttons Button {
        margin-right: 1;
        min-width: 10;
    }
    GameDialog .note {
        color: $text-muted;
    }
    """

    decision: Decision | None = None

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self._keys_shown: tuple[bool, ...] = ()
        self._by_id: dict[str, list[Button]] | None = None  # the buttons, found once mounted (`_buttons`)

    @property
    def client(self) -> GameClient:
        return self.table.client

    @property
    def view(self) -> GameView:
        return self.client.view(self.table.acting())

    def legal(self, player: int | None) -> list[Command]:
        return [] if player is None else self.client.legal(player)

    def refresh_from_game(self) -> None:
        """Redraw from the game as it now stands."""

    def palette_commands(self) -> Iterable[PaletteEntry]:
        """Return the command palette's commands while this dialog is open."""
        return ()

    @property
    def closed(self) -> bool:
        """Whether the dialog was closed before it mounted (opened and answered in one moment, as a stand-in
        or a bot can): its widgets are already gone, and there is nothing to fill."""
        return self not in self.app.screen_stack

    def on_mount(self) -> None:
        """Fill the dialog from the game. Textual calls every class's own `on_mount`, a subclass's first
        and this one after it, so a subclass never calls this one: what it must do after the fill (the
        focus, say) goes in `filled`."""
        if self.closed:
            return
        self._fill()

    def _fill(self) -> None:
        self._refill = False
        self.refresh_from_game()
        self.filled()
        explanation = self.table.lesson_now()
        if explanation is not None and self.show_lesson(explanation):
            self.app.clear_notifications()  # the notice laid over the dialog: it is at its foot now

    def filled(self) -> None:
        """Called each time the dialog is filled from the game for a decision (first, or reopened)."""

    _refill = False  # reopened for a new decision: filled anew when it comes on top

    def reopen(self, decision: Decision | None = None) -> None:
        """Reset this cached dialog (`tui.dialog_router`) for a new decision: as a new one
        would be, with nothing of its last use left (its own state, the focus, a lesson at its foot)."""
        self.decision = decision
        self.forget()
        self._lesson = None
        self._refill = True
        if self.is_mounted:
            for note in self.query(LessonNote):
                note.remove()
            self.set_focus(None)  # Textual focuses as on a new screen when it comes on top

    def forget(self) -> None:
        """Clear what the last decision left in this dialog's own state (a subclass's: its bid, say)."""

    def on_screen_resume(self) -> None:
        """Handle the dialog coming back on top (a dialog over it closed, or reopened for a new decision):
        catch up, and let the table move on."""
        if self.is_mounted and not self.closed:
            if self._refill:
                self._fill()
            else:
                self.refresh_from_game()
            self.call_after_refresh(self.table.sync)

    def action_advise(self) -> None:
        """Open the advisor over this dialog: what `expert` would do here."""
        self.table.action_advise()

    def action_help(self) -> None:
        """Open the help over this dialog: a dialog shuts out the app's own keys, F1 among them."""
        help_of_app = getattr(self.app, "action_help", None)
        if callable(help_of_app):
            help_of_app()

    def action_chances(self) -> None:
        """Open the chances panel over this dialog, which stays open."""
        self.table.open_chances()

    def action_close(self) -> None:
        if self.decision is not None:
            self.table.defer(self.decision)
        self.dismiss()

    def enable(self, button_id: str, on: bool) -> None:
        for button in self._with_id(button_id):
            button.disabled = not on
        self._refresh_keys()

    BUTTON_FOR_ACTION: ClassVar[dict[str, str]] = {}
    """Actions whose button has another id (an action whose button is disabled leaves the footer)."""

    def _buttons(self, action: str) -> list[Button]:
        return self._with_id(self.BUTTON_FOR_ACTION.get(action, action)) if self.is_mounted else []

    def _with_id(self, button_id: str) -> list[Button]:
        """Return the buttons with this id. Looked up for every key on offer each time the footer is drawn, so
        found in one walk of the dialog, cached once it is mounted (its buttons are all made with it)."""
        if self._by_id is not None:
            return self._by_id.get(button_id, [])
        found: dict[str, list[Button]] = {}
        for button in self.query(Button).results(Button):
            if button.id is not None:
                found.setdefault(button.id, []).append(button)
        if self.is_mounted:
            self._by_id = found
        return found.get(button_id, [])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide from the footer an action whose buttons are all disabled, or that is not part of this game at
        all."""
        buttons = self._buttons(action)
        return not (buttons and all(b.disabled or not b.display for b in buttons))

    def on_key(self, event: events.Key) -> None:
        """Show why a key's action is not possible now, instead of doing nothing; a key for
        something this game does not have (its button hidden) stays silent."""
        hints: list[str] = []
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or event.key not in binding.key.split(","):
                continue
            action = binding.action.split("(")[0]
            if self.check_action(action, ()):
                return
            if any(b.display for b in self._buttons(action)) or not self._buttons(action):
                hints.append(self.hint(action, _(binding.description)))
        if hints:
            self.notify(hints[0], timeout=3)

    def press(self, button: Button) -> None:
        """Run the action a pressed button's id names (`send`: `action_send`), as its key does."""
        getattr(self, f"action_{button.id}")()

    def hint(self, action: str, description: str) -> str:
        """Return why an action is not possible now (dialogs with a more specific reason override this)."""
        return _("{action}: not possible now.", action=description)

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the keys on offer change."""
        if not self.is_mounted:
            return
        actions = [b.action for b in self.BINDINGS if isinstance(b, Binding)]
        keys = tuple(bool(self.check_action(a.split("(")[0], ())) for a in actions)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()


class DecisionDialog(GameDialog):
    """A dialog for one decision the game waits on from one player (buy, jail, tax, debt, ...)."""

    def __init__(self, table: Table, decision: Decision) -> None:
        super().__init__(table)
        self.decision = decision
        self.player = decision.player

    def reopen(self, decision: Decision | None = None) -> None:
        assert decision is not None  # a decision dialog is reopened for a decision
        self.player = decision.player
        super().reopen(decision)
