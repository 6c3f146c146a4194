"""Building and selling houses and hotels: every lot of your complete groups (every lot you own, where lots
stand alone), with only the legal steps offered, their costs, and the bank's stock; and, where the bank
buys lots back, selling a whole lot."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Label, Static

from engine import Build, SellBuilding, SellLot
from engine.queries import lot_value, rent_at
from room.command_words import nothing_to_build
from translation import N_, _, money
from tui.client import refusal
from tui.dialogs.base import PaletteEntry, Table
from tui.dialogs.lots import LotsDialog
from tui.text.words import building_name, buildings_on
from tui.widgets.steady_footer import SteadyFooter


class BuildDialog(LotsDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b,plus", "build", N_("Build")),
        Binding("s,minus", "sell", N_("Sell")),
        Binding("x", "sell_lot", N_("Sell lot")),
        Binding("escape", "close", N_("Done")),
    ]
    COLUMNS = (N_("Now"), N_("Rent"), N_("Build"), N_("Sell"))

    def __init__(self, table: Table, player: int) -> None:
        super().__init__(table, player)
        self.buy_back = self.client.board.edition.bank_buys_lots

    def columns(self) -> tuple[str, ...]:
        return (*self.COLUMNS, N_("Sell lot")) if self.buy_back else self.COLUMNS

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Build and sell"), id="title")
            yield Static(id="stock")
            yield DataTable(id="lots", cursor_type="row", zebra_stripes=True)
            yield Static(id="why", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Build (b)"), id="build", variant="success", compact=True)
                yield Button(_("Sell (s)"), id="sell", variant="warning", compact=True)
                yield Button(_("Sell lot (x)"), id="sell_lot", variant="error", compact=True)
                yield Button(_("Done (esc)"), id="done", compact=True)
        yield SteadyFooter()

    def _lots(self) -> list[int]:
        """Return the lots of complete groups and any lot with buildings; where lots stand alone, every lot
        one owns."""
        view = self.view
        board = self.client.board
        if not board.edition.colour_groups:
            return [s for s in board.streets if view.deeds[s].owner == self.player]
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
        self.query_one("#title", Label).update(Content(_("{name}: build and sell", name=name)))
        ed = board.edition
        cash = money(view.players[self.player].cash)
        if not ed.colour_groups:
            stock = _(
                "Cash {cash}.  The bank has {houses} houses. Up to {n} houses a lot, each at "
                "the lot's price, once you have been round the board; the bank buys back at half price.",
                cash=cash,
                houses=view.bank.houses,
                n=hbh,
            )
        else:
            stock = _(
                "Cash {cash}.  The bank has {houses} houses and {hotels} hotels. "
                "A hotel needs {n} houses on every lot of the group; build and sell evenly.",
                cash=cash,
                houses=view.bank.houses,
                hotels=view.bank.hotels,
                n=hbh,
            )
        self.query_one("#stock", Static).update(Content(stock))
        legal = self.legal(self.player)
        can_build = {c.space for c in legal if isinstance(c, Build)}
        can_sell = {c.space for c in legal if isinstance(c, SellBuilding)}
        can_sell_lot = {c.space for c in legal if isinstance(c, SellLot)}
        rows = []
        for s in self._lots():
            rent = self._rent(s, can_build)
            houses, hotel = buildings_on(view, s)
            now = glyphs.hotel + " " + _("hotel") if hotel else (glyphs.house * houses or "-")
            step = building_name(view, s)
            cost = board.house_cost[s]
            cells: tuple[str, ...] = (
                now,
                rent,
                f"{step} {money(cost)}" if s in can_build else "-",
                f"+{money(board.sale_price(s))}" if s in can_sell else "-",
            )
            if self.buy_back:
                cells += (f"+{money(lot_value(view, s))}" if s in can_sell_lot else "-",)
            rows.append((s, cells))
        self.fill(rows)
        self.query_one("#why", Static).update("" if self._spaces else nothing_to_build(board))
        self.update_buttons()

    def _rent(self, space: int, can_build: set[int]) -> str:
        """Return the lot's rent now, and with one building more where one can go up ("$50 → $150")."""
        view = self.view
        board = self.client.board
        deed = view.deeds[space]
        if deed.mortgaged:
            return "-"
        group = board.group_of[space]
        held = sum(1 for s in board.members[group] if view.deeds[s].owner == self.player) if group else 1
        now = rent_at(board, view.ruleset, space, held, deed.level)
        if space not in can_build:
            return money(now)
        arrow = "->" if self.table.glyphs.ascii_only else "→"
        return f"{money(now)} {arrow} {money(rent_at(board, view.ruleset, space, held, deed.level + 1))}"

    def update_buttons(self) -> None:
        space = self.selected()
        build = sell = None
        if space is not None:
            build = refusal(self.client, Build(player=self.player, space=space))
            sell = refusal(self.client, SellBuilding(player=self.player, space=space))
        self.enable("build", space is not None and build is None)
        self.enable("sell", space is not None and sell is None)
        lot = None if space is None else refusal(self.client, SellLot(player=self.player, space=space))
        self.query_one("#sell_lot", Button).display = self.buy_back
        self.enable("sell_lot", self.buy_back and space is not None and lot is None)
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
            case "sell_lot":
                self.action_sell_lot()
            case _:
                self.dismiss()

    def action_build(self) -> None:
        space = self.selected()
        if space is None:
            self.notify(_("Nothing to build on."), timeout=2)
            return
        if self.table.play(Build(player=self.player, space=space)):
            self._next_lot(Build)

    def action_sell(self) -> None:
        space = self.selected()
        if space is None:
            self.notify(_("Nothing to sell."), timeout=2)
            return
        if self.table.play(SellBuilding(player=self.player, space=space)):
            self._next_lot(SellBuilding)

    def action_sell_lot(self) -> None:
        space = self.selected()
        if space is None or not self.buy_back:
            self.notify(_("No lot to sell."), timeout=2)
            return
        self.table.play(SellLot(player=self.player, space=space))

    def _next_lot(self, kind: type[Build] | type[SellBuilding]) -> None:
        """Move to the next lot where the same step is allowed, so that pressing on builds evenly. Where lots
        stand alone there is nothing to even out: stay on the chosen lot, so that pressing on never builds or
        sells on a lot the player did not choose (the note says why the lot can take no more)."""
        if not self.client.board.edition.colour_groups:
            return
        table = self.query_one(DataTable)
        count = len(self._spaces)
        for step in range(1, count + 1):
            row = (table.cursor_row + step) % count
            if refusal(self.client, kind(player=self.player, space=self._spaces[row])) is None:
                table.move_cursor(row=row)
                return

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Build on the selected lot"), "", self.action_build)
        yield (_("Sell from the selected lot"), "", self.action_sell)
        if self.buy_back:
            yield (_("Sell the selected lot back to the bank"), "", self.action_sell_lot)
