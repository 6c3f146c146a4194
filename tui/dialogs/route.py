"""Where the track forks: keep to this ring, or go on from the other end of the link, with where the rest
of the move would end either way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import ChooseRoute, RouteChoice
from translation import N_, _, ngettext
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter

_KEYS = ("k", "g")


class RouteDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "way(0)", N_("Keep to this ring")),
        Binding("g", "way(1)", N_("Go across")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Keep to this ring (k)"), id="way-0", variant="primary", compact=True)
                yield Button(_("Go across (g)"), id="way-1", variant="primary", compact=True)
        yield SteadyFooter()

    def _choice(self) -> RouteChoice | None:
        pend = self.view.pending
        return pend if isinstance(pend, RouteChoice) and pend.player == self.player else None

    def _end(self, pend: RouteChoice, way: int) -> int:
        """Return where the rest of the move would stop going on from `way` (keeping to the ring after)."""
        walk = self.client.board.track.walk(
            way, pend.steps, direction=pend.direction, decided=True, choose=lambda at, ways: ways[0]
        )
        return walk.end

    def refresh_from_game(self) -> None:
        pend = self._choice()
        if pend is None:
            return
        board = self.client.board
        name = self.client.names[self.player]
        title = _("{name}: which way from {space}?", name=name, space=board.name(pend.at))
        self.query_one("#title", Label).update(Content(title))
        forks = (
            ngettext(
                "The track forks here, with {n} step still to go back.",
                "The track forks here, with {n} steps still to go back.",
                pend.steps,
            )
            if pend.direction < 0
            else ngettext(
                "The track forks here, with {n} step still to go.",
                "The track forks here, with {n} steps still to go.",
                pend.steps,
            )
        )
        lines = [forks]
        for i, way in enumerate(pend.options[:2]):
            end = board.name(self._end(pend, way))
            what = (
                _("Keep to this ring") if way == pend.at else _("Go across to {space}", space=board.name(way))
            )
            lines.append("  " + _("{way}: the move ends on {space}.", way=what, space=end))
            label = (
                _("Keep to this ring")
                if way == pend.at
                else _("Across to {space}", space=board.spaces[way].short)
            )
            relabel(self.query_one(f"#way-{i}", Button), f"{label} ({_KEYS[i]})")
        self.query_one("#body", Static).update(Content("\n".join(lines)))
        legal = {c.space for c in self.legal(self.player) if isinstance(c, ChooseRoute)}
        for i in range(2):
            self.enable(f"way-{i}", i < len(pend.options) and pend.options[i] in legal)

    BUTTON_FOR_ACTION: ClassVar[dict[str, str]] = {"way": "way-0"}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "way" and parameters:
            pend = self._choice() if self.is_mounted else None
            index = parameters[0]
            return pend is not None and isinstance(index, int) and index < len(pend.options)
        return super().check_action(action, parameters)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("way-"):
            self.action_way(int(event.button.id.removeprefix("way-")))

    def action_way(self, index: int) -> None:
        pend = self._choice()
        if pend is not None and index < len(pend.options):
            self.table.play(ChooseRoute(player=self.player, space=pend.options[index]))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        pend = self._choice()
        if pend is None:
            return
        board = self.client.board
        for i, way in enumerate(pend.options):
            what = (
                _("Keep to this ring") if way == pend.at else _("Go across to {space}", space=board.name(way))
            )
            yield (what, "", lambda i=i: self.action_way(i))  # type: ignore[misc]
