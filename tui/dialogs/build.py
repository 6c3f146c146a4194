"""Building and selling houses and hotels: every lot of your complete groups, with only the legal steps
offered, their costs, and the bank's stock."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Footer, Label, Static

from engine import Build, SellBuilding
from engine.narration import money
from tui.client import refusal
from tui.dialogs.base import PaletteEntry
from tui.dialogs.lots import LotsDialog
from tui.words import building_name, buildings_on


class BuildDialog(LotsDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b,plus", "build", "Build"),
        Binding("s,minus", "sell", "Sell"),
        Binding("escape", "close", "Done"),
    ]
    COLUMNS = ("Now", "Build", "Sell")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Build and sell", id="title")
            yield Static(id="stock")
            yield DataTable(id="lots", cursor_type="row", zebra_stripes=True)
            yield Static(id="why", classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Build (b)", id="build", variant="success", compact=True)
                yield Button("Sell (s)", id="sell", variant="warning", compact=True)
                yield Button("Done (esc)", id="done", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def _lots(self) -> list[int]:
        """Lots of complete groups, and any lot with buildings."""
        view = self.view
        board = self.client.board
        out: list[int] = []
        for lots in board.street_groups:
            full = all(view.deeds[s].owner == self.player for s in lots)
            built = any(view.deeds[s].level for s in lots)
            if full or (built and view.deeds[lots[0]].owner == self.player):
                out.extend(lots)
        return out

    def refresh_from_game(self) -> None:
        client = self.client
        view = self.view
        board = client.board
        glyphs = self.table.glyphs
        hbh = view.ruleset.houses_before_hotel
        name = client.names[self.player]
        self.query_one("#title", Label).update(Content(f"{name}: build and sell"))
        self.query_one("#stock", Static).update(
            Content(
                f"Cash {money(view.players[self.player].cash)}.  The bank has "
                f"{view.bank.houses} houses and {view.bank.hotels} hotels. A hotel needs {hbh} houses on "
                "every lot of the group; build and sell evenly."
            )
        )
        legal = self.legal(self.player)
        can_build = {c.space for c in legal if isinstance(c, Build)}
        can_sell = {c.space for c in legal if isinstance(c, SellBuilding)}
        rows = []
        for s in self._lots():
            houses, hotel = buildings_on(view, s)
            now = glyphs.hotel + " hotel" if hotel else (glyphs.house * houses or "-")
            step = building_name(view, s)
            cost = board.house_cost[s]
            rows.append(
                (
                    s,
                    (
                        now,
                        f"{step} {money(cost)}" if s in can_build else "-",
                        f"+{money(board.sale_price(s))}" if s in can_sell else "-",
                    ),
                )
            )
        self.fill(rows)
        self.query_one("#why", Static).update(
            "" if self._spaces else "You hold no complete colour group yet: trade for one, then build."
        )
        self.update_buttons()

    def update_buttons(self) -> None:
        space = self.selected()
        build = sell = None
        if space is not None:
            build = refusal(self.client, Build(player=self.player, space=space))
            sell = refusal(self.client, SellBuilding(player=self.player, space=space))
        self.enable("build", space is not None and build is None)
        self.enable("sell", space is not None and sell is None)
        if space is not None and build is not None and self._spaces:
            self.query_one("#why", Static).update(Content(build))
        elif self._spaces:
            self.query_one("#why", Static).update("")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_build()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        match event.button.id:
            case "build":
                self.action_build()
            case "sell":
                self.action_sell()
            case _:
                self.dismiss()

    def action_build(self) -> None:
        space = self.selected()
        if space is None:
            self.notify("Nothing to build on.", timeout=2)
            return
        if self.table.play(Build(player=self.player, space=space)):
            self._next_lot(Build)

    def action_sell(self) -> None:
        space = self.selected()
        if space is None:
            self.notify("Nothing to sell.", timeout=2)
            return
        if self.table.play(SellBuilding(player=self.player, space=space)):
            self._next_lot(SellBuilding)

    def _next_lot(self, kind: type[Build] | type[SellBuilding]) -> None:
        """Move to the next lot where the same step is allowed, so that pressing on builds evenly."""
        table = self.query_one(DataTable)
        count = len(self._spaces)
        for step in range(1, count + 1):
            row = (table.cursor_row + step) % count
            if refusal(self.client, kind(player=self.player, space=self._spaces[row])) is None:
                table.move_cursor(row=row)
                return

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield ("Build on the selected lot", "", self.action_build)
        yield ("Sell from the selected lot", "", self.action_sell)
