"""Triple play prizes were paid and you hold the half-winnings card: claim half of one prize, or keep the
card for a bigger one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import ClaimHalfWinnings, KeepCard, WinningsChoice
from translation import N_, _, money
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter

SHOWN = 7  # winners with a button (and a number key) of their own


class WinningsCardDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i + 1), f"claim({i})", N_("Claim"), show=i == 0) for i in range(SHOWN)),
        Binding("k", "keep", N_("Keep it")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                for i in range(SHOWN):
                    yield Button("", id=f"claim-{i}", variant="success", compact=True)
                yield Button(_("Keep it (k)"), id="keep", compact=True)
        yield SteadyFooter()

    def _choice(self) -> WinningsChoice | None:
        pend = self.view.pending
        return pend if isinstance(pend, WinningsChoice) and pend.player == self.player else None

    def refresh_from_game(self) -> None:
        pend = self._choice()
        if pend is None:
            return
        names = self.client.names
        self.query_one("#title", Label).update(
            Content(_("{name}: half of a prize?", name=names[self.player]))
        )
        won = ", ".join(f"{names[p]} {money(a)}" for p, a in zip(pend.winners, pend.amounts, strict=True))
        self.query_one("#body", Static).update(
            Content(
                _(
                    "Triple play prizes just paid: {won}. Play your card on one of them and that player pays "
                    "you half of it (the card goes back under its deck), or keep the card for later.",
                    won=won,
                )
            )
        )
        for i in range(SHOWN):
            button = self.query_one(f"#claim-{i}", Button)
            button.display = i < len(pend.winners)
            if i < len(pend.winners):
                half = money(pend.amounts[i] // 2)
                relabel(
                    button,
                    _("{amount} from {name} ({key})", amount=half, name=names[pend.winners[i]], key=i + 1),
                )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "claim" and parameters:
            pend = self._choice() if self.is_mounted else None
            index = parameters[0]
            return pend is not None and isinstance(index, int) and index < len(pend.winners)
        return super().check_action(action, parameters)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "keep":
            self.action_keep()
        elif event.button.id and event.button.id.startswith("claim-"):
            self.action_claim(int(event.button.id.removeprefix("claim-")))

    def action_claim(self, index: int) -> None:
        pend = self._choice()
        if pend is not None and index < len(pend.winners):
            self.table.play(ClaimHalfWinnings(player=self.player, target=pend.winners[index]))

    def action_keep(self) -> None:
        self.table.play(KeepCard(player=self.player))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        pend = self._choice()
        if pend is None:
            return
        names = self.client.names
        for i, p in enumerate(pend.winners):
            said = _("Claim half of {name}'s prize", name=names[p])
            yield (said, "", lambda i=i: self.action_claim(i))  # type: ignore[misc]
        yield (_("Keep the half-winnings card"), "", self.action_keep)
