"""The game server under load: many people playing at once, each over their own SSH connection.

    python bench/serve.py [--sessions 50] [--seconds 60] [--workers N] [--chances T] [--bots LEVEL]
                          [--log FILE] [--screens DIR] [--clock] [--hosts N [--kill-host]]

It starts `landlords serve` in a process of its own on a free port of 127.0.0.1, with tables of two
people and two bots already made (as if the people had met in the lobby), and connects every person
with a terminal (asyncssh's client, in this process), five a second. Once all are at their tables,
each presses keys through their game, one every two seconds on average (roll, end the turn, read the
card, decline and pass, pay flat, raise cash, go bankrupt when nothing is left), the first at a moment
of their own in the first two seconds (people do not press their first key at the same instant; all
fifty at once measured a stampede that play never makes, not the server's pace), and every six seconds
or so opens the chat line: the time from that key leaving the client to the chat line's prompt arriving
on the client's screen is the key-to-screen time. It then closes the chat line with Escape, twice: a
decision put to the person while the line is open (an auction, say) opens over it, and the first Escape
closes that instead; with the line left open, the next keys would be typed into it. Everything is
bounded: the number of sessions, the time, and loopback only.

With `--chances T`, the people at the first T tables open the chances panel (`s`) once at their table,
before anyone presses a key, and keep it open: each of those tables then has its chances worked out again
after every move, on the workers' own pools, while everyone plays. The key-to-screen times are printed
for everyone and for the people at those tables apart.

With `--bots expert`, every table's two bots are `expert`s, who look ahead on the workers' pools before
the decisions that matter: what they cost the screens of the other tables shows in the key-to-screen times
(`--bots` names any level; `normal` by default).

With `--clock`, every table is made with a time bank of 3:00 +15s for each person: each table's clock
ticks once a second on every screen at it while it waits on a person.

With `--hosts N`, the server is N hosts of one service (`docs/operating.md`) on this machine: a PostgreSQL
cluster of its own is started in a temporary folder (as the test suite starts one, from the system's
`postgresql` binaries), each host is a `landlords serve` with `--store`, `--relay` and one host key for
all, one worker each unless `--workers` says otherwise, and the tables are shared out among the hosts,
each person connecting to the host of their table. The figures sum every host's processes; PostgreSQL's
CPU is told apart. With `--kill-host` as well, once the play is over the first host and its workers are
killed outright (SIGKILL) and a person of one of its tables connects to the second host: the time until
they are at their table again (the room taken up by the second host from the database) is printed.

With `--screens`, each person's screen is also kept by a terminal emulator (pyte, from the test
extras), and what it showed when a probe went unanswered is written to a file in DIR.

It prints the sessions held, the server's CPU time spent on the arrivals, its memory (resident set,
before and with every session, and per session), its CPU time while everyone plays (share of one core
and of all the cores, and per key pressed), the key-to-screen times (median, 99th percentile; and
apart, those of the first ten seconds of play, when every session opens its first dialogs, and those
after them), the collector's passes of a tenth of a second or more, of each kind (young, middle, full
and complete: `room.heap`), while people arrive and while everyone plays, and the bots'
moves that held a worker's event loop for 50 ms of CPU or more. The server is its front process and
every worker process it started: their CPU and memory are summed.
`--workers N` is passed to `landlords serve` (left out, the server's own default: one per core).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
PROMPT = b"Say to the table"
TABLE = b"Short Game"
CHANCES = (b"working it out", b"playouts")  # in the chances panel: before its first figure, and with it
PLAY_KEYS = tuple(k.encode() for k in os.environ.get("BENCH_KEYS", "r,e,a,p,\r,f,x,r,e").split(","))
PROBE_EVERY = float(os.environ.get("BENCH_PROBE_EVERY", "6.0"))  # seconds between two probes of one person
SCREENS: Path | None = None  # where a screen that answered no probe is written (--screens)
CLOCK: dict[str, int] = {}  # the time bank of every table (--clock)
KEY_EVERY = float(os.environ.get("BENCH_KEY_EVERY", "2.0"))  # seconds between a person's keys, on average
OPENING = 10.0
"""The first seconds of play, whose probes are also told apart: every session opens its first dialogs
then (its first chat line, its first deed to buy, its first auction), each dearer than the next of its
kind, all in the same few seconds."""


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """The process and all its descendants (the server's front and its workers)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        one = todo.pop()
        found.append(one)
        todo.extend(children.get(one, []))
    return found


def each(pid: int, read: Callable[[int], float]) -> dict[int, float]:
    """`read` of the server's front and of each of its workers (a process gone meanwhile is left out)."""
    found: dict[int, float] = {}
    for one in family(pid):
        try:
            found[one] = read(one)
        except (OSError, IndexError, ValueError):
            continue
    return found


def each_of(fronts: list[int], read: Callable[[int], float]) -> dict[int, float]:
    """`read` of each host's front and of each of its workers."""
    return {one: value for pid in fronts for one, value in each(pid, read).items()}


def server_rss_mb(fronts: list[int]) -> float:
    return sum(each_of(fronts, rss_mb).values())


def server_cpu_seconds(fronts: list[int]) -> float:
    return sum(each_of(fronts, cpu_seconds).values())


def each_cpu(fronts: list[int]) -> dict[int, float]:
    """CPU seconds of each host's front and of each of its workers."""
    return each_of(fronts, cpu_seconds)


@dataclass
class Shared:
    """Several hosts of one server (`--hosts`): the PostgreSQL they share, the relay's secret, and whether
    the first host is killed at the end to time its rooms taken up by another (`--kill-host`)."""

    hosts: int
    url: str
    secret: Path
    kill: bool
    database_pid: int = 0  # PostgreSQL's first process, whose family's CPU is told apart

    def options(self, folder: Path, index: int) -> list[str]:
        """What `landlords serve` is told on host `index`: the store, the relay, one host key for all."""
        return [
            *("--store", self.url, "--relay", "127.0.0.1:0", "--relay-secret", str(self.secret)),
            *("--host-name", f"h{index}", "--host-key", str(folder / "host_key")),
        ]


async def take_up(hosts: list[Host], people: list[tuple[asyncssh.SSHKey, str, str, int]]) -> float | None:
    """The first host killed outright (SIGKILL, its workers too): the seconds until a person of one of its
    tables, connecting to the second host, is at that table again; None if not within 90 s."""
    dead = hosts[0]
    for pid in reversed(family(dead.proc.pid)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    await dead.proc.wait()
    killed = time.monotonic()
    key, _, room, _ = next(p for p in people if p[3] == 0)
    while time.monotonic() - killed < 90:
        try:
            conn = await connect(hosts[1].port, key)
        except (OSError, asyncssh.Error):
            await asyncio.sleep(0.5)
            continue
        try:
            _, screen = await open_screen(conn, room)
            while not screen.seen_table and not screen.closed and time.monotonic() - killed < 90:
                await asyncio.sleep(0.1)
            if screen.seen_table:
                return time.monotonic() - killed
        finally:
            conn.close()
        await asyncio.sleep(0.5)
    return None


def prepare(
    folder: Path, sessions: int, level: str = "normal", hosts: int = 1
) -> list[tuple[asyncssh.SSHKey, str, str, int]]:
    """Keys, names and tables of two people and two bots at `level`, written where the server reads them
    (with several hosts, table t in the folder of host t % hosts); and the host each person's table is on."""
    people: list[tuple[asyncssh.SSHKey, str, str, int]] = []
    names: list[dict[str, str]] = [{} for _ in range(hosts)]
    for host in range(hosts):
        (host_folder(folder, host, hosts) / "rooms").mkdir(parents=True)
    for t in range((sessions + 1) // 2):
        room, host = f"T{t:03d}", t % hosts
        seats = []
        for _ in range(2):
            if len(people) == sessions:
                break
            key = asyncssh.generate_private_key("ssh-ed25519")
            fingerprint = str(key.get_fingerprint("sha256"))
            name = f"P{len(people):03d}"
            names[host][fingerprint] = name
            people.append((key, name, room, host))
            seats.append({"kind": "person", "name": name, "owner": fingerprint})
        if len(seats) < 2:  # an odd person out gets a bot beside them
            seats.append({"kind": "bot", "level": level})
        seats += [{"kind": "bot", "level": level}, {"kind": "bot", "level": level}]
        plan = {"id": f"bench{t:03d}", "name": room, "edition": "classic", "rules": {"short_game": True}}
        plan |= {"seats": seats, "turn_timer": 60, "pace": "normal", "creator": seats[0].get("owner", "")}
        plan |= CLOCK
        (host_folder(folder, host, hosts) / "rooms" / f"bench{t:03d}.json").write_text(json.dumps(plan))
    for host in range(hosts):
        (host_folder(folder, host, hosts) / "players.json").write_text(json.dumps(names[host]))
    return people


def host_folder(folder: Path, host: int, hosts: int) -> Path:
    """The data folder of one host (`server` when there is one)."""
    return folder / ("server" if hosts == 1 else f"server{host}")


class Screen(asyncssh.SSHClientSession[bytes]):
    """A person's screen, kept cheaply: only what a marker being looked for needs (the client's own
    work must not crowd out the server it measures)."""

    def __init__(self) -> None:
        self.tail = b""
        self.seen_table = False
        self.seen_chances = False
        self.waiter: asyncio.Future[None] | None = None
        self.closed = False
        self.received = 0
        self.emulator: Any = None
        if SCREENS is not None:
            import pyte

            self.emulator = pyte.Screen(100, 30)
            self.stream = pyte.ByteStream(self.emulator)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.received += len(data)
        if self.emulator is not None:
            self.stream.feed(data)
        window = self.tail + data
        if not self.seen_table and TABLE in window:
            self.seen_table = True
        if not self.seen_chances and any(marker in window for marker in CHANCES):
            self.seen_chances = True
        if self.waiter is not None and not self.waiter.done() and PROMPT in window:
            self.waiter.set_result(None)
        self.tail = window[-64:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True


class Clock:
    """When everyone starts and stops pressing keys (set once all are at their tables)."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.until = 0.0
        self.keys = 0
        self.probe_keys = 0
        """Of `keys`, those that open and close the chat line to time the screen: cheaper than a key of
        play, so the two are told apart."""
        self.seated = 0
        self.started = 0.0  # the event loop's time when everyone may start pressing keys


async def connect(port: int, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    """A person's SSH connection to the server on `port` of 127.0.0.1."""
    return await asyncssh.connect(
        "127.0.0.1", port, username="p", client_keys=[key], known_hosts=None, agent_path=None, config=None
    )


async def open_screen(conn: asyncssh.SSHClientConnection, room: str) -> tuple[Any, Screen]:
    """The person's terminal on `conn`, asking for `room`: its channel and what it shows."""
    chan, screen = await conn.create_session(
        Screen, room, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    assert isinstance(screen, Screen)
    return chan, screen


async def person(
    port: int,
    key: asyncssh.SSHKey,
    room: str,
    clock: Clock,
    latencies: list[tuple[float, float]],
    chances: bool = False,
) -> str:
    """One person: connects, waits at the table for everyone (with `chances`, opens the chances panel
    first), plays until the clock stops, probing the key-to-screen time now and then. What became of
    them."""
    conn = await connect(port, key)
    try:
        chan, screen = await open_screen(conn, room)
        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        while not screen.seen_table and loop.time() < end:  # the table on screen (at most two minutes)
            await asyncio.sleep(0.1)
        if not screen.seen_table:
            return "no table on screen within two minutes"
        for _ in range(5 if chances else 0):  # `s` opens the panel (pressed again if a dialog took it)
            chan.write(b"s")
            for _ in range(40):
                if screen.seen_chances:
                    break
                await asyncio.sleep(0.1)
            if screen.seen_chances:
                break
            chan.write(b"\x1b")  # close whatever took the key
            await asyncio.sleep(0.3)
        if chances and not screen.seen_chances:
            return "no chances panel on screen"
        clock.seated += 1
        await clock.go.wait()
        rng = random.Random(room + str(key.get_fingerprint()))
        await asyncio.sleep(rng.uniform(0, KEY_EVERY))  # each person's first key at a moment of their own
        next_probe = loop.time() + rng.uniform(0, PROBE_EVERY)
        step = 0
        while loop.time() < clock.until and not screen.closed:
            if loop.time() >= next_probe:
                screen.tail = b""
                screen.waiter = loop.create_future()
                sent = loop.time()
                chan.write(b"/")
                clock.keys += 1
                clock.probe_keys += 1
                try:
                    await asyncio.wait_for(screen.waiter, 5.0)
                    latencies.append((sent - clock.started, loop.time() - sent))
                except TimeoutError:
                    latencies.append((sent - clock.started, float("inf")))  # no screen in 5 s: the worst
                    if screen.emulator is not None and SCREENS is not None:
                        dump = SCREENS / f"{room}-{id(screen)}-{time.time():.1f}.txt"
                        dump.write_text("\n".join(screen.emulator.display))
                screen.waiter = None
                for _ in range(2):  # the chat line, and a dialog that may have opened over it
                    await asyncio.sleep(0.3)
                    chan.write(b"\x1b")
                    clock.keys += 1
                    clock.probe_keys += 1
                next_probe = loop.time() + PROBE_EVERY
                await asyncio.sleep(0.3)
                continue
            chan.write(PLAY_KEYS[step % len(PLAY_KEYS)])
            clock.keys += 1
            step += 1
            await asyncio.sleep(min(rng.uniform(0.5, 1.5) * KEY_EVERY, max(0.0, clock.until - loop.time())))
        return "closed by the server" if screen.closed else "held"
    finally:
        conn.close()


@dataclass
class Host:
    """One `landlords serve` started for the bench: its front process, its log and its port."""

    proc: asyncio.subprocess.Process
    log: Path
    port: int


async def start_host(folder: Path, index: int, hosts: int, log: Path, sessions: int, more: list[str]) -> Host:
    """`landlords serve` on a free port of 127.0.0.1 with the host's folder; once it listens."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cli.main",
        "serve",
        "--port",
        "0",
        "--data-dir",
        str(host_folder(folder, index, hosts)),
        "--saves-dir",
        str(folder / ("saves" if hosts == 1 else f"saves{index}")),
        "--per-address",
        str(sessions + 10),
        "--connections",
        str(sessions + 10),
        *more,
        stdout=asyncio.subprocess.PIPE,
        stderr=open(log, "wb"),  # noqa: SIM115
        cwd=ROOT,
    )
    assert proc.stdout is not None
    port = 0
    while not port:
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        if not line:
            raise SystemExit(f"the server did not start; see {log}")
        if " port " in line:
            port = int(line.split(" port ")[1].split(":")[0])
    return Host(proc, log, port)


async def run(
    sessions: int,
    seconds: float,
    folder: Path,
    log: Path | None,
    workers: int | None,
    chances: int = 0,
    level: str = "normal",
    shared: Shared | None = None,
) -> None:
    count = shared.hosts if shared is not None else 1
    people = prepare(folder, sessions, level, count)
    load_before = os.getloadavg()[0]
    if workers is None and count > 1:
        workers = 1  # a worker a host: the hosts share this machine's cores
    more = ["--workers", str(workers)] if workers is not None else []
    hosts: list[Host] = []
    for index in range(count):  # one after the other: the first writes the host key the others read
        extra = shared.options(folder, index) if shared is not None else []
        host_log = (log or folder / "server.log") if index == 0 else folder / f"server{index}.log"
        hosts.append(await start_host(folder, index, count, host_log, sessions, more + extra))
    await asyncio.sleep(1.0)
    fronts = [h.proc.pid for h in hosts]
    processes = sum(len(family(pid)) for pid in fronts)
    base_rss, base_cpu = server_rss_mb(fronts), server_cpu_seconds(fronts)
    latencies: list[tuple[float, float]] = []  # (when sent, after the keys began; key to screen)
    at_chances: list[tuple[float, float]] = []  # the probes of the people at the tables with the panel open
    chance_rooms = {f"T{t:03d}" for t in range(chances)}
    clock = Clock()
    loop = asyncio.get_running_loop()
    arrive = time.monotonic()
    arrival_marks = [h.log.stat().st_size for h in hosts]
    tasks = []
    for _key, _name, _room, _host in people:  # five people arrive a second
        watching = _room in chance_rooms
        probes = at_chances if watching else latencies
        tasks.append(asyncio.create_task(person(hosts[_host].port, _key, _room, clock, probes, watching)))
        await asyncio.sleep(0.2)
    while any(not t.done() for t in tasks) and not all_seated(tasks, clock):
        await asyncio.sleep(0.5)
        if time.monotonic() - arrive > 300:
            break
    seated_after = time.monotonic() - arrive
    arrival_cpu = server_cpu_seconds(fronts) - base_cpu
    seated_rss = server_rss_mb(fronts)

    clock.until = loop.time() + seconds
    database = [shared.database_pid] if shared is not None and shared.database_pid else []
    cpu0, wall0, own0 = server_cpu_seconds(fronts), time.monotonic(), time.process_time()
    database0 = server_cpu_seconds(database)
    each0 = each_cpu(fronts)
    log_marks = [h.log.stat().st_size for h in hosts]
    arrival_pauses = [
        p
        for h, a, b in zip(hosts, arrival_marks, log_marks, strict=True)
        for p in collector_pauses(h.log, a, b)
    ]
    clock.started = loop.time()
    clock.go.set()
    peak = seated_rss
    while loop.time() < clock.until:
        peak = max(peak, server_rss_mb(fronts))
        await asyncio.sleep(1.0)
    cpu1, wall1, own1 = server_cpu_seconds(fronts), time.monotonic(), time.process_time()
    database1 = server_cpu_seconds(database)
    each1 = each_cpu(fronts)
    pauses = [p for h, mark in zip(hosts, log_marks, strict=True) for p in collector_pauses(h.log, mark)]
    slow_moves = [m for h, mark in zip(hosts, log_marks, strict=True) for m in bot_moves_logged(h.log, mark)]
    keys, probe_keys = clock.keys, clock.probe_keys
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    taken_up = await take_up(hosts, people) if shared is not None and shared.kill else None
    for host in hosts:
        if host.proc.returncode is None:
            host.proc.terminate()
            await host.proc.wait()

    held = sum(1 for o in outcomes if o == "held")
    failed = [str(o) for o in outcomes if o != "held"]
    others = sorted(t * 1000 for _, t in latencies)
    looking = sorted(t * 1000 for _, t in at_chances)
    opening = sorted(t * 1000 for when, t in latencies + at_chances if when < OPENING)
    later = sorted(t * 1000 for when, t in latencies + at_chances if when >= OPENING)
    ms = sorted(others + looking)
    late = sum(1 for t in ms if t == float("inf"))
    window = wall1 - wall0
    busy = cpu1 - cpu0
    on = f" on {count} hosts sharing one PostgreSQL" if count > 1 else ""
    print(f"server           {processes} processes (the front and its workers{on}), summed below")
    print(f"sessions held    {held} of {sessions}" + (f"   (others: {failed[:3]})" if failed else ""))
    print(
        f"arrivals         all at their tables after {seated_after:.0f} s; the server spent "
        f"{arrival_cpu:.1f} s of CPU on them\n"
        f"                 ({1000 * arrival_cpu / sessions:.0f} ms a session: SSH, a new app)"
    )
    print(
        f"server memory    {base_rss:.0f} MB before, {peak:.0f} MB at most with every session: "
        f"{(peak - base_rss) / sessions:.1f} MB per session ({peak / sessions:.1f} MB counting the server's "
        "own share)   (target < 60 MB)"
    )
    print(
        f"server CPU       {busy:.1f} s over {window:.0f} s: {100 * busy / window:.0f} % of one core, "
        f"{100 * busy / window / (os.cpu_count() or 1):.0f} % of all {os.cpu_count()}; "
        f"{keys} keys pressed, {1000 * busy / max(keys, 1):.0f} ms of CPU a key (drawing every table's moves "
        f"on every screen included)\n                 of the keys, {keys - probe_keys} of play and "
        f"{probe_keys} opening and closing the chat line to time the screen"
    )
    if len(each1) > 1:
        shares = ", ".join(
            f"{'front' if pid in fronts else f'worker {pid}'} "
            f"{100 * (cpu - each0.get(pid, 0.0)) / window:.0f} %"
            for pid, cpu in each1.items()
        )
        print(f"                 by process: {shares} of one core")
    if database:
        print(f"PostgreSQL       {database1 - database0:.1f} s of CPU meanwhile (not in the figures above)")
    print(f"clients' CPU     {100 * (own1 - own0) / window:.0f} % of one core (this process)")
    if ms:
        print(
            f"key to screen    {quantiles(ms)} ({late} with no screen within 5 s)\n"
            "                 (target < 150 ms at the 99th percentile)"
        )
    else:
        print("key to screen    no key probed in so short a time (give it more --seconds)")
    print(
        "                 "
        + "; ".join(
            f"{label} {quantiles(part)}"
            for label, part in ((f"in the first {OPENING:.0f} s of play", opening), ("after", later))
        )
    )
    if chances:  # told even with no key probed: a loaded machine may leave too little time for one
        for label, part in (("chances open", looking), ("the others", others)):
            print(f"  {label:<14} {quantiles(part)}")
        print(f"                 (the chances panel open at {chances} tables of {(sessions + 1) // 2})")
    print(
        f"collector        {len(pauses)} passes of 0.1 s or more while everyone played{kinds(pauses)}; "
        f"the longest {max((s for s, _ in pauses), default=0):.2f} s (every session of that worker waits)"
    )
    print(
        f"                 {len(arrival_pauses)} while people arrived{kinds(arrival_pauses)}; "
        f"the longest {max((s for s, _ in arrival_pauses), default=0):.2f} s"
    )
    print(
        f"bots' moves      {len(slow_moves)} took 50 ms of CPU or more on a worker's event loop; the longest "
        f"{max(slow_moves, default=0):.0f} ms (every session of that worker waits)"
    )
    print(
        f"load average     {load_before:.1f} before, {os.getloadavg()[0]:.1f} after "
        f"(this machine: {os.cpu_count()} cores, shared)"
    )
    if shared is not None and shared.kill:
        print(
            "host killed      "
            + (
                f"a person of the first host's tables at their table on the second {taken_up:.1f} s after "
                "the first host and its workers were killed (SIGKILL)"
                if taken_up is not None
                else "no person of the first host's tables back at their table within 90 s"
            )
        )


def quantiles(ms: list[float]) -> str:
    """Median and 99th percentile of sorted key-to-screen times, in words."""
    if not ms:
        return "no key probed"
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"median {statistics.median(ms):.0f} ms, 99th percentile {p99:.0f} ms over {len(ms)} keys"


def kinds(pauses: list[tuple[float, str]]) -> str:
    """How many passes of each kind (young, middle, full, complete), in words: none if there are none."""
    counts = Counter(kind for _, kind in pauses)
    return f" ({', '.join(f'{n} {kind}' for kind, n in sorted(counts.items()))})" if counts else ""


def collector_pauses(server_log: Path, start: int, end: int | None = None) -> list[tuple[float, str]]:
    """The workers' long collector passes logged after `start` (and before `end`, byte offsets): CPU
    seconds, and the kind of pass (`room.heap.KINDS`)."""
    with open(server_log, "rb") as f:
        f.seek(start)
        text = f.read(-1 if end is None else end - start).decode(errors="replace")
    return [
        (float(m.group(2)), m.group(1))
        for m in re.finditer(r"collector: a (young|middle|full|complete) pass took ([0-9.]+) s", text)
    ]


def bot_moves_logged(server_log: Path, start: int) -> list[float]:
    """The bots' moves the workers logged as slow after `start` (a byte offset): CPU milliseconds each."""
    with open(server_log, "rb") as f:
        f.seek(start)
        text = f.read().decode(errors="replace")
    return [float(m.group(1)) for m in re.finditer(r"a bot's move took ([0-9.]+) ms of CPU", text)]


def all_seated(tasks: list[asyncio.Task[str]], clock: Clock) -> bool:
    """Every person still connected is at their table (the ones who failed are counted later)."""
    return clock.seated + sum(1 for t in tasks if t.done()) >= len(tasks)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=None, help="passed to landlords serve")
    parser.add_argument("--log", type=Path, default=None, help="keep the server's log in this file")
    parser.add_argument(
        "--chances", type=int, default=0, metavar="T", help="the chances panel open at the first T tables"
    )
    parser.add_argument(
        "--bots", default="normal", metavar="LEVEL", help="the level of every table's bots (default normal)"
    )
    parser.add_argument(
        "--screens", type=Path, default=None, help="write here the screens that answered no probe"
    )
    parser.add_argument("--clock", action="store_true", help="a time bank of 3:00 +15s at every table")
    parser.add_argument(
        "--hosts", type=int, default=1, help="hosts of one server on one PostgreSQL, the tables shared out"
    )
    parser.add_argument(
        "--kill-host",
        action="store_true",
        help="with --hosts: at the end, kill the first host and time its tables taken up by the second",
    )
    args = parser.parse_args()
    if args.kill_host and args.hosts < 2:
        parser.error("--kill-host needs --hosts 2 or more: a host to kill and one to take its tables up")
    global SCREENS
    SCREENS = args.screens
    if args.clock:
        CLOCK.update(bank=180, bank_added=15)
    sessions = max(1, min(args.sessions, 200))
    seconds = max(5.0, min(args.seconds, 600.0))
    with tempfile.TemporaryDirectory(prefix="landlords-serve-") as tmp:
        folder = Path(tmp)
        postgres = None
        shared = None
        if args.hosts > 1:
            postgres, shared = start_shared(folder, args.hosts, args.kill_host)
        try:
            asyncio.run(
                run(
                    sessions,
                    seconds,
                    folder,
                    args.log,
                    args.workers,
                    max(0, args.chances),
                    args.bots,
                    shared,
                )
            )
        finally:
            if postgres is not None:
                postgres.stop()


def start_shared(folder: Path, hosts: int, kill: bool) -> tuple[Any, Shared]:
    """A PostgreSQL cluster of its own in a temporary folder (as the test suite starts one), a database
    with the server's schema, and the relay's secret: what `hosts` hosts share."""
    here = Path(__file__).resolve().parent  # its engine.py would stand for the engine package
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    sys.path += [str(ROOT), str(ROOT / "tests" / "helpers")]
    from server.people.postgres_store import PostgresStore

    from pgserver import start_postgres

    postgres = start_postgres()
    if postgres is None:
        raise SystemExit("--hosts needs PostgreSQL's initdb, pg_ctl and postgres (Debian: postgresql)")
    url = postgres.database()
    PostgresStore(url).close()  # the schema, with its rooms and hosts tables
    secret = folder / "relay-secret"
    secret.write_text(os.urandom(16).hex())
    first = (postgres.data / "postmaster.pid").read_text().split()[0]
    return postgres, Shared(min(hosts, 8), url, secret, kill, int(first))


if __name__ == "__main__":
    main()
