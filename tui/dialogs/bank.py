"""The bank (Magie's 1904 game): borrow whole notes against lots, the fewest lots that secure them, and
repay notes and loans. Any time but in the middle of a move."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import Board, BorrowFromBank, Command, GameView, RepayLoan
from engine.queries import borrowing_capacity, loans_of, repayment, security_for
from translation import N_, _, money
from tui.dialogs.base import GameDialog, PaletteEntry, Table
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


def borrowings(view: GameView, board: Board, player: int) -> list[tuple[Command, str]]:
    """Return every sum the player could borrow from the bank now, in whole notes, each against the fewest
    lots that secure it."""
    rules = board.edition.loans
    out: list[tuple[Command, str]] = []
    if rules is None:
        return out
    for notes in range(1, borrowing_capacity(view, player) // rules.note + 1):
        security = security_for(view, player, notes)
        if security is not None:
            lots = ", ".join(board.name(s) for s in security)
            cmd = BorrowFromBank(player=player, notes=notes, security=security)
            out.append(
                (cmd, _("Borrow {amount} against {lots}", amount=money(notes * rules.note), lots=lots))
            )
    return out


class BankDialog(GameDialog):
    def __init__(self, table: Table, player: int) -> None:
        super().__init__(table)
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield CommandList(id="ways")
            with Horizontal(classes="buttons"):
                yield Button(_("Close (esc)"), id="close", compact=True)
        yield SteadyFooter()

    def choices(self) -> list[tuple[Command, str]]:
        """Return every note that could be borrowed (1 up to what the free lots secure) and every
        repayment."""
        view, names = self.view, self.client.names
        out = borrowings(view, self.client.board, self.player)
        for loan in loans_of(view, self.player):
            amount, owed, interest = money(repayment(view, loan)), money(loan.principal), money(loan.interest)
            text = (
                _(
                    "Repay {amount} to the bank ({owed} owed, {interest} a wages)",
                    amount=amount,
                    owed=owed,
                    interest=interest,
                )
                if loan.lender is None
                else _(
                    "Repay {amount} to {lender} ({owed} owed, {interest} a wages)",
                    amount=amount,
                    lender=names[loan.lender],
                    owed=owed,
                    interest=interest,
                )
            )
            out.append((RepayLoan(player=self.player, loan=loan.id), text))
        return out

    def refresh_from_game(self) -> None:
        view, board, names = self.view, self.client.board, self.client.names
        rules = board.edition.loans
        self.query_one("#title", Label).update(Content(_("{name} at the bank", name=names[self.player])))
        if rules is None:
            self.query_one("#body", Static).update(Content(_("There is no bank that lends in this game.")))
            return
        cash = view.players[self.player].cash
        can = borrowing_capacity(view, self.player)
        self.query_one("#body", Static).update(
            Content(
                _(
                    "The bank lends in notes of {note}, each secured by lots worth "
                    "{margin} more, at {interest} a note each wage day (each time you "
                    "are paid wages). A note repaid before the next wage day costs no interest.",
                    note=money(rules.note),
                    margin=money(rules.margin),
                    interest=money(rules.interest),
                )
                + "\n"
                + _(
                    "Your cash: {amount}; your free lots secure {more} more.",
                    amount=money(cash),
                    more=money(can),
                )
            )
        )
        usable = []
        for cmd, text in self.choices():
            why = self.client.check(cmd)
            usable.append((cmd, text if why is None else f"{text}: {why}"))
        ways = self.query_one(CommandList)
        ways.set_commands(usable, N_("Nothing to borrow against and nothing to repay."))
        if usable:
            ways.focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    def palette_commands(self) -> Iterable[PaletteEntry]:
        for cmd, text in self.choices():
            yield (text, "", lambda cmd=cmd: self.table.play(cmd))  # type: ignore[misc]
