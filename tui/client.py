"""The client interface between the UI and a table: reading the table, sending a person's command, and
receiving the changes pushed to it.

`GameClient` is what every screen and widget talks to. The table changes whoever moves (a bot, another
person at the table): the client keeps each change (`Update`) and rings the screen with a `TableChanged`
message; the screen then collects them. `LocalClient` follows a `room.Room` in this process. Nothing above
this module touches the engine's game, the room or the saves.

A room's bots have one driver (`room.BotDriver`), made and stopped by whoever hosts the room: a room
played here alone is hosted by its one client, which drives the bots at the pace chosen here while the
screen on top lets them move; a server's table hosts its room for every session at it, and hands each
session's client its driver. A client given a driver never makes one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from textual.message import Message
from textual.timer import Timer

from engine import Board, Command, Event, GameView, Option, trading_open
from engine.queries import Facts
from room import BotDriver, Outcome, Room, Seat, Session, Update
from room.pacing import DEFAULT_SPEED, SPEEDS
from translation import _

if TYPE_CHECKING:
    from concurrent.futures import Future

    from room.advice import Advice
    from room.chances import TableChances
    from room.foresight import Thinking
    from room.review import ReviewJob

__all__ = ["Facts", "GameClient", "LocalClient", "Outcome", "TableChanged", "Update"]


class TableChanged(Message):
    """Message posted when the table has changed: collect the changes from the client
    (`GameClient.collect`)."""


class BotThought(Message):
    """Message posted when an `expert` bot's look-ahead has been computed in the pool: the bots go on, on the
    screen's loop (a Textual timer is set only from there)."""

    def __init__(self, then: Callable[[], None]) -> None:
        super().__init__()
        self.then = then


Post = Callable[[Message], object]
SetTimer = Callable[[float, Callable[[], None]], Timer]


class GameClient(Protocol):
    """Abstract client of one table, as one user interface sees it."""

    @property
    def board(self) -> Board: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def levels(self) -> Sequence[str | None]:
        """Each seat's bot level (or a bot's own name, `module:Class`); None for a person."""
        ...

    @property
    def local_seats(self) -> frozenset[int]:
        """The seats the people at this terminal play."""
        ...

    @property
    def version(self) -> int:
        """The table's version as far as this client knows: commands taken so far."""
        ...

    @property
    def seed(self) -> int | None:
        """The game's seed, once it is over."""
        ...

    @property
    def fingerprint(self) -> str:
        """The SHA-256 of the game's seed in hex, shown from the start: it reveals nothing of the dice as long
        as the seed is secret, and binds the game to the seed revealed at the end."""
        ...

    @property
    def may_take_back(self) -> bool:
        """Whether a person here may take back his own moves: a game hosted here, one person against
        bots (never at a table with other people)."""
        ...

    def take_back(self, player: int) -> Outcome:
        """Take back the player's latest decision since the last throw or card."""
        ...

    @property
    def lesson(self) -> bool:
        """Whether the game is the first game that teaches (`landlords learn`), played here."""
        ...

    def view(self, player: int | None = None) -> GameView: ...

    def options(self, player: int) -> list[Option]:
        """Return every command the player might give now, each with the reason it would be refused, if
        any."""
        ...

    def legal(self, player: int) -> list[Command]: ...

    def can_trade(self, player: int) -> bool: ...

    def check(self, cmd: Command) -> str | None:
        """Return why the command would be refused now, or None (nothing changes)."""
        ...

    def facts(self) -> Facts: ...

    def send(self, cmd: Command, version: int) -> Outcome:
        """Send a person's command, chosen on the table at `version`. Its events arrive like every change."""
        ...

    def collect(self) -> list[Update]:
        """Return the changes that arrived since the last call, oldest first."""
        ...

    def history(self) -> Sequence[Event]: ...

    def narrate(self, event: Event) -> str: ...

    def waiting_for(self) -> str: ...

    def chances(self) -> TableChances:
        """Return each player's win chances at this table, computed in the background while watched: the
        same figure for everyone at the table."""
        ...

    def review(self) -> ReviewJob:
        """Return a review of the game so far (its chances and worth over time, who paid whom, the turning
        points), computed in the background once requested."""
        ...

    def advice(self, player: int) -> Future[Advice]:
        """Return what `expert` would do in the seat of `player` (one of `local_seats`) now, computed in the
        background; `room.advice.AdvisorOff` with the reason where it cannot be asked."""
        ...

    def result_note(self) -> str | None:
        """Return a note on the finished game where it is recorded beyond its save (a server's ratings:
        whether it counts, and why not); None where there is nothing to say."""
        ...

    def pace_rules(self) -> list[str]:
        """Return how the table's pace changes the game, for the rules help (a turn-based room at a
        server); none where it is played live."""
        ...

    def follow(
        self,
        post: Post,
        set_timer: SetTimer,
        may_move: Callable[[], bool],
        needs_a_person: Callable[[Update], bool],
        on_error: Callable[[Exception], None],
    ) -> None:
        """Start following the table: ring `post` on every change. Where this client hosts the room, its
        bots move on `set_timer` while `may_move()` holds, a hurry stopping when `needs_a_person(update)`;
        at a table hosted elsewhere, its host paces them for everyone."""
        ...

    @property
    def speed(self) -> str: ...

    @speed.setter
    def speed(self, value: str) -> None:
        """Return the bots' pace, where this client hosts the room (elsewhere the host's, the same for
        all)."""
        ...

    @property
    def paced(self) -> bool:
        """Whether the table has a pace of its own for the bots, chosen before and kept in its save: a game
        taken up again goes on at it."""
        ...

    def hurry(self) -> None:
        """Let the bots play on without pause until a person is needed."""
        ...

    def poke(self) -> None:
        """Resume the bots after something held them: schedule a move if one is due."""
        ...

    def bots_due(self) -> bool:
        """Whether a bot is to move (the table does not wait on a person)."""
        ...

    def settled(self) -> bool:
        """Whether no bot move is due or scheduled."""
        ...

    @property
    def saving(self) -> bool: ...

    def save_now(self) -> str | None:
        """Save at once; return an error message if that failed."""
        ...

    def close(self) -> None:
        """Leave the table (hosting it: stop its bots and close its save)."""
        ...


class _ScreenClock:
    def __init__(self, set_timer: SetTimer) -> None:
        self._set_timer = set_timer

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return self._set_timer(delay, callback)


class LocalClient:
    """Client of a room in this process, for the people at this terminal (`local_seats`).

    Without a `driver`, the client hosts the room, played here alone: it drives the room's bots at the pace
    chosen here (its driver made once a screen follows it) and closes the room when it leaves. Given the
    `driver` of the room's host (a server's table), it only follows: the bots' pace is the host's.
    """

    def __init__(
        self, room: Room, local_seats: Collection[int] | None = None, driver: BotDriver | None = None
    ) -> None:
        self._room = room
        seats = (
            local_seats if local_seats is not None else [i for i, s in enumerate(room.seats) if not s.is_bot]
        )
        self._session: Session = room.join(seats)
        self._inbox: list[Update] = []
        self._rung = False
        self._post: Post | None = None
        self.hosting = driver is None
        """Whether this client hosts the room: it makes and stops its bots' driver, and closes the room."""
        self._driver: BotDriver | None = driver
        kept = room.pace if room.pace in SPEEDS else None
        self._speed = (kept or DEFAULT_SPEED) if driver is None else driver.speed
        self._paced = kept is not None or driver is not None
        self._chances: TableChances | None = None
        self._review: ReviewJob | None = None
        self._reviewed_at = -1  # the table's version the review was worked out at
        self._unsubscribe = room.subscribe(self._arrived)

    @property
    def room(self) -> Room:
        return self._room

    # --- what the table looks like ------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._room.board

    @property
    def seats(self) -> Sequence[Seat]:
        return self._room.seats

    @property
    def names(self) -> Sequence[str]:
        return self._room.names

    @property
    def levels(self) -> Sequence[str | None]:
        return [seat.level if seat.is_bot else None for seat in self._room.seats]

    @property
    def local_seats(self) -> frozenset[int]:
        return self._session.seats

    @property
    def version(self) -> int:
        return self._room.version

    @property
    def seed(self) -> int | None:
        return self._room.seed

    @property
    def fingerprint(self) -> str:
        return self._room.fingerprint

    def view(self, player: int | None = None) -> GameView:
        return self._room.view(player)

    def options(self, player: int) -> list[Option]:
        return self._room.options(player)

    def legal(self, player: int) -> list[Command]:
        return self._room.legal(player)

    def can_trade(self, player: int) -> bool:
        return player in self.local_seats and trading_open(self._room.view(None), player)

    def check(self, cmd: Command) -> str | None:
        return self._session.check(cmd)

    def facts(self) -> Facts:
        return self._room.facts()

    def history(self) -> Sequence[Event]:
        return self._room.history()

    def narrate(self, event: Event) -> str:
        return self._room.narrate(event)

    def waiting_for(self) -> str:
        return self._room.waiting_for()

    def chances(self) -> TableChances:
        """Return the room's chances, computed by the process pool this program shares among its tables."""
        if self._chances is None:
            from room.chances import TableChances, shared_pool

            self._chances = TableChances(self._room, shared_pool())
        return self._chances

    def review(self) -> ReviewJob:
        """Return the game's review, computed once for the position it was first requested at."""
        from room.chances import shared_pool
        from room.review import ReviewJob, Source

        if self._review is None or self._reviewed_at != self._room.version:  # a take-back changes it too
            self._review = ReviewJob(Source.of_room(self._room), shared_pool())
            self._reviewed_at = self._room.version
        return self._review

    def result_note(self) -> str | None:
        """Return None: a game at this keyboard is recorded in its save alone."""
        return None

    def pace_rules(self) -> list[str]:
        """Return nothing: a game at this keyboard is played live."""
        return []

    def advice(self, player: int) -> Future[Advice]:
        """Return the advice for one of this terminal's seats, computed in the chances process pool."""
        from room.advice import AdvisorOff, ask
        from room.chances import levels_of, shared_pool

        if player not in self.local_seats:
            raise AdvisorOff(_("The advisor speaks only to the players at this keyboard."))
        room = self._room
        return ask(shared_pool(), room.view(player), room.legal(player), levels_of(room), room.history())

    # --- moves and news -----------------------------------------------------------------------

    def send(self, cmd: Command, version: int) -> Outcome:
        return self._session.submit(cmd, version)

    @property
    def may_take_back(self) -> bool:
        return self.hosting and self._room.may_take_back

    @property
    def lesson(self) -> bool:
        return self.hosting and self._room.lesson

    def take_back(self, player: int) -> Outcome:
        if not self.may_take_back:
            refusal = _("Moves are taken back only in a game against bots.")
            return Outcome(refusal=refusal, code="no_takebacks")
        return self._room.take_back(player)

    def collect(self) -> list[Update]:
        news, self._inbox = self._inbox, []
        self._rung = False
        return news

    def _arrived(self, update: Update) -> None:
        self._inbox.append(update)
        if self._post is not None and not self._rung:
            self._rung = True
            self._post(TableChanged())

    def follow(
        self,
        post: Post,
        set_timer: SetTimer,
        may_move: Callable[[], bool],
        needs_a_person: Callable[[Update], bool],
        on_error: Callable[[Exception], None],
    ) -> None:
        self._post = post
        if self.hosting:
            if self._driver is not None:
                self._driver.stop()
            self._driver = BotDriver(
                self._room,
                _ScreenClock(set_timer),
                self._speed,
                may_move,
                needs_a_person,
                on_error,
                self._thinking(post),
            )
        if self._inbox and not self._rung:
            self._rung = True
            post(TableChanged())

    def _thinking(self, post: Post) -> Thinking:
        """Compute an `expert` seat's look-ahead in the chances process pool rather than on the screen's event
        loop (`room.foresight`): the keys and the board stay live while it thinks. The pool is started only
        once such a bot first looks ahead."""
        from room.chances import shared_pool
        from room.foresight import Thinking

        return Thinking(self._room, shared_pool, lambda then: post(BotThought(then)))

    # --- the bots' pace -----------------------------------------------------------------------

    @property
    def speed(self) -> str:
        return self._speed

    @speed.setter
    def speed(self, value: str) -> None:
        if not self.hosting:
            return  # the host's pace, the same for everyone at the table
        self._speed = value if value in SPEEDS else DEFAULT_SPEED
        self._paced = True
        self._room.pace = self._speed  # kept in the save, and taken up again with the game
        if self._driver is not None:
            self._driver.speed = self._speed

    @property
    def paced(self) -> bool:
        return self._paced

    def hurry(self) -> None:
        """Let the bots play without pauses: for the one hosting the room, or for a person seated at it, not
        for a watcher."""
        if self._driver is not None and (self.hosting or self.local_seats):
            self._driver.hurry()

    def poke(self) -> None:
        if self._driver is not None:
            self._driver.poke()

    def bots_due(self) -> bool:
        return self._room.bot_due() is not None

    def settled(self) -> bool:
        driver = self._driver
        return driver is None or (driver.settled() and not driver.waiting)

    # --- saving -------------------------------------------------------------------------------

    @property
    def saving(self) -> bool:
        return self._room.saving

    def save_now(self) -> str | None:
        return self._room.save_now()

    def close(self) -> None:
        """Leave the room; hosting it, stop its bots and close it."""
        self._post = None
        self._unsubscribe()
        if self._chances is not None:
            self._chances.close()
        if self.hosting:
            if self._driver is not None:
                self._driver.stop()
            self._driver = None
            self._room.close()


def refusal(client: GameClient, cmd: Command) -> str | None:
    """Return why `cmd` would be refused, read from the options the table gives its player (no dry run of its
    own): None when it would be taken."""
    for option in client.options(cmd.player):
        if option.command == cmd:
            return option.refusal
    return _("Not possible now.")
