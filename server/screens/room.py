"""The shared-table screen: the game screen, plus the room's chat (`/` to send a line), its clocks at
the end of the status line (`server.screens.clock_line`), and the vote to hand a seat that holds the table
up to a bot (`a`). Chat lines join the event log as plain text, whoever wrote them and whatever they hold,
in time order with the game's events: a person who comes later (to watch, or back to their seat) reads
the lines the table kept in the places they were said."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from textual import events
from textual.binding import BindingType
from textual.content import Content
from textual.message import Message

from engine.core.text import plain
from server.people.chat import Said
from server.screens.chat import chat_line, talk
from server.screens.clock_line import clock_tail
from server.screens.vote import VoteDialog
from server.tables.client import TableClient
from server.tables.plans import TableError
from server.tables.seat_clocks import ClockFace, VoteFace
from translation import N_, _
from tui.dialogs.overlay import Overlay
from tui.game_keys import GameKey, bindings
from tui.screens.game import GameScreen
from tui.styles.glyphs import Glyphs
from tui.widgets.event_log import EventLog
from tui.widgets.status import StatusBar


class ChatLine(Message):
    def __init__(self, said: Said) -> None:
        super().__init__()
        self.said = said


class ClockShown(Message):
    def __init__(self, face: ClockFace) -> None:
        super().__init__()
        self.face = face


class RoomScreen(GameScreen):
    KEYS: ClassVar[tuple[GameKey, ...]] = (
        *GameScreen.KEYS,
        GameKey("slash", "chat", N_("Chat")),
        GameKey("a", "vote", N_("Vote: seat to a bot")),
    )
    BINDINGS: ClassVar[list[BindingType]] = bindings(KEYS)

    def __init__(self, client: TableClient, glyphs: Glyphs, who: str, chat_max: int, zone: str = "") -> None:
        """`zone`: the time zone the person's client named, for a turn-based room's deadline ("" for UTC)."""
        super().__init__(client, glyphs, client.speed)
        self.table_client = client
        self._zone = zone
        self.who = who
        self.chat_max = chat_max
        self._stop_listening: Callable[[], None] = lambda: None
        self._stop_clock: Callable[[], None] = lambda: None
        self._face = ClockFace()
        self._asked: set[int] = set()  # the votes whose question this screen has put
        self._vote_dialog: VoteDialog | None = None
        self._chat_at: list[int] = []  # the places of the chat lines among the log's entries, in order

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # the game screen's, then more
        super().on_mount()
        event.prevent_default()
        table = self.table_client.table
        self._stop_listening = table.listen(self._heard)
        self._stop_clock = table.listen_clock(self._clock_changed)
        self._weave(table.chat_lines)
        self.on_clock_shown(ClockShown(table.clock_face()))

    def on_unmount(self) -> None:
        self._stop_listening()
        self._stop_clock()
        name = self._chat_name
        if self.app.is_screen_installed(name):
            chat = self.app.get_screen(name)
            if chat not in self.app.screen_stack:
                self.app.uninstall_screen(name)
                chat.remove()

    # --- the log: the game's events with the chat among them ----------------------------------

    def _weave(self, lines: Iterable[Said]) -> None:
        """Interleave the stored chat lines with the game's entries (`_entries`, one for each event), each
        after the events that came before it, and show the log anew."""
        pending = sorted(lines, key=lambda said: said.after)  # stable: lines said together keep their order
        if not pending and not self._chat_at:
            return  # nothing to weave in, nor to take out: the logs stand as they are
        told = self._entries
        woven: list[Content] = []
        places: list[int] = []
        for said in pending:
            at = min(said.after, len(told))
            done = len(woven) - len(places)  # the game's entries woven so far
            woven.extend(told[done:at])
            places.append(len(woven))
            woven.append(self._chat_entry(said))
        woven.extend(told[len(woven) - len(places) :])
        self._entries = woven
        self._chat_at = places
        for log in self.query(EventLog):
            log.set_lines(self._entries)
        self.redraw()

    def _retell(self) -> None:
        """Rebuild the log after a take-back: the game as it now stands, its chat lines in their places."""
        super()._retell()
        self._weave(self.table_client.table.chat_lines)

    def explain_entry(self, entry: int) -> None:
        """Explain why the event of this log line happened; a chat line has no explanation."""
        chats_before = bisect_left(self._chat_at, entry)
        if chats_before < len(self._chat_at) and self._chat_at[chats_before] == entry:
            self.notify(_("That line is chat: no rule made it happen."), timeout=3)

            return
        super().explain_entry(entry - chats_before)

    def _heard(self, said: Said) -> None:
        self.post_message(ChatLine(said))

    def _chat_entry(self, said: Said) -> Content:
        return Content.styled(plain(said.line()), "italic $accent")

    def on_chat_line(self, message: ChatLine) -> None:
        self._chat_at.append(len(self._entries))
        self._entries.append(self._chat_entry(message.said))
        self._sync_logs()
        self.redraw()

    # --- saying something ---------------------------------------------------------------------

    @property
    def _chat_name(self) -> str:
        return f"chat-{id(self)}"

    def ahead(self) -> Iterable[Overlay[Any]]:
        """Return the screens to prebuild: the game's first dialog, and the chat line (`Underlay.ahead`)."""
        return [*super().ahead(), chat_line(self.app, self._chat_name, "the table")]

    def action_chat(self) -> None:
        """Open the chat dialog, created once for this table and reused."""
        talk(self.app, self._chat_name, "the table", self._said)

    def _said(self, text: str) -> None:
        self.table_client.table.say(self.who, text, self.chat_max)

    # --- the clocks and the vote --------------------------------------------------------------

    def _clock_changed(self, face: ClockFace) -> None:
        self.post_message(ClockShown(face))

    def on_clock_shown(self, message: ClockShown) -> None:
        """Handle a tick of the table's clock: redraw only the end of the status line."""
        before, face = self._face, message.face
        self._face = face
        tail = clock_tail(face, self.glyphs, self.table_client.seat, self._zone)
        self.query_one("#status", StatusBar).show_tail(tail)
        shown = (before.holder is None, before.vote is None, before.absent)
        if shown != (face.holder is None, face.vote is None, face.absent):
            self._refresh_keys()  # the vote's key comes and goes
        vote = face.vote
        dialog = self._vote_dialog
        if dialog is not None and (vote is None or vote.number != dialog.vote.number):
            dialog.dismiss(None)
        if vote is not None and vote.number not in self._asked and self._may_answer(vote):
            self._asked.add(vote.number)
            self._ask(vote)

    def _may_answer(self, vote: VoteFace) -> bool:
        seat = self.table_client.seat
        return seat is not None and seat in vote.voters and seat not in vote.answered

    def _ask(self, vote: VoteFace) -> None:
        if self._vote_dialog is not None and self._vote_dialog in self.app.screen_stack:
            return
        dialog = self._vote_dialog = VoteDialog(vote)
        self.app.push_screen(dialog, lambda yes: self._answered(vote, yes))

    def _answered(self, vote: VoteFace, yes: bool | None) -> None:
        self._vote_dialog = None
        if yes is None:
            return
        try:
            self.table_client.table.answer_vote(self.table_client.seat, yes)
        except TableError as exc:
            self.notify(str(exc), severity="warning", timeout=5)

    def possible(self, name: str) -> bool:
        if name == "vote":
            face, mine = self._face, self.table_client.seat
            return face.vote is not None or face.holder is not None or any(s != mine for s in face.absent)
        return super().possible(name)

    def on_key(self, event: events.Key) -> None:
        """Handle `a` when nothing holds the table up (the key is not on offer): explain why no vote is
        called."""
        if event.key == "a" and not self.possible("vote"):
            event.stop()
            self.action_vote()
            return
        super().on_key(event)

    def action_vote(self) -> None:
        """Answer the vote under way, or call one on the seat that holds the table up."""
        vote = self._face.vote
        if vote is not None and self._may_answer(vote):
            self._ask(vote)
            return
        try:
            self.table_client.table.call_vote(self.table_client.seat)
        except TableError as exc:
            self.notify(str(exc), severity="warning", timeout=6)
