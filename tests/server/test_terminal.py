"""The session's terminal reads keys as the player pressed them, however late the server gets to them."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.app import App as TextualApp

from server.base.config import Limits
from server.screens.chat import ChatDialog
from server.session.pasted import foreign
from server.session.terminal import ChannelDriver, Terminal
from tui.widgets.steady_input import SteadyInput


class Channel:
    def write(self, data: bytes) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def close(self) -> None:
        pass


class App:
    """Only what the driver touches: the terminal, and where its messages go."""

    def __init__(self) -> None:
        self.terminal = Terminal(Channel(), Limits(), 80, 24)
        self.keys: list[str] = []
        self.pasted: list[str] = []

    def post_message(self, message: Any) -> bool:
        if isinstance(message, events.Key):
            self.keys.append(message.key)
        elif isinstance(message, events.Paste):
            self.pasted.append(message.text)
        return True


def driver_for(app: App) -> ChannelDriver:
    driver = ChannelDriver(app)  # type: ignore[arg-type]  # a stand-in app
    driver.start_application_mode()
    return driver


async def test_an_escape_and_the_next_key_read_together_stay_two_keys() -> None:
    """Escape, then a key: two packets from the client, both waiting when a busy server reads them.
    They are the Escape key and the key, not the key with Alt (which lost a chat line's Escape)."""
    app = App()
    driver_for(app)
    app.terminal.received(b"\x1b")
    app.terminal.received(b"e")
    assert app.keys == ["escape", "e"]


async def test_keys_received_before_the_app_reads_them_are_read_when_it_does() -> None:
    app = App()
    app.terminal.received(b"/h")
    app.terminal.received(b"\x1b[A")
    assert app.keys == []
    driver_for(app)
    assert app.keys == ["slash", "h", "up"]
    app.terminal.received(b"i")
    assert app.keys == ["slash", "h", "up", "i"]


async def test_an_escape_sequence_in_one_packet_is_still_one_key() -> None:
    app = App()
    driver_for(app)
    app.terminal.received(b"\x1b[A")
    app.terminal.received(b"\x1bOB")
    assert app.keys == ["up", "down"]


async def test_a_paste_split_at_its_closing_escape_stays_a_paste() -> None:
    app = App()
    driver = driver_for(app)
    app.terminal.received(b"\x1b[200~hello\x1b")
    app.terminal.received(b"[201~")
    assert app.pasted == ["hello"] and app.keys == []
    app.terminal.received(b"\x1b")  # after the paste, an Escape alone is the key again
    assert app.keys == ["escape"]
    assert driver.terminal is app.terminal


async def test_a_chat_line_closed_in_the_moment_it_opened_leaves_the_session_running() -> None:
    """`/` and Escape read together by a busy server: the chat line is gone before its mount came round,
    and has nothing to focus (this ended the player's session)."""
    app: TextualApp[None] = TextualApp()
    async with app.run_test(size=(80, 24)) as pilot:
        base = app.screen
        app.push_screen(ChatDialog(200))
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is base and app.return_code is None


async def test_a_chat_line_closed_twice_closes_nothing_under_it() -> None:
    app: TextualApp[None] = TextualApp()
    async with app.run_test(size=(80, 24)) as pilot:
        base = app.screen
        dialog = ChatDialog(200)
        app.push_screen(dialog)
        await pilot.pause()
        dialog.action_cancel()
        dialog.action_cancel()  # an Escape read as the line was already closing
        await pilot.pause()
        assert app.screen is base and app.return_code is None


async def test_a_chat_line_kept_closed_stops_blinking_and_blinks_again_when_opened() -> None:
    """Kept between uses, a closed chat line's field keeps the focus; its cursor stops blinking (it woke
    the server twice a second for every person who had opened it once) until the line is opened again."""
    app: TextualApp[None] = TextualApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = ChatDialog(200)
        app.install_screen(dialog, "chat")
        app.push_screen("chat")
        await pilot.pause(0.1)
        field = dialog.query_one(SteadyInput)
        timer = field._blink_timer
        assert field.has_focus and timer is not None and timer._active.is_set()
        app.pop_screen()
        await pilot.pause(1.2)  # a blink or two come round while it is closed
        assert field.has_focus and not timer._active.is_set() and field._cursor_visible
        app.push_screen("chat")
        await pilot.pause(0.1)
        assert timer._active.is_set()


async def test_a_chat_line_closed_before_its_mount_came_round_is_closed() -> None:
    app: TextualApp[None] = TextualApp()
    async with app.run_test(size=(80, 24)) as pilot:
        base = app.screen
        dialog = ChatDialog(200)
        app.push_screen(dialog)
        dialog.action_cancel()  # `/` and Escape read in one moment
        await pilot.pause()
        await pilot.pause()
        assert app.screen is base and app.return_code is None


@pytest.mark.parametrize(
    "keys",
    [
        b"\x1b[1;5A",  # ctrl+up
        b"\x1b[15;2~",  # shift+F5
        b"\x1b[2^\x1b[d",  # rxvt's ctrl+insert and shift+left
        b"\x1b[<0;10;5M\x1b[<0;10;5m",  # a click, in SGR coordinates
        b"\x1b]",  # alt+]
        b"ab\x1b[A\r",  # keys read together
    ],
)
async def test_keys_stay_keys(keys: bytes) -> None:
    app = App()
    driver_for(app)
    app.terminal.received(keys)
    assert foreign(keys.decode()) is False and app.pasted == []


@pytest.mark.parametrize(
    "text",
    [
        "\x1b]0;title\x07x",
        "\x1b]2;title\x1b\\x",
        "x\x1b[2J",
        "x\x1b[31my",
        "x\x1b[?1049h",
        "\x1bPq#0\x1b\\",
        "x\u0085",
    ],
)
async def test_text_with_sequences_no_key_sends_is_read_as_pasted_with_its_enter_a_key(text: str) -> None:
    """A terminal that does not bracket a paste sends a window title or colours in it as if typed."""
    app = App()
    driver_for(app)
    app.terminal.received((text + "\r").encode())
    assert app.pasted == [text] and app.keys == ["enter"]
