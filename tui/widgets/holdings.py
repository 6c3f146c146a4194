"""Every player's holdings: cash and net worth, deeds grouped by colour (full groups marked), jail cards,
ownership markers left where the edition counts them, cards in hand (another player's face-down ones only
counted), and who is in jail or bankrupt."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content

from engine import Board, GameView
from engine.queries import loans_of, loans_to, markers_left
from room.board_words import tells_groups
from room.levels import level_word
from translation import _, money, ngettext, pgettext
from tui.client import Facts
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs
from tui.text.words import buildings_on, fit
from tui.widgets.lines import LinesView


def player_line(
    view: GameView,
    p: int,
    names: Sequence[str],
    facts: Facts,
    glyphs: Glyphs,
    width: int = 30,
    level: str | None = None,
) -> list[Content]:
    """Return the player's name and cash on one line; net worth (and a bot's `level`), jail and cards on the
    next."""
    ps = view.players[p]
    marker = glyphs.turn if p == view.current and view.winner is None else " "
    head = Content.assemble(
        (marker, "bold $accent"),
        (glyphs.mark(p), look.mark(p)),
        " ",
        (names[p], f"bold {look.player(p)}"),
    )
    if ps.bankrupt:
        return [head + Content.styled(f"  {glyphs.bankrupt} " + _("bankrupt"), "bold $error")]
    cash = money(ps.cash)
    gap = max(width - head.cell_length - len(cash), 1)
    lines = [head + Content(" " * gap) + Content.styled(cash, "bold")]
    worth = Content.styled("   " + _("worth {amount}", amount=money(facts.worth[p])), "dim")
    if level is not None:
        worth += Content.styled("  " + fit(level_word(level), 12), "dim italic")
    lines.append(worth)
    notes = []
    if ps.in_jail:
        notes.append(Content.styled(f"{glyphs.jail} " + _("in jail"), "bold $warning"))
    if ps.in_poorhouse:
        notes.append(Content.styled(f"{glyphs.poorhouse} " + _("in the poorhouse"), "bold $warning"))
    limit = view.ruleset.circuits
    if limit is not None:
        notes.append(Content(_("round {round}/{rounds}", round=min(ps.circuits, limit), rounds=limit)))
    if ps.jail_cards:
        n = len(ps.jail_cards)
        notes.append(Content(ngettext("{n} jail card", "{n} jail cards", n)))
    if ps.credit:
        notes.append(Content(_("{amount} credit", amount=money(ps.credit))))
    left = markers_left(view, p)
    if left is not None:
        words = ngettext("{n} marker left", "{n} markers left", left)
        notes.append(Content.styled(words, "dim" if left else "bold"))
    if ps.next_roll_backward:
        notes.append(Content.styled(_("next throw backwards"), "bold $warning"))
    if notes:
        lines.append(Content("   ") + Content(f" {glyphs.dot} ").join(notes))
    lines.extend(Content("   ") + Content.styled(line, "dim") for line in hand_lines(view, p))
    return lines


def hand_lines(view: GameView, p: int) -> list[str]:
    """Return the cards a player holds, deck by deck: named where this view may see them, else counted."""
    board = view.board
    by_deck: dict[str, list[str]] = {}
    for ref in view.players[p].hand:
        deck, _sep, card_id = ref.partition("/")
        by_deck.setdefault(deck, []).append(card_id)
    out = []
    for deck, cards in by_deck.items():
        name = board.edition.decks[deck].name
        shown = [board.cards[deck][c] for c in cards if c in board.cards.get(deck, {})]
        hidden = len(cards) - len(shown)
        parts = [_short(pgettext("card", card.text), card.effect.kind) for card in shown]
        if hidden:
            parts.append(_("{n} face down", n=hidden))
        out.append(f"{name}: {', '.join(parts)}")
    return out


def _short(text: str, kind: str) -> str:
    """Abbreviate a held card: "Fwd 5", "1-3-6", the first words of a card kept in hand."""
    if kind == "travel":
        return text.replace("Forward ", "Fwd ").replace("Backward ", "Back ")
    if kind == "triple_play_numbers":
        return text.split()[-1]
    return " ".join(text.split(".")[0].split()[:4])


def holdings_of(
    view: GameView,
    board: Board,
    p: int,
    names: Sequence[str],
    facts: Facts,
    glyphs: Glyphs,
    width: int = 30,
    level: str | None = None,
) -> list[Content]:
    """Return the lines of one player's block (`level`: a bot's)."""
    lines = player_line(view, p, names, facts, glyphs, width, level)
    if view.players[p].bankrupt:
        return lines
    for group, lots in board.members.items():
        mine = [s for s in lots if view.deeds[s].owner == p]
        if not mine:
            continue
        if not tells_groups(board):
            lines.extend(_lot_lines(view, board, mine, glyphs, width))
            continue
        items: list[Content] = []  # each deed whole: a line breaks between deeds, never in one ("B&O RR")
        for s in mine:
            deed = view.deeds[s]
            if deed.mortgaged:
                items.append(Content.styled(board.spaces[s].short + glyphs.mortgaged, "dim strike"))
                continue
            item = Content(board.spaces[s].short)
            houses, hotel = buildings_on(view, s)
            if hotel:
                item += Content.styled(glyphs.hotel, "bold $error")
            elif houses:
                item += Content.styled(glyphs.house * houses, "bold $success")
            items.append(item)
        if len(mine) == len(lots):
            items[-1] += Content.styled(f" {glyphs.full_group}", "bold $accent")
        line = Content("  ") + look.group_tag(board, group)
        indent = line.cell_length + 1
        for item in items:
            if line.cell_length + 1 + item.cell_length > width and line.cell_length > indent:
                lines.append(line)
                line = Content(" " * (indent - 1))
            line += Content(" ") + item
        lines.append(line)
    lines.extend(Content("  ") + line for line in _economy(view, board, p, names))
    return lines


def _lot_lines(view: GameView, board: Board, mine: list[int], glyphs: Glyphs, width: int) -> list[Content]:
    """Return the lines for lots that stand alone (no group tag: there is only the one kind of lot), each with
    its houses or its pledge, as many to a line as the width takes."""
    lines: list[Content] = []
    line = Content("  ")
    for s in mine:
        if view.deeds[s].mortgaged:
            piece = Content(" ") + Content.styled(board.spaces[s].short + glyphs.mortgaged, "dim strike")
        else:
            houses = buildings_on(view, s)[0]
            piece = (
                Content(" ")
                + Content(board.spaces[s].short)
                + Content.styled(glyphs.house * houses, "bold $success")
            )
        if line.cell_length + piece.cell_length > width and line.cell_length > 2:
            lines.append(line)
            line = Content("  ")
        line += piece
    lines.append(line)
    return lines


def _economy(view: GameView, board: Board, p: int, names: Sequence[str]) -> list[Content]:
    """Return Magie's 1904 holdings: lot tickets, luxury and legacy tickets, charters, notes and loans."""
    ps = view.players[p]
    out: list[Content] = []
    if ps.tickets:
        lots = ", ".join(board.spaces[s].short for s in ps.tickets)
        out.append(Content.assemble((_("Lot tickets") + " ", "dim"), lots))
    tickets = []
    if ps.luxuries:
        tickets.append(ngettext("{n} luxury", "{n} luxuries", ps.luxuries))
    if ps.legacies:
        tickets.append(ngettext("{n} legacy", "{n} legacies", ps.legacies))
    if tickets:
        out.append(Content.assemble((_("Tickets") + " ", "dim"), ", ".join(tickets)))
    charters = [board.spaces[s].short for s, holder in sorted(view.charters.items()) if holder == p]
    if charters:
        out.append(Content.assemble((_("Charter") + " ", "dim"), ", ".join(charters)))
    note = board.edition.loans.note if board.edition.loans else 1
    for loan in loans_of(view, p):
        lots = ", ".join(board.spaces[s].short for s in loan.security)
        if loan.lender is None:
            notes = loan.principal // note
            what = ngettext(
                "{n} bank note {amount}", "{n} bank notes {amount}", notes, amount=money(loan.principal)
            )
        else:
            what = _("owes {name} {amount}", name=names[loan.lender], amount=money(loan.principal))
        on = " " + _("on {lots}", lots=lots)
        out.append(Content.assemble((_("Debt") + " ", "dim"), (what, "$warning"), (on, "dim")))
    for loan in loans_to(view, p):
        lent = f"{names[loan.borrower]} {money(loan.principal)}"
        out.append(Content.assemble((_("Lent") + " ", "dim"), lent))
    return out


class HoldingsPanel(LinesView, can_focus=True):
    DEFAULT_CSS = """
    HoldingsPanel {
        border: round $primary 50%;
        padding: 0 0 0 1;
        scrollbar-gutter: stable;  /* the scrollbar takes the right margin's place, coming or going */
        background: $surface;
    }
    HoldingsPanel:focus {
        border: round $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Holdings")
        self._key: object = None
        self._args: tuple[GameView, Board, Sequence[str], Facts, Glyphs, Sequence[str | None]] | None = None

    def show(
        self,
        view: GameView,
        board: Board,
        names: Sequence[str],
        facts: Facts,
        glyphs: Glyphs = UNICODE,
        levels: Sequence[str | None] = (),
    ) -> None:
        """Show every player's holdings; `levels`: each seat's bot level, None for a person."""
        self._args = (view, board, names, facts, glyphs, levels)
        self._draw()

    def _draw(self) -> None:
        if self._args is None:
            return
        view, board, names, facts, glyphs, levels = self._args
        width = self.text_width if self.is_mounted else 30
        key = (view, facts, glyphs, width)
        if key == self._key:
            return
        self._key = key
        lines: list[Content] = []
        for p in range(len(view.players)):
            level = levels[p] if p < len(levels) else None
            lines.extend(holdings_of(view, board, p, names, facts, glyphs, width, level))
        self.set_lines(lines)

    def on_resize(self, event: events.Resize) -> None:
        """Redraw for the new width (Textual then calls the lines' own `on_resize`, which finds them
        wrapped already)."""
        self._draw()
