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

from engine.core.text import TextError
from lines import verbs
from server.session.line_base import LineBase
from server.session.line_input import QUIT
from server.session.line_lobby import LobbyLines
from server.session.line_table import TableLines
from server.session.line_words import WELCOME
from translation import _

log = logging.getLogger(__name__)

__all__ = ["LineBase", "LinePlayer"]

QUITS = frozenset({"quit", "exit", "bye", "logout", QUIT})


class LinePlayer(LobbyLines, TableLines):
    """A line-mode session: its course (a name, the lobby, a table) over the lobby's commands and the
    table's."""

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
        self.say(
            _("For the full screen instead: ssh -t -p {port} {host} screen.", port=self.port, host=self.host)
        )
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
            self.finish(self._goodbye())
        elif not self.name:
            self._choose_name(words)
        elif self.lines is not None or self._room is not None:
            self._at_table(verb, rest, line)
        elif self.waiting is not None:
            self._gathering(verb, rest)
        else:
            self._in_lobby(verb, rest, first)

    def _goodbye(self) -> str:
        """Return the last line: that a seat is kept only to one who holds one in a game not over."""
        if any(not room.finished for room in self.worker_rooms.own(self.fingerprint)):
            return _("Goodbye. Your seat is kept: connect again to come back.")
        return _("Goodbye.")

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
            self.name = await self.worker_rooms.choose_name(self.fingerprint, text)
        except TextError as exc:
            self.say(_("{reason} Type another name.", reason=exc))
            return
        log.info("key %s chose the name %r", self.fingerprint, self.name)
        self.say(_("Welcome, {name}.", name=self.name))
        self.to_lobby(first=True)
