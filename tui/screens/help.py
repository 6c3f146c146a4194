"""Help: the keys, and a short account of the rules of the edition being played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import Board, Edition, RuleOptions, Ruleset
from engine.core.fairness import SHORT_LENGTH, short_fingerprint
from room.board_words import edition_name, group_name, tells_groups
from translation import N_, _, money
from tui.styles import look
from tui.styles.glyphs import UNICODE, Glyphs

KEYS = [
    ("r", N_("roll the dice (in jail: throw for doubles)")),
    ("e", N_("end the turn")),
    ("g", N_("from round 21, on your turn: end the game now if everyone still in agrees (the richest wins)")),
    ("p / c", N_("pay the jail fine / use a Get Out of Jail Free card")),
    ("b", N_("build and sell houses and hotels")),
    ("m", N_("mortgage deeds and lift mortgages")),
    (
        "t",
        N_(
            "propose a trade: p the other player, d / D your deeds / theirs, c / C your cash / theirs,"
            " j / J jail cards, n a deal among several instead, Ctrl+S send"
        ),
    ),
    (
        "j",
        N_(
            "make a deal among three or more players: g giver, t receiver, d deeds and cards, c cash,"
            " j jail cards, a add the part, x drop the last, PgUp / PgDn scroll the parts, Ctrl+S send;"
            " one turned down is kept, e (or j again) to change it; answering one, o makes a counter-offer"
        ),
    ),
    ("v", N_("play travel cards instead of throwing (the add-on board)")),
    ("k / i", N_("1904: the bank (borrow and repay notes) / propose a loan to a player")),
    ("Enter", N_("reopen a decision you closed")),
    (N_("arrows, n"), N_("move the selection round the board; click a space to see its deed")),
    ("h / d / l", N_("holdings, deed and event log (overlays on a small screen)")),
    ("y", N_("why: the rule behind the line picked in the log (arrows), or the selected space's rules")),
    ("u", N_("take back your own moves since the last throw or card (alone against bots; never the dice)")),
    ("s", N_("each player's chance to win from here, worked out again after every move")),
    ("z", N_("the advisor: what the expert would do in your seat now, why, and your chances (Enter: do it)")),
    (N_("space"), N_("skip ahead while bots move")),
    ("+ / -", N_("bots faster / slower")),
    ("w", N_("switch seat (several people at one keyboard)")),
    ("Ctrl+P", N_("command palette: every action in words")),
    (N_("? or F1"), N_("this help")),
    ("Esc", N_("close a dialog or panel")),
    ("Ctrl+Q", N_("save and quit")),
]
"""Every key of the game screen and what it does (the words translated where they are shown)."""

KEY_VARIANTS = (
    N_("roll the dice"),
    N_("build and sell houses"),
    N_("build and sell houses, sell lots back to the bank"),
    N_(
        "propose a trade: p the other player, d / D your deeds / theirs, c / C your cash / theirs,"
        " n a deal among several instead, Ctrl+S send"
    ),
    N_(
        "make a deal among three or more players: g giver, t receiver, d deeds and cards, c cash,"
        " a add the part, x drop the last, PgUp / PgDn scroll the parts, Ctrl+S send;"
        " one turned down is kept, e (or j again) to change it; answering one, o makes a counter-offer"
    ),
    N_(
        "make a deal among three or more players: g giver, t receiver, d deeds and cards, c cash,"
        " h houses, a add the part, x drop the last, PgUp / PgDn scroll the parts, Ctrl+S send;"
        " one turned down is kept, e (or j again) to change it; answering one, o makes a counter-offer"
    ),
    N_(
        "make a deal among three or more players: g giver, t receiver, d deeds and cards, c cash,"
        " h houses, j jail cards, a add the part, x drop the last, PgUp / PgDn scroll the parts,"
        " Ctrl+S send; one turned down is kept, e (or j again) to change it; answering one, o makes a"
        " counter-offer"
    ),
)
"""The keys' words as `keys_for` words them for editions without some things, marked for translation."""


def keys_for(board: Board | None) -> list[tuple[str, str]]:
    """Return the key help, less the keys for what the edition does not have (jail, mortgages, loans, travel
    cards)."""
    if board is None:
        return KEYS
    ed = board.edition
    out = []
    for key, what in KEYS:
        if ed.jail is None and key == "p / c":
            continue
        if not ed.mortgages and key == "m":
            continue
        if ed.loans is None and key == "k / i":
            continue
        if key == "v" and not any(c.effect.kind == "travel" for d in ed.decks.values() for c in d.cards):
            continue
        if ed.jail is None and key == "r":
            what = "roll the dice"
        if key in ("t", "j") and ed.jail is None:
            what = what.replace(" j / J jail cards,", "").replace(" j jail cards,", "")
        if key == "j" and ed.house_sales:
            what = what.replace(" c cash,", " c cash, h houses,")
        if not ed.hotels and key == "b":
            what = "build and sell houses" + (", sell lots back to the bank" if ed.bank_buys_lots else "")
        out.append((key, what))
    return out


def board_legend(board: Board, glyphs: Glyphs, names: Sequence[str]) -> list[Content]:
    """Return the board legend: what the marks on the board mean, with this game's players and colour
    groups."""
    g = glyphs
    players = Content("  ").join(
        Content.assemble((g.mark(p), look.mark(p)), " ", (name, f"bold {look.player(p)}"))
        for p, name in enumerate(names)
    )
    owner = Content.styled(g.mark(0), look.owner(0))
    ed = board.edition
    built: list[str | tuple[str, str] | Content] = [
        "  ",
        owner,
        (g.house * 2, "bold $success"),
        " " + _("two houses ("),
    ]
    built += [owner, (f"3{g.house}", "bold $success"), " " + _("three, when space is short)")]
    if ed.hotels:
        built += ["   ", owner, (g.hotel, "bold $error"), " " + _("a hotel")]
    if ed.mortgages:
        built += ["   ", owner, (g.mortgaged, "bold $warning"), " " + _("mortgaged")]
    lines = [
        Content(_("Each player has a mark and a colour:") + "  ") + players,
        Content(_("Under a space's name, at the left, the owner's mark in his colour, then what is built:")),
        Content.assemble(*built),
        Content.assemble(
            _("At the right, the tokens standing there, each mark on its player's colour:") + " ",
            (g.mark(0), look.mark(0)),
            (g.mark(1), look.mark(1)),
            ".",
        ),
    ]
    if ed.jail is not None:
        lines.append(
            Content.assemble(
                _("On Jail,") + " ",
                (g.jail, "bold"),
                (g.mark(0), look.mark(0) + " underline"),
                " " + _("is in jail; a token without the bars is just visiting."),
            )
        )
    lines += [
        Content(_("$220: an unowned deed's price, or a tax; on Free Parking, the pot (a house rule)."))
        if ed.colour_groups
        else Content(
            _("$200: an unowned lot's price; $10 a fare or fee, +$50 a reward, 10x the Sweepstakes.")
        ),
        Content.assemble(
            (g.marker, "bold $accent"),
            " " + _("the space selected with the arrow keys (its deed: d);") + " ",
            (g.full_group, "bold $accent"),
            " " + _("in lists: completes a group."),
        )
        if tells_groups(board)
        else Content.assemble(
            (g.marker, "bold $accent"), " " + _("the space selected with the arrow keys (its deed: d).")
        ),
        Content.assemble((g.trail, "bold $accent"), " " + _("the spaces the last move passed over.")),
    ]
    if not tells_groups(board):
        return lines
    tags = [
        Content.assemble(look.group_tag(board, group), " ", group_name(board, group))
        for group in board.edition.groups
    ]
    lines.append(Content(_("Colour groups, with the tags the lists use:") + " ") + Content("  ").join(tags))
    return lines


def rules_summary(board: Board, ruleset: Ruleset | None) -> list[str]:
    """Return a short summary of the edition's rules, with the lines a dealt variant (the Short Game, the Time
    Limit game) changes written as that variant plays them."""
    ed = board.edition
    dealt = ruleset.dealt if ruleset is not None else None
    if ruleset is None or dealt is None:
        return list(ed.rules_summary)
    out = []
    jail = ed.jail
    for line in ed.rules_summary:
        low = line.lower()
        if ruleset.houses_before_hotel != ed.houses_before_hotel and "hotel needs" in low:
            line = _(
                "Build evenly on complete, unmortgaged groups; a hotel needs {n} "
                "houses on every lot. The bank has {houses} houses and {hotels} hotels.",
                n=ruleset.houses_before_hotel,
                houses=ed.bank.houses,
                hotels=ed.bank.hotels,
            )
        elif ruleset.flat_income_tax and "income tax" in low:
            taxes = ", ".join(f"{tax.name} {money(tax.flat)}" for tax in ed.taxes.values())
            line = _("Taxes: {taxes} (flat, in this variant).", taxes=taxes)
        elif ruleset.pay_fine_after_failed_roll and jail is not None and "jail by" in low:
            line = _(
                "Leave Jail by doubles (on any of {n} turns), a {fine} fine before "
                "rolling, a Get Out of Jail Free card, or by paying the fine after a failed throw and "
                "moving by it.",
                n=jail.max_turns,
                fine=money(jail.fine),
            )
        out.append(line)
    return out


def rules_in_play(rules: RuleOptions) -> list[str]:
    out = []
    if rules.short_game:
        out.append(
            _(
                "Short Game: three deeds dealt free to each player, hotels after three houses, "
                "the game ends at the first bankruptcy and the richest wins."
            )
        )
    if rules.time_limit_rounds:
        out.append(_("Time Limit: the richest after {n} rounds wins.", n=rules.time_limit_rounds))
    if rules.free_parking_pot:
        out.append(_("House rule: taxes and fines go to a pot that Free Parking pays out."))
    if rules.double_go_salary:
        out.append(_("House rule: landing exactly on GO pays double."))
    if not rules.auctions:
        out.append(_("No auctions: a declined deed stays with the bank."))
    if not rules.rent_in_jail:
        out.append(_("House rule: owners in jail collect no rent."))
    if not rules.even_building:
        out.append(_("House rule: building need not be even."))
    if rules.starting_cash is not None:
        out.append(_("Everyone starts with {amount}.", amount=money(rules.starting_cash)))
    if not rules.lot_tickets:
        out.append(
            _(
                "Without lot tickets: where the edition deals them, each starts with less and buys by "
                "stopping."
            )
        )
    if rules.circuits is not None:
        out.append(_("Where the game ends after circuits: it ends after {n} times round.", n=rules.circuits))
    return out


def edition_options(ed: Edition, rules: RuleOptions) -> list[str]:
    """Return each of the edition's own options with what it does, and whether it is in play in this game."""
    out = []
    for name, option in ed.options.items():
        if not option.supported:
            out.append(f"{_(option.label)}: {_(option.help)}")
            continue
        value = rules.edition_rule(name)
        if option.kind == "flag":
            state = _("on in this game") if value else _("off")
        else:
            state = (
                _("{value} in this game", value=value)
                if value is not None
                else _("{value} (as printed)", value=option.default)
            )
        out.append(f"{_(option.label)} ({state}): {_(option.help)}")
    return out


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,f1,q", "close", N_("Close"))]
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
    HelpScreen #keys {
        grid-size: 2;
        grid-columns: 11 1fr;
        grid-rows: auto;
        grid-gutter: 0 2;
        height: auto;
        margin-bottom: 1;
    }
    HelpScreen #keys .key {
        width: 100%;
        text-align: right;
        text-style: bold;
        color: $accent;
    }
    """

    def __init__(
        self,
        board: Board | None = None,
        rules: RuleOptions | None = None,
        ruleset: Ruleset | None = None,
        names: Sequence[str] = (),
        glyphs: Glyphs = UNICODE,
        fingerprint: str | None = None,
        keys: Sequence[tuple[str, str]] | None = None,
        pace: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.pace = pace  # how the table's pace changes the game (a turn-based room), in words
        self.keys = keys  # the keys of another screen than the game's (the replay's)
        self.fingerprint = fingerprint
        self.board = board
        self.rules = rules
        self.ruleset = ruleset
        self.names = names
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Help (Esc to close)"), id="title")
            with VerticalScroll():
                yield Static(Content.styled(_("Keys"), "bold underline"))
                with Grid(id="keys"):  # a key's words wrap beside it, under their own start
                    for key, what in self.keys if self.keys is not None else keys_for(self.board):
                        yield Static(
                            Content(_(key)), classes="key"
                        )  # a key's name, in words where it has any
                        yield Static(Content(_(what)))
                yield Static(self._text())

    def _text(self) -> Content:
        """Return the help text after the keys: how the keys work, fair dice, the edition's rules, the
        board."""
        lines: list[Content] = []
        lines.append(
            Content(
                _(
                    "Only what the rules allow is offered: the footer shows the keys that work now, "
                    "and a key that does nothing now says why."
                )
            )
        )
        if self.fingerprint is not None:
            lines.append(Content(""))
            lines.append(Content.styled(_("Fair dice"), "bold underline"))
            said = _(
                "Every throw and card comes from this game's secret seed. Its fingerprint (SHA-256) is "
                "{fingerprint}: the seed is shown when the game ends, and "
                "`landlords verify` then checks that it matches and that every throw and card came "
                "from it.",
                fingerprint="\x00",
            )
            before, _sep, after = said.partition("\x00")
            lines.append(
                Content.assemble(
                    before,
                    (short_fingerprint(self.fingerprint), "bold"),
                    self.fingerprint[SHORT_LENGTH:] + after,
                )
            )
        if self.board is not None:
            ed = self.board.edition
            lines.append(Content(""))
            lines.append(Content.styled(_("The board"), "bold underline"))
            lines.extend(board_legend(self.board, self.glyphs, self.names))
            lines.append(Content(""))
            heading = _("The rules: {edition} edition ({year})", edition=edition_name(ed), year=ed.year)
            lines.append(Content.styled(heading, "bold underline"))
            lines.append(Content(_(ed.description)))
            for rule in rules_summary(self.board, self.ruleset):
                lines.append(Content(f"- {_(rule)}"))
            if ed.differences:
                lines.append(Content(""))
                lines.append(Content.styled(_("What differs from the classic game"), "bold underline"))
                lines.extend(Content(f"- {_(x)}") for x in ed.differences)
            extra = rules_in_play(self.rules) if self.rules is not None else []
            extra = [*extra, *self.pace]
            if extra:
                lines.append(Content(""))
                lines.append(Content.styled(_("In this game"), "bold underline"))
                lines.extend(Content(f"- {x}") for x in extra)
            if ed.options:
                lines.append(Content(""))
                lines.append(Content.styled(_("The edition's own options"), "bold underline"))
                lines.extend(Content(f"- {x}") for x in edition_options(ed, self.rules or RuleOptions()))
        return Content("\n").join(lines)

    def action_close(self) -> None:
        self.dismiss()
