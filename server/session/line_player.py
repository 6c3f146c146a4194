"""A line-mode SSH session: the lobby, a room gathering its people, and a table, as text.

The table itself is the line mode's own (`lines.LineSession`, as `landlords --plain` plays it), seated at
the server's table through a session that acts for the person's seat only, as the full screen's client
does: a line-mode player and full-screen players sit at one table. Around it, what the server adds: the
rooms and the lobby's chat, the table's chat and votes, and the clock read out at a minute and at ten
seconds. It writes text only: no escape sequence, no drawing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Command, PlaceBid
from engine.core.text import TextError
from lines import verbs
from lines.completion import completions, vocabulary
from lines.replay_lines import ReplayLines
from lines.review_lines import review_done
from lines.session import ASKED, LineSession
from lines.settings import BRIEF, Settings
from room import Outcome, PersistenceError, Room, Session, Update
from server.people.chat import Pace, Said, too_long
from server.people.notices import NO_MAIL, mail_state_words
from server.session.line_input import QUIT, LineInput
from server.session.line_words import (
    LOBBY_HELP,
    MAIL_HELP,
    TABLE_EXTRA_HELP,
    WELCOME,
    new_room_request,
    past_game_of,
    past_lines,
    ratings_lines,
    room_lines,
    room_named,
)
from server.tables.hall import RemoteTable
from server.tables.plans import TableError, pace_rules
from server.tables.turn_pace import away_words
from server.tables.your_move import your_move_line
from translation import N_, Choice, Language, _, choose, ngettext, speaking, use
from translation.listeners import held

if TYPE_CHECKING:
    from server.tables.hall import Hall
    from server.tables.seat_clocks import ClockFace
    from server.tables.table import Table

log = logging.getLogger(__name__)

CALLED_OUT = (60.0, 10.0)
"""Seconds left on the person's clock that are read out, once each time the table waits on them."""

CHATS_KEPT = 200
"""Chat lines a line-mode session keeps for `history chat`."""
CHAT_WORDS = frozenset({"chat", "talk", "charla"})
"""The words after `history` (`historial`) that ask for the chat, in every language spoken."""

LEAVE = frozenset({"leave", "lobby", "stand", "back"})
QUITS = frozenset({"quit", "exit", "bye", "logout", QUIT})


class SeatSession(Session):
    """The person's seat at a server table: any command of theirs counts as their action, so a stand-in bot
    playing their seat (their time ran out, or the table voted) gives it back first."""

    def __init__(self, room: Room, seat: int, table: Table) -> None:
        super().__init__(room, frozenset({seat}))
        self.table = table
        self.seat = seat

    def submit(self, cmd: Command, version: int) -> Outcome:
        self.table.reclaim(self.seat)
        if isinstance(cmd, PlaceBid) and cmd.player == self.seat and self.table.plan.turn_based:
            return self.table.bid_up_to(self.seat, cmd.amount, version)  # his bid is the most he would bid
        return super().submit(cmd, version)


class LinePlayer:
    """A line-mode session. `write` takes text with plain newlines (turned into what the person's
    terminal needs here); `end` is called once, when the session is over (`moving`: to another worker's
    room)."""

    def __init__(
        self,
        hall: Hall,
        fingerprint: str,
        write: Callable[[bytes], None],
        *,
        terminal: bool,
        name: str = "",
        wanted: str | None = None,
        watch: bool = False,
        moved: bool = False,
        host: str = "",
        end: Callable[[], None] = lambda: None,
        note: str = "",
        settings: Settings = BRIEF,
    ) -> None:
        """`moved`: the person comes from another worker's room or lobby, not from outside: no welcome.
        `note`: a line to write first (the language asked for is not one the game has). `settings`: what
        the person chose to hear at a table, as the server kept it for their key (`brief` by default)."""
        self.hall = hall
        self.fingerprint = fingerprint
        self.name = name
        self.terminal = terminal
        self._send = write
        self._end = end
        self.input = LineInput(self._echo if terminal else None, self._complete)
        self.wanted, self.wanted_watch = wanted, watch
        self.moving: tuple[str, bool] | None = None
        self.over = False
        self.pace = Pace(hall.limits.chat_lines, hall.limits.chat_seconds)
        self.table: Table | None = None
        self.waiting: Table | None = None
        self.seat: int | None = None
        self.lines: LineSession | None = None
        self.replay: ReplayLines | None = None  # a past game told in the lobby
        self._room: Room | None = None
        self._stops: list[Callable[[], None]] = []  # what the table tells this session
        self._hall_watch: Callable[[], None] | None = None
        self._lobby_heard = len(hall.lobby_talk.lines)
        self._chats: list[str] = []  # the chat lines heard, for `history chat`
        self._called: set[float] = set()
        self._naming: asyncio.Task[None] | None = None
        self._moved = moved
        self._followed: set[int] = set()  # the answers asked for elsewhere already followed
        self.host = host or hall.config.host  # the server's address as the person reached it
        self.note = note
        self.language: Language = speaking()  # the person's: what they read is in it (`language CODE`)
        self.settings = settings

    def _complete(self, partial: str) -> list[str]:
        """Return the Tab completions at a table of the line typed so far (the game's keywords, the
        names of its spaces and players), as `landlords --plain` completes them."""
        if self.lines is None:
            return []
        return completions(partial, vocabulary(self.lines.table()))

    # --- writing ------------------------------------------------------------------------------

    def write(self, text: str) -> None:
        """Write lines to the person: with a terminal, each ends in CR LF, and the line they were typing is
        shown again after them."""
        if self.over:
            return
        partial = self.input.partial
        if self.terminal:
            text = text.replace("\n", "\r\n")
            if partial:
                text = "\r\n" + text + partial
        self._send(text.encode("utf-8", errors="replace"))

    def say(self, *lines: str) -> None:
        for line in lines:
            self.write(" ".join(line.split()) + "\n")

    def _echo(self, shown: str) -> None:
        if not self.over:
            self._send(shown.encode("utf-8", errors="replace"))

    def _ring(self, signal: int = ASKED) -> None:
        """Ring the bell as many times as the signal requests (`lines.session`: a question, an offer, the
        game's end)."""
        self.write("\a" * signal)

    # --- the session's course -----------------------------------------------------------------

    def start(self) -> None:
        if self._moved and self.name and self.wanted:
            self.enter(self.wanted, self.wanted_watch)
            self.wanted = None
            if self.table is None and self.waiting is None and not self.over:
                self.to_lobby()
            return
        if self.note:
            self.say(self.note)
        self.say(_(WELCOME))
        port = self.hall.config.port
        self.say(_("For the full screen instead: ssh -t -p {port} {host} screen.", port=port, host=self.host))
        if not self.name:
            self.say(_("What name shall the others know you by? Type it and press Enter."))
            return
        self.to_lobby(first=True)

    def typed(self, data: bytes) -> None:
        for line in self.input.feed(data):
            if self.over:
                return
            try:
                self.heard(line)
            except Exception:  # one line's fault ends nothing: said, logged
                log.exception("a line of %s failed", self.fingerprint)
                self.say(_("Sorry: that went wrong on the server. Your seat and your game are safe."))

    def heard(self, line: str) -> None:
        words = " ".join(line.split())
        first, _space, rest = words.partition(" ")
        verb = verbs.command(first)
        if self.replay is not None:  # its quit ends the replay, not the session
            self._replaying("quit" if line == QUIT else line)
        elif verb in QUITS or line == QUIT:
            self.finish(_("Goodbye. Your seat is kept: connect again to come back."))
        elif not self.name:
            self._choose_name(words)
        elif self.lines is not None or self._room is not None:
            self._at_table(verb, rest, line)
        elif self.waiting is not None:
            self._gathering(verb, rest)
        else:
            self._in_lobby(verb, rest, first)

    def finish(self, line: str | None = None) -> None:
        """End the session: the person leaves the table (their seat is kept for them) and the connection
        ends."""
        if self.over:
            return
        if line:
            self.say(line)
        self.leave()
        self.over = True
        self._end()

    def close(self) -> None:
        """Handle the connection being gone."""
        self.finish()

    # --- a name -------------------------------------------------------------------------------

    def _choose_name(self, text: str) -> None:
        if self._naming is not None and not self._naming.done():
            self.say(_("A moment: your name is being checked."))
            return
        self._naming = asyncio.get_running_loop().create_task(self._name(text))

    async def _name(self, text: str) -> None:
        try:
            self.name = await self.hall.choose_name(self.fingerprint, text)
        except TextError as exc:
            self.say(_("{reason} Type another name.", reason=exc))
            return
        log.info("key %s chose the name %r", self.fingerprint, self.name)
        self.say(_("Welcome, {name}.", name=self.name))
        self.to_lobby(first=True)

    # --- the lobby ----------------------------------------------------------------------------

    def _watch_hall(self) -> None:
        """Follow the hall (its chat, a room gathering that starts) while in the lobby or waiting."""
        if self._hall_watch is None:
            self._hall_watch = self.hall.watch(self._hall_changed)  # told in the language spoken now

    def to_lobby(self, first: bool = False) -> None:
        self._watch_hall()
        count = len(self.hall.ordered(self.fingerprint))
        if count:
            self.say(
                ngettext(
                    "You are in the lobby. {n} room open. Type rooms to hear them, or help.",
                    "You are in the lobby. {n} rooms open. Type rooms to hear them, or help.",
                    count,
                )
            )
        else:
            self.say(_("You are in the lobby. No room is open yet. Type rooms to hear them, or help."))
        mine = your_move_line(self.hall.your_move(self.fingerprint))
        if mine:
            self.say(mine + ".")
        away = self.hall.away_until(self.fingerprint)
        if away:
            self.say(away_words(away))
        for number, table in enumerate(self.hall.ordered(self.fingerprint), start=1):
            if not table.finished and table.line(self.fingerprint).mine:
                self.say(
                    _(
                        "Your seat at {name} waits for you: type join {number}.",
                        name=table.name,
                        number=number,
                    )
                )
        wanted, self.wanted = self.wanted, None
        if first and wanted:
            self.enter(wanted, self.wanted_watch)

    def _in_lobby(self, verb: str, rest: str, typed: str = "") -> None:
        """Handle a line typed in the lobby: `verb` is its first word in English (`typed`, as the person typed
        it)."""
        if verb in ("rooms", "list", "look", "r"):
            self.say(*room_lines(self.hall, self.fingerprint))
        elif verb in ("join", "sit", "play", "go", "enter") and rest:
            self.enter(rest, watch=False)
        elif verb == "watch" and rest:
            self.enter(rest, watch=True)
        elif verb == "new":
            asyncio.get_running_loop().create_task(self._new_room(_named_room(rest)))
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: self.hall.lobby_say(self.fingerprint, rest))
        elif verb == "history" and _about_chat(rest):
            self._chat_history(rest)
        elif verb in ("ratings", "players", "ranking"):
            self.say(*ratings_lines(self.hall, self.fingerprint))
        elif verb in ("past", "games"):
            self.say(*past_lines(self.hall, self.fingerprint))
        elif verb in ("replay", "review") and rest:
            self._replay(rest)
        elif verb in ("language", "lang", "idioma"):
            self._choose_language(rest)
        elif verb == "mail":
            self._mail(rest)
        elif verb == "confirm":
            self._ask_mail("confirm", rest)
        elif verb in ("away", "ausente"):
            self._away_everywhere(rest)
        elif verb in ("help", "?", "commands", ""):
            self.say(*map(_, LOBBY_HELP))
            self.say(_(MAIL_HELP) if self.hall.mail_on else _(NO_MAIL))
        elif verb:
            said = typed[:30] or verb  # as typed: "quién", never the English word it stands for
            self.say(_("{verb} is not a lobby command. Type help for the commands here.", verb=said))
        else:
            self.say(_("That is not a lobby command. Type help for the commands here."))

    def _choose_language(self, code: str) -> None:
        """Handle `language es`: switch to it from now on (the server stores it for the key); `language` alone
        shows the current one."""
        if not code.strip():
            self.say(
                _(
                    "You play in {language}. Type language and a code to change it: language es.",
                    language=self.language.name,
                )
            )
            return
        chosen: Choice = choose(code.strip(), {})
        if chosen.note:
            self.say(chosen.note)
            return
        self.language = chosen.language
        self.hall.keep_language(self.fingerprint, chosen.language.code)
        if self._hall_watch is not None:  # the lobby's news, told in the new language from now on
            self._hall_watch()
            self._hall_watch = None
        with use(self.language):
            self._watch_hall()
            self.say(_("From now on you play in {language}.", language=self.language.name))

    def _mail(self, rest: str) -> None:
        """Handle `mail`: alone, what the person gets; `mail ADDRESS` (a code is sent to it), `mail off`,
        `mail each` or `mail digest`."""
        word = verbs.inner(rest.strip()).casefold()
        if not rest.strip():
            self._ask_mail("state", "")
        elif word in ("off", "none", "stop"):
            self._ask_mail("off", "")
        elif word in ("each", "digest"):
            self._ask_mail("choice", word)
        else:
            self._ask_mail("address", rest.strip())

    def _ask_mail(self, do: str, value: str) -> None:
        if not self.hall.mail_on:
            self.say(_(NO_MAIL))
            return
        asyncio.get_running_loop().create_task(self._mail_answer(do, value))

    async def _mail_answer(self, do: str, value: str) -> None:
        """Ask the front and say its answer (with the person's state, for `mail` alone)."""
        line, state = await self.hall.mail(self.fingerprint, do, value)
        if do == "state":
            line = mail_state_words(state)
        if line and not self.over:
            self.say(line)

    def _away_everywhere(self, rest: str) -> None:
        """Handle `away 3` in the lobby: away for three days in all one's turn-based rooms (`away 0`: back);
        `away` alone says until when one is away."""
        typed = rest.strip()
        if not typed:
            away = self.hall.away_until(self.fingerprint)
            self.say(away_words(away) if away else _(AWAY_HELP))
        elif not typed.isdigit():
            self.say(_(AWAY_HELP))
        else:
            asyncio.get_running_loop().create_task(self._away_answer(int(typed)))

    async def _away_answer(self, days: int) -> None:
        line = await self.hall.away(self.fingerprint, days)
        if not self.over:
            self.say(line)

    def _replay(self, which: str) -> None:
        """Replay a past game of the person's, a turn at a time (`lines.replay_lines`), from its save."""
        plan = past_game_of(self.hall, self.fingerprint, which)
        if isinstance(plan, str):
            self.say(plan)
            return
        try:
            past = self.hall.persistence.past_game(plan.save_id or "")
        except PersistenceError as exc:  # the details name the server's files: for its log only
            log.warning("past game of room %s not told: %s", plan.id, exc)
            self.say(_("The game of {name} cannot be told: its save cannot be read.", name=plan.name))
            return
        past.title = plan.name
        self.replay = ReplayLines(past, self.write)
        self.replay.start()

    def _replaying(self, line: str) -> None:
        replay = self.replay
        assert replay is not None
        replay.feed(line)
        if replay.quitting:
            self.replay = None
            self.say(_("Back in the lobby. Type help for the commands here."))

    def _talk(self, text: str, send: Callable[[], object]) -> None:
        """Send a chat line, within the server's per-session rate limit; one too long is refused whole
        with a sentence, never cut short without a word."""
        refusal = too_long(text, self.hall.limits.chat_max)
        if refusal is not None:
            self.say(refusal)
        elif self.pace.allow():
            send()
        else:
            self.say(self.pace.limit)

    async def _new_room(self, words: str) -> None:
        try:
            asked = new_room_request(words, self.fingerprint, self.name)
            table_id = await self.hall.create(asked)
        except TableError as exc:
            self.say(str(exc))
            return
        if self.over or self.table is not None or self.waiting is not None:
            return
        if table_id in self.hall.tables:
            self.enter(table_id, watch=False)
        else:  # made in another worker (the one with the fewest sessions): the person goes there
            self.moving = (table_id, False)
            self.finish()

    def _hall_changed(self) -> None:
        """Handle hall changes: new chat lines (in the lobby), a gathering room that starts."""
        lines = self.hall.lobby_talk.lines
        new = lines[self._lobby_heard :] if len(lines) >= self._lobby_heard else lines[-1:]
        self._lobby_heard = len(lines)
        if self.table is None and self.waiting is None and self.name:
            for said in new:
                self._chatted(said)
        waiting = self.waiting
        if waiting is not None and waiting.started:
            self.hall.stop_waiting(waiting)
            self.waiting = None
            self.say(_("{name} is full: the game begins.", name=waiting.name))
            self.enter(waiting.id, watch=False)

    # --- going to a table ---------------------------------------------------------------------

    def enter(self, name: str, watch: bool) -> None:
        table = room_named(self.hall, name, self.fingerprint)
        if isinstance(table, str):
            self.say(table)
            return
        if isinstance(table, RemoteTable):  # held by another worker: the front carries the person there
            self.moving = (table.id, watch)
            self.finish()
            return
        try:
            entry = self.hall.admit(table, self.fingerprint, self.name, watch)
        except TableError as exc:
            self.say(str(exc))
            return
        if entry.watching:
            self.say(entry.watching)
        if not table.started:
            self.waiting = table
            self._watch_hall()
            self.hall.come_to_wait(table)
            line = table.line(self.fingerprint)
            self.say(
                _(
                    "You have a seat at {name} ({edition}); it is {status}. "
                    "Type leave to give it up, or say TEXT to talk to the lobby.",
                    name=table.name,
                    edition=line.edition_words,
                    status=line.status,
                )
            )
            return
        self._sit(table, entry.seat)

    def _gathering(self, verb: str, rest: str) -> None:
        table = self.waiting
        assert table is not None
        if verb in LEAVE:
            self.hall.stop_waiting(table)
            self.waiting = None
            table.leave_seat(self.fingerprint)
            if not any(s.owner for s in table.plan.seats):
                self.hall.remove(table)
            self.say(_("You gave up your seat at {name}.", name=table.name))
            self.to_lobby()
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: self.hall.lobby_say(self.fingerprint, rest))
        elif verb == "history" and _about_chat(rest):
            self._chat_history(rest)
        elif verb in ("rooms", "list"):
            self.say(*room_lines(self.hall, self.fingerprint))
        else:
            status = table.line(self.fingerprint).status
            self.say(
                _("{name} is {status}. Type leave to give up your seat.", name=table.name, status=status)
            )

    def _sit(self, table: Table, seat: int | None) -> None:
        try:
            room = table.open()
        except (TableError, ValueError) as exc:
            self.say(str(exc))
            return
        if table.driver is None:
            self.say(_("This table is closing."))
            return
        if seat is not None and not table.held(seat):  # a seat held by a stand-in waits for a key of his
            room.hand_back(seat)
        self.table, self.seat, self._room = table, seat, room
        table.arrive(seat)
        self._stops.append(table.listen(self._table_heard))
        self._stops.append(table.listen_clock(self._clock))
        self.say(_("You are at {name}.", name=table.name) + " " + _(TABLE_EXTRA_HELP))
        if table.plan.turn_based:
            self.say(*pace_rules(table.plan.move_hours))
            self.say(
                _(
                    "Type away and a number of days (away 3) when you will be away: your time for a move "
                    "starts after them; away 0 when you are back."
                )
            )
        if seat is None:
            self._stops.append(room.subscribe(self._watched))
            self.say(_("You are watching. The game waits for {who}.", who=room.waiting_for()))
            return
        self.lines = LineSession(
            SeatSession(room, seat, table),
            self.write,
            self._ring,
            self._left_by_quit,
            advisor=lambda player: table.advice(seat, player),
            odds=table.odds,
            reviewer=lambda: review_done(table.game_review()),
            settings=self.settings,
            keep=self._keep_settings,
        )
        self.lines.start()
        table.driver.poke()

    def _at_table(self, verb: str, rest: str, line: str) -> None:
        table = self.table
        assert table is not None
        if verb in LEAVE:
            self.leave()
            self.say(_("You left the table; your seat is kept."))
            self.to_lobby()
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: table.say(self.name, rest, self.hall.limits.chat_max))
        elif verb == "history" and _about_chat(rest):
            self._chat_history(rest)
        elif verb == "vote":
            self._vote(verbs.command(rest) if rest else "")
        elif verb in ("away", "ausente") and table.plan.turn_based:
            self._away(rest)
        elif verb == "save":
            self.say(_("The server saves the game after every move."))
        elif self.lines is not None:
            self.lines.feed(line)
            self._follow_answers()
        else:
            self.say(_("You are watching: type leave to go back to the lobby, or say TEXT."))

    def _keep_settings(self, settings: Settings) -> str | None:
        """Save the line-mode settings the person chose at a table: they apply at their next table too, and
        the server stores them for their key."""
        self.settings = settings
        self.hall.keep_settings(self.fingerprint, settings.words)
        return None

    def _follow_answers(self) -> None:
        """Write the answers computed in other processes (the advisor, the chances) once they arrive."""
        lines = self.lines
        if lines is None:
            return
        loop = asyncio.get_running_loop()
        answered = held(self._answers_in)  # told from another thread: in this person's language
        for asked in lines.awaiting:
            if id(asked) not in self._followed:
                self._followed.add(id(asked))
                asked.add_done_callback(lambda _f: loop.call_soon_threadsafe(answered))

    def _answers_in(self) -> None:
        if self.lines is not None and not self.over:
            self.lines.poll()

    def _away(self, rest: str) -> None:
        table = self.table
        assert table is not None
        if not rest.strip().isdigit():
            self.say(_("Type away and the days you will be away (away 3), or away 0 when you are back."))
            return
        days = int(rest.strip())
        try:
            table.declare_away(self.seat, days)
        except TableError as exc:
            self.say(str(exc))
            return
        if days:
            self.say(
                ngettext(
                    "You are away for {n} day: your time here starts after it.",
                    "You are away for {n} days: your time here starts after them.",
                    days,
                )
            )
        else:
            self.say(_("You are back: your time here runs as usual."))

    def _vote(self, answer: str) -> None:
        table = self.table
        assert table is not None
        try:
            if answer in ("yes", "y"):
                table.answer_vote(self.seat, True)
            elif answer in ("no", "n"):
                table.answer_vote(self.seat, False)
            elif answer in ("", "call"):
                table.call_vote(self.seat)
            else:
                self.say(
                    _("Type vote to call a vote on the seat that holds the table up, vote yes or vote no.")
                )
        except TableError as exc:
            self.say(str(exc))

    def _left_by_quit(self) -> None:  # the line session's own quit: never reached (quit ends here first)
        self.finish()

    def leave(self) -> None:
        """Leave the table or the gathering room, keeping the seat; stop following the hall."""
        for stop in self._stops:
            stop()
        self._stops = []
        if self._hall_watch is not None:
            self._hall_watch()
            self._hall_watch = None
        if self.lines is not None:
            self.lines.close()
            self.lines = None
        if self.table is not None:
            self.table.depart(self.seat)
            self.table = None
            self._room = None
        if self.waiting is not None:
            self.hall.stop_waiting(self.waiting)
            self.waiting = None
        self._called.clear()

    # --- what the table says besides the game -------------------------------------------------

    def _table_heard(self, said: Said) -> None:
        self._chatted(said)

    def _chatted(self, said: Said) -> None:
        """Handle a chat line: write it and store it for `history chat`, apart from the game's history."""
        words = _chat_words(said)
        self._chats.append(words)
        del self._chats[:-CHATS_KEPT]
        self.say(words)

    def _chat_history(self, rest: str) -> None:
        """Answer `history chat [N]`: the last chat lines received (10 without a number)."""
        count = rest.split()[-1]
        shown = self._chats[-max(1, min(int(count), CHATS_KEPT)) :] if count.isdigit() else self._chats[-10:]
        self.say(*(shown or [_("Nobody has said anything yet.")]))

    def _watched(self, update: Update) -> None:
        room = self._room
        if room is None:
            return
        for event in update.events:
            self.say(room.narrate(event))

    def _clock(self, face: ClockFace) -> None:
        """Announce the person's remaining time when the table waits on them: at a minute, at ten seconds."""
        mine = next((s for s in face.seats if s.seat == self.seat), None)
        if mine is None or not mine.waited or mine.left is None:
            self._called.clear()
            return
        for mark in CALLED_OUT:
            if mine.left <= mark and mark not in self._called and mine.left > 0:
                self._called.add(mark)
                self.say(_("One minute left.") if mark == 60 else _("{n} seconds left.", n=f"{mark:g}"))


def _about_chat(rest: str) -> bool:
    """Whether the arguments of `history` ask for the chat (`history chat`, `historial charla 20`)."""
    first = rest.split()[0] if rest.split() else ""
    return verbs.fold(first) in CHAT_WORDS


def _chat_words(said: Said) -> str:
    """Format a chat line with a prefix a screen reader can be configured to announce: "Chat,
    Ada: hello"; the table's own lines as they are."""
    if not said.who:
        return said.text.removeprefix("* ")
    return _("Chat, {who}: {text}", who=said.who, text=said.text)


AWAY_HELP = N_(
    "Type away and the days you will be away (away 3) in all your turn-based rooms, or away 0 when you "
    "are back."
)


def _named_room(rest: str) -> str:
    """Translate `nueva Viernes clásico 2 personas`: the keywords after the room's name translated to English
    (the name is the person's, left as typed)."""
    name, _space, words = rest.partition(" ")
    return f"{name} {verbs.inner(words)}".strip()
