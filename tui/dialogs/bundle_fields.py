"""One bundle being drafted in a negotiator: the deeds and cards in hand ticked in a list, the cash, jail
cards and houses typed in fields. The trade negotiator has one on each side (`tui.dialogs.trade_side`), the
deal negotiator one for the part being added (`tui.dialogs.deal`).

The bundle tells its screen what the player does to it by messages: `Edited` when a tick or an amount changed,
`Pointed` when a line of the list is highlighted; the screen fills it (`fill`) from its draft, the one state,
and reads it back (`ticked` and the amounts)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, SelectionList
from textual.widgets.selection_list import Selection

from engine import Board
from engine.core.narration import card_phrase
from translation import say
from tui.dialogs.offer import typed_number
from tui.widgets.steady_input import SteadyInput
from tui.widgets.ticks import TickList

HELD = 10_000
"""The first value of the cards in hand in the list, after the deeds' own (their spaces)."""


class BundleFields(Vertical):
    """The deeds and cards in hand of one bundle, ticked in a list, and its cash, jail cards and houses typed
    in fields (each made with its id and words: `fields` maps "cash", "cards" and "houses" to them)."""

    DEFAULT_CSS = """
    BundleFields {
        height: auto;
    }
    BundleFields TickList {
        height: auto;
        border: round $primary 50%;
    }
    BundleFields TickList:focus {
        border: round $accent;
    }
    BundleFields .money {
        height: 1;
    }
    BundleFields .money Input {
        width: 7;
        margin-right: 1;
    }
    BundleFields .money Input.cards, BundleFields .money Input.houses {
        width: 4;
    }
    BundleFields .money Label {
        margin-right: 1;
    }
    """

    class Edited(Message):
        """A tick or an amount of the bundle changed."""

    class Pointed(Message):
        """A line of the list was highlighted: a deed (its space), or a card in hand (`card`)."""

        def __init__(self, fields: BundleFields, space: int, card: str | None) -> None:
            super().__init__()
            self.fields = fields
            self.space = space
            self.card = card

    def __init__(self, ticks: str, fields: dict[str, tuple[str, str]]) -> None:
        super().__init__()
        self._ticks_id = ticks
        self._fields = fields  # "cash", "cards", "houses" -> (the field's id, its words)
        self._held: dict[int, str] = {}  # selection value -> card in hand

    def compose(self) -> ComposeResult:
        yield TickList(id=self._ticks_id, compact=True)
        cash, cards, houses = self._fields["cash"], self._fields["cards"], self._fields["houses"]
        with Horizontal(classes="money"):
            yield Label(cash[1], classes="cash")
            yield SteadyInput("0", id=cash[0], type="integer", compact=True)
            yield Label(cards[1], classes="cards")
            yield SteadyInput("0", id=cards[0], type="integer", compact=True, classes="cards")
            yield Label(houses[1], classes="houses")
            yield SteadyInput("0", id=houses[0], type="integer", compact=True, classes="houses")

    @property
    def ticks(self) -> TickList:
        return self.query_one(f"#{self._ticks_id}", TickList)

    def field(self, name: str) -> Input:
        """Return the field of "cash", "cards" or "houses"."""
        return self.query_one(f"#{self._fields[name][0]}", Input)

    @property
    def entry(self) -> Widget:
        """Return where the bundle is begun: its list, or its cash while the list is empty."""
        ticks = self.ticks
        return ticks if ticks.option_count else self.field("cash")

    # --- filled from the draft ------------------------------------------------------------------

    def fill(
        self,
        deeds: list[Selection[int]],
        cards: Sequence[tuple[str, bool]],
        board: Board,
        highlight: int | None,
    ) -> None:
        """Show these deeds' lines, then the cards in hand (each with whether it is ticked) as this seat sees
        them, another's face-down card as such; the line `highlight` highlighted (the last if fewer), so that
        a key works at once."""
        ticks = self.ticks
        ticks.clear_options()
        ticks.add_options(deeds)
        self._held = {}
        options = []
        for i, (ref, ticked) in enumerate(cards):
            self._held[HELD + i] = ref
            options.append(Selection(Content(say(card_phrase(ref, board))), HELD + i, ticked))
        ticks.add_options(options)
        if highlight is not None and ticks.option_count:
            ticks.highlighted = min(highlight, ticks.option_count - 1)

    def set_amounts(self, cash: int, cards: int, houses: int) -> None:
        self.field("cash").value = str(cash)
        self.field("cards").value = str(cards)
        self.field("houses").value = str(houses)

    def show_edition(self, jail: bool, house_sales: bool) -> None:
        """Show the jail cards' field where the edition has a jail, the houses' where houses are sold with
        deeds."""
        for part in self.query(".cards"):
            part.display = jail
        for part in self.query(".houses"):
            part.display = house_sales

    # --- read back ------------------------------------------------------------------------------

    @property
    def has_cards(self) -> bool:
        """Whether the list shows cards in hand."""
        return bool(self._held)

    def ticked(self) -> tuple[set[int], list[str]]:
        """Return the deeds (their spaces) and the cards in hand ticked."""
        chosen = sorted(self.ticks.selected)
        return {v for v in chosen if v < HELD}, [self._held[v] for v in chosen if v in self._held]

    def amount(self, name: str) -> int:
        """Return the whole number typed in the field of "cash", "cards" or "houses"."""
        return typed_number(self.field(name).value)

    # --- what the player does -------------------------------------------------------------------

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        event.stop()
        self.post_message(self.Edited())

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(self.Edited())

    def on_selection_list_selection_highlighted(self, event: SelectionList.SelectionHighlighted[int]) -> None:
        event.stop()
        space = event.selection.value
        self.post_message(self.Pointed(self, space, self._held.get(space, "") if space >= HELD else None))
