"""New game: the edition, the rules and variants (the edition's own options among them), 2 to 8 seats
(each a person or a bot at a level, with a name; a bot may be one from outside, installed or named
`module:Class`), and an optional seed. A name that is not one (a control character pasted in, say) is
refused with the reason, as the engine gives it."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from engine import EDITIONS, SEED_MAX, Edition, RuleOptions, load_edition
from engine.core.text import NAME_MAX, TextError, check_name
from room import DEFAULT_LEVEL, Seat, TableSetup
from room.board_words import edition_name
from room.rule_choices import explain, general_options
from room.seats import bot_choices, bot_names, bot_problem, level_word, your_name
from translation import N_, _, number, pgettext
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput
from tui.widgets.steady_select import SteadySelect as Select
from tui.widgets.ticks import TickBox

VARIANTS = ((N_("The full game"), "full"), (N_("Short Game"), "short"), (N_("Time Limit game"), "time"))
"""The classic editions' variants, their words translated where the choice is shown."""
OTHER = "other"
"""The level choice that asks for a bot of one's own by name (`module:Class`)."""


def _variants(variants: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """Return the variants with their labels in the current language."""
    return [(_(words), value) for words, value in variants]


def _number(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None


class SeatRow(Horizontal):
    """A form row for one seat: a name, person or bot, and the bot's level."""

    DEFAULT_CSS = """
    SeatRow {
        height: 1;
        margin-bottom: 0;
    }
    SeatRow Label {
        width: 4;
    }
    SeatRow Input {
        width: 20;
        margin-right: 1;
    }
    SeatRow Select {
        width: 14;
        margin-right: 1;
    }
    SeatRow Input.module {
        width: 22;
    }
    SeatRow Button {
        min-width: 5;
    }
    """

    def __init__(self, number: int, seat: Seat) -> None:
        super().__init__(classes="seat")
        self.number = number
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Label(f"{self.number}.")
        yield SteadyInput(self.seat.name, classes="name", compact=True, max_length=NAME_MAX)
        yield Select(
            [(_("person"), "human"), (_("bot"), "bot")],
            value=self.seat.kind,
            allow_blank=False,
            classes="kind",
            compact=True,
        )
        level = self.seat.level or DEFAULT_LEVEL
        choices = bot_choices()
        own = level not in choices
        yield Select(
            [
                *((level_word(lv), lv) for lv in choices),
                (_("other..."), OTHER),
            ],
            value=OTHER if own else level,
            allow_blank=False,
            classes="level",
            compact=True,
        )
        yield SteadyInput(level if own else "", placeholder="module:Class", classes="module", compact=True)
        yield Button(_("del"), classes="remove", compact=True, variant="error")

    def spec(self) -> Seat | str:
        kind = self.query_one(".kind", Select).value
        level = str(self.query_one(".level", Select).value)
        try:
            name = check_name(self.query_one(".name", Input).value)
        except TextError as exc:
            return _("Seat {number}: {problem}", number=self.number, problem=exc)
        if kind != "bot":
            return Seat(name=name, kind="human")
        if level == OTHER:
            level = self.query_one(".module", Input).value.strip()
            if not level:
                return _("Seat {number}: name your bot as module:Class.", number=self.number)
        problem = bot_problem(level)
        if problem is not None:
            return _("Seat {number}: {problem}.", number=self.number, problem=problem)
        return Seat(name=name, kind="bot", level=level)

    def on_select_changed(self, event: Select.Changed) -> None:
        self._show_choices()

    def on_mount(self) -> None:
        self._show_choices()

    def _show_choices(self) -> None:
        """Show the level for a bot only: a person has none (the place kept, so that the rows line up)."""
        bot = self.query_one(".kind", Select).value == "bot"
        level = self.query_one(".level", Select)
        level.disabled = not bot
        level.visible = bot
        self.query_one(".module", Input).display = bot and level.value == OTHER


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start"), priority=True),
        Binding("ctrl+n", "add_seat", N_("Add seat"), priority=True),
        Binding("escape", "back", N_("Back")),
    ]
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll {
        padding: 0 1;
    }
    NewGameScreen .row {
        height: 1;
        margin-bottom: 1;
    }
    NewGameScreen .row > Label {
        width: 16;
    }
    NewGameScreen #edition, NewGameScreen #variant {
        width: 24;
    }
    NewGameScreen .magie Label {
        width: auto;
        margin-left: 2;
    }
    NewGameScreen #rounds, NewGameScreen #seed, NewGameScreen #cash, NewGameScreen #circuits {
        width: 14;
        margin-left: 1;
    }
    NewGameScreen #about {
        color: $text-muted;
        margin-bottom: 1;
    }
    NewGameScreen .rules {
        height: auto;
        margin-bottom: 1;
    }
    NewGameScreen TickBox {
        width: auto;
        margin-right: 2;
    }
    NewGameScreen #seats {
        height: auto;
    }
    NewGameScreen #edition-rules {
        height: auto;
    }
    NewGameScreen #edition-rules .flags {
        height: auto;
        margin-bottom: 1;
    }
    NewGameScreen #edition-rules .figure Label {
        width: 24;
    }
    NewGameScreen #edition-rules .figure Input {
        width: 10;
    }
    NewGameScreen #option-help {
        display: none;
        color: $text-muted;
        height: auto;
        margin-bottom: 1;
    }
    NewGameScreen #error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    NewGameScreen #title {
        text-style: bold;
        background: $primary 30%;
        width: 1fr;
        padding: 0 1;
        margin-bottom: 1;
    }
    NewGameScreen #below {
        dock: bottom;
        height: auto;
        padding: 0 1;
        margin-bottom: 1;  /* the footer's line, docked at the bottom too */
    }
    NewGameScreen .buttons {
        height: 1;
    }
    NewGameScreen .buttons Button {
        margin-right: 2;
    }
    """

    def __init__(self, edition: str = "classic", seed: int | None = None, name: str | None = None) -> None:
        super().__init__()
        self.edition = edition if edition in EDITIONS else "classic"
        self.seed = seed
        me = your_name(name)
        self.initial = [Seat(name=me, kind="human")] + [
            Seat(name=n, kind="bot", level=DEFAULT_LEVEL) for n in bot_names(3, {me})
        ]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(_("New game"), id="title")
            with Horizontal(classes="row"):
                yield Label(_("Edition"))
                yield Select(
                    [(edition_name(load_edition(e)), e) for e in EDITIONS],
                    value=self.edition,
                    allow_blank=False,
                    id="edition",
                    compact=True,
                )
            yield Static(id="about")
            with Horizontal(classes="row classic", id="variant-row"):
                yield Label(_("Variant"))
                yield Select(_variants(VARIANTS), value="full", allow_blank=False, id="variant", compact=True)
                yield SteadyInput(placeholder=_("rounds"), id="rounds", type="integer", compact=True)
            with Horizontal(classes="rules classic"):
                yield TickBox(_("Auctions"), True, id="auctions", compact=True)
                yield TickBox(_("Even building"), True, id="even_building", compact=True)
                yield TickBox(_("Rent in jail"), True, id="rent_in_jail", compact=True)
            with Horizontal(classes="rules classic"):
                yield TickBox(_("Free Parking pot"), False, id="free_parking_pot", compact=True)
                yield TickBox(_("Double salary on GO"), False, id="double_go_salary", compact=True)
            with Horizontal(classes="row magie"):
                yield TickBox(_("Lot tickets"), True, id="lot_tickets", compact=True)
                yield Label(_("Times round"))
                yield SteadyInput(placeholder=_("edition's"), id="circuits", type="integer", compact=True)
            yield Vertical(id="edition-rules")
            yield Static(id="option-help", classes="note")
            with Horizontal(classes="row"):
                yield Label(_("Starting cash"))
                yield SteadyInput(placeholder=_("edition's"), id="cash", type="integer", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Seed"))
                yield SteadyInput(
                    "" if self.seed is None else str(self.seed),
                    placeholder=pgettext("seed", "random"),
                    id="seed",
                    type="integer",
                    compact=True,
                )
            yield Label(
                _("Seats ({least} to {most}; bots play at the level shown)", least=2, most=8),
                id="seats-title",
            )
            with Vertical(id="seats"):
                for i, seat in enumerate(self.initial, start=1):
                    yield SeatRow(i, seat)
            yield Static(
                _(
                    "easy buys and builds by printed prices; normal reckons expected rent; "
                    "hard bargains hardest; expert looks ahead and weighs deals by what it learned; "
                    "random plays any legal move; other... seats a bot of your own."
                ),
                id="levels",
                classes="note",
            )
        with Vertical(id="below"):  # in sight however long the form: Start and Back never scroll away
            yield Static(id="error")
            with Horizontal(classes="buttons"):
                yield Button(_("Start (^s)"), id="start", variant="success", compact=True)
                yield Button(_("Add seat (^n)"), id="add", compact=True)
                yield Button(_("Back (esc)"), id="back", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._describe_edition()
        self.query_one("#rounds", Input).display = False
        self.query_one("#edition", Select).focus()

    def _describe_edition(self) -> None:
        value = self.query_one("#edition", Select).value
        ed = load_edition(str(value))
        about = f"{edition_name(ed)} ({ed.year}): {_(ed.description)}"
        self.query_one("#about", Static).update(Content(about))
        classic = ed.short_game is not None or ed.time_limit is not None
        offered = general_options(ed)
        for row in self.query(".classic"):
            row.display = classic
        for row in self.query(".magie"):
            row.display = "lot_tickets" in offered or "circuits" in offered
        seats = _(
            "Seats ({least} to {most}; bots play at the level shown)",
            least=ed.min_players,
            most=ed.max_players,
        )
        self.query_one("#seats-title", Label).update(Content(seats))
        if not classic:
            self.query_one("#variant", Select).value = "full"
        variant = self.query_one("#variant", Select)
        variants = [
            v
            for v in _variants(VARIANTS)
            if (v[1] != "short" or ed.short_game) and (v[1] != "time" or ed.time_limit)
        ]
        current = variant.value
        variant.set_options(variants)
        variant.value = current if any(v[1] == current for v in variants) else "full"
        self.query_one("#rounds", Input).display = variant.value == "time"
        # only the rule options that mean something in this edition are offered
        self.query_one("#even_building", TickBox).display = "even_building" in offered
        self.query_one("#rent_in_jail", TickBox).display = "rent_in_jail" in offered
        pot = self.query_one("#free_parking_pot", TickBox)
        pot.display = "free_parking_pot" in offered
        if not pot.display:
            pot.value = False
        self._edition_rules(ed)

    def _edition_rules(self, ed: Edition) -> None:
        """Build the widgets for the edition's own options: a checkbox for each that is on or off, a field for
        each figure."""
        box = self.query_one("#edition-rules", Vertical)
        box.remove_children()
        offered = {name: o for name, o in ed.options.items() if o.supported}
        if not offered:
            return
        widgets: list[Widget] = [
            Label(_("{edition} options (off unless chosen)", edition=edition_name(ed)), classes="note")
        ]
        flags = [
            TickBox(o.label, bool(o.default), id=f"opt-{name}", compact=True, tooltip=o.help)
            for name, o in offered.items()
            if o.kind == "flag"
        ]
        for i in range(0, len(flags), 2):  # two a row: the longest labels still fit 80 columns
            widgets.append(Horizontal(*flags[i : i + 2], classes="flags"))
        for name, o in offered.items():
            if o.kind != "flag":
                field = SteadyInput(
                    str(o.default), id=f"opt-{name}", type="integer", compact=True, tooltip=o.help
                )
                widgets.append(Horizontal(Label(o.label), field, classes="row figure"))
        for o in ed.options.values():
            if not o.supported:
                widgets.append(Static(Content(f"{o.label}: {o.help}"), classes="note"))
        box.mount_all(widgets)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Explain the focused option in a sentence under the options."""
        self._explain(event.widget.id or "")

    def _explain(self, widget_id: str) -> None:
        ed = load_edition(str(self.query_one("#edition", Select).value))
        text = explain(ed, widget_id.removeprefix("opt-"))
        said = self.query_one("#option-help", Static)
        said.update(Content(text))
        said.display = bool(text)

    def _edition_choices(self, ed: Edition) -> dict[str, int] | str:
        """Return the edition's options as chosen (those left at their defaults omitted), or what is wrong."""
        chosen: dict[str, int] = {}
        for name, o in ed.options.items():
            if not o.supported:
                continue
            widgets = list(self.query(f"#opt-{name}"))
            if not widgets:
                continue
            widget = widgets[0]
            if isinstance(widget, TickBox):
                value = int(widget.value)
            elif isinstance(widget, Input):
                number = _number(widget.value)
                if number is None:
                    return _("{option} is a whole number.", option=o.label)
                value = number
            else:
                continue
            if value != o.default:
                chosen[name] = value
        return chosen

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "edition":
            self._describe_edition()
        elif event.select.id == "variant":
            self.query_one("#rounds", Input).display = event.value == "time"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "add":
            self.action_add_seat()
        elif event.button.id == "back":
            self.action_back()
        elif "remove" in event.button.classes:
            row = next((a for a in event.button.ancestors if isinstance(a, SeatRow)), None)
            if row is not None:
                self._remove(row)

    def _seat_rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    def _max_seats(self) -> int:
        return load_edition(str(self.query_one("#edition", Select).value)).max_players

    def action_add_seat(self) -> None:
        rows = self._seat_rows()
        if len(rows) >= self._max_seats():
            self._error(_("This edition seats at most {n} players.", n=self._max_seats()))
            return
        taken = {r.query_one(".name", Input).value for r in rows}
        name = bot_names(1, taken)[0]
        self.query_one("#seats").mount(
            SeatRow(len(rows) + 1, Seat(name=name, kind="bot", level=DEFAULT_LEVEL))
        )
        self._error("")

    def _remove(self, row: SeatRow) -> None:
        rows = self._seat_rows()
        if len(rows) <= 2:
            self._error(_("A game needs at least two seats."))
            return
        row.remove()
        for i, other in enumerate(r for r in rows if r is not row):
            other.number = i + 1
            other.query_one(Label).update(Content(f"{i + 1}."))
        self._error("")

    def _error(self, text: str) -> None:
        self.query_one("#error", Static).update(Content(text))

    def setup(self) -> TableSetup | str:
        """Return the table setup as filled in, or what is wrong with it."""
        seats: list[Seat] = []
        for row in self._seat_rows():
            spec = row.spec()
            if isinstance(spec, str):
                return spec
            seats.append(spec)
        if len({s.name.casefold() for s in seats}) != len(seats):
            return _("Every seat needs a different name.")
        edition = str(self.query_one("#edition", Select).value)
        ed = load_edition(edition)
        if not ed.min_players <= len(seats) <= ed.max_players:
            return _(
                "{edition} is played by {least} to {most} players.",
                edition=edition_name(ed),
                least=ed.min_players,
                most=ed.max_players,
            )
        variant = self.query_one("#variant", Select).value
        rounds: int | None = None
        if variant == "time":
            rounds = _number(self.query_one("#rounds", Input).value)
            if rounds is None or rounds < 1:
                return _("The Time Limit game needs a number of rounds (1 or more).")
        cash_text = self.query_one("#cash", Input).value.strip()
        seed_text = self.query_one("#seed", Input).value.strip()
        cash, seed = _number(cash_text), _number(seed_text)
        if (cash_text and cash is None) or (seed_text and seed is None):
            return _("Starting cash and seed are whole numbers.")
        edition_rules = self._edition_choices(ed)
        if isinstance(edition_rules, str):
            return edition_rules
        if seed is not None and not 0 <= seed <= SEED_MAX:
            return _("The seed is a whole number from 0 to {most}.", most=number(SEED_MAX))
        circuits_text = self.query_one("#circuits", Input).value.strip() if ed.circuits else ""
        circuits = _number(circuits_text)
        if circuits_text and (circuits is None or circuits < 1):
            return _("Times round the board is a whole number, 1 or more.")
        try:
            rules = RuleOptions(
                edition_rules=edition_rules,
                short_game=variant == "short",
                time_limit_rounds=rounds,
                auctions=self.query_one("#auctions", TickBox).value,
                even_building=self.query_one("#even_building", TickBox).value,
                rent_in_jail=self.query_one("#rent_in_jail", TickBox).value,
                free_parking_pot=self.query_one("#free_parking_pot", TickBox).value,
                double_go_salary=self.query_one("#double_go_salary", TickBox).value,
                starting_cash=cash,
                lot_tickets=self.query_one("#lot_tickets", TickBox).value,
                circuits=circuits,
            )
        except ValueError as exc:
            return _("Those rules do not go together: {reason}", reason=exc)
        return TableSetup(edition, tuple(seats), rules, seed)

    def action_start(self) -> None:
        setup = self.setup()
        if isinstance(setup, str):
            self._error(setup)
            return
        self._error("")
        self.app.call_later(self.app.start_table, setup)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.dismiss()
