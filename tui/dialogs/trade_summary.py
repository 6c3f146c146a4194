"""What the trade negotiator tells of the offer under its sides: the offer in words once it is sent or
received, a note on the deed or card highlighted, and the value each side gives with the groups the trade
completes or breaks up for both players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from engine import Board, Bundle, GameView
from engine.core.narration import card_phrase
from translation import _, say
from tui.models.trade_model import deed_note
from tui.styles.glyphs import Glyphs
from tui.text.trade_text import effects_text, side_text

Sides = tuple[int, int, Bundle, Bundle]
"""(proposer, partner, what the proposer gives, what the proposer takes)."""


class TradeSummary(Vertical):
    """The offer in words (`#offer`, hidden while composing), the note (`#note`) and the value line and the
    groups (`#effects`)."""

    DEFAULT_CSS = """
    TradeSummary {
        height: auto;
    }
    TradeSummary #offer, TradeSummary #effects, TradeSummary #note {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="offer")
        yield Static(id="note", classes="note")
        yield Static(id="effects")

    def show(
        self,
        view: GameView,
        board: Board,
        names: Sequence[str],
        glyphs: Glyphs,
        sides: Sides | None,
        in_words: bool,
    ) -> None:
        """Show the trade between `sides` (none while no partner is chosen): each side in words if
        `in_words` (sent or received), and what it does to both players."""
        offer = self.query_one("#offer", Static)
        effects = self.query_one("#effects", Static)
        if sides is None:
            offer.update("")
            effects.update(Content(_("Choose who to trade with.")))
            return
        proposer, partner, give, take = sides
        if in_words:
            offer.update(
                side_text(view, board, names, glyphs, proposer, give, partner, take)
                + Content("\n")
                + side_text(view, board, names, glyphs, partner, take, proposer, give)
            )
        else:
            offer.update("")
        effects.update(effects_text(view, board, names, proposer, partner, give, take))

    def clear_note(self) -> None:
        self.query_one("#note", Static).update("")

    def note_card(self, board: Board, ref: str) -> None:
        """Note that a card in hand is traded like a deed."""
        said = _("{card}: held in hand, traded like a deed.", card=say(card_phrase(ref, board)))
        self.query_one("#note", Static).update(Content(said))

    def note_deed(
        self,
        view: GameView,
        board: Board,
        names: Sequence[str],
        space: int,
        receiver: int,
        moved: Mapping[int, int],
    ) -> None:
        """Note what a deed means to the player who would get it, his group as the trade would leave it
        (`moved`: the trade's other deeds, each to its new holder)."""
        note = deed_note(view, board, space, receiver, names, moved)
        self.query_one("#note", Static).update(Content(f"{board.name(space)}: {note}"))
