"""What the trade and deal negotiators share: an offer drafted in bundles of deeds and amounts, and the
keys, status line and buttons that work on it.

Each negotiator drafts its offer (a `TradeDraft`, a `DealDraft`) in `BundleFields`: a list of deeds and
cards in hand, and fields of whole numbers (cash, jail cards, houses). A key focuses a field, its amount
selected to be typed over (`go_to_field`); a digit typed away from every field goes to the field last chosen
by its key, else to the cash (`on_key`), so that digits typed ahead of the focus are never lost. Every change
a bundle tells of (`BundleFields.Edited`) redraws the dialog (`refresh_from_game`); while composing, the
status line and the Send button follow the engine's own check of the draft. The offer is sent with the table
as it stood then (`view`); while it waits it can be withdrawn, and after a refusal `e` goes back to it, to
change it and send it again (`action_revise`).
"""

from __future__ import annotations

from typing import ClassVar, Generic, Protocol, TypeVar

from textual import events
from textual.content import Content
from textual.widgets import Button, Input, Static

from engine import Command, GameView
from translation import _
from tui.dialogs.base import Table
from tui.dialogs.bundle_fields import BundleFields
from tui.dialogs.offer import OfferDialog, OfferT
from tui.director import Decision
from tui.widgets.steady_input import SteadyInput


class Draft(Protocol):
    """An offer being drafted, as the negotiators read it (a trade's or a deal's)."""

    @property
    def empty(self) -> bool: ...

    def command(self) -> Command | None: ...


DraftT = TypeVar("DraftT", bound=Draft)


class Negotiator(OfferDialog[OfferT], Generic[OfferT, DraftT]):
    """Base of the trade and deal negotiators: the draft's keys and buttons, its status line, and sending,
    changing and withdrawing the offer."""

    CASH: ClassVar[str]
    """The cash field's id: where a digit typed away from every field goes, unless a key chose another."""
    NO_OFFER: ClassVar[str]
    """What Send says while the draft is no offer yet (a message id, translated when told)."""
    DEFAULT_CSS = """
    Negotiator > #dialog {
        width: 100;
        max-width: 100%;
    }
    Negotiator #status {
        height: auto;
        text-style: bold;
    }
    """

    draft: DraftT

    def __init__(self, table: Table, player: int, received: Decision | None = None) -> None:
        super().__init__(table, player, received)
        self._offer_view: GameView | None = None  # the table as it stood when the offer was sent
        self._retype = False  # the next digit typed replaces the amount in `_amount_field`
        self._amount_field = self.CASH  # where a digit typed away from every field goes

    @property
    def view(self) -> GameView:
        """Return the table as it stood when the offer was made, while the offer and its answer are shown."""
        if self.mode in ("waiting", "answered") and self._offer_view is not None:
            return self._offer_view
        return super().view

    # --- what each negotiator does its own way --------------------------------------------------

    def show_terms(self) -> None:
        """Show the offer as it stands: its title, sides or parts, and what it does to the players."""
        raise NotImplementedError

    def fill_from_draft(self) -> None:
        """Fill the fields from the draft, then redraw (back to composing after a refusal, say)."""
        raise NotImplementedError

    def focus_draft(self) -> None:
        """Put the focus where the offer is changed, once it is shown again after a refusal."""
        raise NotImplementedError

    def withdrawal(self, offer: OfferT) -> Command:
        """Return the command that withdraws `offer`, sent from here."""
        raise NotImplementedError

    def _read_widgets(self) -> None:
        """Read the draft from the fields as they show it now (a deal's parts are added to it one by one
        instead, and there is nothing to read)."""

    # --- the fields -----------------------------------------------------------------------------

    def _players(self) -> list[int]:
        """Return the players still in the game."""
        return [p for p, ps in enumerate(self.view.players) if not ps.bankrupt]

    def go_to_field(self, name: str) -> bool:
        """Focus the field or list a key chose, an amount selected to be typed over; the digits typed before
        the focus lands go there too, and no focus scheduled earlier takes it back. False if it is disabled
        (nothing to put there)."""
        widget = self.query_one(f"#{name}")
        amount = isinstance(widget, Input) and not widget.disabled
        self._amount_field = name if amount else self.CASH
        self._retype = amount
        if widget.disabled:
            return False
        widget.focus()
        if isinstance(widget, Input):
            widget.select_all()
        return True

    def on_key(self, event: events.Key) -> None:
        """Treat a digit that no field took (a field handles its own) as an amount: for the field last chosen
        by its key, else the cash. Typed right after "Change the offer" or a field's key, before the focus
        gets there, or with the focus on a list or a button, the amount is never lost. Any other key goes on
        to `GameDialog.on_key`, which Textual calls after this one."""
        char = event.character
        if self.mode == "compose" and char is not None and char.isdigit():
            event.stop()
            field = self.query_one(f"#{self._amount_field}", SteadyInput)
            field.value = char if self._retype or field.value in ("", "0") else field.value + char
            self._retype = False
            field.focus_typing_on()

    def on_bundle_fields_edited(self, event: BundleFields.Edited) -> None:
        self.refresh_from_game()

    # --- showing it -----------------------------------------------------------------------------

    def refresh_from_game(self) -> None:
        """Redraw from the fields and the game: the answer looked for, the keys on offer, the offer, its
        status line and its buttons."""
        if not self.is_mounted:
            return
        self._read_widgets()
        self.look_for_answer()
        self.refresh_bindings()
        self.show_terms()
        self._show_status()
        self.show_buttons()

    def _show_status(self) -> None:
        """Show whether the offer composed can be sent, else why not (the engine's own words), or in the
        other modes where the offer stands."""
        status = self.query_one("#status", Static)
        if self.mode != "compose":
            status.update(self.status_text())
            return
        cmd = self.draft.command()
        if cmd is None:
            status.update("")
        elif self.draft.empty:
            status.update(Content.styled(_("Put something on the table."), "dim"))
        else:
            why = self.client.check(cmd)
            status.update(
                Content.styled(why, "$error") if why else Content.styled(_("Ready to send."), "$success")
            )

    def sendable(self) -> bool:
        """Whether the offer composed can be sent: something on the table, and the engine allows it."""
        cmd = self.draft.command()
        return cmd is not None and not self.draft.empty and self.client.check(cmd) is None

    def show_buttons(self) -> None:
        """Show each mode's buttons, Send enabled while the offer composed can be sent."""
        super().show_buttons()
        if self.mode == "compose":
            self.enable("send", self.sendable())

    def ready(self, action: str) -> bool:
        sent = self.sent
        if action == "revise":  # turned down, or withdrawn: not once it is done
            return sent is not None and not any(
                self.STORY.outcome(e, sent) == "accepted" for e in self.client.history()[-50:]
            )
        if action == "withdraw":
            return sent is not None and self.withdrawal(sent) in self.legal(self.player)
        return True

    # --- actions --------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button)

    def action_send(self) -> None:
        """Send the offer composed (Ctrl+S), or say what it lacks."""
        if self.mode != "compose":
            return
        self._read_widgets()
        cmd = self.draft.command()
        if cmd is None:
            self.notify(_(self.NO_OFFER), timeout=3)
            return
        if self.draft.empty:
            self.notify(_("Put something on the table first."), timeout=3)
            return
        self._offer_view = self.client.view(self.player)
        self.send_offer(cmd)

    def action_revise(self) -> None:
        """Revise after a refusal: back to the same offer, every part as it was, to change it and send it
        again."""
        if self.mode != "answered":
            return
        self.set_mode("compose")
        self.sent = None
        self.fill_from_draft()
        self.focus_draft()

    def action_withdraw(self) -> None:
        if self.sent is not None:
            self.table.play(self.withdrawal(self.sent))
