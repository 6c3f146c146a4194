"""What a host of a server of several hosts spends each second listing its rooms for PostgreSQL.

    python bench/host_rooms.py [--rooms 10000] [--calls 20] [--changed 10]

Every second (`server.network.hosts.TICK`) a host asks its front for the rooms it holds, each room's plan
and lobby line as JSON (`local_rooms`), to write what changed of them. This makes the server's front in
this process (not started: no workers, no listener, no database) over an empty data folder, puts `--rooms`
turn-based rooms of two people and a bot in its registry as the workers report them, and measures the CPU
time of one call: the first, then the median of `--calls` calls with nothing changed, and of `--calls`
calls with `--changed` rooms reported changed before each (a plan anew, as a move makes).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from make_room import close, front_with_rooms  # noqa: E402


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--changed", type=int, default=10)
    args = parser.parse_args()
    logging.disable(logging.WARNING)

    from server.network.registry import Entry
    from server.tables.lobby_line import TableStatus
    from server.tables.plans import Plan
    from server.tables.room_summary import RoomSummary

    folder = Path(tempfile.mkdtemp(prefix="host-rooms-"))
    try:
        front = front_with_rooms(folder, args.rooms, text=True)

        def one() -> float:
            start = time.process_time()
            front.local_rooms()
            return time.process_time() - start

        first = one()
        still = [one() for _ in range(args.calls)]
        moved = []
        for call in range(args.calls):
            for k in range(args.changed):
                room = f"r{(call * args.changed + k) % args.rooms:05d}"
                entry = front.registry[room]  # a room reported changed: its plan and line anew
                changed = Plan.from_json(dict(json.loads(entry.text), watchers=[f"w{call}"]))
                status = TableStatus("playing", turn=4 + call)
                text = json.dumps(changed.to_json())
                front.registry[room] = Entry(RoomSummary.of(changed), status, 0, text=text)
            moved.append(one())
        print(f"{args.rooms} rooms held by this host; CPU time of one call of local_rooms:")
        rows = [
            ("the first call", first),
            ("nothing changed (median)", statistics.median(still)),
            (f"{args.changed} rooms changed (median)", statistics.median(moved)),
        ]
        for what, seconds in rows:
            print(f"  {what:<30} {seconds * 1000:8.2f} ms")
        close(front)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
