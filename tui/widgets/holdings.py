"""Every player's holdings: cash and net worth, deeds grouped by colour (full groups marked), jail cards,
and who is in jail or bankrupt."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content

from engine import Board, GameView
from engine.narration import money
from engine.queries import loans_of, loans_to
from tui import look
from tui.client import Facts
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.lines import LinesView
from tui.words import buildings_on


def player_line(
    view: GameView, p: int, names: Sequence[str], facts: Facts, glyphs: Glyphs, width: int = 30
) -> list[Content]:
    """The player's name and cash on one line; net worth, jail and cards on the next."""
    ps = view.players[p]
    marker = glyphs.turn if p == view.current and view.winner is None else " "
    head = Content.assemble(
        (marker, "bold $accent"),
        (glyphs.mark(p), look.mark(p)),
        " ",
        (names[p], f"bold {look.player(p)}"),
    )
    if ps.bankrupt:
        return [head + Content.styled(f"  {glyphs.bankrupt} bankrupt", "bold $error")]
    cash = money(ps.cash)
    gap = max(width - head.cell_length - len(cash), 1)
    lines = [head + Content(" " * gap) + Content.styled(cash, "bold")]
    lines.append(Content.styled(f"   worth {money(facts.worth[p])}", "dim"))
    notes = []
    if ps.in_jail:
        notes.append(Content.styled(f"{glyphs.jail} in jail", "bold $warning"))
    if ps.in_poorhouse:
        notes.append(Content.styled(f"{glyphs.poorhouse} in the poorhouse", "bold $warning"))
    limit = view.ruleset.circuits
    if limit is not None:
        notes.append(Content(f"round {min(ps.circuits, limit)}/{limit}"))
    if ps.jail_cards:
        n = len(ps.jail_cards)
        notes.append(Content(f"{n} jail card{'s' if n > 1 else ''}"))
    if ps.credit:
        notes.append(Content(f"{money(ps.credit)} credit"))
    if notes:
        lines.append(Content("   ") + Content(f" {glyphs.dot} ").join(notes))
    return lines


def holdings_of(
    view: GameView, board: Board, p: int, names: Sequence[str], facts: Facts, glyphs: Glyphs, width: int = 30
) -> list[Content]:
    """The lines one player's block shows."""
    lines = player_line(view, p, names, facts, glyphs, width)
    if view.players[p].bankrupt:
        return lines
    for group, lots in board.members.items():
        mine = [s for s in lots if view.deeds[s].owner == p]
        if not mine:
            continue
        parts = [look.group_tag(board, group), Content(" ")]
        for i, s in enumerate(mine):
            deed = view.deeds[s]
            if i:
                parts.append(Content(" "))
            if deed.mortgaged:
                parts.append(Content.styled(board.spaces[s].short + glyphs.mortgaged, "dim strike"))
            else:
                parts.append(Content(board.spaces[s].short))
                houses, hotel = buildings_on(view, s)
                if hotel:
                    parts.append(Content.styled(glyphs.hotel, "bold $error"))
                elif houses:
                    parts.append(Content.styled(glyphs.house * houses, "bold $success"))
        if len(mine) == len(lots):
            parts.append(Content.styled(f" {glyphs.full_group}", "bold $accent"))
        lines.append(Content("  ") + Content("").join(parts))
    lines.extend(Content("  ") + line for line in _economy(view, board, p, names))
    return lines


def _economy(view: GameView, board: Board, p: int, names: Sequence[str]) -> list[Content]:
    """Magie's 1904 holdings: lot tickets, luxury and legacy tickets, charters, notes and loans."""
    ps = view.players[p]
    out: list[Content] = []
    if ps.tickets:
        lots = ", ".join(board.spaces[s].short for s in ps.tickets)
        out.append(Content.assemble(("Lot tickets ", "dim"), lots))
    tickets = []
    if ps.luxuries:
        tickets.append(f"{ps.luxuries} luxur{'y' if ps.luxuries == 1 else 'ies'}")
    if ps.legacies:
        tickets.append(f"{ps.legacies} legac{'y' if ps.legacies == 1 else 'ies'}")
    if tickets:
        out.append(Content.assemble(("Tickets ", "dim"), ", ".join(tickets)))
    charters = [board.spaces[s].short for s, holder in sorted(view.charters.items()) if holder == p]
    if charters:
        out.append(Content.assemble(("Charter ", "dim"), ", ".join(charters)))
    note = board.edition.loans.note if board.edition.loans else 1
    for loan in loans_of(view, p):
        lots = ", ".join(board.spaces[s].short for s in loan.security)
        if loan.lender is None:
            notes = loan.principal // note
            what = f"{notes} bank note{'s' if notes != 1 else ''} {money(loan.principal)}"
        else:
            what = f"owes {names[loan.lender]} {money(loan.principal)}"
        out.append(Content.assemble(("Debt ", "dim"), (what, "$warning"), (f" on {lots}", "dim")))
    for loan in loans_to(view, p):
        out.append(Content.assemble(("Lent ", "dim"), f"{names[loan.borrower]} {money(loan.principal)}"))
    return out


class HoldingsPanel(LinesView, can_focus=True):
    DEFAULT_CSS = """
    HoldingsPanel {
        border: round $primary 50%;
        padding: 0 1;
        background: $surface;
    }
    HoldingsPanel:focus {
        border: round $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Holdings"
        self._key: object = None
        self._args: tuple[GameView, Board, Sequence[str], Facts, Glyphs] | None = None

    def show(
        self, view: GameView, board: Board, names: Sequence[str], facts: Facts, glyphs: Glyphs = UNICODE
    ) -> None:
        self._args = (view, board, names, facts, glyphs)
        self._draw()

    def _draw(self) -> None:
        if self._args is None:
            return
        view, board, names, facts, glyphs = self._args
        width = self.text_width if self.is_mounted else 30
        key = (view, facts, glyphs, width)
        if key == self._key:
            return
        self._key = key
        lines: list[Content] = []
        for p in range(len(view.players)):
            lines.extend(holdings_of(view, board, p, names, facts, glyphs, width))
        self.set_lines(lines)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._draw()
