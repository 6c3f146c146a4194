"""What turn-based rooms that only wait cost the server: memory, CPU, entering one, starting, deadlines.

    python bench/turn_rooms.py [--rooms 10000] [--seconds 60] [--fired 20] [--workers N] [--log FILE]

It starts `landlords serve` in a process of its own on a free port of 127.0.0.1 with an empty data folder,
and measures its memory (resident set) and CPU over `--seconds` of idleness, every process summed (the
front and its workers); then makes `--rooms` turn-based rooms of two people and a bot (24 hours a move),
each waiting on its first person's roll, and measures the same server with them, in the same sitting.

The rooms are made by the server's own functions, as a worker makes them: each its plan in `rooms/`, its
game started and saved in the saves folder, let go (`Table.unload`) so that its deadline is written in
`room-state/` as the server writes it. They are made in several processes at once, each in a saves folder
of its own (making a game lists the saves folder it is made in), their saves moved into the server's
saves folder afterwards; and while they are made, files are not synced to the disk (`os.fsync` does
nothing in those processes alone: the server itself syncs as it always does). Their people are 500 keys,
each at 20 rooms (the most turn-based rooms a person may have), and the first of them has a key the
bench connects with.

With the rooms it measures: the server's start-up (from starting the process to its listening), its
memory and CPU while idle, and the time to enter one room over a real SSH connection (asyncssh's client)
in the line mode (`plain NAME`): from connecting to the line that asks for the person's decision, the
first time (the room loaded from its save) and again. Then it stops the server, moves the deadlines of
`--fired` rooms in their kept state: half into the past (they fell due while the server was down), half a
few seconds after the start, starts it again, and reads in each room's kept state when its deadline fired
(the line "time for this move ran out", with the time it was said): how late, after its deadline, or
after the start for those that fell due while the server was down.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
from serve import each, family, rss_mb, server_cpu_seconds

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ROOMS_A_GAME = 20  # the most turn-based rooms a person may make: each game's two people have this many
HOURS = 24
CHUNK = 100  # rooms made in one saves folder of their own
RAN_OUT = "time for this move ran out"


def fingerprint(n: int) -> str:
    """A person's key fingerprint (the bench's own person's is the real one of its key)."""
    return f"SHA256:bench-person-{n:04d}"


def make_rooms(folder: Path, first: int, count: int, owner0: str) -> int:
    """Make the rooms of games `first` to `first + count - 1` in `folder`; how many rooms."""
    os.fsync = lambda fd: None  # this process only: the files are the server's own, not synced meanwhile

    from room import Persistence
    from server.base.clock import LoopClock
    from server.base.state import read_json, write_json
    from server.tables.keeping import Keeper
    from server.tables.plans import Plan, SeatPlan
    from server.tables.table import Table

    server, saves = folder / "server", folder / "saves"

    async def make() -> int:
        loop = asyncio.get_running_loop()
        clock, keeper = LoopClock(loop), Keeper(server, loop)
        made: list[Plan] = []
        for chunk in range(first, first + count, CHUNK):
            making = folder / f"making-{chunk}"
            persistence = Persistence(making)
            for game in range(chunk, min(chunk + CHUNK, first + count)):
                one, two = 2 * game, 2 * game + 1
                seats = [
                    SeatPlan("person", name=f"P{one:04d}", owner=owner0 if one == 0 else fingerprint(one)),
                    SeatPlan("person", name=f"P{two:04d}", owner=fingerprint(two)),
                    SeatPlan("bot", "easy"),
                ]
                n = game * ROOMS_A_GAME
                plan = Plan(
                    f"w{n:05d}", f"Wait{n:05d}", "classic", {"short_game": True}, seats, move_hours=HOURS
                )
                plan.creator = seats[0].owner or ""
                table = Table(plan, persistence, clock, lambda: None, keeper=keeper)
                table.start()
                if not table.unload():
                    raise SystemExit(f"room {plan.name} does not wait on a person")
                made.append(plan)
            while keeper._writing:
                await asyncio.sleep(0.01)
            for path in making.glob("*.json"):
                path.rename(saves / path.name)
            shutil.rmtree(making)
        keeper.stop()
        for plan in made:  # the game's other rooms: the same people, the same game, each its own files
            (save,) = saves.glob(f"*-{plan.save_id}.json")
            kept = (server / "room-state" / f"{plan.id}.json").read_bytes()
            base = int(plan.id[1:])
            for n in range(base, base + ROOMS_A_GAME):
                copied = Plan.from_json(plan.to_json())
                copied.id, copied.name = f"w{n:05d}", f"Wait{n:05d}"
                if n != base:
                    copied.save_id = f"f{n:07x}"  # eight hex digits, as a save's id is, and the room's own
                    copy = save.with_name(save.name.replace(str(plan.save_id), copied.save_id))
                    if copy.exists():
                        raise SystemExit(f"two games of id {copied.save_id}: run again")
                    shutil.copyfile(save, copy)
                    (server / "room-state" / f"{copied.id}.json").write_bytes(kept)
                write_json(server / "rooms" / f"{copied.id}.json", copied.to_json())
        assert read_json(server / "rooms" / f"{made[0].id}.json") is not None
        return len(made) * ROOMS_A_GAME

    return asyncio.run(make())


def prepare(folder: Path, rooms: int, owner0: str) -> tuple[float, int]:
    """Make the rooms, in a process a core; the seconds it took."""
    (folder / "server" / "rooms").mkdir(parents=True, exist_ok=True)
    (folder / "saves").mkdir(parents=True, exist_ok=True)
    games = -(-rooms // ROOMS_A_GAME)
    names = {owner0: "P0000", **{fingerprint(n): f"P{n:04d}" for n in range(1, 2 * games)}}
    (folder / "server" / "players.json").write_text(json.dumps(names))
    jobs = max(1, min(os.cpu_count() or 1, 8, games))
    share = -(-games // jobs)
    started = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = [(folder, j * share, min(share, games - j * share), owner0) for j in range(jobs)]
        made = sum(pool.starmap(make_rooms, [p for p in parts if p[2] > 0]))
    return time.monotonic() - started, made


class Server:
    """`landlords serve` on a free port of 127.0.0.1 with `folder`'s data and saves folders."""

    def __init__(self, folder: Path, log: Path, workers: int | None) -> None:
        self.folder, self.log, self.workers = folder, log, workers
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0
        self.begun = 0.0  # time.time() when its process was started

    async def start(self) -> float:
        """Start it; the seconds until it listens."""
        begun, self.begun = time.monotonic(), time.time()
        more = ["--workers", str(self.workers)] if self.workers else []
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "cli.main", "serve", "--port", "0"),
            *("--data-dir", str(self.folder / "server"), "--saves-dir", str(self.folder / "saves")),
            *more,
            stdout=asyncio.subprocess.PIPE,
            stderr=open(self.log, "ab"),  # noqa: SIM115
            cwd=ROOT,
            env={**os.environ, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"},
        )
        assert self.proc.stdout is not None
        while not self.port:
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 600)).decode()
            if not line:
                raise SystemExit(f"the server did not start; see {self.log}")
            if " port " in line:
                self.port = int(line.split(" port ")[1].split(":")[0])
        return time.monotonic() - begun

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()
        self.port = 0

    async def idle(self, seconds: float) -> tuple[list[float], float]:
        """Memory (MB of each process at the end, the front first) and CPU (% of one core, every process)
        over `seconds`."""
        assert self.proc is not None
        fronts = [self.proc.pid]
        cpu0, wall0 = server_cpu_seconds(fronts), time.monotonic()
        await asyncio.sleep(seconds)
        cpu1, wall1 = server_cpu_seconds(fronts), time.monotonic()
        return list(each(self.proc.pid, rss_mb).values()), 100 * (cpu1 - cpu0) / (wall1 - wall0)

    def processes(self) -> int:
        assert self.proc is not None
        return len(family(self.proc.pid))


class Lines(asyncssh.SSHClientSession[str]):
    """The line mode's output, kept whole."""

    def __init__(self) -> None:
        self.said = ""

    def data_received(self, data: str, datatype: int | None) -> None:
        self.said += data


async def enter(port: int, key: asyncssh.SSHKey, room: str) -> float:
    """Seconds from connecting to the line asking the person to roll at `room`, in lines."""
    begun = time.monotonic()
    async with asyncssh.connect(
        "127.0.0.1", port, username="p", client_keys=[key], known_hosts=None, agent_path=None, config=None
    ) as conn:
        chan, session = await conn.create_session(Lines, f"plain {room}")
        assert isinstance(session, Lines)
        while "roll" not in session.said.casefold() or room not in session.said:
            if time.monotonic() - begun > 60:
                raise SystemExit(
                    f"no decision at {room} within 60 s; the server said: {session.said[-500:]!r}"
                )
            await asyncio.sleep(0.005)
        took = time.monotonic() - begun
        chan.write("leave\n")
        chan.write("quit\n")
        await asyncio.sleep(0.2)
    return took


def move_deadlines(folder: Path, rooms: list[int], when: list[float]) -> None:
    """Write new deadlines into the kept state of `rooms`, as the server writes them."""
    for n, due in zip(rooms, when, strict=True):
        path = folder / "server" / "room-state" / f"w{n:05d}.json"
        kept = json.loads(path.read_text())
        kept["deadline"]["due"] = round(due, 3)
        path.write_text(json.dumps(kept))


async def fired(folder: Path, rooms: list[int], within: float) -> dict[int, float]:
    """When each room's deadline fired (the time its chat line says), read from its kept state."""
    seen: dict[int, float] = {}
    end = time.monotonic() + within
    while len(seen) < len(rooms) and time.monotonic() < end:
        for n in rooms:
            if n in seen:
                continue
            path = folder / "server" / "room-state" / f"w{n:05d}.json"
            with contextlib.suppress(OSError, ValueError):
                kept = json.loads(path.read_text())
                for line in kept.get("chat", []):
                    if RAN_OUT in str(line.get("text", "")):
                        seen[n] = float(line["at"])
        await asyncio.sleep(0.1)
    return seen


def apart(each_mb: list[float]) -> str:
    """The front's memory and each worker's: "front 95 MB, workers 53 + 53 MB"."""
    front, *workers = each_mb or [0.0]
    return f"front {front:.0f} MB, workers {' + '.join(f'{w:.0f}' for w in workers)} MB"


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {1000 * statistics.median(values):.0f} ms, at most {1000 * max(values):.0f} ms"


async def run(rooms: int, seconds: float, count: int, workers: int | None, log: Path | None) -> None:
    base = Path(tempfile.mkdtemp(prefix="landlords-turn-rooms-"))
    log = log or base / "server.log"
    key = asyncssh.generate_private_key("ssh-ed25519")
    owner0 = str(key.get_fingerprint("sha256"))
    try:
        empty = Server(base / "empty", log, workers)
        (base / "empty").mkdir()
        empty_start = await empty.start()
        await asyncio.sleep(min(5.0, seconds))  # settled
        empty_each, empty_cpu = await empty.idle(seconds)
        processes = empty.processes()
        await empty.stop()

        folder = base / "rooms"
        making, rooms = prepare(folder, rooms, owner0)
        server = Server(folder, log, workers)
        start = await server.start()
        await asyncio.sleep(min(5.0, seconds))  # settled
        rss_each, cpu = await server.idle(seconds)
        entered = [await enter(server.port, key, f"Wait{n:05d}") for n in range(min(3, ROOMS_A_GAME))]
        again = await enter(server.port, key, "Wait00000")
        await server.stop()

        chosen = sorted({3 + (rooms - 4) * k // max(1, count - 1) for k in range(count)})
        past = chosen[: len(chosen) // 2]
        future = chosen[len(chosen) // 2 :]
        now = time.time()
        move_deadlines(folder, past, [now - 3600 for _ in past])
        due = [now + start + 5 + i for i in range(len(future))]
        move_deadlines(folder, future, due)
        restart = await server.start()
        when = await fired(folder, chosen, start + 30 + len(future))
        await server.stop()
    finally:
        for running in (locals().get("empty"), locals().get("server")):
            if isinstance(running, Server):
                await running.stop()
        shutil.rmtree(base, ignore_errors=True)

    empty_rss, rss = sum(empty_each), sum(rss_each)
    late = [when[n] - d for n, d in zip(future, due, strict=True) if n in when]
    down = [when[n] - server.begun for n in past if n in when]
    early = [t for t in late if t < 0]
    print(f"server           {processes} processes (the front and its workers), summed below")
    print(f"rooms            {rooms} turn-based rooms, each waiting on a person (made in {making:.0f} s)")
    print(
        f"idle memory      {empty_rss:.0f} MB empty, {rss:.0f} MB with the rooms: {rss - empty_rss:+.0f} MB"
    )
    print(f"each process     {apart(empty_each)} empty; {apart(rss_each)} with the rooms")
    print(
        f"idle CPU         {empty_cpu:.2f} % of one core empty, {cpu:.2f} % with the rooms "
        f"(over {seconds:.0f} s each)"
    )
    print(
        f"start-up         {empty_start:.1f} s to listening empty, {start:.1f} s with the rooms "
        f"({restart:.1f} s the second time)"
    )
    print(
        f"entering a room  {', '.join(f'{t:.2f}' for t in entered)} s (the room loaded from its save), "
        f"{again:.2f} s again: connecting over SSH to the decision, in lines"
    )
    print(
        f"deadlines        {len(when)} of {len(chosen)} fired; of those due after the start, "
        f"{figures(late)} late ({len(early)} early); of those that fell due while the server was down, "
        f"{figures(down)} after its process was started"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=60.0, help="of idleness measured, each server")
    parser.add_argument("--fired", type=int, default=20, help="rooms whose deadlines are moved and timed")
    parser.add_argument("--workers", type=int, default=None, help="passed to landlords serve")
    parser.add_argument("--log", type=Path, default=None, help="keep the server's log in this file")
    args = parser.parse_args()
    if args.rooms < 4:
        parser.error("--rooms is 4 or more")
    asyncio.run(run(args.rooms, args.seconds, args.fired, args.workers, args.log))


if __name__ == "__main__":
    main()
