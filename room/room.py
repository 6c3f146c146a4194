"""A room: one game at one table, apart from any screen.

The room owns the game, who sits where, the opponents, the autosave and the story so far. Players act
through a `Session`, which holds the seats a client may act for: the room, not the client, decides which
seat a command acts for, and refuses a command chosen on a table that has changed since (its `version`).
Everyone following the table (every session's client, the bot driver) is told of each change as it
happens (`subscribe`). A room is synchronous and has no clock; `room.driver.BotDriver` steps its bots.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from engine import Board, Command, Event, Game, GameState, GameView, IllegalCommand, Option, waiting_phrase
from engine.bots.expert import ExpertBot
from engine.core.events import ReasonGiven, reason_for
from engine.core.fairness import fingerprint
from engine.core.narration import narrate, played_for_phrase
from engine.core.phrases import Phrase, recalled
from engine.core.state import Auction
from engine.core.text import plain
from engine.lookahead.players import SimplePlayer
from engine.play.takeback import take_back, without_last
from engine.queries import Facts, facts
from room.board_words import spoken
from room.library import NoRecorder, Recorder
from room.opponents import OFFERS, Opponent, foreseer, phrase_of, reason_of, stand_in_for, tell_opponents
from room.seats import Seat
from saves.telling import Discretion
from translation import ENGLISH, N_, _, say, speaking
from translation.listeners import held

log = logging.getLogger(__name__)

STALE = N_("The table changed before your move arrived; look again and choose.")

REASON_LONGEST = 160
"""The most characters of a bot's reason the table tells: one line of a log (a bot from outside may say
anything)."""


BIDDING = frozenset({"place_bid", "pass_auction"})


def clean_reason(text: str) -> str:
    """Sanitise a bot's reason for display and storage: plain text on one line, at most `REASON_LONGEST`
    long."""
    said = " ".join(plain(text).split())
    if len(said) > REASON_LONGEST:
        said = said[: REASON_LONGEST - 3].rstrip() + "..."
    return said


@dataclass(frozen=True)
class Update:
    """One change to the table: the events of one command, and the table's version after it. `notice`
    reports a side problem (an autosave that failed) without undoing the move."""

    version: int
    events: tuple[Event, ...]
    seat: int  # who acted
    notice: str | None = None
    taken_back: bool = False
    """The seat took a move back: the story so far is `Room.history()` again, told anew."""


@dataclass(frozen=True)
class Outcome:
    """The result of a command: taken (with its events), or refused with the reason."""

    events: tuple[Event, ...] = ()
    refusal: str | None = None
    code: str | None = None
    notice: str | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class Refused:
    """The step of a plan of commands that would be refused, as tried on a copy of the game: its place
    in the plan, the engine's code, and why, in the language spoken."""

    step: int
    code: str
    reason: str


Listener = Callable[[Update], None]


class Room:
    """One game at one table."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        opponents: Mapping[int, Opponent],
        recorder: Recorder | None = None,
        history: Sequence[Event] | None = None,
        reasons: Mapping[int, str] | None = None,
        *,
        lesson: bool = False,
        held: Sequence[tuple[int, ReasonGiven]] = (),
    ) -> None:
        """`history` is the story so far of a game taken up again, `reasons` the bots' reasons it
        kept, by the place of their command in the game's log, and `held` those of a decision still open, not
        yet shown (`saves.telling`)."""
        if len(seats) != len(game.state.players):
            raise ValueError("one seat per player")
        self._game = game
        self._seats = tuple(seats)
        self._names = tuple(p.name for p in game.state.players)
        self._opponents = dict(opponents)
        self._recorder: Recorder = recorder or NoRecorder()
        self._history: list[Event] = list(game.opening if history is None else history)
        self._version = len(game.log)
        self._listeners: list[Listener] = []
        self._views: dict[int | None, GameView] = {}
        self._options: dict[int, list[Option]] = {}
        self._facts: Facts | None = None
        self._fallback = SimplePlayer()
        self._stand_ins: set[int] = set()
        self.takebacks = self._recorder.takebacks
        """How many times a move was taken back in this game (as its save counts them, if it is saved)."""
        self._reasons: dict[int, str] = dict(reasons or {})
        self._last_said: dict[int, tuple[object, str]] = {}  # seat -> (its auction, its last bid's reason)
        self._phrases: dict[str, Phrase] = {}  # a bot's reason as told, and the phrase it was made from
        self._discretion = Discretion(held, self._history)
        self.lesson = lesson
        """The game is the first game that teaches (`landlords learn`): its screen explains what happens."""

    # --- what the table looks like ------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The board as the front ends show it: its spaces without a deed named in the current language
        (`room.board_words.spoken`)."""
        return spoken(self._game.board)

    @property
    def seats(self) -> Sequence[Seat]:
        return self._seats

    @property
    def names(self) -> Sequence[str]:
        return self._names

    @property
    def version(self) -> int:
        """How many commands the game has taken: every change raises it by one."""
        return self._version

    @property
    def finished(self) -> bool:
        return self._game.state.winner is not None

    @property
    def seed(self) -> int | None:
        """The game's seed, once the game is over (before, it would reveal the dice to come)."""
        return self._game.state.seed if self.finished else None

    @property
    def fingerprint(self) -> str:
        """The SHA-256 of the seed (`engine.core.fairness`), safe to show from the start: it reveals nothing
        of the
        dice, and once the seed is revealed anyone can check that it is the seed's."""
        return fingerprint(self._game.initial.seed)

    def view(self, seat: int | None = None) -> GameView:
        cached = self._views.get(seat)
        if cached is None:
            cached = self._views[seat] = self._game.view(seat)
        return cached

    def options(self, seat: int) -> list[Option]:
        """Return every command the seat might give now, each with the reason it would be refused, if any."""
        cached = self._options.get(seat)
        if cached is None:
            cached = self._options[seat] = self._game.options(seat)
        if speaking() is ENGLISH:
            return cached
        return [replace(o, refusal=say(o.phrase)) if o.phrase is not None else o for o in cached]

    def legal(self, seat: int) -> list[Command]:
        return [o.command for o in self.options(seat) if o.refusal is None]

    def check(self, seat: int, cmd: Command) -> str | None:
        """Return why `cmd`, given by `seat`, would be refused now, or None (a dry run: nothing changes)."""
        refusal = self._game.check(self._for(seat, cmd))
        return None if refusal is None else say(refusal.phrase)

    def first_refused(self, seat: int, cmds: Sequence[Command]) -> Refused | None:
        """Return the first of `cmds`, given one after another by `seat`, that would be refused, or None: each
        is applied in turn to a copy of the game, which is then dropped (the game itself is untouched)."""
        state = self._game.state.copy()
        trial = Game(state, initial=state)
        for step, cmd in enumerate(cmds):
            given = self._for(seat, cmd)
            refusal = trial.check(given)
            if refusal is not None:
                return Refused(step, refusal.code, say(refusal.phrase))
            trial.apply(given)
        return None

    def facts(self) -> Facts:
        if self._facts is None:
            self._facts = facts(self._game)
        return self._facts

    def history(self) -> Sequence[Event]:
        """Return every event of the game so far, the bots' reasons among them (`ReasonGiven`, after their
        move)."""
        return self._history

    def reasons(self) -> Mapping[int, str]:
        """Return the reasons the bots gave, by the place of their command in the game's log (a review shows
        each beside its move)."""
        return self._reasons

    def narrate(self, event: Event) -> str:
        """Render an event as text in the current language (`translation.say`)."""
        return say(recalled(narrate(event, self._names, self.board), self._phrases))

    def waiting_for(self) -> str:
        """Describe what the game waits for ("Ada to roll"); while a bot plays a person's seat for them,
        it is that bot the table waits on, never the person (`played_for_phrase`); in the language spoken."""
        said = waiting_phrase(self._game)
        pend = self._game.state.pending
        if pend is not None and pend.player in self._stand_ins and self._game.state.winner is None:
            return say(played_for_phrase(said))
        return say(said)

    def is_bot(self, seat: int) -> bool:
        return seat in self._opponents

    def record(self) -> tuple[GameState, tuple[Command, ...]]:
        """Return where the game began and every command played since: all it takes to play it again anywhere
        (a review, in another process). The room's game is left as it is."""
        return self._game.initial.copy(), tuple(self._game.log)

    # --- a person away ------------------------------------------------------------------------

    @property
    def stand_ins(self) -> frozenset[int]:
        """The people's seats a bot plays for now, while their people are away."""
        return frozenset(self._stand_ins)

    def stand_in(self, seat: int, opponent: Opponent | None = None) -> None:
        """Let a bot play a person's seat until `hand_back` (a person who walked away from a shared
        table). Meanwhile the seat is a bot's: commands for it are refused."""
        if not 0 <= seat < len(self._seats) or self._seats[seat].is_bot:
            raise ValueError("only a person's seat takes a stand-in")
        if seat not in self._stand_ins:
            self._opponents[seat] = opponent or stand_in_for(seat, self._game.state.seed)
            self._stand_ins.add(seat)

    def hand_back(self, seat: int) -> Opponent | None:
        """Return a seat to its person: the stand-in bot leaves it (returned, to be seated again with its
        memory by `stand_in`)."""
        if seat not in self._stand_ins:
            return None
        self._stand_ins.discard(seat)
        return self._opponents.pop(seat)

    # --- who follows the table ----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Subscribe to every change from now on (rendered in the current language, whoever makes the change);
        return a function that unsubscribes."""
        listener = held(listener)
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def join(self, seats: Collection[int]) -> Session:
        """Open a session acting for these seats (people's seats only: a seat a stand-in bot plays may be
        joined, its commands refused until it is handed back)."""
        bots = sorted(s for s in seats if s in self._opponents and s not in self._stand_ins)
        if bots:
            raise ValueError(f"seat {bots[0]} is played by a bot")
        if any(not 0 <= s < len(self._seats) for s in seats):
            raise ValueError("no such seat at this table")
        return Session(self, frozenset(seats))

    # --- moves --------------------------------------------------------------------------------

    def submit(self, seat: int, cmd: Command, version: int) -> Outcome:
        """Apply a person's command for `seat`, chosen on the table at `version`."""
        if seat in self._opponents:
            return Outcome(refusal=_("{name} is played by a bot.", name=self._names[seat]), code="bot_seat")
        if version != self._version:
            return Outcome(refusal=_(STALE), code="stale_table")
        return self._apply(seat, self._for(seat, cmd))

    def bot_due(self) -> int | None:
        """Return the bot seat the game waits on, if any."""
        pend = self._game.state.pending
        if pend is None or pend.player not in self._opponents:
            return None
        return pend.player

    def bot_that_looks_ahead(self) -> tuple[int, ExpertBot] | None:
        """Return the seat and bot the game waits on, if that bot may use look-ahead for this decision."""
        seat = self.bot_due()
        bot = None if seat is None else foreseer(self._opponents[seat])
        if seat is None or bot is None or not bot.may_look_ahead(self._game.view(seat)):
            return None
        return seat, bot

    def play_bot(self) -> Outcome:
        """Let the bot the game waits on make its move. A bot that errs never stalls the table: the
        simple player decides for it that once."""
        seat = self.bot_due()
        if seat is None:
            return Outcome(refusal=_("No bot is to move."), code="no_bot")
        game = self._game
        opponent = self._opponents[seat]
        reason = ""
        try:
            choice: Command | None = opponent.decide(game, seat)
            reason = reason_of(opponent)
            phrase = phrase_of(opponent)
            if phrase is not None and str(phrase) == reason:
                self._phrases[clean_reason(reason)] = phrase
        except Exception:
            log.exception("bot %s failed to decide", seat)
            choice = None
        if choice is not None and seat in self._stand_ins:
            choice, reason = _unsigned(choice, reason)
        if choice is not None:
            outcome = self._apply(seat, self._for(seat, choice), reason)
        else:
            outcome = Outcome(refusal="?")
        if outcome.ok:
            return outcome
        log.warning("bot %s chose a refused command %r: %s", seat, choice, outcome.refusal)
        fallback = self._fallback.decide(game, seat)
        if seat not in self._stand_ins or fallback.kind not in OFFERS:  # a stand-in makes no offer
            outcome = self._apply(seat, fallback)
            if outcome.ok:
                return outcome
        return self._apply(seat, next(c for c in game.legal_commands(seat) if c.kind not in OFFERS))

    def _for(self, seat: int, cmd: Command) -> Command:
        return cmd if cmd.player == seat else cmd.model_copy(update={"player": seat})

    def _to_tell(self, seat: int, cmd: Command, auction: object, reason: str) -> str:
        """Return the reason to show after a bot's move: none that the command carries already (an answer to
        an offer); in an auction, a bid's only when the bot has not said the same of its last bid in this
        auction (every bid of an auction has the same reason: why it bids), and its pass's (how far it
        would go), which is told once the auction closes."""
        said = clean_reason(reason) if reason else ""
        if not said or said == clean_reason(getattr(cmd, "reason", "") or ""):
            return ""
        if cmd.kind in BIDDING:
            last = self._last_said.get(seat)
            if last is not None and last[0] == auction and last[1] == said:
                return ""
            self._last_said[seat] = (auction, said)
        return said

    def _apply(self, seat: int, cmd: Command, reason: str = "") -> Outcome:
        state = self._game.state
        turn = state.turn
        pend = state.pending
        auction = (turn, pend.space, pend.lot) if isinstance(pend, Auction) else None
        try:
            events = self._game.apply(cmd)
        except IllegalCommand as exc:
            return Outcome(refusal=say(exc.phrase), code=exc.code)
        said = self._to_tell(seat, cmd, auction, reason)
        move = len(self._game.log) - 1
        if said:
            self._reasons[move] = said
            events = [*events, reason_for(events, seat, said, stand_in=seat in self._stand_ins)]
        told = self._discretion.tell(events, self._game.state, move)
        self._history.extend(told)
        self._version += 1
        tell_opponents(self._opponents, events)
        self._views.clear()
        self._options.clear()
        self._facts = None
        notice = None
        try:
            self._recorder.after_events(events)
        except Exception as exc:  # a failed autosave must never cost the move
            log.exception("autosave failed")
            notice = _("Autosave failed: {reason}", reason=exc)
        update = Update(self._version, tuple(told), seat, notice)
        for listener in list(self._listeners):
            try:
                listener(update)
            except Exception:  # one follower's trouble is not the table's
                log.exception("a listener failed")
        return Outcome(tuple(told), notice=notice)

    # --- taking a move back ---------------------------------------------------------------------

    @property
    def may_take_back(self) -> bool:
        """Whether moves may be taken back here: one person at the table, the others bots."""
        people = [s for s in range(len(self._seats)) if s not in self._opponents]
        return len(people) == 1 and not self._stand_ins

    def take_back(self, seat: int) -> Outcome:
        """Take back the seat's latest decision since the last throw or card (see `engine.play.takeback`):
        the game is replayed from its start up to just before it, so the dice and the cards to come are
        those that would have come. Only where one person plays against bots. The bots keep what they
        heard of the moves undone (an offer made and answered) and their own streams of chance."""
        if not self.may_take_back or seat in self._opponents:
            return Outcome(
                refusal=_("Moves are taken back only by one person playing bots."), code="no_takebacks"
            )
        taken = take_back(self._game, seat)
        if taken is None:
            return Outcome(
                refusal=_("Nothing of yours to take back since the last throw or card."),
                code="nothing_to_take_back",
            )
        self._game = taken.game
        self._discretion.forget_from(len(taken.game.log))
        self._history = without_last(self._history, taken.events)
        self._version += 1
        self.takebacks += 1
        self._views.clear()
        self._options.clear()
        self._facts = None
        notice = None
        try:
            self._recorder.taken_back(taken.game)
        except Exception as exc:
            log.exception("saving the take-back failed")
            notice = _("Autosave failed: {reason}", reason=exc)
        update = Update(self._version, (), seat, notice, taken_back=True)
        for listener in list(self._listeners):
            try:
                listener(update)
            except Exception:
                log.exception("a listener failed")
        return Outcome(notice=notice)

    # --- saving -------------------------------------------------------------------------------

    @property
    def pace(self) -> str | None:
        """The bots' pace chosen at this table (`room.pacing`), kept in its save and taken up again with
        it; None until one is chosen (a game saved before the pace was kept, say)."""
        return self._recorder.pace

    @pace.setter
    def pace(self, value: str) -> None:
        self._recorder.pace = value

    @property
    def saving(self) -> bool:
        return self._recorder.saving

    @property
    def save_id(self) -> str | None:
        """The id of the save this room writes to, when it is saved."""
        value = getattr(self._recorder, "save_id", None)
        return value if isinstance(value, str) else None

    def save_now(self) -> str | None:
        """Save at once; return an error message if that failed."""
        try:
            self._recorder.save_now()
        except Exception as exc:
            log.exception("save failed")
            return _("Saving failed: {reason}", reason=exc)
        return None

    def close(self) -> None:
        """Stop saving and release the save; the game stays as last saved."""
        try:
            self._recorder.close()
        except Exception:
            log.exception("closing the save failed")


def _unsigned(cmd: Command, reason: str) -> tuple[Command, str]:
    """Split a stand-in's command into the command without an answer's message, and a reason carrying it: the
    message is then shown as the stand-in's (`ReasonGiven.stand_in`), never as the person's answer."""
    words = getattr(cmd, "reason", "")
    if not isinstance(words, str) or not words:
        return cmd, reason
    return cmd.model_copy(update={"reason": ""}), reason or words


class Session:
    """One client's connection to a room: the seats it may act for. Whatever seat a command names, it acts for
    the session's seat (of several, the one it names, if the session holds it)."""

    def __init__(self, room: Room, seats: frozenset[int]) -> None:
        self.room = room
        self.seats = seats

    def acted(self) -> None:
        """Record that the person did something at the table (a key pressed, a line typed). Here, nothing: a
        host whose stand-in bot may hold a person's seat (a server's table) gives it back."""

    def answered_ahead(self) -> bool:
        """Whether the decision the room waits on from this session is answered already, so that no
        question is put to it (at a turn-based server table: the most a person would bid in an auction)."""
        return False

    def seat_for(self, cmd: Command) -> int | None:
        if cmd.player in self.seats:
            return cmd.player
        if len(self.seats) == 1:
            return next(iter(self.seats))
        return None

    def submit(self, cmd: Command, version: int) -> Outcome:
        seat = self.seat_for(cmd)
        if seat is None:
            return Outcome(refusal=_("You do not hold that seat."), code="not_your_seat")
        return self.room.submit(seat, cmd, version)

    def check(self, cmd: Command) -> str | None:
        seat = self.seat_for(cmd)
        if seat is None:
            return _("You do not hold that seat.")

        return self.room.check(seat, cmd)

    def first_refused(self, cmds: Sequence[Command]) -> Refused | None:
        """Return the first of `cmds`, given one after another, that would be refused
        (`Room.first_refused`)."""
        seats = [self.seat_for(cmd) for cmd in cmds]
        for step, seat in enumerate(seats):
            if seat is None or seat != seats[0]:
                return Refused(step, "not_your_seat", _("You do not hold that seat."))
        return self.room.first_refused(seats[0], cmds) if seats and seats[0] is not None else None
