"""What listing the lobby costs a worker at many rooms: its rooms read from the lobby's index for one person.

    python bench/lobby_fill.py [--rooms 10000] [--tries 20]

It writes `--rooms` turn-based rooms of two people and a bot (another worker's, each waiting on its first
person's roll) into the lobby's index as the front writes it (`bench/make_room.py` makes the rooms), makes a
worker's rooms over the same data folder in this process, and times the lobby in lines for a person with 20
rooms of his own (`room_lines`: his rooms, the first others, how many more), and its reading alone
(`WorkerRooms.listed`): the first time, and the median of `--tries`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class Unused:
    """The worker's link to its front, which reading a lobby does not use."""

    def report(self, plan: dict[str, Any], status: Any) -> None:
        raise AssertionError("a lobby's reading reports no room")

    def gone(self, table_id: str) -> None:
        raise AssertionError("a lobby's reading removes no room")

    async def ask(self, message: dict[str, Any]) -> Any:
        raise AssertionError("a lobby's reading asks the front nothing")

    def say(self, fingerprint: str, words: str) -> None:
        raise AssertionError("a lobby's reading says nothing")

    def keep_language(self, fingerprint: str, code: str) -> None:
        raise AssertionError("a lobby's reading keeps no language")

    def keep_settings(self, fingerprint: str, words: str) -> None:
        raise AssertionError("a lobby's reading keeps no settings")


async def measure(folder: Path, rooms: int, tries: int) -> None:
    from make_room import close, front_with_rooms

    from server.network.registry import Entry
    from server.session.line_words import room_lines
    from server.tables.lobby_index import IndexWriter
    from server.tables.worker_rooms import WorkerRooms

    front = front_with_rooms(folder, rooms)
    for room, entry in front.registry.items():
        front.registry[room] = Entry(entry.plan, entry.status, 1)  # another worker's
    start = time.perf_counter()
    writer = IndexWriter(front.config.folder)
    writer.write(((e.plan, e.status, e.worker, e.host) for e in front.registry.values()), [])
    written = time.perf_counter() - start
    worker_rooms = WorkerRooms(front.config, asyncio.get_running_loop(), Unused())
    key = "SHA256:bench-0"  # seated at r00000; the bench gives him 19 more seats as the bench's people have
    for n in range(1, 20):
        seated = front.registry[f"r{n:05d}"]
        seats = (seated.plan.seats[0]._replace(owner=key, name="P0"), *seated.plan.seats[1:])
        front.registry[seated.plan.id] = Entry(replace(seated.plan, seats=seats), seated.status, 1)
        writer.write([(front.registry[seated.plan.id].plan, seated.status, 1, None)], [])

    def timed(call: Any) -> tuple[float, float]:
        first = time.perf_counter()
        call()
        once = time.perf_counter() - first
        times = []
        for _n in range(tries):
            began = time.perf_counter()
            call()
            times.append(time.perf_counter() - began)
        return once, statistics.median(times)

    lines = room_lines(worker_rooms, key)
    listed = worker_rooms.listed(key)
    said_first, said = timed(lambda: room_lines(worker_rooms, key))
    read_first, read = timed(lambda: worker_rooms.listed(key))
    print(f"{rooms} rooms in the index (written in {written * 1000:.0f} ms)")
    print(f"the lobby lists {len(listed.rooms)} rooms ({len(lines)} lines), {listed.more} more not listed")
    print(f"lobby in lines, first / median of {tries}   {said_first * 1000:8.1f} / {said * 1000:6.1f} ms")
    print(f"its reading alone, first / median       {read_first * 1000:8.1f} / {read * 1000:6.1f} ms")
    worker_rooms.close()
    writer.close()
    close(front)


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--tries", type=int, default=20)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    folder = Path(tempfile.mkdtemp(prefix="lobby-fill-"))
    try:
        asyncio.run(measure(folder, args.rooms, args.tries))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
