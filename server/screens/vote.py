"""The vote dialog shown to each person present: hand the seat that holds the table up to a bot?"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from server.tables.seat_clocks import VoteFace
from translation import N_, _
from tui.dialogs.overlay import Overlay


class VoteDialog(Overlay[bool | None]):
    """The vote dialog. y: yes, n: no; Esc postpones it (a asks again while the vote is open)."""

    lets_bots_play = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "later", N_("Later")),
    ]
    DEFAULT_CSS = """
    VoteDialog { align: center middle; }
    VoteDialog Vertical {
        width: 60; height: auto; border: round $warning; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, vote: VoteFace) -> None:
        super().__init__()
        self.vote = vote

    def compose(self) -> ComposeResult:
        vote = self.vote
        with Vertical():
            asked = (
                N_(
                    "{caller} asks to hand {name}'s seat to a bot: {name}'s time ran out on moves in "
                    "a row. The bot plays it until {name} is back and plays."
                )
                if vote.turn_based
                else N_(
                    "{caller} asks to hand {name}'s seat to a bot: the table waits on "
                    "{name}, who is away or out of time. The bot plays it until "
                    "{name} is back and plays."
                )
            )
            yield Static(Content(_(asked, caller=vote.caller, name=vote.target_name)))
            yield Static(Content(_("So far: {tally}.", tally=vote.tally)), id="tally")
            yield Static(Content.styled(_("y: yes   n: no   Esc: later (a to answer)"), "bold"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_later(self) -> None:
        self.dismiss(None)
