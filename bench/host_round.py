"""What the hosts' round costs each second on a server of several hosts with thousands of rooms.

    python bench/host_round.py [--rooms 10000] [--rounds 10] [--changed 10]

Every second (`server.network.hosts.TICK`) each host renews the leases of the rooms it holds (every few
rounds), writes what changed of them into PostgreSQL, reads every room of every host back for its lobby,
and updates its registry with the other hosts' rooms (`Front.elsewhere`, on its event loop). This starts
a PostgreSQL of its own (from Debian's `postgresql` binaries, as the tests do), makes two fronts in this
process (not started: no workers, no listener): host a holds `--rooms` turn-based rooms of two people and
a bot, host b none; it claims a's rooms once, then runs `--rounds` rounds of each host with nothing
changed, and `--rounds` with `--changed` of a's rooms changed before each (a plan anew, as a move makes),
a round a second as the hosts run them. For each it prints the mean of: a's round (its thread: the
database's calls and the files it checks), b's round, b's `elsewhere` (its event loop), in CPU time of
this process and on the clock, and PostgreSQL's own CPU time for the two rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "helpers")]

from make_room import close, front_with_rooms  # noqa: E402

if TYPE_CHECKING:
    from server.network.front import Front
    from server.network.hosts import Hosts


T = TypeVar("T")


def postgres_cpu(data: Path) -> float:
    """Return the CPU seconds every process of the PostgreSQL cluster over `data` has used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    first = int((data / "postmaster.pid").read_text().split()[0])
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == first or parent == first:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def timed(call: Callable[[], object], data: Path) -> tuple[float, float, float]:
    """Run `call`: this process's CPU seconds, the clock's, PostgreSQL's."""
    cpu, wall, pg = time.process_time(), time.perf_counter(), postgres_cpu(data)
    call()
    return time.process_time() - cpu, time.perf_counter() - wall, postgres_cpu(data) - pg


async def paced(call: Callable[[], T]) -> T:
    """Run `call` and wait out the rest of a `TICK`, as the hosts' rounds are paced (the leases are renewed
    by the clock, every few rounds)."""
    from server.network.hosts import TICK

    start = time.monotonic()
    done = call()
    await asyncio.sleep(max(0.0, TICK - (time.monotonic() - start)))
    return done


def host(front: Front, url: str, name: str) -> Hosts:
    """Return host `name`'s part in the server of several (its leases on `url`), not started."""
    from server.network.hosts import Hosts
    from server.network.leases import Leases

    hosts = Hosts(front, url, name, "127.0.0.1:0", b"bench")
    hosts._leases = Leases(url, name, hosts.lease)
    return hosts


def main() -> None:
    asyncio.run(measure())


async def measure() -> None:
    """Measure the rounds on a running event loop (the fronts' registries call on it)."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--changed", type=int, default=10)
    args = parser.parse_args()
    logging.disable(logging.WARNING)

    from server.network.registry import Entry
    from server.people.postgres_store import PostgresStore
    from server.tables.lobby_line import TableStatus
    from server.tables.plans import Plan
    from server.tables.room_summary import RoomSummary

    from pgserver import start_postgres

    postgres = start_postgres()
    if postgres is None:
        sys.exit("PostgreSQL is not installed (Debian's postgresql package)")
    folder = Path(tempfile.mkdtemp(prefix="host-round-"))
    try:
        url = postgres.database()
        PostgresStore(url).close()  # the schema, as a host's store makes it
        a = front_with_rooms(folder / "a", args.rooms, text=True)
        b = front_with_rooms(folder / "b", 0)
        host_a, host_b = host(a, url, "a"), host(b, url, "b")
        data = postgres.data

        def rounds() -> tuple[float, float, float, float, float, float, float]:
            local = a.local_rooms()
            a_cpu, a_wall, a_pg = timed(lambda: host_a._round(local, []), data)
            got: list[object] = []
            b_cpu, b_wall, b_pg = timed(lambda: got.append(host_b._round({}, [])), data)
            _lost, _taken, listed, present = got[0]  # type: ignore[misc]
            e_cpu, _, _ = timed(lambda: b.elsewhere(listed, present), data)
            return a_cpu, a_wall, b_cpu, b_wall, e_cpu, a_pg + b_pg, len(listed)

        start = time.perf_counter()
        rounds()  # a claims every room
        print(
            f"{args.rooms} rooms held by host a, none by host b; the first round (every room claimed) "
            f"{time.perf_counter() - start:.1f} s on the clock"
        )
        rounds()
        still = [await paced(rounds) for _ in range(args.rounds)]
        moved = []
        for n in range(args.rounds):
            for k in range(args.changed):
                room = f"r{(n * args.changed + k) % args.rooms:05d}"
                entry = a.registry[room]
                changed = Plan.from_json(dict(json.loads(entry.text), watchers=[f"w{n}"]))
                text = json.dumps(changed.to_json())
                status = TableStatus("playing", turn=4 + n)
                a.registry[room] = Entry(RoomSummary.of(changed), status, 0, text=text)
            moved.append(await paced(rounds))
        assert all(r[6] == args.rooms for r in still + moved), "host b lists every room"
        assert len([e for e in b.registry.values() if e.host == "a"]) == args.rooms
        print("a round's mean, ms (this process's CPU / on the clock; PostgreSQL's CPU for both rounds):")
        for what, runs in (("nothing changed", still), (f"{args.changed} rooms changed", moved)):
            m = [statistics.fmean(r[i] for r in runs) * 1000 for i in range(6)]
            print(
                f"  {what:<18} host a {m[0]:7.1f} / {m[1]:7.1f}   host b {m[2]:7.1f} / {m[3]:7.1f}   "
                f"b's elsewhere {m[4]:7.1f}   PostgreSQL {m[5]:7.1f}"
            )
        for hosts in (host_a, host_b):
            assert hosts._leases is not None
            hosts._leases.close()
        close(a)
        close(b)
    finally:
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
