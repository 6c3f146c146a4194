"""Game over: the winner, the standings with net worth, the game's statistics, and its review (`r`)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Label, Static

from engine.queries import count_up
from room.ending import fair_dice
from translation import N_, _, money, ngettext
from tui.client import GameClient
from tui.models.stats import count
from tui.styles import look
from tui.styles.glyphs import UNICODE
from tui.widgets.steady_footer import SteadyFooter

REASONS = {
    "last_player": N_("the last player standing"),
    "short_game": N_("the richest when the first player went bankrupt (Short Game)"),
    "time_limit": N_("the richest when time ran out"),
    "circuits": N_("the richest when the last player had been round the board for the last time"),
    "called": N_("the richest when the table agreed to end the game"),
}


def _turns(n: int) -> str:
    return ngettext("{n} turn", "{n} turns", n)


_LAST = "-"
"""The key of the last column of the standings, which has no words."""


def _columns(table: DataTable[object], labels: tuple[str, ...]) -> None:
    """Return columns headed by `labels` in the current language, each keyed by its English label."""
    for label in labels:
        table.add_column(_(label) if label else "", key=label or _LAST)


COLUMNS = {
    "#": N_("Where each player finished, the winner first."),
    "Player": N_("Who sat at each place; a bankrupt player comes last."),
    "Net worth": N_(
        "Cash, each deed at its printed price (half if mortgaged) and buildings at cost: the rule "
        "books' count."
    ),
    "": N_("Whether the player went bankrupt."),
    "Score": N_("The count at the end: lots, cash and luxuries, less debts, and what others owe him."),
    "Lots": N_("Each lot owned, at its sale price."),
    "Cash": N_("Cash in hand."),
    "Luxuries": N_("Each luxury ticket, at the $60 it counts."),
    "Debts": N_("Bank notes and loans from players still owed, at their principal."),
    "Lent": N_("What other players still owe him on loans."),
    "Rent paid": N_("Rent each player paid the others over the whole game."),
    "Received": N_("Rent each player collected from the others."),
    "Top rent": N_("The most received at once, in a single rent."),
    "Deeds": N_("Deeds bought, at the printed price or at auction."),
    "Built": N_("Houses and hotels put up."),
    "Jail": N_("Times sent to jail."),
    "Doubles": N_("Doubles thrown."),
    "Trades": N_("Trades completed with other players."),
}
"""A sentence for each column of the results, shown under them for the column the selection is on."""

HEADINGS = (
    N_("Player"),
    N_("Score"),
    N_("Lots"),
    N_("Cash"),
    N_("Luxuries"),
    N_("Debts"),
    N_("Lent"),
    N_("Net worth"),
    N_("Rent paid"),
    N_("Received"),
    N_("Top rent"),
    N_("Deeds"),
    N_("Built"),
    N_("Jail"),
    N_("Doubles"),
    N_("Trades"),
)
"""The columns' headings, marked for translation (`_columns` translates them where drawn)."""


class GameOverScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "board", N_("Look at the board")),
        Binding("r", "review", N_("Review")),
        Binding("n", "new_game", N_("New game")),
        Binding("q", "quit_game", N_("Quit")),
    ]
    DEFAULT_CSS = """
    GameOverScreen {
        align: center middle;
        background: $background 60%;
    }
    GameOverScreen > #dialog {
        width: 90;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    GameOverScreen #title {
        width: 1fr;
        text-style: bold;
        background: $accent 30%;
        padding: 0 1;
    }
    GameOverScreen DataTable {
        height: auto;
        margin-top: 1;
    }
    GameOverScreen #scroll {
        height: auto;
        max-height: 16;
    }
    GameOverScreen .note {
        color: $text-muted;
    }
    GameOverScreen .buttons {
        height: auto;
        margin-top: 1;
    }
    GameOverScreen .buttons Button {
        margin-right: 1;
    }
    """

    def __init__(self, client: GameClient) -> None:
        super().__init__()
        self.client = client

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Game over"), id="title")
            yield Static(id="winner")
            with VerticalScroll(id="scroll"):
                yield DataTable(id="standings", cursor_type="column", zebra_stripes=True)
                yield DataTable(id="stats", cursor_type="column", zebra_stripes=True)
            yield Static(id="key", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Look at the board (b)"), id="board", compact=True)
                yield Button(_("Review the game (r)"), id="review", compact=True)
                yield Button(_("New game (n)"), id="new", variant="primary", compact=True)
                yield Button(_("Quit (q)"), id="quit", variant="error", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.app.clear_notifications()  # all they said is in this dialog, which they would cover
        client = self.client
        names = client.names
        history = client.history()
        over = next((e for e in reversed(history) if e.kind == "game_over"), None)
        view = client.view(None)
        if over is not None:
            table = list(over.standings)
            reason = _(REASONS[over.reason]) if over.reason in REASONS else over.reason
            winner = over.winner
        else:
            table = sorted(enumerate(client.facts().worth), key=lambda r: -r[1])
            reason = _("the game ended")
            winner = view.winner if view.winner is not None else table[0][0]
        note = client.result_note()
        wins = _(
            "{name} wins, {reason}. {turns} played.", name="\x00", reason=reason, turns=_turns(view.turn + 1)
        )
        before, _sep, after = wins.partition("\x00")
        self.query_one("#winner", Static).update(
            Content.assemble(
                before,
                (names[winner], f"bold {look.player(winner)}"),
                after + "\n",
                *((f"{note}\n",) if note else ()),
                (_("Fair dice:") + " ", "bold"),
                fair_dice(client.seed or 0, client.fingerprint),
            )
        )
        standings = self.query_one("#standings", DataTable)
        name_width = max(len(_("Player")), *(len(n) for n in names)) + 1
        standings.add_column("#", key="#")
        standings.add_column(_("Player"), width=name_width, key="Player")
        counted = client.board.edition.circuits is not None  # the count: lots, cash, luxuries, debts
        _columns(
            standings,
            ("Score", "Lots", "Cash", "Luxuries", "Debts", "Lent") if counted else ("Net worth", ""),
        )
        for rank, (p, worth) in enumerate(table, start=1):
            name = Content.styled(names[p], look.player(p))
            if counted:
                c = count_up(view, p)
                debts = f"-{money(c.debts)}" if c.debts else money(0)
                parts = (money(c.lots), money(c.cash), money(c.luxuries), debts, money(c.lent))
                standings.add_row(str(rank), name, money(worth), *parts)
                continue
            state = _("bankrupt") if view.players[p].bankrupt else ""
            standings.add_row(str(rank), name, money(worth), state)
        stats = count(history, len(names))
        grid = self.query_one("#stats", DataTable)
        grid.add_column(_("Player"), width=name_width, key="Player")
        jail = client.board.edition.jail is not None  # no jail column where there is no jail
        _columns(grid, ("Rent paid", "Received", "Top rent", "Deeds", "Built", *(("Jail",) if jail else ())))
        _columns(grid, ("Doubles", "Trades"))
        for p, s in enumerate(stats.players[: len(names)]):
            grid.add_row(
                Content.styled(names[p], look.player(p)),
                money(s.rent_paid),
                money(s.rent_received),
                money(s.biggest_rent),
                str(s.deeds_bought),
                str(s.buildings_built),
                *((str(s.times_jailed),) if jail else ()),
                str(s.doubles),
                str(s.trades),
            )

        self._explain(standings)

    def on_data_table_column_highlighted(self, event: DataTable.ColumnHighlighted) -> None:
        self._explain(event.data_table)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, DataTable):
            self._explain(event.widget)

    def _explain(self, table: DataTable[object]) -> None:
        """Return the line under the results: what the column the selection is on counts."""
        columns = list(table.columns.values())
        if not columns:
            return
        column = columns[min(table.cursor_column, len(columns) - 1)]
        key = column.key.value or ""
        label = "" if key == _LAST else key  # the column's English words: `COLUMNS` is by them
        sentence = _(COLUMNS[label]) if label in COLUMNS else ""
        name = column.label.plain if label else _("The last column")
        self.query_one("#key", Static).update(
            Content.assemble(
                (f"{name}: ", "bold"),
                sentence,
                ("  " + _("(arrows: another column; tab: the other table)"), "dim"),
            )
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "board": self.action_board,
            "review": self.action_review,
            "new": self.action_new_game,
            "quit": self.action_quit_game,
        }
        actions[str(event.button.id)]()

    def action_board(self) -> None:
        self.dismiss()

    def action_review(self) -> None:
        """Open the game's review: its chances and worth over time, who paid whom, its turning points."""
        from tui.screens.review import ReviewScreen

        glyphs = getattr(self.app, "glyphs", UNICODE)
        self.app.push_screen(ReviewScreen(self.client.review(), glyphs))

    def action_new_game(self) -> None:
        self.app.call_later(self.app.run_action, "new_game")

    def action_quit_game(self) -> None:
        self.app.call_later(self.app.run_action, "quit")
