"""The free ride on a double (Magie's 1904 game): from the first railroad passed, ride to any other and
count the rest of the throw from there, or go on by the throw; where each choice ends is shown."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from engine import ChooseRoute, RouteChoice
from translation import N_, _
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class RideDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "way(0)", N_("Stay"), show=False),
        Binding("2", "way(1)", N_("Ride"), show=False),
        Binding("3", "way(2)", N_("Ride"), show=False),
        Binding("4", "way(3)", N_("Ride"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield CommandList(id="ways")
        yield SteadyFooter()

    def _choice(self) -> RouteChoice | None:
        pend = self.view.pending
        return pend if isinstance(pend, RouteChoice) and pend.player == self.player else None

    def _ways(self, pend: RouteChoice) -> list[tuple[ChooseRoute, str]]:
        board = self.client.board
        out = []
        for i, way in enumerate(pend.options):
            end = board.track.walk(way, pend.steps, direction=pend.direction).end
            ride = (
                _("Go on by the throw")
                if way == pend.at
                else _("Ride free to the railroad at space {space}", space=way)
            )
            passes = way != pend.at and any(board.pays[s] for s in (board.track.along(pend.at, way) or ()))
            wages = " " + _("(past Mother Earth: wages)") if passes and pend.direction > 0 else ""
            stop = _("{way}: stop on {space}", way=ride, space=board.name(end))
            out.append((ChooseRoute(player=self.player, space=way), f"{i + 1}. {stop}{wages}"))
        return out

    def refresh_from_game(self) -> None:
        pend = self._choice()
        if pend is None:
            return
        names = self.client.names
        self.query_one("#title", Label).update(Content(_("{name}: a free ride?", name=names[self.player])))
        self.query_one("#body", Static).update(
            Content(
                _(
                    "A double, passing the railroad at space {space}: ride free to any other and count "
                    "the {n} left from there, or go on by the throw. One ride a throw.",
                    space=pend.at,
                    n=pend.steps,
                )
            )
        )
        ways = self.query_one(CommandList)
        ways.set_commands(self._ways(pend))
        ways.focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def action_way(self, index: int) -> None:
        pend = self._choice()
        if pend is not None and index < len(pend.options):
            self.table.play(ChooseRoute(player=self.player, space=pend.options[index]))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        pend = self._choice()
        if pend is None:
            return
        for cmd, text in self._ways(pend):
            yield (text, "", lambda cmd=cmd: self.table.play(cmd))  # type: ignore[misc]
