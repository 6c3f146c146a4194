"""Help: the keys, and a short account of the rules of the edition being played."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import Board, Edition, RuleOptions

KEYS = [
    ("r", "roll the dice (in jail: throw for doubles)"),
    ("e", "end the turn"),
    ("p / c", "pay the jail fine / use a Get Out of Jail Free card"),
    ("b", "build and sell houses and hotels"),
    ("m", "mortgage deeds and lift mortgages"),
    ("t", "propose a trade"),
    ("v", "play travel cards instead of throwing (the add-on board)"),
    ("Enter", "reopen a decision you closed"),
    ("arrows, n", "move the selection round the board; click a space to see its deed"),
    ("h / d / l", "holdings, deed and event log (overlays on a small screen)"),
    ("space", "skip ahead while bots move"),
    ("+ / -", "bots faster / slower"),
    ("w", "switch seat (several people at one keyboard)"),
    ("Ctrl+P", "command palette: every action in words"),
    ("? or F1", "this help"),
    ("Esc", "close a dialog or panel"),
    ("Ctrl+Q", "save and quit"),
]


def rules_in_play(rules: RuleOptions) -> list[str]:
    out = []
    if rules.short_game:
        out.append(
            "Short Game: three deeds dealt free to each player, hotels after three houses, "
            "the game ends at the first bankruptcy and the richest wins."
        )
    if rules.time_limit_rounds:
        out.append(f"Time Limit: the richest after {rules.time_limit_rounds} rounds wins.")
    if rules.free_parking_pot:
        out.append("House rule: taxes and fines go to a pot that Free Parking pays out.")
    if rules.double_go_salary:
        out.append("House rule: landing exactly on GO pays double.")
    if not rules.auctions:
        out.append("No auctions: a declined deed stays with the bank.")
    if not rules.rent_in_jail:
        out.append("House rule: owners in jail collect no rent.")
    if not rules.even_building:
        out.append("House rule: building need not be even.")
    if rules.starting_cash is not None:
        out.append(f"Everyone starts with ${rules.starting_cash:,}.")
    return out


def edition_options(ed: Edition, rules: RuleOptions) -> list[str]:
    """Each of the edition's own options with what it does, and whether it is in play in this game."""
    out = []
    for name, option in ed.options.items():
        if not option.supported:
            out.append(f"{option.label}: {option.help}")
            continue
        value = rules.edition_rule(name)
        if option.kind == "flag":
            state = "on in this game" if value else "off"
        else:
            state = f"{value} in this game" if value is not None else f"{option.default} (as printed)"
        out.append(f"{option.label} ({state}): {option.help}")
    return out


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,f1,q", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        background: $background 60%;
    }
    HelpScreen > #dialog {
        width: 90;
        max-width: 100%;
        height: 100%;
        max-height: 40;
        border: thick $primary;
        background: $surface;
    }
    HelpScreen #title {
        width: 1fr;
        text-style: bold;
        background: $primary 30%;
        padding: 0 1;
    }
    HelpScreen VerticalScroll {
        padding: 0 1;
    }
    """

    def __init__(self, board: Board | None = None, rules: RuleOptions | None = None) -> None:
        super().__init__()
        self.board = board
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Help (Esc to close)", id="title")
            with VerticalScroll():
                yield Static(self._text())

    def _text(self) -> Content:
        lines = [Content.styled("Keys", "bold underline")]
        for key, what in KEYS:
            lines.append(Content.assemble((f"{key:>10}", "bold $accent"), f"  {what}"))
        lines.append(Content(""))
        lines.append(
            Content(
                "Only what the rules allow is offered: the footer shows the keys that work now, "
                "and a key that does nothing now says why."
            )
        )
        if self.board is not None:
            ed = self.board.edition
            lines.append(Content(""))
            lines.append(Content.styled(f"The rules: {ed.name} edition ({ed.year})", "bold underline"))
            lines.append(Content(ed.description))
            for rule in ed.rules_summary:
                lines.append(Content(f"- {rule}"))
            extra = rules_in_play(self.rules) if self.rules is not None else []
            if extra:
                lines.append(Content(""))
                lines.append(Content.styled("In this game", "bold underline"))
                lines.extend(Content(f"- {x}") for x in extra)
            if ed.options:
                lines.append(Content(""))
                lines.append(Content.styled("The edition's own options", "bold underline"))
                lines.extend(Content(f"- {x}") for x in edition_options(ed, self.rules or RuleOptions()))
        return Content("\n").join(lines)

    def action_close(self) -> None:
        self.dismiss()
