"""Announcements the game screen makes to local players for each change, besides its log: a card a person here
drew or took, read in a dialog of its own (in turn, before play goes on: `tui.dialog_router`), and a notice of
a bankruptcy, of an auction's end, of a trade answered when no negotiator is open to show it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.events import Event
from translation import _, pgettext
from tui.client import GameClient
from tui.styles.glyphs import Glyphs, plain
from tui.text.words import actor_of

Notify = Callable[..., Any]
"""The screen's `notify`: a message, with its `timeout` and `severity`."""


@dataclass(frozen=True)
class Card:
    """A card for a local player to read: who drew or took it, from which deck, and its text
    (`tui.dialogs.card.CardDialog` shows it)."""

    player: str
    deck: str
    text: str


class Table(Protocol):
    """The game screen, as its announcements see it (a protocol): its game, the seats played here, and
    the glyphs its terminal draws."""

    client: GameClient
    glyphs: Glyphs

    def humans(self) -> set[int]: ...


class Announcements:
    """Queue of card dialogs waiting to be shown, oldest first, and the notices shown at once."""

    def __init__(self, table: Table, notify: Notify, negotiating: Callable[[], bool]) -> None:
        self.table = table
        self._notify = notify
        self._negotiating = negotiating  # a trade negotiator is open: it shows the answers itself
        self.waiting: list[Card] = []

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def next(self) -> Card:
        """Pop and return the oldest card waiting to be shown."""
        return self.waiting.pop(0)

    def take(self, new_events: Sequence[Event]) -> None:
        """Queue the card dialogs and show the notices these events call for."""
        client = self.table.client
        humans = self.table.humans()
        names = client.names
        for e in new_events:
            if e.kind == "card_drawn" and e.player in humans:
                deck = client.board.edition.decks.get(e.deck)
                said = pgettext("card", e.text)  # the card's words in the player's language
                text = plain(said) if self.table.glyphs.ascii_only else said
                self.waiting.append(
                    Card(names[e.player], pgettext("card", deck.name) if deck else e.deck, text)
                )
            elif e.kind == "card_taken" and e.player in humans:
                taken = self._card_taken(e.player, e.deck, e.card)
                if taken is not None:
                    self.waiting.append(taken)
            elif e.kind == "player_bankrupt":
                self._notify(client.narrate(e), severity="warning", timeout=6)
            elif e.kind in ("auction_won", "auction_unsold"):
                self._notify(client.narrate(e), timeout=4)
            elif e.kind in ("trade_completed", "trade_rejected") and not self._negotiating():
                involved = e.trade.to if e.kind == "trade_completed" else e.player
                if involved in humans or actor_of(e) in humans:
                    self._notify(client.narrate(e), timeout=5)

    def _card_taken(self, player: int, deck: str, card: str) -> Card | None:
        """Return the card a local player took into his hand (a face-down one read from his own hand)."""
        client = self.table.client
        board = client.board
        if not card:
            hand = [r for r in client.view(player).players[player].hand if r.partition("/")[0] == deck]
            if not hand:
                return None
            card = hand[-1].partition("/")[2]
        found = board.cards.get(deck, {}).get(card)
        if found is None:
            return None
        said = pgettext("card", found.text)
        text = plain(said) if self.table.glyphs.ascii_only else said
        what = _("a {deck} card", deck=pgettext("card", board.edition.decks[deck].name))
        return Card(client.names[player], what, text)
