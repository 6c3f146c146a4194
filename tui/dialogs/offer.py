"""What the trade, deal and loan negotiators share: the modes an offer's dialog goes through, and how the
answer to an offer sent from it is found.

A negotiator opens to compose an offer (`compose`) or to answer one received (`received`). An offer sent
waits (`waiting`: the bots play on meanwhile, so that a bot can answer it) until its answer is found in the
table's story; the dialog then shows it (`answered`). What each mode allows is a table, `MODES` of each
negotiator: the actions it takes (and their buttons, on show exactly then) and whether the bots play on.
How the story tells of one kind of offer, and what its answer says, is an `OfferStory`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from textual.content import Content

from engine import Command
from engine.core.events import Event
from translation import N_, _
from tui.dialogs.base import GameDialog, Table
from tui.director import Decision

Mode = Literal["compose", "waiting", "answered", "received"]
MODE_NAMES: tuple[Mode, ...] = ("compose", "waiting", "answered", "received")

Outcome = Literal["accepted", "rejected", "withdrawn"]


def typed_number(text: str) -> int:
    """Return the whole number typed in a field (dollars, cards, houses): nothing typed, or no whole number,
    is 0, and it is never below 0."""
    try:
        return max(int(text or "0"), 0)
    except ValueError:
        return 0


class Offer(Protocol):
    """An offer as the negotiators read it (a trade's or a loan's): its number, who made it, to whom."""

    @property
    def id(self) -> int: ...

    @property
    def proposer(self) -> int: ...

    @property
    def to(self) -> int: ...


OfferT = TypeVar("OfferT", bound=Offer)


@dataclass(frozen=True)
class ModeRules:
    """The rules of one mode of a negotiation dialog: the actions it takes (their buttons are on show exactly
    then, where the dialog has no further condition), and whether the bots play on meanwhile."""

    actions: frozenset[str]
    bots_play: bool = False


@dataclass(frozen=True)
class OfferStory(Generic[OfferT]):
    """How the event history reports one kind of offer: the offer an event proposes, what an event did
    to a given offer (None: nothing), and the text of its acceptance ("Vera accepted: the trade is
    done."), without a reason and with one (message ids, translated when told)."""

    proposed: Callable[[Event], OfferT | None]
    outcome: Callable[[Event, OfferT], Outcome | None]
    accepted: str
    accepted_why: str

    def answer(self, history: Sequence[Event], names: Sequence[str], offer: OfferT) -> Content | None:
        """Describe how `offer` was answered, read from the newest event back to its proposal; None
        while it waits."""
        for event in reversed(history):
            outcome = self.outcome(event, offer)
            reason = getattr(event, "reason", "")
            if outcome == "accepted":
                name = names[offer.to]
                said = (
                    _(self.accepted_why, name=name, reason=reason) if reason else _(self.accepted, name=name)
                )
                return Content.styled(said, "$success")
            if outcome == "rejected":  # by the one player who may answer it
                if reason:
                    said = _("{name} turned it down: {reason}", name=names[offer.to], reason=reason)
                else:
                    said = _("{name} turned it down.", name=names[offer.to])
                return Content.styled(said, "$error")
            if outcome == "withdrawn":
                return Content(_("The offer was withdrawn."))
            made = self.proposed(event)
            if made is not None and made.id == offer.id:
                return None
        return None


class OfferDialog(GameDialog, Generic[OfferT]):
    """Base of the negotiation dialogs: an offer composed and sent from here and its answer, or an offer
    received and answered here."""

    MODES: ClassVar[dict[Mode, ModeRules]]
    """What each mode allows (`ModeRules`); every action named in it is possible in those modes alone."""
    STORY: ClassVar[OfferStory[Any]]
    """How the story tells of this negotiator's kind of offer."""
    RECEIVED: ClassVar[str] = N_("Accept it or turn it down.")
    """What the status line asks of an offer received (a message id, translated when shown)."""
    """What the status line asks of the player answering an offer."""

    def __init__(self, table: Table, player: int, received: Decision | None = None) -> None:
        super().__init__(table)
        self.player = player
        self.mode: Mode = "received" if received is not None else "compose"
        self.decision = received
        self.received: OfferT | None = None  # the offer answered here
        self.sent: OfferT | None = None  # the offer sent from here, waiting or answered
        self._answer = Content("")

    @property
    def lets_bots_play(self) -> bool:  # type: ignore[override]
        return self.MODES[self.mode].bots_play

    @property
    def offer(self) -> OfferT | None:
        """The offer shown: the one received, or the one sent."""
        return self.received if self.mode == "received" else self.sent

    def set_mode(self, mode: Mode) -> None:
        """Switch to `mode`, showing it (its class on the dialog: `-compose`, ...)."""
        self.mode = mode
        self.update_classes({f"-{name}": mode == name for name in MODE_NAMES})  # the dialog styled once

    def ready(self, action: str) -> bool:
        """Whether an action this mode takes can be done now (withdrawing: while the offer is open, say)."""
        return True

    @classmethod
    def mode_actions(cls) -> frozenset[str]:
        """Return every action some mode takes."""
        return frozenset().union(*(rules.actions for rules in cls.MODES.values()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.mode_actions():
            return action in self.MODES[self.mode].actions and self.ready(action)
        return True

    def show_buttons(self) -> None:
        """Show each action's button in the modes that take it, when ready."""
        actions = self.MODES[self.mode].actions
        for action in self.mode_actions():
            shown = action in actions and self.ready(action)
            for button in self._with_id(action):
                button.display = shown

    # --- sending and the answer ---------------------------------------------------------------

    def send_offer(self, cmd: Command) -> bool:
        """Send a proposal and wait for its answer (the bots play on meanwhile); False if it was refused,
        back to composing."""
        client = self.client
        before = len(client.history())
        self.set_mode("waiting")  # first: the table lets the partner answer while this dialog waits
        if not self.table.play(cmd):
            self.set_mode("compose")
            self.refresh_from_game()
            return False
        made = [o for o in map(self.STORY.proposed, client.history()[before:]) if o is not None]
        if made:
            self.sent = made[0]
        self.refresh_from_game()
        return True

    def look_for_answer(self) -> None:
        """Check for the answer: once the event history shows how the offer was answered, show it."""
        if self.mode != "waiting" or self.sent is None:
            return
        answer = self.STORY.answer(self.client.history(), self.client.names, self.sent)
        if answer is not None:
            self._answer = answer
            self.set_mode("answered")

    def chosen_partner(self) -> int | None:
        """Return the player the offer being composed is for, once chosen."""
        return None

    def status_text(self) -> Content:
        """Return the status line of every mode but composing, which each negotiation dialog writes itself."""
        if self.mode == "waiting":
            partner = self.sent.to if self.sent is not None else self.chosen_partner()
            names = self.client.names
            if partner is None:
                return Content(_("Waiting for an answer..."))
            return Content(_("Waiting for {name}...", name=names[partner]))
        if self.mode == "answered":
            return self._answer
        return Content(_(self.RECEIVED))

    def action_close(self) -> None:
        if self.mode == "answered":
            self.dismiss()
            return
        super().action_close()
