"""The asyncssh server: authentication, what a connection may request, and one game session per connection.

A connection authenticates with a public key (passwords and keyboard-interactive are off; with
`--authorized-keys`, only the keys listed there). It may open one session, with a terminal, asking for
a shell (the lobby) or a command (taken as the name of a room to go to, never run), and must have begun
it within the login time of connecting, or it is closed. Everything else
(a second session, a subsystem such as SFTP, port, agent and X11 forwarding) is refused. A session
without a terminal gets one line saying how to connect, and is closed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any

import asyncssh

from engine.core.phrases import Phrase
from engine.core.text import TextError, plain
from server.network.front import Front
from server.network.relay import Relay
from server.session.terminal import RESTORE, STOPPING, Bucket, clamp
from server.tables.move_words import ZONE_MOST, zone_named
from server.tables.plans import check_room_name
from translation import (
    ENGLISH,
    N_,
    Choice,
    Language,
    _,
    choose,
    from_environment,
    language,
    ngettext,
    say,
    use,
)
from translation.negotiation import ENVIRONMENT

log = logging.getLogger(__name__)

NEEDS_TERMINAL = N_(
    "landlords needs a terminal: ssh -t -p {port} {host} [ROOM]; or, in lines for a screen reader: "
    "ssh -p {port} {host} plain"
)
PLAIN = "plain"
"""The command that asks for the line mode (`plain`, or `plain ROOM`): sentences instead of a screen, with or
without a terminal. The server remembers it for the key, until it asks for `SCREEN`."""
SCREEN = "screen"
"""The command that asks for the full screen again (`screen`, or `screen ROOM`)."""
LANG = "lang"
"""The command that chooses a language (`lang es`, before any other word): the server remembers it for the
key, ahead of the `LANG` the client sends."""
MINE = "mine"
"""The command that lists the rooms waiting on the person, one line each (`ssh host mine`), for scripts and
status bars; no session follows."""
LOST_LINE = N_("Sorry: something went wrong on the server. Your seat and your game are safe; connect again.")
IDLE_CHECK = 5.0  # seconds between looks for idle sessions
RESIZE_EVERY = 0.1  # seconds: a window's new sizes reach its app at most this often (the latest one)
IDLE_LINE = N_("Closed after {span} without a key. Your seat and your game are kept: connect again.")
AFTER_SESSION = 3.0  # seconds a connection may linger after its one session has ended


class Gate:
    """Connection counter, in total and per address."""

    def __init__(self) -> None:
        self.total = 0
        self.by_address: Counter[str] = Counter()
        self.open: set[Connection] = set()

    def admit(self, address: str, limit_total: int, limit_address: int) -> bool:
        if self.total >= limit_total or self.by_address[address] >= limit_address:
            return False
        self.total += 1
        self.by_address[address] += 1
        return True

    def release(self, address: str) -> None:
        self.total = max(0, self.total - 1)
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


class Connection(asyncssh.SSHServer):
    """One SSH connection: its authentication, and the one session it may open."""

    def __init__(
        self,
        front: Front,
        gate: Gate,
        allowed: set[str] | None,
        address: str | None = None,
        reached: tuple[str, int] | None = None,
    ) -> None:
        """`address` and `reached`: the player's address and the address and port they connected to, when a
        load balancer in front supplied them (`server.network.proxy`); else the connection's own."""
        self.front = front
        self.gate = gate
        self.allowed = allowed
        self.address = "?"
        self.reached = front.config.host  # the server's address as this client reached it
        self.reached_port = front.config.port  # and its port: a balancer's, in front of it, may differ
        self._told = (address, reached)
        self.admitted = False
        self.fingerprint: str | None = None
        self._offered: str | None = None
        self.sessions = 0
        self.started = time.monotonic()
        self.conn: asyncssh.SSHServerConnection | None = None
        self.session: GameSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        here = conn.get_extra_info("sockname") or (self.front.config.host, 0)
        address, reached = self._told
        self.address = address or str(peer[0])
        host, port = reached or (str(here[0]), int(here[1]))
        self.reached = reached_as(host)
        self.reached_port = port or self.front.config.port
        limits = self.front.limits
        self.admitted = self.gate.admit(self.address, limits.connections, limits.per_address)
        if not self.admitted:
            log.warning("connection from %s refused: too many connections", self.address)
            conn.close()
            return
        self.gate.open.add(self)
        log.info("connection from %s", self.address)
        loop = asyncio.get_running_loop()
        loop.call_later(self.front.limits.login_timeout, self._close_unless_playing)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.open.discard(self)
        if self.admitted:
            self.gate.release(self.address)
            self.admitted = False
        log.info(
            "connection from %s closed after %.0f s (key %s)",
            self.address,
            time.monotonic() - self.started,
            self.fingerprint or "none",
        )

    # --- who it is ----------------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Accept any key (or only the listed ones). The key of the request that succeeds is the last one
        validated: each new request replaces the one before it."""
        fingerprint = str(key.get_fingerprint("sha256"))
        if self.allowed is not None and fingerprint not in self.allowed:
            return False
        self._offered = fingerprint
        return True

    def auth_completed(self) -> None:
        self.fingerprint = self._offered
        log.info("%s authenticated with key %s", self.address, self.fingerprint)

    @property
    def playing(self) -> bool:
        """Whether its session has begun: a terminal, then a shell or a room to go to."""
        return self.session is not None and self.session.relay is not None

    def _close_unless_playing(self) -> None:
        """Close a connection that has not begun a session within the login timeout (no session opened, or
        one that never asked for a shell or a command) holds a place for nothing: the idle limit starts
        only once a session begins, so this is the limit until then."""
        if not self.playing and self.conn is not None and self in self.gate.open:
            log.info("%s began no session in %.0f s; closing", self.address, self.front.limits.login_timeout)
            self.close()

    def close(self) -> None:
        """End the connection, whatever the client does (its one session is over, or never began)."""
        if self.conn is not None and self in self.gate.open:
            self.conn.close()

    # --- what it may open ---------------------------------------------------------------------

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self.sessions >= 1 or self.fingerprint is None:
            log.warning("%s: a second session refused", self.address)
            return False
        self.sessions += 1
        self.session = GameSession(self)
        return self.session

    def connection_requested(self, *args: Any) -> bool:
        log.warning("%s: port forwarding refused", self.address)
        return False

    def server_requested(self, *args: Any) -> bool:
        log.warning("%s: remote port forwarding refused", self.address)
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession[bytes]):
    """An asyncssh session for a player's terminal, relayed to the worker running the player's app while the
    channel is open.

    The byte rate and the idle time are counted here, before anything reaches a worker."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.front = connection.front
        limits = self.front.limits
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.wanted: str | None = None
        self.plain = False  # the line mode (`server.session.line_player`), asked for with `plain`
        self.ui_mode: str | None = (
            None  # the interface mode asked for by command ("lines", "screen"), to store
        )
        self.asked_language: str | None = None  # the language asked for by command (`lang es`), to remember
        self.mine = False  # `mine`: the rooms waiting on the person, listed, and nothing more
        self.language: Language = ENGLISH  # the language the session speaks, chosen when it starts
        self.zone = ""  # the time zone its client named (`TZ`), for deadlines; "" for UTC
        self.relay: Relay | None = None
        self.task: asyncio.Task[None] | None = None
        self.started = time.monotonic()
        self.last_input = time.monotonic()
        self.bucket = Bucket(limits.input_bytes_per_second, limits.input_burst)
        self.dropped = 0  # input bytes dropped by the rate limit
        self._idle: asyncio.TimerHandle | None = None
        self._resize_due: asyncio.TimerHandle | None = None
        self._resized_at = 0.0

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = plain(term_type)[:40] or "xterm"
        self.size = clamp(term_size[0], term_size[1], self.front.limits)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """Handle an exec request: the command is the name of a room to go to (after `plain` for the line
        mode, `screen` for the full screen, `lang CODE` for a language, in any order); nothing is ever run."""
        while True:
            first, _space, rest = command.strip().partition(" ")
            word = first.casefold()
            if word in (PLAIN, SCREEN):
                self.ui_mode, command = ("lines" if word == PLAIN else "screen"), rest
            elif word == LANG and rest.strip():
                code, _space, command = rest.strip().partition(" ")
                self.asked_language = plain(code)[:20]
            elif word == MINE and not rest.strip():
                self.mine, command = True, ""
            else:
                break
        if not command.strip():
            return True
        try:
            self.wanted = check_room_name(command.strip())
        except TextError:
            log.warning("%s: command refused", self.connection.address)
            return False
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("%s: subsystem %r refused", self.connection.address, plain(subsystem)[:40])
        return False

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None
        players, key = self.front.players, self.connection.fingerprint or "?"
        if self.ui_mode is not None:
            players.choose_ui_mode(key, self.ui_mode)
        self.plain = (self.ui_mode or players.ui_mode_of(key)) == "lines"
        env = chan.get_environment()
        chosen = self._choose_language(key, env)
        self.language = chosen.language
        self.zone = zone_named(str(env.get("TZ", ""))[: ZONE_MOST + 1])
        players.heard_zone(key, self.zone)
        if self.mine:
            self._list_mine(chan, key)
            return
        if self.term is None and not self.plain:
            with use(self.language):
                line = _(NEEDS_TERMINAL, port=self.connection.reached_port, host=self.connection.reached)
            chan.write((line + "\r\n").encode())
            chan.exit(2)
            log.info("%s: a session without a terminal refused", self.connection.address)
            asyncio.get_running_loop().call_later(AFTER_SESSION, self.connection.close)
            return
        fingerprint = self.connection.fingerprint or "?"
        colorterm = plain(str(env.get("COLORTERM", "")))[:20]
        log.info(
            "session of %s from %s: terminal %s %dx%d",
            fingerprint,
            self.connection.address,
            self.term,
            *self.size,
        )
        start = {
            "key": fingerprint,
            "term": self.term,
            "colorterm": colorterm,
            "wanted": self.wanted,
            "host": self.connection.reached,
            "port": self.connection.reached_port,
            "plain": self.plain,
            "pty": self.term is not None,
            "lang": self.language.code,
            "zone": self.zone,
            "note": chosen.note,
            "heard": settings.words if (settings := players.settings_of(key)) is not None else "",
        }
        self.relay = Relay(self.front, self, start)
        self.task = asyncio.get_running_loop().create_task(self._run())
        self._watch_idle()

    def _list_mine(self, chan: asyncssh.SSHServerChannel[bytes], key: str) -> None:
        """Write one line for each room that waits on the person (its name, a tab, what is asked), then end:
        nothing at all when none does."""
        with use(self.language):
            waiting = self.front.waiting_on(key, self.zone)
        end = "\r\n" if self.term is not None else "\n"
        chan.write("".join(f"{plain(room)}\t{plain(asked)}{end}" for room, asked in waiting).encode())
        chan.exit(0)
        log.info("%s: the rooms waiting on key %s listed (%d)", self.connection.address, key, len(waiting))
        asyncio.get_running_loop().call_later(AFTER_SESSION, self.connection.close)

    def spoken(self) -> Language:
        """Return the person's current language: as the session began, or as they chose since (stored for the
        key)."""
        chosen = self.front.players.language_of(self.connection.fingerprint or "")
        return (language(chosen) if chosen else None) or self.language

    def _choose_language(self, key: str, env: Any) -> Choice:
        """Choose the person's language: the one requested now (`lang es`, stored for the key if the game has
        it), else the one stored for the key, else the one their client's environment names, else English."""
        players = self.front.players
        if self.asked_language:
            chosen = choose(self.asked_language, {})
            if not chosen.note:
                players.choose_language(key, chosen.language.code)
            return chosen
        kept = players.language_of(key)
        if kept and (found := language(kept)) is not None:
            return Choice(found)
        sent = {name: plain(str(env.get(name, "")))[:40] for name in ENVIRONMENT}
        return Choice(from_environment(sent))

    async def _run(self) -> None:
        relay = self.relay
        assert relay is not None
        line: str | Phrase | None = None
        status = 0
        try:
            line, status = await relay.run()
        except Exception:
            log.exception("the relay of %s failed", self.connection.fingerprint)
            line, status = LOST_LINE, 1
        finally:
            if self.front.stopping or relay.restore:  # its worker stopped with the server
                self._close(STOPPING, 0, restore=True)
            else:
                self._close(line, status, restore=line is not None)

    def stop(self) -> None:
        """End the session because the server is stopping: restore the person's terminal, explain why the
        session ends, and end its app (the seat is kept for them), as leaving from the lobby would."""
        self._end_app()
        self._close(STOPPING, 0, restore=True)

    def output(self, data: bytes) -> None:
        """Write the worker's output to the player."""
        chan = self.chan
        if chan is None:
            return
        try:
            chan.write(data)
        except Exception as exc:  # the channel is closing under us
            log.debug("write to a closing channel: %s", exc)

    def _close(self, line: str | Phrase | None, status: int = 0, restore: bool = False) -> None:
        """End the session: `restore` puts the terminal back as it was first (its screen was cut short,
        not ended by its app), then `line` explains why."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._resize_due is not None:
            self._resize_due.cancel()
            self._resize_due = None
        chan = self.chan
        if chan is None:
            return
        self.chan = None
        log.info(
            "session of %s from %s ended after %.0f s (terminal %s %dx%d)",
            self.connection.fingerprint,
            self.connection.address,
            time.monotonic() - self.started,
            self.term,
            *self.size,
        )
        try:
            if restore and self.relay is not None and not self.plain:  # nothing was drawn without a relay
                chan.write(RESTORE.encode())
            if line:
                with use(self.spoken()):
                    # the front's own lines, in the person's language (a worker's are already)
                    line = say(line) if isinstance(line, Phrase) else _(line)
                end = "\r\n" if self.term is not None else "\n"
                chan.write((end + line + end).encode())
            chan.exit(status)
        except Exception:
            pass
        asyncio.get_running_loop().call_later(AFTER_SESSION, self.connection.close)

    def _watch_idle(self) -> None:
        self._idle = asyncio.get_running_loop().call_later(IDLE_CHECK, self._check_idle)

    def _check_idle(self) -> None:
        self._idle = None
        if self.relay is None:
            return
        if time.monotonic() - self.last_input > self.front.limits.idle_timeout:
            log.info("session of %s idle; closing", self.connection.fingerprint)
            self._end_app()
            with use(self.spoken()):
                line = _(IDLE_LINE, span=_span(self.front.limits.idle_timeout))
            self._close(line, 0, restore=True)
            return
        self._watch_idle()

    def _end_app(self) -> None:
        if self.relay is not None:
            self.relay.close()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        allowed = self.bucket.take(len(data))
        if allowed < len(data):
            self.dropped += len(data) - allowed
            data = data[:allowed]
        if data and self.relay is not None:
            self.relay.typed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """Handle a new window size: pass it on at once, or, when one went less than `RESIZE_EVERY` ago, the
        latest size once that time is up. Every size costs its app a new layout, and a client may send
        thousands a second (which cost the other sessions of its worker their turn)."""
        self.size = clamp(width, height, self.front.limits)
        if self._resize_due is not None:
            return  # the size due then is the latest one
        loop = asyncio.get_running_loop()
        wait = self._resized_at + RESIZE_EVERY - loop.time()
        if wait > 0:
            self._resize_due = loop.call_later(wait, self._pass_size)
        else:
            self._pass_size()

    def _pass_size(self) -> None:
        self._resize_due = None
        self._resized_at = asyncio.get_running_loop().time()
        if self.relay is not None:
            self.relay.resized(*self.size)

    def pause_writing(self) -> None:
        if self.relay is not None:
            self.relay.pause(True)

    def resume_writing(self) -> None:
        if self.relay is not None:
            self.relay.pause(False)

    def break_received(self, msec: int) -> bool:
        return True

    def signal_received(self, signal: str) -> None:
        return None

    def eof_received(self) -> bool:
        self._end_app()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._end_app()


def reached_as(address: str) -> str:
    """Return the address a client reached the server at, as `ssh` takes it (an IPv4-mapped IPv6 address
    unwrapped)."""
    return address.removeprefix("::ffff:") if "." in address else address


def _span(seconds: float) -> str:
    """Format a time limit as text: "30 minutes", "45 seconds"."""
    if seconds >= 120:
        return ngettext("{n} minute", "{n} minutes", round(seconds / 60))
    return ngettext("{n} second", "{n} seconds", round(seconds))


KEY_TYPES = ("ssh-", "ecdsa-", "sk-")


def read_allowed(path: Any) -> set[str]:
    """Return the fingerprints of the keys in an authorized_keys file (options before a key are skipped;
    lines that hold no key are ignored)."""
    fingerprints: set[str] = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f.read(4 * 1024 * 1024).splitlines():
            words = line.split()
            for i, word in enumerate(words[:-1]):
                if word.startswith(KEY_TYPES):
                    try:
                        key = asyncssh.import_public_key(f"{word} {words[i + 1]}")
                    except (asyncssh.KeyImportError, ValueError):
                        continue
                    fingerprints.add(str(key.get_fingerprint("sha256")))
                    break
    return fingerprints
