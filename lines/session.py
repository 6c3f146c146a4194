"""The line mode's core: one person's text session at a room.

`LineSession` follows a `room.Room` through a `room.Session`, exactly as the full screen does: each change
of the table arrives as an `Update`, and each event in it is written as one sentence from the engine's
narration (a bot's reason included). What the person types is fed in whole lines (`feed`); a line that is
not understood or not allowed gets one sentence and changes nothing. When the game waits on the person, the
question is the last line written, and `ring` is called when a new one comes (the runner's bell), with the
signal: one for a question, two for an offer to answer, three for the game's end.

It does no I/O and keeps no clock: a runner (`lines.local`, or a server's session) reads the lines, writes
what it is handed, and paces the bots with a `room.BotDriver`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import Command
from engine.core.events import Event
from lines import prompts, table_words, verbs
from lines.advice_words import advice_lines
from lines.names import Miss, space_named
from lines.pages import Pages
from lines.parser import Act, Ask, Table, clean, read
from lines.plans import plan_refused
from lines.reading import REDRAW
from lines.settings import BRIEF, Settings
from room import Room, Session, Update
from room.board_words import edition_name
from room.chance_words import reading
from room.ending import fair_dice, standings
from room.lesson import Explanation, Lesson
from translation import N_, _

if TYPE_CHECKING:
    from room.advice import Advice
    from room.chances import Chances
    from room.review import Review

Advisor = Callable[[int], "Future[Advice]"]
"""Asks the advisor for a seat's move, worked out elsewhere; raises `AdvisorOff` with the reason."""

Odds = Callable[[], "Future[Chances]"]
"""Asks for every player's chance to win at the table as it stands, worked out elsewhere."""

Reviewer = Callable[[], "Future[Review]"]
"""Asks for the review of the game at the table (`room.review`), worked out elsewhere."""

OVER = N_("The game is over. Type review to hear how it went, history to hear it again, or quit to leave.")

HELD = N_("A bot plays for you: type anything to play again.")
"""Said in place of the question while a stand-in bot holds the person's seat; any line of his takes the
seat back (`Session.acted`)."""

AFTER_THE_END = frozenset(
    {"quit", "exit", "bye", "history", "repeat", "again", "who", "board", "status", "save"}
    | {"review", "more", "next"}
)
"""What may still be typed once the game is over."""

log = logging.getLogger(__name__)

ASKED, OFFERED, ENDED = 1, 2, 3
"""The signals, as the bells rung for them: a question of the game for you, an offer (a trade, a deal, a
loan, a call to end the game) waiting on your answer, and the game's end. The line said with each begins
with words of its own too ("Game over:"), which a screen reader can be told to sound."""

OFFERS = frozenset({"trade_answer", "deal_answer", "loan_answer", "call_answer"})

KEEP_NO_OFFER = frozenset({"quit", "undo", "yes", "no"})
"""The questions typed at "Type yes to send it, or no." that drop the offer read back: leaving, taking a
move back; every other question is answered and the offer asked about again."""

KEPT = 2000
"""Sentences kept for `history` and `repeat`."""

BRIEF_LEAVES_OUT = frozenset({"reason_given", "circuit_completed", "card_taken"})
"""What `brief` (the default) does not say: the bots' asides and the bookkeeping a listener can do
without. The fair dice' pledge is said either way (once, at the start: the seed told at the end is
checked against it), and so are a lesson's explanations, which are no events."""

_PLAYER_FIELDS = frozenset(
    {"player", "payer", "payee", "to", "from_player", "to_player", "proposer", "owner", "winner", "lender"}
    | {"borrower", "giver", "receiver", "creditor", "bidder", "target", "caller", "occupant", "high_bidder"}
)
_PLAYER_LISTS = frozenset(("parties", "bidders", "accepted"))


def involves(event: Event, me: int) -> bool:
    """Whether an event names this player anywhere (as actor, payee, party to an offer...)."""
    if event.kind in ("game_over", "turn_started") and getattr(event, "player", me) == me:
        return True

    def walk(value: Any, key: str = "") -> bool:
        if isinstance(value, dict):
            return any(walk(v, k) for k, v in value.items())
        if isinstance(value, list | tuple):
            return any(walk(v, key) for v in value)
        return value == me and (key in _PLAYER_FIELDS or key in _PLAYER_LISTS)

    return walk(event.model_dump())


def _nothing() -> None:
    return None


def _silent(signal: int) -> None:
    return None


def _kept_nowhere(settings: Settings) -> str | None:
    return None


class LineSession:
    """A text session for a person's seat(s) at a room. `write` is handed each line, newline included."""

    def __init__(
        self,
        session: Session,
        write: Callable[[str], None],
        ring: Callable[[int], None] = _silent,
        on_quit: Callable[[], None] = _nothing,
        advisor: Advisor | None = None,
        odds: Odds | None = None,
        reviewer: Reviewer | None = None,
        typed_ahead: Callable[[], Sequence[str]] = tuple,
        settings: Settings = BRIEF,
        keep: Callable[[Settings], str | None] = _kept_nowhere,
    ) -> None:
        """`typed_ahead` takes out, unread, the lines typed since the person was last asked (a terminal's
        buffer): they are echoed back as ignored when a new question comes. `settings`: what is shown, as
        the person last chose (`brief` by default); `keep` is handed each new choice, to keep it for their
        next game, and returns a sentence when it cannot."""
        self.session = session
        self.room: Room = session.room
        self._write = write
        self._ring = ring
        self._on_quit = on_quit
        self.settings = settings
        self._keep = keep
        self.quitting = False
        self._told: list[str] = []  # every event sentence written, for `history`
        self._recent: list[str] = []  # what was written since the person last typed, for `repeat`
        self._confirm: Act | None = None
        self._asked: str | None = None  # the question last written
        self._last_line = ""
        self._previous: list[str] = []  # what was written before the person last typed
        self._holding = False  # a plan is under way: its steps ask nothing
        self._advisor = advisor
        self._odds = odds
        self._reviewer = reviewer
        self._typed_ahead = typed_ahead
        self._pages: Pages | None = None  # a long answer said a page at a time (`more`)
        self._jobs: list[tuple[Future[Any], int, Callable[[Any], list[str]]]] = []
        """What was asked of other processes and not yet told: the future, the table's version it was
        asked at, and how its answer is said."""
        self.lesson: Lesson | None = None
        """In the first game that teaches (`Room.lesson`): what it has explained to this person."""
        if self.room.lesson:
            person, history = min(session.seats), list(self.room.history())
            self.lesson = Lesson.resumed(person, self.room.board, history, self.room.view(None))
        self._unsubscribe = self.room.subscribe(self._heard)

    # --- who and what -------------------------------------------------------------------------

    @property
    def me(self) -> int:
        """Return the seat this keyboard acts for: the one the game waits on, of the session's seats."""
        pend = self.room.view(None).pending
        if pend is not None and pend.player in self.session.seats:
            return pend.player
        return min(self.session.seats)

    def table(self) -> Table:
        me = self.me
        room = self.room
        return Table(room.board, room.names, me, room.view(me), room.legal(me), room.waiting_for())

    # --- writing ------------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        line = " ".join(text.split())  # one line, whatever the text held
        self._recent.append(line)
        self._last_line = line
        self._write(line + "\n")

    def _tell(self, event: Event) -> None:
        me = self.me
        if not self.settings.verbose and event.kind in BRIEF_LEAVES_OUT:
            return
        if self.settings.only_mine and not involves(event, me):
            return
        sentence = self.room.narrate(event)
        self._told.append(sentence)
        del self._told[:-KEPT]
        self._say(sentence)

    def _ask(self, *, again: bool = False) -> None:
        """Write the question, if the game waits on this person, as the last line; ring for a new one.
        With `again`, even if it was the last thing written. While an offer waits to be sent, the question
        is whether to send it."""
        if self._confirm is not None:
            if again:
                self._say(_("{offer} Type yes to send it, or no.", offer=self._confirm.confirm))
            return
        table = self.table()
        asked = prompts.question(table) if not self.session.answered_ahead() else None
        if self.room.finished:
            asked = _(OVER)
        elif self._held():
            self._say_held(again)
            return
        if asked is None:
            self._asked = None
            return
        if asked == self._last_line and not again:
            return
        new = asked != self._asked
        if new and not self.room.finished:
            self._not_taken()
        self._asked = asked
        self._say(asked)
        if new and not self.room.finished:
            pend = table.view.pending
            self._ring(OFFERED if pend is not None and pend.kind in OFFERS else ASKED)

    def _held(self) -> bool:
        """Whether a stand-in bot plays this person's seat (his time ran out, or the table voted)."""
        return not self.session.seats.isdisjoint(self.room.stand_ins)

    def _say_held(self, again: bool) -> None:
        """Say, in place of a question, that a bot plays for the person until he types a line: once when
        the bot takes his seat or he comes to the table, again only after a line of his."""
        held = _(HELD)
        if held != self._asked or again:
            self._asked = held
            self._say(held)

    def _teach(self, explanation: Explanation) -> None:
        """Write one of the tutorial's explanations, with the commands to type."""
        self._say(_("Lesson: {title}. {text}", title=_(explanation.title), text=_(explanation.said)))

    def _heard(self, update: Update) -> None:
        for event in update.events:
            self._tell(event)
        if update.notice:
            self._say(update.notice)
        if update.taken_back:
            self._say(_("A move was taken back."))
        if self.lesson is not None:
            for explanation in self.lesson.take(update.events, self.room.view(None)):
                self._teach(explanation)
        for event in update.events:
            if event.kind == "game_over":
                self._ended(event)
        if not self._holding:
            self._ask()

    def _ended(self, over: Any) -> None:
        """Write the end-of-game lines after "Game over": every player's standing, the seed the dice came
        from, and its signal."""
        room = self.room
        self._say(standings(over.standings, room.names))
        if room.seed is not None:
            self._say(_("Fair dice:") + " " + fair_dice(room.seed, room.fingerprint))
        self._ring(ENDED)

    # --- the person's lines -------------------------------------------------------------------

    def start(self) -> None:
        """Write the opening lines: who plays, the turn so far, and the question if one waits."""
        names = self.room.names
        me = self.me
        seats = self.session.seats
        others = [
            _("{name} (bot)", name=n) if self.room.is_bot(i) else n
            for i, n in enumerate(names)
            if i not in seats
        ]
        edition = edition_name(self.room.board.edition)
        self._say(
            _(
                "Landlords, {edition}: you are {name}, playing {others}.",
                edition=edition,
                name=names[me],
                others=", ".join(others),
            )
        )
        self._say(
            _("Type help for the commands that work now; a bell rings when you are asked something.")
            + " "
            + (
                _("You hear every event and the bots' reasons; type brief for the moves only.")
                if self.settings.verbose
                else _("You hear the moves only; type verbose for every event and the bots' reasons.")
            )
        )
        recent = _this_turn(self.room.history())
        for event in recent:
            self._tell(event)
        if self.lesson is not None:
            self._teach(self.lesson.opening())
        self._ask()

    def feed(self, line: str) -> None:
        """Handle one typed line: a command, a question or a setting. Never raises for what a person types: an
        internal error is logged and reported in one sentence, never shown as a traceback."""
        try:
            self._feed(line)
        except Exception:
            log.exception("the line mode failed on a typed line")
            self._say(_("Something went wrong with that line; type help for the commands that work now."))

    def _feed(self, line: str) -> None:
        self.session.acted()  # any line of his: a stand-in bot holding his seat gives it back first
        if self._recent:
            self._previous, self._recent = self._recent, []
        words = clean(line)
        if isinstance(words, Miss):
            self._miss(words.sentence)
            return
        if not words and REDRAW in line:  # Ctrl+L alone: the question again
            self._ask(again=True)
            return
        if self._confirm is not None and not self._confirmed(words):
            return
        first = verbs.command(words.partition(" ")[0])
        if self.room.finished and first not in AFTER_THE_END:
            self._miss(_("The game is over: nothing more can be played."))
            return
        reading = read(words, self.table())
        if isinstance(reading, Miss):
            self._miss(reading.sentence)
        elif isinstance(reading, Ask):
            self._answer(reading)
        elif reading.confirm is not None:
            refusal = self.session.check(reading.commands[0])
            if refusal is not None:
                self._miss(refusal)
                return
            self._confirm = reading
            self._say(_("{offer} Type yes to send it, or no.", offer=reading.confirm))
        else:
            self._act(reading)

    def _confirmed(self, words: str) -> bool:
        """Answer a line typed while an offer waits to be sent: yes sends it and no drops it; a question
        about the table (status, help, deed...) or a line not understood is answered and the offer asked
        about again. Return whether the line is still to be read as a command, the offer dropped (another
        command, quit, undo)."""
        act = self._confirm
        assert act is not None
        answer = verbs.command(words)
        if answer in ("yes", "y", "send", "ok", "si", "s"):
            self._confirm = None
            self._act(act)
            return False
        if answer not in ("no", "n", "cancel", ""):
            reading = read(words, self.table())
            if isinstance(reading, Miss):
                self._miss(reading.sentence)
                return False
            if isinstance(reading, Ask) and reading.topic not in KEEP_NO_OFFER:
                self._answer(reading)
                return False
        self._confirm = None
        self._say(_("Not sent."))
        if answer in ("no", "n", "cancel", ""):
            self._ask(again=True)
            return False
        return True

    def _not_taken(self) -> None:
        """Echo back, as ignored, the lines typed before this new question was asked (while the bots moved):
        none of them acts, as none answers a question the person had not heard."""
        said = []
        for line in self._typed_ahead():
            words = clean(line)
            if isinstance(words, Miss):
                said.append(_("a line that could not be read"))
            elif words:
                said.append(repr(words))
        if said:
            self._say(
                _(
                    "Not taken, typed before you were asked: {lines}. Type again what you still mean.",
                    lines="; ".join(said),
                )
            )

    def close(self) -> None:
        """Stop following the room (the room itself is its host's to close)."""
        self._unsubscribe()

    def _miss(self, sentence: str) -> None:
        self._say(sentence)
        self._ask(again=True)

    def _act(self, act: Act) -> None:
        """Give the commands in order, asking nothing between them (a plan is one answer). A plan of
        several is tried whole on a copy of the game first: if any step of it would be refused, none is
        done, and one sentence says why (`lines.plans`). Should a step be refused all the same, that ends
        the plan, said with how far it went."""
        if len(act.commands) > 1:
            refused = self.session.first_refused(act.commands)
            if refused is not None:
                self._miss(plan_refused(act.commands, refused, self.table()))
                return
        self._holding = True
        try:
            for done, cmd in enumerate(act.commands):
                refusal = self._send(cmd)
                if refusal is not None:
                    if done:
                        refusal = _(
                            "Done {done} of {count}; then: {refusal}",
                            done=done,
                            count=len(act.commands),
                            refusal=refusal,
                        )
                    self._say(refusal)
                    break
        finally:
            self._holding = False
        self._ask(again=True)

    def _send(self, cmd: Command) -> str | None:
        refusal = self.session.check(cmd)
        if refusal is None:
            outcome = self.session.submit(cmd, self.room.version)
            refusal = outcome.refusal
        return refusal

    # --- questions and settings ---------------------------------------------------------------

    def _answer(self, ask: Ask) -> None:
        room = self.room
        table = self.table()
        view, me, names, board = table.view, table.me, table.names, table.board
        topic, arg = ask.topic, ask.argument.strip()
        out: list[str]
        if topic == "status":
            out = table_words.status(view, me, names, board)
        elif topic == "who":
            out = table_words.who(view, names, board, me)
        elif topic in ("deed", "where"):
            among = board.deeds if topic == "deed" else None
            space = space_named(arg, board, among, "deed" if topic == "deed" else "space")
            if isinstance(space, Miss):
                out = [space.sentence]
            elif topic == "deed":
                out = [table_words.deed(view, space, names, board)]
            else:
                out = [table_words.where(view, space, names, board)]
        elif topic == "board":
            out = table_words.board_lines(view, names, board)
        elif topic == "chances":
            out = [*table_words.worth_lines(view, names), self._ask_odds()]
        elif topic == "help":
            out = prompts.help_lines(table, prompts.is_asked(table))
        elif topic == "build":
            out = [prompts.building_offer(table)]
        elif topic == "repeat":
            out = self._previous or [_("Nothing has been said yet.")]
        elif topic == "history":
            count = int(arg) if arg.isdigit() else 10
            out = self._told[-max(1, min(count, KEPT)) :] or [_("Nothing has happened yet.")]
        elif topic in ("verbose", "brief"):
            out = self._choose(replace(self.settings, verbose=topic == "verbose"), topic)
        elif topic in ("mine", "everyone"):
            out = self._choose(replace(self.settings, only_mine=topic == "mine"), topic)
        elif topic == "save":
            out = [self._save()]
        elif topic == "quit":
            self.quitting = True
            out = [self._save() if room.saving else _("Goodbye.")]
            for line in out:
                self._say(line)
            self._on_quit()
            return
        elif topic == "advice":
            out = [self._ask_advisor(me)]
        elif topic == "undo":
            if not room.may_take_back:
                out = [_("Moves are taken back only by one person playing bots.")]
            else:
                refusal = room.take_back(me).refusal
                out = [refusal] if refusal else []
        elif topic == "review":
            out = [self._ask_review()]
        elif topic == "more":
            pages = self._pages
            out = pages.next_page() if pages and pages.left else [_("There is no more to hear.")]
        elif topic == "turn":
            out = [_("The game waits for {who}.", who=room.waiting_for())]
        else:  # yes or no, with nothing to confirm
            out = [_("There is nothing to confirm now.")]
        for line in out:
            self._say(line)
        self._ask(again=True)

    def _choose(self, settings: Settings, topic: str) -> list[str]:
        """Apply a setting (`topic`: verbose, brief, mine, everyone): confirm it, use it from now on, and save
        it for the person's next game."""
        said = {
            "verbose": _("Verbose: every event and the bots' reasons."),
            "brief": _("Brief: the moves only."),
            "mine": _("Only what involves you from now on."),
            "everyone": _("Everything from now on."),
        }[topic]
        self.settings = settings
        problem = self._keep(settings)
        return [said] if problem is None else [said, problem]

    @property
    def awaiting(self) -> list[Future[Any]]:
        """The pending answers computed elsewhere (the advisor, the chances) and not yet shown: the host calls
        `poll` once any of them is done."""
        return [job[0] for job in self._jobs]

    def _ask_advisor(self, me: int) -> str:
        from room.advice import AdvisorOff  # loaded only when asked: it brings the bots with it

        if self._advisor is None:
            return _("The advisor is not available here.")
        try:
            asked = self._advisor(me)
        except AdvisorOff as exc:
            return str(exc)
        self._jobs.append((asked, self.room.version, self._advice_lines))
        return _("The expert is thinking it over; the advice follows when it is ready.")

    def _advice_lines(self, advice: Advice) -> list[str]:
        table = self.table()
        return advice_lines(advice, table, table.view)

    def _ask_odds(self) -> str:
        if self._odds is None:
            return _("Each player's chance to win is worked out on the full screen only here.")
        self._jobs.append((self._odds(), self.room.version, self._odds_lines))
        return _("Each player's chance to win is being worked out; it follows when it is ready.")

    def _ask_review(self) -> str:
        if not self.room.finished:
            return _("The review is told once the game is over.")
        if self._reviewer is None:
            return _("The review is not available here.")
        self._jobs.append((self._reviewer(), self.room.version, self._review_lines))
        return _("The review is being worked out; it follows when it is ready.")

    def _review_lines(self, review: Review) -> list[str]:
        from lines.review_lines import review_lines  # loaded only when asked: it brings the review with it

        self._pages = Pages(review_lines(review))
        return self._pages.next_page()

    def _odds_lines(self, chances: Chances) -> list[str]:
        edition = self.room.board.edition.id
        each = [
            f"{self.room.names[c.seat]} {reading(c.win, c.low, c.high, edition).words}"
            for c in chances.players
        ]
        return [_("Chance to win: {chances}.", chances="; ".join(each))]

    def poll(self) -> None:
        """Write each answer computed elsewhere that has arrived (the host calls this when one is done)."""
        done = [job for job in self._jobs if job[0].done()]
        if not done:
            return
        self._jobs = [job for job in self._jobs if not job[0].done()]
        for asked, version, say in done:
            try:
                lines = say(asked.result())
            except Exception as exc:
                log.warning("an answer from elsewhere failed: %s", exc)
                lines = [_("That could not be worked out this time.")]
            if self.room.version != version:
                lines = [_("The table has moved on since; ask again for the table as it is now.")]
            for line in lines:
                self._say(line)
        self._ask(again=True)

    def _save(self) -> str:
        room = self.room
        if not room.saving:
            return _("This game is not being saved.")
        problem = room.save_now()
        return problem or _("Saved. Take it up again with landlords resume --plain.")


def _this_turn(history: Any) -> list[Event]:
    """Return the events of the turn under way (from its start), for the first lines of a resumed game; in the
    first turn, the deal before it too (the deeds a short game deals)."""
    events = list(history)
    starts = [i for i, e in enumerate(events) if e.kind == "turn_started"]
    if len(starts) <= 1:
        return events
    return events[starts[-1] :]
