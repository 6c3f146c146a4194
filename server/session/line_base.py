"""The line mode's session at its base: what the lobby and the table both use (writing to the person, the
chat, following the worker's rooms, leaving). `server.session.line_player.LinePlayer` is made of it, the
lobby's commands (`line_lobby`) and the table's (`line_table`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from lines import verbs
from lines.completion import completions, vocabulary
from lines.replay_lines import ReplayLines
from lines.session import ASKED, LineSession
from lines.settings import BRIEF, Settings
from room import Room
from server.people.chat import Pace, Said, too_long
from server.session.line_input import LineInput
from translation import Language, _, speaking

if TYPE_CHECKING:
    from server.tables.table import Table
    from server.tables.worker_rooms import WorkerRooms

CHATS_KEPT = 200
"""Chat lines a line-mode session keeps for `history chat`."""
CHAT_WORDS = frozenset({"chat", "talk", "charla"})
"""The words after `history` (`historial`) that ask for the chat, in every language spoken."""


class LineBase:
    """A line-mode session. `write` takes text with plain newlines (turned into what the person's
    terminal needs here); `end` is called once, when the session is over (`moving`: to another worker's
    room)."""

    def __init__(
        self,
        worker_rooms: WorkerRooms,
        fingerprint: str,
        write: Callable[[bytes], None],
        *,
        terminal: bool,
        name: str = "",
        wanted: str | None = None,
        watch: bool = False,
        moved: bool = False,
        host: str = "",
        port: int = 0,
        end: Callable[[], None] = lambda: None,
        note: str = "",
        settings: Settings = BRIEF,
        zone: str = "",
    ) -> None:
        """`moved`: the person comes from another worker's room or lobby, not from outside: no welcome.
        `note`: a line to write first (the language asked for is not one the game has). `settings`: what
        the person chose to hear at a table, as the server kept it for their key (`brief` by default).
        `zone`: the time zone the client named, for deadlines ("" for UTC)."""
        self.worker_rooms = worker_rooms
        self.fingerprint = fingerprint
        self.name = name
        self.port = port or worker_rooms.config.port  # the port the person reached: a balancer's may differ
        self.terminal = terminal
        self._send = write
        self._end = end
        self.input = LineInput(self._echo if terminal else None, self._complete)
        self.wanted, self.wanted_watch = wanted, watch
        self.moving: tuple[str, bool] | None = None
        self.over = False
        self.pace = Pace(worker_rooms.limits.chat_lines, worker_rooms.limits.chat_seconds)
        self.table: Table | None = None
        self.waiting: Table | None = None
        self.seat: int | None = None
        self.lines: LineSession | None = None
        self.replay: ReplayLines | None = None  # a past game told in the lobby
        self._room: Room | None = None
        self._stops: list[Callable[[], None]] = []  # what the table tells this session
        self._rooms_watch: Callable[[], None] | None = None
        self._lobby_heard = len(worker_rooms.lobby_talk.lines)
        self._chats: list[str] = []  # the chat lines heard, for `history chat`
        self._called: set[float] = set()
        self._naming: asyncio.Task[None] | None = None
        self._moved = moved
        self._followed: set[int] = set()  # the answers asked for elsewhere already followed
        self.host = host or worker_rooms.config.host  # the server's address as the person reached it
        self.note = note
        self.language: Language = speaking()  # the person's: what they read is in it (`language CODE`)
        self.settings = settings
        self.zone = zone

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

    # --- the lobby's news, the chat, leaving ---------------------------------------------------

    def _watch_rooms(self) -> None:
        """Follow the worker's rooms (lobby chat, a gathering room that starts) in the lobby or waiting."""
        if self._rooms_watch is None:
            self._rooms_watch = self.worker_rooms.watch(
                self._rooms_changed
            )  # told in the language spoken now

    def _talk(self, text: str, send: Callable[[], object]) -> None:
        """Send a chat line, within the server's per-session rate limit; one too long is refused whole
        with a sentence, never cut short without a word."""
        refusal = too_long(text, self.worker_rooms.limits.chat_max)
        if refusal is not None:
            self.say(refusal)
        elif self.pace.allow():
            send()
        else:
            self.say(self.pace.limit)

    def leave(self) -> None:
        """Leave the table or the gathering room, keeping the seat; stop following the worker's rooms."""
        for stop in self._stops:
            stop()
        self._stops = []
        if self._rooms_watch is not None:
            self._rooms_watch()
            self._rooms_watch = None
        if self.lines is not None:
            self.lines.close()
            self.lines = None
        if self.table is not None:
            self.table.depart(self.seat)
            self.table = None
            self._room = None
        if self.waiting is not None:
            self.worker_rooms.stop_waiting(self.waiting)
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

    # --- what the lobby, the table and the session's course add ------------------------------

    def to_lobby(self, first: bool = False) -> None:
        """Go to the lobby and say what is there (`line_lobby`)."""
        raise NotImplementedError

    def enter(self, name: str, watch: bool) -> None:
        """Take a seat at a room or watch it (`line_table`)."""
        raise NotImplementedError

    def finish(self, line: str | None = None) -> None:
        """End the session (`line_player`)."""
        raise NotImplementedError

    def _rooms_changed(self) -> None:
        """Follow the changes in the worker's rooms (`line_lobby`)."""
        raise NotImplementedError


def _about_chat(rest: str) -> bool:
    """Whether the arguments of `history` ask for the chat (`history chat`, `historial charla 20`)."""
    first = rest.split()[0] if rest.split() else ""
    return verbs.fold(first) in CHAT_WORDS


def _chat_words(said: Said) -> str:
    """Format a chat line with a prefix a screen reader can be configured to announce: "Chat,
    Ada: hello"; the table's own lines in the reader's language."""
    if not said.who:
        return said.line().removeprefix("* ")
    return _("Chat, {who}: {text}", who=said.who, text=said.text)
