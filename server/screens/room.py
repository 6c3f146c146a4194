"""A shared table on screen: the game screen, plus the room's chat (`/` to say something). Chat lines
join the event log as plain text, whoever wrote them and whatever they hold."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.binding import BindingType
from textual.content import Content
from textual.message import Message

from engine.text import plain
from server.client import TableClient
from server.screens.chat import ChatDialog
from tui.game_keys import GameKey, bindings
from tui.glyphs import Glyphs
from tui.screens.game import GameScreen


class ChatLine(Message):
    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


class RoomScreen(GameScreen):
    KEYS: ClassVar[tuple[GameKey, ...]] = (*GameScreen.KEYS, GameKey("slash", "chat", "Chat"))
    BINDINGS: ClassVar[list[BindingType]] = bindings(KEYS)

    def __init__(self, client: TableClient, glyphs: Glyphs, who: str, chat_max: int) -> None:
        super().__init__(client, glyphs, client.speed)
        self.table_client = client
        self.who = who
        self.chat_max = chat_max
        self._stop_listening: Callable[[], None] = lambda: None

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # the game screen's, then more
        super().on_mount()
        event.prevent_default()
        table = self.table_client.table
        self._entries.extend(self._chat_entry(line) for line in table.chat_lines[-20:])
        self._stop_listening = table.listen(self._heard)
        self._sync_logs()

    def on_unmount(self) -> None:
        self._stop_listening()
        name = self._chat_name
        if self.app.is_screen_installed(name):
            chat = self.app.get_screen(name)
            if chat not in self.app.screen_stack:
                self.app.uninstall_screen(name)
                chat.remove()

    def _heard(self, line: str) -> None:
        self.post_message(ChatLine(line))

    def _chat_entry(self, line: str) -> Content:
        return Content.styled(plain(line), "italic $accent")

    def on_chat_line(self, message: ChatLine) -> None:
        self._entries.append(self._chat_entry(message.line))
        self._sync_logs()
        self.redraw()
        if not message.line.startswith(f"{self.who}: "):
            self.notify(message.line, timeout=4)

    @property
    def _chat_name(self) -> str:
        return f"chat-{id(self)}"

    def action_chat(self) -> None:
        """The chat line is made once for this table and kept between uses: a new one each time cost the
        composing and styling of a dialog, the most frequent at a talkative table."""
        name = self._chat_name
        if not self.app.is_screen_installed(name):
            self.app.install_screen(ChatDialog(self.chat_max), name)
        chat = self.app.get_screen(name)
        if chat in self.app.screen_stack:
            return
        assert isinstance(chat, ChatDialog)
        chat.clear()
        self.app.push_screen(chat, self._said)

    def _said(self, text: str | None) -> None:
        if text:
            self.table_client.table.say(self.who, text, self.chat_max)
