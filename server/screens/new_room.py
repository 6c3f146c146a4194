"""The new-room form: its name, the edition and variant, its seats (people, and bots at a level), how long the
table waits on a person who is away before a stand-in bot takes over, its clock (none, or a time bank for each
person: the bank and the seconds added at each decision), the bots' pace, whether the people at it may ask
the advisor what `expert` would do in their seat, and the room's pace: live, or turn-based with some hours
for each move.

The clock's figures say their bounds beside them from the start, are checked as they are typed (the
problem shown at once, not only when the room is made), and are written back in their plain form when the
field is left ("3" becomes "3:00"). Its dropdowns keep every key of a burst (`SteadySelect`)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from engine import EDITIONS, load_edition
from room import DEFAULT_LEVEL, LEVELS
from room.board_words import edition_name
from room.pacing import DEFAULT_SPEED, ORDER
from server.screens.session import session_of
from server.tables.plans import (
    ADDED_SECONDS,
    BANK_SECONDS,
    DEFAULT_ADDED,
    DEFAULT_BANK,
    DEFAULT_TURN_TIMER,
    MOVE_HOURS,
    ROOM_NAME_MAX,
    TURN_TIMERS,
    RoomRequest,
    SeatPlan,
    TableError,
    minutes,
    read_clock,
    rules_from,
)
from translation import N_, _
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.steady_input import SteadyInput
from tui.widgets.steady_select import SteadySelect as Select

VARIANTS = ((N_("The full game"), "full"), (N_("Short Game"), "short"))
CLOCKS = ((N_("none"), "none"), (N_("time bank"), "bank"))


class NewRoomScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back to the lobby"))]
    DEFAULT_CSS = """
    NewRoomScreen Vertical#form { width: 64; height: auto; border: round $primary; padding: 0 1; }
    NewRoomScreen Horizontal { height: 1; margin-bottom: 1; }
    NewRoomScreen.-short Horizontal { margin-bottom: 0; }
    NewRoomScreen Label { width: 16; }
    NewRoomScreen Input { width: 30; }
    NewRoomScreen Select { width: 30; }
    NewRoomScreen #problem { color: $error; height: auto; }
    NewRoomScreen #clock-bounds { color: $text-muted; height: auto; margin-bottom: 1; padding-left: 16; }
    NewRoomScreen.-short #clock-bounds { margin-bottom: 0; }
    NewRoomScreen #clock { width: 13; }
    NewRoomScreen #bank { width: 7; margin-left: 1; }
    NewRoomScreen #added { width: 5; }
    NewRoomScreen Label.joint { width: auto; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        app = session_of(self.app)
        most = app.worker_rooms.limits.seats_per_room
        with Center(), Vertical(id="form"):
            yield Static(Content(_("A new room")))
            with Horizontal():
                yield Label(_("Name"))
                yield SteadyInput(
                    placeholder=_("a name for the room"), max_length=ROOM_NAME_MAX, id="name", compact=True
                )
            with Horizontal():
                yield Label(_("Edition"))
                yield Select(
                    [(edition_name(load_edition(e)), e) for e in EDITIONS],
                    value="classic",
                    allow_blank=False,
                    id="edition",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("Game"))
                yield Select(
                    [(_(w), v) for w, v in VARIANTS],
                    value="short",
                    allow_blank=False,
                    id="variant",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("People"))
                yield Select(
                    [(str(n), n) for n in range(1, most + 1)],
                    value=2,
                    allow_blank=False,
                    id="people",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("Bots"))
                yield Select(
                    [(str(n), n) for n in range(most)], value=2, allow_blank=False, id="bots", compact=True
                )
            with Horizontal():
                yield Label(_("Bots' level"))
                yield Select(
                    [(lv, lv) for lv in LEVELS],
                    value=DEFAULT_LEVEL,
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("Turn timer"))
                yield Select(
                    [(f"{s} s", s) for s in TURN_TIMERS],
                    value=DEFAULT_TURN_TIMER,
                    allow_blank=False,
                    id="timer",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("Clock"))
                yield Select(
                    [(_(w), v) for w, v in CLOCKS], value="none", allow_blank=False, id="clock", compact=True
                )
                yield SteadyInput(minutes(DEFAULT_BANK), max_length=5, id="bank", compact=True)
                yield Label("+", classes="joint")
                yield SteadyInput(str(DEFAULT_ADDED), max_length=3, id="added", compact=True)
                yield Label("s", classes="joint")
            (low, high), (least, most) = BANK_SECONDS, ADDED_SECONDS
            yield Static(
                _(
                    "bank {low} to {high}, + {least} to {most} s a decision",
                    low=minutes(low),
                    high=minutes(high),
                    least=least,
                    most=most,
                ),
                id="clock-bounds",
            )
            with Horizontal():
                yield Label(_("Bots' pace"))
                yield Select(
                    [(p, p) for p in ORDER], value=DEFAULT_SPEED, allow_blank=False, id="pace", compact=True
                )
            with Horizontal():
                yield Label(_("Moves"))
                yield Select(
                    [(_("live"), 0), *((_("turn-based, {hours} h a move", hours=h), h) for h in MOVE_HOURS)],
                    value=0,
                    allow_blank=False,
                    id="moves",
                    compact=True,
                )
            with Horizontal():
                yield Label(_("Advisor"))
                yield Select(
                    [(_("on"), True), (_("off"), False)],
                    value=True,
                    allow_blank=False,
                    id="advisor",
                    compact=True,
                )
            yield Static("", id="problem")
            yield Button(_("Make the room"), id="make", variant="primary", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self._clock_figures()

    def on_resize(self, event: events.Resize) -> None:
        """Remove the space between the form's rows on a short terminal (80x24)."""
        self.set_class(event.size.height < 30, "-short")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("clock", "moves"):
            self._clock_figures()

    def _clock_figures(self) -> None:
        """Offer the turn timer and the clock only to a live room (a turn-based one has its hours a move
        instead), and the bank's fields only with a time bank."""
        live = self._value("#moves") == 0
        for select in self.query("#timer, #clock").results(Select):
            select.disabled = not live
        off = not live or self._value("#clock") != "bank"
        for figure in self.query("#bank, #added").results(Input):
            figure.disabled = off
        self.query_one("#clock-bounds").display = not off
        self._check_clock()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("bank", "added"):
            self._check_clock()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Normalise a clock field when it loses focus: write it back in its plain form, if it is one ("3" as
        "3:00")."""
        if event.widget.id not in ("bank", "added") or self._value("#clock") != "bank":
            return
        try:
            bank, added = self._clock()
        except TableError:
            return
        self.query_one("#bank", Input).value = minutes(bank)
        self.query_one("#added", Input).value = str(added)

    def _clock(self) -> tuple[int, int]:
        """The clock asked for: none in a turn-based room, whatever the disabled fields still hold."""
        return read_clock(
            str(self._value("#clock")) if self._value("#moves") == 0 else "none",
            self.query_one("#bank", Input).value,
            self.query_one("#added", Input).value,
        )

    def _check_clock(self) -> None:
        """Validate the clock as it is typed, showing its problem; nothing once the figures are right."""
        problem = self.query_one("#problem", Static)
        try:
            self._clock()
        except TableError as exc:
            problem.update(Content(str(exc)))
            return
        problem.update("")

    def _value(self, selector: str) -> object:
        return self.query_one(selector, Select).value

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.make()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        await self.make()

    async def make(self) -> None:
        app = session_of(self.app)
        people = int(str(self._value("#people")))
        bots = int(str(self._value("#bots")))
        level = str(self._value("#level"))
        seats = [SeatPlan("person") for _n in range(people)] + [SeatPlan("bot", level) for _n in range(bots)]

        try:
            bank, added = self._clock()
            table_id = await app.worker_rooms.create(
                RoomRequest(
                    app.fingerprint,
                    app.player_name,
                    self.query_one("#name", Input).value,
                    str(self._value("#edition")),
                    rules_from(str(self._value("#variant"))).model_dump(exclude_defaults=True),
                    seats,
                    int(str(self._value("#timer"))),
                    str(self._value("#pace")),
                    self._value("#advisor") is True,
                    bank,
                    added,
                    int(str(self._value("#moves"))),
                )
            )
        except TableError as exc:
            self.query_one("#problem", Static).update(Content(str(exc)))
            return
        self.dismiss()
        if table_id in app.worker_rooms.tables:
            app.enter(table_id, watch=False)
        else:  # made in another worker (the one with the fewest sessions): the player goes there
            app.move_to(table_id, watch=False)

    def action_cancel(self) -> None:
        self.dismiss()
