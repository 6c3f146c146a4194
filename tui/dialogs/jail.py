"""In jail at the start of a turn: throw for doubles, pay the fine, or use a Get Out of Jail Free card."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import Command, PayJailFine, RollDice, UseJailCard
from translation import N_, _, money
from tui.client import refusal
from tui.dialogs.base import DecisionDialog, PaletteEntry, relabel
from tui.widgets.steady_footer import SteadyFooter


class JailDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", N_("Roll for doubles")),
        Binding("p", "pay", N_("Pay the fine")),
        Binding("c", "card", N_("Use a card")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Roll for doubles (r)"), id="roll", variant="primary", compact=True)
                yield Button(_("Pay the fine (p)"), id="pay", variant="warning", compact=True)
                yield Button(_("Use card (c)"), id="card", variant="success", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        view = self.view
        jail = self.client.board.edition.jail
        assert jail is not None  # the jail dialog opens only for a player in jail
        ps = view.players[self.player]
        name = self.client.names[self.player]
        self.query_one("#title", Label).update(Content(_("{name} is in jail", name=name)))
        if jail.max_turns is None:
            terms = [
                _("This is jail turn {n}; there is no limit.", n=ps.jail_turns + 1),
                _(
                    "Throw doubles to leave and move by that throw, or pay {fine} before throwing.",
                    fine=money(jail.fine),
                ),
            ]
        else:
            terms = [
                _("This is jail turn {n} of {most}.", n=ps.jail_turns + 1, most=jail.max_turns),
                _(
                    "Throw doubles to leave and move by that throw; after {most} failed throws "
                    "you pay {fine} and move.",
                    most=jail.max_turns,
                    fine=money(jail.fine),
                ),
            ]
        lines = [
            *terms,
            _(
                "Your cash: {amount}.  Get Out of Jail Free cards: {n}.",
                amount=money(ps.cash),
                n=len(ps.jail_cards),
            ),
        ]
        legal = {c.kind for c in self.legal(self.player)}
        if "pay_jail_fine" not in legal:
            lines.append(_("The fine cannot be paid before this throw."))
        self.query_one("#body", Static).update(Content("\n".join(lines)))
        relabel(self.query_one("#pay", Button), _("Pay {amount} (p)", amount=money(jail.fine)))
        self.enable("roll", "roll_dice" in legal)
        self.enable("pay", "pay_jail_fine" in legal)
        self.enable("card", "use_jail_card" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"roll": self.action_roll, "pay": self.action_pay, "card": self.action_card}[str(event.button.id)]()

    def action_roll(self) -> None:
        self.table.play(RollDice(player=self.player))

    def action_pay(self) -> None:
        self.table.play(PayJailFine(player=self.player))

    def action_card(self) -> None:
        self.table.play(UseJailCard(player=self.player))

    def hint(self, action: str, description: str) -> str:
        """Return why a way out of jail is unavailable: no card, the throw comes first, too little cash."""
        if action == "card" and not self.view.players[self.player].jail_cards:
            return _("You have no Get Out of Jail Free card.")
        probes: dict[str, Command] = {
            "roll": RollDice(player=self.player),
            "pay": PayJailFine(player=self.player),
            "card": UseJailCard(player=self.player),
        }
        probe = probes.get(action)
        reason = refusal(self.client, probe) if probe is not None else None
        if reason:
            return reason
        return super().hint(action, description)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Roll for doubles"), _("Throw the dice to leave jail"), self.action_roll)
        yield (_("Pay the jail fine"), _("Pay and leave jail"), self.action_pay)
        yield (_("Use a Get Out of Jail Free card"), _("Leave jail with a card"), self.action_card)
