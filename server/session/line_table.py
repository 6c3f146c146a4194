"""The line mode at a table: a room gathering its people, the seat at its table (the game in lines), the
table's chat, votes and days away, and the clock read out at a minute and at ten seconds."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lines import verbs
from lines.review_lines import review_done
from lines.session import LineSession
from lines.settings import Settings
from room import Update
from server.session.line_base import LineBase, _about_chat
from server.session.line_words import TABLE_EXTRA_HELP, room_lines, room_named
from server.tables.lobby_index import IndexedRoom
from server.tables.move_words import waits_on
from server.tables.plans import TableError, pace_rules
from server.tables.seat_session import SeatSession
from translation import _, ngettext
from translation.listeners import held

if TYPE_CHECKING:
    from server.tables.seat_clocks import ClockFace
    from server.tables.table import Table

CALLED_OUT = (60.0, 10.0)
"""Seconds left on the person's clock that are read out, once each time the table waits on them."""

LEAVE = frozenset({"leave", "lobby", "stand", "back"})


class TableLines(LineBase):
    """The table's commands of a line-mode session (`line_player.LinePlayer`)."""

    def enter(self, name: str, watch: bool) -> None:
        table = room_named(self.worker_rooms, name, self.fingerprint)
        if isinstance(table, str):
            self.say(table)
            return
        try:
            table = self.worker_rooms.wake(table)  # a room let go here is loaded again
        except TableError as exc:
            self.say(str(exc))
            return
        if isinstance(table, IndexedRoom):  # held by another worker: the front carries the person there
            self.moving = (table.id, watch)
            self.finish()
            return
        try:
            entry = self.worker_rooms.admit(table, self.fingerprint, self.name, watch)
        except TableError as exc:
            self.say(str(exc))
            return
        if entry.watching:
            self.say(entry.watching)
        if not table.started:
            self.waiting = table
            self._watch_rooms()
            self.worker_rooms.come_to_wait(table)
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
            self.worker_rooms.stop_waiting(table)
            self.waiting = None
            table.leave_seat(self.fingerprint)
            if not any(s.owner for s in table.plan.seats):
                self.worker_rooms.remove(table)
            self.say(_("You gave up your seat at {name}.", name=table.name))
            self.to_lobby()
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: self.worker_rooms.lobby_say(self.fingerprint, rest))
        elif verb == "history" and _about_chat(rest):
            self._chat_history(rest)
        elif verb in ("rooms", "list"):
            self.say(*room_lines(self.worker_rooms, self.fingerprint, self.zone))
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
            self._say_due()
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
        if self.lines is not None and verb not in LEAVE:  # any line of his, as any key at the full screen
            self.lines.session.acted()
        if verb in LEAVE:
            self.leave()
            self.say(_("You left the table; your seat is kept."))
            self.to_lobby()
        elif verb in ("say", "chat", "/") and rest:
            self._talk(rest, lambda: table.say(self.name, rest, self.worker_rooms.limits.chat_max))
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
            if verb in ("status", "me"):
                self._say_due()
            self._follow_answers()
        else:
            self.say(_("You are watching: type leave to go back to the lobby, or say TEXT."))

    def _keep_settings(self, settings: Settings) -> str | None:
        """Save the line-mode settings the person chose at a table: they apply at their next table too, and
        the server stores them for their key."""
        self.settings = settings
        self.worker_rooms.keep_settings(self.fingerprint, settings.words)
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

    def _say_due(self) -> None:
        """Say what a turn-based table waits on and by when, in the person's time zone where known."""
        table = self.table
        due = table.due_move() if table is not None else None
        if due is not None:
            self.say(waits_on(due.move, due.name, due.seat == self.seat, self.zone))

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
