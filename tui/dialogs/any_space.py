"""A ride to any space (the Subway, or the airplane of a rule option): the spaces of both rings, each
with what stopping there costs or brings, and staying put at the top."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import RideChoice, TakeRide
from engine.queries import fare
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.text.spaces import space_note
from tui.widgets.steady_footer import SteadyFooter


class AnySpaceDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", N_("Go there"), show=False),
        Binding("s", "stay", N_("Stay")),
    ]
    DEFAULT_CSS = """
    AnySpaceDialog #spaces {
        height: 12;
        max-height: 50vh;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body", classes="note")
            yield OptionList(id="spaces", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Go there (enter)"), id="go", variant="primary", compact=True)
                yield Button(_("Stay (s)"), id="stay", compact=True)
        yield SteadyFooter()

    def _choice(self) -> RideChoice | None:
        pend = self.view.pending
        return pend if isinstance(pend, RideChoice) and pend.player == self.player else None

    def refresh_from_game(self) -> None:
        pend = self._choice()
        if pend is None:
            return
        board = self.client.board
        view = self.view
        names = self.client.names
        title = (
            _("{name}: take the subway to which space?", name=names[self.player])
            if pend.means == "subway"
            else _("{name}: fly the airplane to which space?", name=names[self.player])
        )
        self.query_one("#title", Label).update(Content(title))
        cost = fare(view, pend.means)
        paid = " " + _("The fare is {amount}.", amount=money(cost)) if cost else ""
        self.query_one("#body", Static).update(
            Content(
                _(
                    "Straight there, passing nothing: GO or PASS pays only if you stop on it. The space is "
                    "settled as a landing.{fare} Your cash: {amount}.",
                    fare=paid,
                    amount=money(view.players[self.player].cash),
                )
            )
        )
        spaces = self.query_one("#spaces", OptionList)
        if spaces.option_count == 0:
            facts = self.client.facts()
            width = max(len(board.name(s)) for s in range(board.size))
            options = [Option(_("Stay on {space}", space=board.name(pend.at)), id=str(pend.at))]
            for s in range(board.size):
                if s == pend.at:
                    continue
                note = space_note(view, board, s, names, facts)
                options.append(Option(f"{board.name(s):<{width}}  {note}", id=str(s)))
            spaces.add_options(options)
            spaces.highlighted = 0
            spaces.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self._ride(int(event.option.id))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "stay":
            self.action_stay()
        else:
            self.action_go()

    def action_go(self) -> None:
        spaces = self.query_one("#spaces", OptionList)
        if spaces.highlighted is not None:
            option = spaces.get_option_at_index(spaces.highlighted)
            if option.id is not None:
                self._ride(int(option.id))

    def action_stay(self) -> None:
        pend = self._choice()
        if pend is not None:
            self._ride(pend.at)

    def _ride(self, space: int) -> None:
        if self._choice() is not None:
            self.table.play(TakeRide(player=self.player, space=space))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        pend = self._choice()
        if pend is None:
            return
        board = self.client.board
        yield (_("Stay on {space}", space=board.name(pend.at)), "", self.action_stay)
        for s in range(board.size):
            if s != pend.at:
                yield (_("Ride to {space}", space=board.name(s)), "", lambda s=s: self._ride(s))  # type: ignore[misc]
