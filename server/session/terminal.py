"""A session's terminal at the far end of an SSH channel, and the Textual driver that draws on it.

Input arrives from the channel as bytes: it is rate-limited (a flood costs its own session, never the
others their turn), decoded, parsed into Textual's key and mouse events and posted to the session's app.
Keys beyond the rate wait their turn in a short queue, so that a held key or a fast burst loses nothing;
only beyond that queue are keys dropped, and the person is told. Output is written to the channel; a
client that stops reading and lets too much pile up is disconnected rather than buffered for without
end. Sizes are clamped.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from server.base.config import Limits
from server.session.pasted import foreign, several_lines
from translation import N_, _

if TYPE_CHECKING:
    from textual.app import App

log = logging.getLogger(__name__)

TICK = 0.05  # seconds between looks at whether a lone Escape has waited long enough to be a key
MODES = "\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25l\x1b[?2004h\x1b[?7l"
"""What a session's screen turns on: the alternate screen, mouse clicks in SGR coordinates, no cursor,
bracketed paste, no line wrap."""
RESTORE = "\x1b[0m\x1b[?2026l\x1b[?2004l\x1b[?7h\x1b[?1000l\x1b[?1006l\x1b[?25h\x1b[?1049l"
"""The terminal as it was: plain text, no synchronized update pending, and every mode of `MODES` off."""
STOPPING = N_(
    "The server is stopping (for an update or a restart). Your seat and your game are saved: "
    "connect again in a minute."
)
DROPPED = N_("Keys came faster than the server takes them ({rate} a second): some were dropped.")
TELL_EVERY = 5.0  # seconds between two tellings that keys were dropped
EARLY_MAX = 4096  # characters kept that were typed before the app reads keys (the front queues as many bytes)


class Channel(Protocol):
    """The interface the terminal needs from an SSH channel."""

    def write(self, data: bytes) -> None: ...

    def get_write_buffer_size(self) -> int: ...

    def close(self) -> None: ...


class Bucket:
    """A token bucket: `take(n)` returns how many of `n` units may pass now."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._last = clock()

    def take(self, wanted: int) -> int:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        granted = min(wanted, int(self._tokens))
        self._tokens -= granted
        return granted


def clamp(width: int, height: int, limits: Limits) -> tuple[int, int]:
    return (
        max(limits.min_width, min(int(width or 80), limits.max_width)),
        max(limits.min_height, min(int(height or 24), limits.max_height)),
    )


class Terminal:
    """The session's end of the SSH channel: size, input and output, shared by its app's driver."""

    def __init__(
        self, channel: Channel, limits: Limits, width: int, height: int, limit_bytes: bool = True
    ) -> None:
        self.channel = channel
        self.limit_bytes = limit_bytes  # off where the bytes were counted before they arrived
        self.limits = limits
        self.size = clamp(width, height, limits)
        self.bucket = Bucket(limits.input_bytes_per_second, limits.input_burst)
        self.keys = Bucket(limits.keys_per_second, limits.key_burst)
        self.dropped = 0  # input bytes dropped by the rate limit
        self.dropped_keys = 0  # keys and clicks dropped by the rate limit
        self.closed = False
        self.last_input = time.monotonic()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.driver: ChannelDriver | None = None
        self._early = ""  # input received before the driver started
        self.on_overflow: Callable[[], None] = lambda: None

    def resize(self, width: int, height: int) -> None:
        self.size = clamp(width, height, self.limits)
        if self.driver is not None:
            self.driver.resized()

    def received(self, data: bytes) -> None:
        """Handle bytes typed at the far end."""
        self.last_input = time.monotonic()
        if self.limit_bytes:
            data = self.within_rate(data)
        if not data:
            return
        text = self._decode(data)
        if text and self.driver is not None:
            self.driver.feed(text)
        elif text and len(self._early) + len(text) <= EARLY_MAX:
            self._early += text  # typed before the app reads keys (as a session moves): kept for it

    def attach(self, driver: ChannelDriver) -> None:
        """Attach the app's input: what was typed before is delivered first."""
        self.driver = driver
        early, self._early = self._early, ""
        if early:
            driver.feed(early)

    def within_rate(self, data: bytes) -> bytes:
        """Return as much of `data` as the byte rate lets through now (the rest is counted and dropped)."""
        allowed = self.bucket.take(len(data))
        if allowed < len(data):
            self.dropped += len(data) - allowed
            data = data[:allowed]
        return data

    def write(self, text: str) -> None:
        if self.closed:
            return
        try:
            if self.channel.get_write_buffer_size() > self.limits.output_backlog:
                log.warning("a client stopped reading; disconnecting it")
                self.closed = True
                self.on_overflow()
                return
            self.channel.write(text.encode("utf-8", errors="replace"))
        except Exception as exc:  # the channel is closing under us
            log.debug("write to a closing channel: %s", exc)
            self.closed = True


PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"

PASTE_MOST = 65536
"""Characters kept of one bracketed paste; the rest is dropped (no field holds anything near it)."""


class ChannelDriver(Driver):
    """Textual's driver for one session: draws on the session's `Terminal` and reads its keys."""

    def __init__(
        self, app: App[Any], *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        terminal = getattr(app, "terminal", None)
        assert isinstance(terminal, Terminal), "the app needs a terminal"
        self.terminal = terminal
        self._parser = XTermParser(False)
        self._tick: asyncio.TimerHandle | None = None
        self._input = False
        self._paste: str | None = None  # a bracketed paste under way: what has come of it so far
        self._held: deque[Any] = deque()  # keys beyond the rate, and whatever came after them, in order
        self._release: asyncio.TimerHandle | None = None
        self._told = -TELL_EVERY  # when the person was last told that keys were dropped

    def write(self, data: str) -> None:
        self.terminal.write(data)

    def send_message(self, message: Any) -> None:
        """Post a message directly on the app's own loop (no thread hop)."""
        self._app.post_message(message)

    def start_application_mode(self) -> None:
        self._input = True
        self.write(MODES)
        self.resized()
        self.terminal.attach(self)

    def resized(self) -> None:
        width, height = self.terminal.size
        size = Size(width, height)
        self.send_message(events.Resize(size, size))

    def feed(self, text: str) -> None:
        """Handle one packet of the client's input. A bracketed paste is read here, whole and as text:
        Textual's parser reads an Escape inside one as the start of a key's sequence, and typed the pasted
        text as keys besides (a name came out as `^]0;PWNEDilEv`), where the field is to refuse it."""
        if not self._input:
            return
        while text:
            if self._paste is None:
                start = text.find(PASTE_START)
                if start < 0:
                    self._keys(text)
                    return
                self._keys(text[:start])
                self._paste, text = "", text[start + len(PASTE_START) :]
            joined = self._paste + text
            end = joined.find(PASTE_END)
            if end < 0:
                marker = len(PASTE_END) - 1  # the end's marker may be split over two packets
                self._paste = joined if len(joined) <= PASTE_MOST else joined[:PASTE_MOST] + joined[-marker:]
                return
            self._paste, text = None, joined[end + len(PASTE_END) :]
            self._deliver(events.Paste(joined[:end][:PASTE_MOST]))

    def _keys(self, text: str) -> None:
        """Parse input outside a bracketed paste. An Escape that ends a packet is the Escape key, now: a
        client sends an escape sequence whole, and a busy server may read the next key's packet before a timer
        could tell the two apart (the key would then be read as Alt and that key)."""
        if not text:
            return  # the parser reads an empty string as the end of its input, and reads no more
        if foreign(text):
            self._as_pasted(text)
            return
        if several_lines(text):
            # One paste, whose line breaks press no Enter: the chat line takes it whole and waits for
            # the person's own Enter, which would otherwise land on the screen behind it.
            self._deliver(events.Paste(text.rstrip("\r\n")))
            return
        try:
            for message in self._parser.feed(text):
                self._deliver(message)
            waiting = getattr(self._parser, "_timeout_time", None) is not None
            if text.endswith("\x1b") and waiting:
                self._parser._timeout_time = 0.0  # the parser's wait for more is over
                for message in self._parser.tick():
                    self._deliver(message)
        except Exception:
            log.exception("input could not be read; the parser starts again")
            self._parser = XTermParser(False)
        if self._tick is None:
            self._tick = self._loop.call_later(TICK, self._on_tick)

    def _as_pasted(self, text: str) -> None:
        """Deliver a packet of text with control sequences in it as one paste (and the Enter that may
        end it as the key it is), so that the escape characters reach the field whole: a name field
        refuses them, as it refuses them typed or pasted with brackets, instead of keeping what was left
        once the sequences had been read as keys."""
        body = text.rstrip("\r\n")
        self._deliver(events.Paste(body))
        if len(body) < len(text):
            try:
                for message in self._parser.feed(text[len(body) :]):
                    self._deliver(message)
            except Exception:
                self._parser = XTermParser(False)

    def _on_tick(self) -> None:
        self._tick = None
        try:
            for message in self._parser.tick():
                self._deliver(message)
        except Exception:
            self._parser = XTermParser(False)
        if getattr(self._parser, "_timeout_time", None) is not None and self._input:
            self._tick = self._loop.call_later(TICK, self._on_tick)  # still waiting: an Escape, say

    @staticmethod
    def _pressed(message: Any) -> bool:
        return isinstance(message, events.Key | events.MouseDown | events.Paste)

    def _deliver(self, message: Any) -> None:
        """Deliver keys and clicks within the rate at once; beyond it they wait their turn (and what comes
        after them waits behind them, so that nothing is read out of order)."""
        if self._held or (self._pressed(message) and not self.terminal.keys.take(1)):
            self._hold(message)
            return
        self.process_message(message)

    def _hold(self, message: Any) -> None:
        """Queue a message until the rate lets it through; with the queue full (a flood, or a key held for
        seconds), drop it and notify the person, at most every few seconds."""
        limits = self.terminal.limits
        if len(self._held) >= limits.key_burst:
            if self._pressed(message):
                self.terminal.dropped_keys += 1
                now = time.monotonic()
                if now - self._told >= TELL_EVERY:
                    self._told = now
                    notify = getattr(self._app, "notify", None)
                    if notify is not None:
                        notify(_(DROPPED, rate=limits.keys_per_second), severity="warning", timeout=4)
            return
        self._held.append(message)
        if self._release is None:
            self._release = self._loop.call_later(1 / limits.keys_per_second, self._release_held)

    def _release_held(self) -> None:
        self._release = None
        held = self._held
        while held and self._input:
            if self._pressed(held[0]) and not self.terminal.keys.take(1):
                break
            self.process_message(held.popleft())
        if held and self._input:
            self._release = self._loop.call_later(
                1 / self.terminal.limits.keys_per_second, self._release_held
            )

    def disable_input(self) -> None:
        self._input = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._release is not None:
            self._release.cancel()
            self._release = None
        self._held.clear()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(RESTORE)
        self.terminal.driver = None
