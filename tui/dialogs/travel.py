"""Travel cards: tick the cards to play, in the order to play them, and see where the move would end and
what it would pass on the way, before playing them instead of throwing (or, where the rules allow it,
adding one forward card to the throw)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, SelectionList, Static

from engine import PlayTravelCards, RollWithTravelCard
from engine.core.narration import travel_card_phrase
from engine.queries import held_of, steps_of
from translation import N_, _, money, say
from tui.dialogs.base import GameDialog, PaletteEntry, Table
from tui.text.spaces import space_note
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.ticks import TickList


class TravelDialog(GameDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play", N_("Play them")),
        Binding("a", "add", N_("Add to the throw")),
        Binding("escape", "close", N_("Cancel")),
    ]
    DEFAULT_CSS = """
    TravelDialog #cards {
        height: auto;
        max-height: 10;
    }
    """

    def __init__(self, table: Table, player: int) -> None:
        super().__init__(table)
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Content(_("{name}: travel cards", name=self.client.names[self.player])), id="title")
            yield Static(
                Content(
                    _(
                        "Instead of throwing, play travel cards: each moves you on its own (an even number "
                        "of steps changes rings at a junction it passes), only the last space is landed on, "
                        "and that is your move for the turn. Tick them in the order to play them."
                    )
                ),
                classes="note",
            )
            yield TickList(id="cards", compact=True)
            yield Static(id="where")
            with Horizontal(classes="buttons"):
                yield Button(_("Play them (p)"), id="play", variant="success", compact=True)
                yield Button(_("Add to the throw (a)"), id="add", compact=True)
                yield Button(_("Cancel (esc)"), id="cancel", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.closed:
            return
        cards = self.query_one("#cards", SelectionList)
        board = self.client.board
        for ref in held_of(self.view, self.player, "travel"):
            cards.add_option((say(travel_card_phrase(ref, board)), ref))
        if cards.option_count:
            cards.highlighted = 0
        cards.focus()

    def _chosen(self) -> tuple[str, ...]:
        return tuple(self.query_one("#cards", SelectionList).selected)

    def refresh_from_game(self) -> None:
        chosen = self._chosen()
        legal = self.legal(self.player)
        playable = any(isinstance(c, PlayTravelCards) for c in legal)
        self.enable("play", playable and bool(chosen))
        add = RollWithTravelCard(player=self.player, card=chosen[0]) if len(chosen) == 1 else None
        self.query_one("#add", Button).display = any(isinstance(c, RollWithTravelCard) for c in legal)
        self.enable("add", add is not None and self.client.check(add) is None)
        self.query_one("#where", Static).update(self._where(chosen))

    def _where(self, chosen: tuple[str, ...]) -> Content:
        if not chosen:
            return Content.styled(_("Tick one or more cards."), "dim")
        view = self.view
        board = self.client.board
        track = view.ruleset.track
        here = view.players[self.player].position
        paid = 0
        forward = False
        for ref in chosen:
            steps = steps_of(view, ref)
            walk = track.walk(
                here,
                abs(steps),
                direction=1 if steps > 0 else -1,
                via="card",
                choose=lambda at, ways: ways[0],
            )
            forward = steps > 0
            if forward:
                paid += sum(board.pays[s] for s in walk.path)
                if view.rules.double_go_salary:  # doubled where a card's move stops on it
                    paid += board.pays[walk.end]
            here = walk.end
        if forward and board.pays[here]:  # its salary is in what is collected: said once, not twice
            return Content(
                _(
                    "The move ends on {space}, collecting {amount} in all.",
                    space=board.name(here),
                    amount=money(paid),
                )
            )
        note = space_note(view, board, here, self.client.names, self.client.facts())
        if paid:
            return Content(
                _(
                    "The move ends on {space} ({note}), collecting {amount} on the way.",
                    space=board.name(here),
                    note=note,
                    amount=money(paid),
                )
            )
        return Content(_("The move ends on {space} ({note}).", space=board.name(here), note=note))

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        self.refresh_from_game()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play()
        elif event.button.id == "add":
            self.action_add()
        else:
            self.dismiss()

    def action_play(self) -> None:
        chosen = self._chosen()
        if chosen:
            self._send(PlayTravelCards(player=self.player, cards=chosen))

    def action_add(self) -> None:
        chosen = self._chosen()
        if len(chosen) == 1:
            self._send(RollWithTravelCard(player=self.player, card=chosen[0]))

    def _send(self, cmd: PlayTravelCards | RollWithTravelCard) -> None:
        """Close the dialog, then send the command, so that what the move brings (a card, a decision) opens
        over the table."""
        table = self.table
        self.dismiss()
        table.play(cmd)

    def hint(self, action: str, description: str) -> str:
        if action == "play":
            cmd = PlayTravelCards(player=self.player, cards=self._chosen() or ("travel/?",))
            return self.client.check(cmd) or _("Tick the cards to play first.")
        if action == "add":
            return _("One forward card may be added to a throw, where the rules allow it.")
        return super().hint(action, description)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Play the ticked travel cards"), "", self.action_play)
