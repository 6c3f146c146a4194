"""A creditor over his ownership markers: of the lots just taken from a bankrupt, pick the ones to give back
to the bank at half their value, until the lots left fit the markers."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from engine import ExcessLots, SellLot
from engine.queries import lot_value, lots_held
from translation import N_, _, money, ngettext
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class ExcessLotsDialog(DecisionDialog):
    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield CommandList(id="lots")
        yield SteadyFooter()

    def _pending(self) -> ExcessLots | None:
        pend = self.view.pending
        return pend if isinstance(pend, ExcessLots) and pend.player == self.player else None

    def refresh_from_game(self) -> None:
        pend = self._pending()
        if pend is None:
            return
        view = self.view
        board = self.client.board
        limit = board.edition.lot_limit or 0
        over = lots_held(view, self.player) - limit
        name = self.client.names[self.player]
        title = ngettext("{name}: give back {n} lot", "{name}: give back {n} lots", over, name=name)
        self.query_one("#title", Label).update(Content(title))
        self.query_one("#body", Static).update(
            Content(
                ngettext(
                    "You may hold at most {limit} lots (your ownership markers). Of the lots just taken, "
                    "choose {n} lot to give back: the bank pays half their value, houses "
                    "included. The others stay yours with their houses.",
                    "You may hold at most {limit} lots (your ownership markers). Of the lots just taken, "
                    "choose {n} lots to give back: the bank pays half their value, houses "
                    "included. The others stay yours with their houses.",
                    over,
                    limit=limit,
                )
            )
        )
        choices = []
        for s in pend.spaces:
            houses = view.ruleset.houses(view.deeds[s].level)
            text = ngettext(
                "Give back {lot} ({n} house): +{amount}",
                "Give back {lot} ({n} houses): +{amount}",
                houses,
                lot=board.name(s),
                amount=money(lot_value(view, s)),
            )
            choices.append((SellLot(player=self.player, space=s), text))
        lots = self.query_one(CommandList)
        lots.set_commands(choices, N_("Nothing to give back."))
        lots.focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        pend = self._pending()
        for s in pend.spaces if pend is not None else ():
            cmd = SellLot(player=self.player, space=s)
            said = _("Give back {lot}", lot=self.client.board.name(s))
            yield (said, "", lambda c=cmd: self.table.play(c))  # type: ignore[misc]
