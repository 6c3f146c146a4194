"""What making a room costs the front's event loop at many rooms: the check of a new room against every room.

    python bench/make_room.py [--rooms 10000] [--tries 20]

It makes the server's front in this process (not started: no workers, no listener) over an empty data
folder, puts `--rooms` rooms in its registry as the workers report them (turn-based rooms of two people and
a bot, each as its summary, held live), and times `make_plan(*front.for_making(asked) ...)`, what the front
does on its event loop for each new room asked for: the first time, and then `--tries` times, one room
reported changed before each (as rooms change all the time on a busy server).
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from server.network.front import Front


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--tries", type=int, default=20)
    args = parser.parse_args()
    logging.disable(logging.WARNING)

    from server.network.registry import Entry
    from server.tables.making import make_plan
    from server.tables.plans import RoomRequest, SeatPlan

    folder = Path(tempfile.mkdtemp(prefix="make-room-"))
    try:
        front = front_with_rooms(folder, args.rooms)
        seats = [SeatPlan("person"), SeatPlan("bot", "easy")]
        asked = RoomRequest("SHA256:bench-new", "New", "Fresh", "classic", {}, seats, 60, "normal")

        def one() -> float:
            start = time.perf_counter()
            summaries, unlisted = front.for_making(asked)
            make_plan(summaries, front.limits, asked, unlisted)
            return time.perf_counter() - start

        first = one()
        times = []
        for n in range(args.tries):
            room = f"r{n % args.rooms:05d}"
            entry = front.registry[room]  # a room reported changed: its summary anew
            front.registry[room] = Entry(replace(entry.plan, watchers=(f"w{n}",)), entry.status, 0)
            times.append(one())
        print(f"{args.rooms} rooms in the registry")
        print(f"making a room, the first time   {first * 1000:8.1f} ms")
        print(f"making a room, median of {args.tries:<5}  {statistics.median(times) * 1000:8.1f} ms")
        close(front)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def front_with_rooms(folder: Path, rooms: int, text: bool = False) -> Front:
    """Return the server's front in this process (not started) over `folder`, with `rooms` turn-based rooms
    of two people and a bot in its registry as the workers report them, each waiting on its first person's
    roll; with `text`, each with its plan as JSON, as a host of several keeps it."""
    from server.base.config import Limits, ServerConfig
    from server.network.front import Front
    from server.network.registry import Entry
    from server.tables.lobby_line import TableStatus
    from server.tables.plans import Plan, SeatPlan
    from server.tables.room_summary import RoomSummary

    limits = Limits(rooms=rooms + 1, waiting_rooms=rooms + 1)
    front = Front(ServerConfig(data_dir=folder, saves_dir=folder / "saves", limits=limits), in_process=True)
    for n in range(rooms):
        seats = [
            SeatPlan("person", name=f"P{2 * n}", owner=f"SHA256:bench-{2 * n}"),
            SeatPlan("person", name=f"P{2 * n + 1}", owner=f"SHA256:bench-{2 * n + 1}"),
            SeatPlan("bot", "easy"),
        ]
        plan = Plan(f"r{n:05d}", f"Room{n:05d}", "classic", {}, seats, creator=seats[0].owner or "")
        plan.save_id, plan.move_hours = f"{n:08x}", 24
        status = TableStatus("playing", turn=3, waiting_on=f"P{2 * n}", seat=0, asked="roll", due=1e9)
        written = json.dumps(plan.to_json()) if text else ""
        front.registry[plan.id] = Entry(RoomSummary.of(plan), status, 0, text=written)
    return front


def close(front: Front) -> None:
    """Close what the front opened: its store and its runtime folder."""
    if front.store is not None:
        front.store.close()
    shutil.rmtree(front.runtime, ignore_errors=True)


if __name__ == "__main__":
    main()
