"""Playing the server as people do: a real SSH client (asyncssh's) per person, with a terminal, whose
screen is kept by a terminal emulator (pyte) so that tests read what the person would see.

The server runs in the test's own process and event loop (`server.network.main.start`), on a free port of
127.0.0.1, with its folders in the test's temporary folder: its front and, by default, two workers (as
objects on the same loop, each with its own listener and its sessions' frames over real Unix sockets),
so that a test may look inside them (their tables and sessions) to choose the next key the way a person
reads the screen. `ServerProcess` runs `landlords serve` as people do, each worker a process of its own.
"""

from __future__ import annotations

import asyncio
import builtins
import socket
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from server.base.config import Limits, ServerConfig
from server.network.main import Running, start
from server.network.worker import WorkerSession
from server.session.app import ServerApp
from server.tables.plans import RoomRequest, SeatPlan
from server.tables.table import Table

KEYS = {
    "enter": b"\r",
    "escape": b"\x1b",
    "tab": b"\t",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "ctrl+r": b"\x12",
    "ctrl+s": b"\x13",
    "ctrl+u": b"\x15",
    "ctrl+q": b"\x11",
    "space": b" ",
    "slash": b"/",
}

FAST = Limits(idle_timeout=60.0)


def make_key(folder: Path, name: str) -> asyncssh.SSHKey:
    folder.mkdir(parents=True, exist_ok=True)
    return asyncssh.generate_private_key("ssh-ed25519", comment=name)


def fingerprint(key: asyncssh.SSHKey) -> str:
    return str(key.get_fingerprint("sha256"))


WORKERS = 2


async def start_server(tmp: Path, limits: Limits = FAST, workers: int = WORKERS, **config: Any) -> Running:
    settings = ServerConfig(
        host="127.0.0.1",
        port=0,
        saves_dir=tmp / "saves",
        data_dir=tmp / "server",
        limits=limits,
        save_delay=0.05,
        workers=workers,
    )
    return await start(replace(settings, **config), say=lambda line: None, in_process=True)


class Screen(asyncssh.SSHClientSession[bytes]):
    """What arrives on the channel, kept as a terminal would show it (and raw, for byte checks)."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self._read = 0
        self.closed = asyncio.Event()
        self.exit_status: int | None = None

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.raw.extend(data)

    def display(self) -> list[str]:
        """The screen now (the emulator reads what arrived only when someone looks)."""
        if self._read < len(self.raw):
            self.stream.feed(bytes(self.raw[self._read :]))
            self._read = len(self.raw)
        return list(self.screen.display)

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()


class Person:
    """One person at their own terminal, connected over SSH with their own key."""

    def __init__(self, running: Running | ServerProcess, key: asyncssh.SSHKey, name: str) -> None:
        self.running = running
        self.key = key
        self.name = name
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.view: Screen | None = None

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.key)

    async def connect(
        self,
        room: str | None = None,
        size: tuple[int, int] = (100, 30),
        term: str | None = "xterm-256color",
        header: bytes | None = None,
        typed_first: bytes = b"",
    ) -> Person:
        """`header`: bytes sent before SSH begins, as a balancer in front would (a PROXY header).
        `typed_first`: keys typed the moment the session opens, before its app can have started."""
        sock = None
        if header is not None:
            sock = socket.create_connection(("127.0.0.1", self.running.port))
            sock.sendall(header)
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            self.running.port,
            sock=sock,
            username=self.name.lower(),
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
            config=None,
        )
        width, height = size
        self.chan, session = await self.conn.create_session(
            lambda: Screen(width, height),
            room,
            term_type=term,
            term_size=(width, height) if term else None,
            encoding=None,
        )
        assert isinstance(session, Screen)
        self.view = session
        if typed_first:
            self.chan.write(typed_first)
        if term is not None and isinstance(self.running, Running):
            await self.wait_for(lambda: self.app_now() is not None)  # its app has started in a worker
        return self

    def text(self) -> str:
        assert self.view is not None
        return "\n".join(self.view.display())

    async def wait_for(self, what: str | Callable[[], bool], timeout: float = 15.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            if (what in self.text()) if isinstance(what, str) else what():
                return
            await asyncio.sleep(0.03)
        raise AssertionError(f"{self.name} never saw {what!r}; the screen:\n{self.text()}")

    async def wait_until(self, check: Callable[[Person], bool], timeout: float = 15.0) -> None:
        """`wait_for(check(this person))`, for checks written once for several people in a loop."""
        await self.wait_for(lambda: check(self), timeout)

    async def press(self, *keys: str) -> None:
        assert self.chan is not None
        for key in keys:
            self.chan.write(KEYS.get(key, key.encode()))
            await asyncio.sleep(0.05)

    async def type(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode())
        await asyncio.sleep(0.05)

    def app(self) -> ServerApp:
        """This person's session on the server (the test looks, as the person would at the screen)."""
        app = self.app_now()
        if app is None:
            raise AssertionError(f"{self.name} has no session")
        return app

    def showing(self, *kinds: builtins.type[object]) -> bool:
        """Whether this person's screen is one of `kinds` now: not while their session starts or moves
        to another worker (a check that waits for a screen waits through that)."""
        app = self.app_now()
        return app is not None and isinstance(app.screen, kinds)

    async def read_cards(
        self, timeout: float = 15.0, or_over: tuple[builtins.type[object], ...] = ()
    ) -> None:
        """Back at the board: each card shown read (OK) as a person would, for a test that walks the
        game's own dice and may have come by a card (a Chance or Chest dialog over the board). With
        `or_over`, one of those dialogs on top will do too: a decision the dice may have brought (jail)
        that the test leaves open."""
        from tui.dialogs.card import CardDialog

        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            app = self.app_now()
            if app is not None and (app.screen is app.game_screen or isinstance(app.screen, or_over)):
                return
            if app is not None and isinstance(card := app.screen, CardDialog):
                await self.press("enter")  # once for each card: wait for it to go before the next
                await self.wait_for(partial(self._gone, card))  # not what is on top once the key is sent
            await asyncio.sleep(0.03)
        raise AssertionError(f"{self.name} never came back to the board; the screen:\n{self.text()}")

    def _gone(self, screen: object) -> bool:
        app = self.app_now()
        return app is None or app.screen is not screen

    def app_now(self) -> ServerApp | None:
        """This person's app, or None while there is none (starting, or moving to another worker)."""
        assert isinstance(self.running, Running), "a server in another process is seen only on screen"
        for session in self.running.worker_sessions():
            app = session.app
            if session.fingerprint == self.fingerprint and app is not None and app.moving is None:
                return app
        return None

    def worker_session(self) -> WorkerSession:
        assert isinstance(self.running, Running)
        return next(s for s in self.running.worker_sessions() if s.fingerprint == self.fingerprint)

    async def drop(self) -> None:
        """The connection is cut (no goodbye)."""
        if self.conn is not None:
            self.conn.abort()
            self.conn = None

    async def leave(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
            self.conn = None


async def seated(
    running: Running,
    people: list[Person],
    room: str = "Table",
    bots: int = 2,
    level: str = "normal",
    **plan: Any,
) -> Table:
    """A table of these people (named on their first visit) and bots at `level`, its game started."""
    players = running.front.players
    for p in people:
        if players.name_of(p.fingerprint) is None:
            players.choose(p.fingerprint, p.name)
    seats = [SeatPlan("person") for _ in people] + [SeatPlan("bot", level) for _ in range(bots)]
    table_id, _worker = await running.front.create(
        RoomRequest(
            people[0].fingerprint,
            people[0].name,
            room,
            plan.pop("edition", "classic"),
            plan.pop("rules", {"short_game": True}),
            seats,
            plan.pop("turn_timer", 60),
            plan.pop("pace", "instant"),
            plan.pop("advisor", True),
            plan.pop("bank", 0),
            plan.pop("bank_added", 0),
        )
    )
    table = running.table(table_id)
    assert table is not None
    for p in people[1:]:
        table.take_seat(p.fingerprint, p.name)
    table.start()
    assert table.started
    return table


def short_banks(table: Table, bank: int, added: int) -> None:
    """Banks shorter than the form allows (it starts at 0:30), to keep the tests short: the clocks are
    made again from the plan at the table's next change."""
    table.plan.bank, table.plan.bank_added = bank, added
    table.clocks = None
    table.review()


def next_key(app: ServerApp) -> str | None:
    """The key a plain player presses now (as `playtable.play_until`): roll, end the turn, read
    the card, decline deeds, pass in auctions, turn offers and deals down, pay taxes flat, throw in jail,
    raise cash for a debt the first way offered, and go bankrupt when nothing is left."""
    from engine import DeclareBankruptcy
    from tui.dialogs.auction import AuctionDialog
    from tui.dialogs.bankruptcy import BankruptcyDialog
    from tui.dialogs.buy import BuyDialog
    from tui.dialogs.card import CardDialog
    from tui.dialogs.deal_answer import DealAnswerDialog
    from tui.dialogs.debt import DebtDialog
    from tui.dialogs.income_tax import IncomeTaxDialog
    from tui.dialogs.jail import JailDialog
    from tui.dialogs.trade import TradeScreen
    from tui.screens.game import GameScreen

    screen = app.screen
    game = app.game_screen
    if not isinstance(game, GameScreen):
        return None
    pending = game.client.view(None).pending
    mine = pending is not None and pending.player in game.client.local_seats
    if isinstance(screen, CardDialog):
        return "enter"
    if not mine:
        return None
    if isinstance(screen, BuyDialog):
        return "a"
    if isinstance(screen, AuctionDialog):
        return "p"
    if isinstance(screen, TradeScreen) and screen.mode == "received":
        return "ctrl+r"
    if isinstance(screen, DealAnswerDialog):  # turned down, no reason given
        return "enter" if screen.has_class("-asking") else "r"
    if isinstance(screen, IncomeTaxDialog):
        return "f"
    if isinstance(screen, JailDialog):
        return "r"
    if isinstance(screen, BankruptcyDialog):
        return "x"
    if isinstance(screen, DebtDialog):
        legal = screen.legal(screen.player)
        return "x" if any(isinstance(c, DeclareBankruptcy) for c in legal) else "enter"
    if isinstance(screen, GameScreen) and screen is game:
        me = game.acting()
        kinds = {c.kind for c in game.client.legal(me)} if me is not None else set()
        if "roll_dice" in kinds:
            return "r"
        if "end_turn" in kinds:
            return "e"
        return None
    return None


async def play_until(people: list[Person], done: Callable[[], bool], timeout: float = 60.0) -> None:
    """Each person plays the plain way (`next_key`) until `done()` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not done():
        if loop.time() > end:
            raise AssertionError(f"the table never got there: {where(people)}")
        moved = False
        for p in people:
            app = p.app_now()
            key = next_key(app) if app is not None else None
            if key is not None and not done():
                await p.press(key)
                moved = True
        await asyncio.sleep(0.02 if moved else 0.05)


def where(people: list[Person]) -> str:
    """What each person's screen shows and what their table waits on (for a test that stalls)."""
    told = []
    for p in people:
        app = p.app_now()
        if app is None:
            told.append(f"{p.name}: no session")
            continue
        from tui.screens.game import GameScreen

        game = app.game_screen
        waits = game.client.view(None).pending if isinstance(game, GameScreen) else None
        stack = [type(s).__name__ for s in app.screen_stack]
        told.append(f"{p.name}: screens {stack}, the game waits on {waits!r}")
    return "; ".join(told)


def ada_and_bob(running: Running, tmp: Path) -> tuple[Person, Person]:
    return Person(running, make_key(tmp, "a"), "Ada"), Person(running, make_key(tmp, "b"), "Bob")


class ServerProcess:
    """`landlords serve` in a process of its own (to be killed, restarted, or reached by OpenSSH)."""

    def __init__(
        self,
        tmp: Path,
        workers: int = WORKERS,
        extra: tuple[str, ...] = (),
        folders: tuple[str, str] | None = None,
    ) -> None:
        self.tmp = tmp
        self.workers = workers
        self.extra = extra  # more of `landlords serve`'s options
        self.folders = folders
        """The data and saves folders as typed, relative to `tmp`, where the server is then started (else
        `tmp`'s server and saves folders, whole, started from the checkout)."""
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0

    async def start(self) -> ServerProcess:
        import os
        import sys

        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "cli.main",
            "serve",
            "--port",
            "0",
            "--data-dir",
            self.folders[0] if self.folders else str(self.tmp / "server"),
            "--saves-dir",
            self.folders[1] if self.folders else str(self.tmp / "saves"),
            "--workers",
            str(self.workers),
            *self.extra,
            stdout=asyncio.subprocess.PIPE,
            stderr=open(self.tmp / "server.log", "ab"),  # noqa: SIM115 - the process keeps it
            cwd=self.tmp if self.folders else Path(__file__).resolve().parents[2],
            env={
                **os.environ,
                "LANGUAGE": "",
                "LC_ALL": "",
                "LC_MESSAGES": "",
                "LANG": "C.UTF-8",
            },  # its port is read in English
        )
        assert self.proc.stdout is not None
        said: list[str] = []
        while True:
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
            assert line, f"the server stopped before it listened, saying: {''.join(said)!r}"
            said.append(line)
            if " port " in line:
                self.port = int(line.split(" port ")[1].split(":")[0])
                return self

    def kill(self) -> None:
        import signal

        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)

    def worker_pids(self) -> list[int]:
        """The process ids of the server's workers (the front's children)."""
        assert self.proc is not None
        pid = self.proc.pid
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]

    def crash(self) -> None:
        """SIGKILL the front and its workers at once, as when the machine loses its power: nothing is
        written on the way out (`kill`, the front alone, lets the workers save every room as it goes)."""
        import os
        import signal

        assert self.proc is not None
        for worker in self.worker_pids():
            os.kill(worker, signal.SIGKILL)
        os.kill(self.proc.pid, signal.SIGKILL)

    async def stop(self) -> int:
        import signal

        if self.proc is None:
            return 0
        if self.proc.returncode is not None:
            return self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.proc.wait(), 20)
