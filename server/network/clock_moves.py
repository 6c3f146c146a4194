"""The clock an operator moves on, for trying a turn-based room out by hand (`landlords serve --test-clock`).

Such a server's workers run their tables on a `server.base.clock.MovableClock`. `landlords clock advance
25h`, from another shell, writes a request into the data folder's `test-clock/` folder (`ask_advance`); the
front looks there four times a second (`ClockRequests`), adds each request to how far ahead the clock is,
writes that down (`ahead.json`, so that a worker started again, or the server, goes on from it), removes
the request, and tells every worker, which moves its clock on: the deadlines and timers that fall due on the
way fire at once, each at its time, in their order. The clock never goes back. A server started without
the option reads none of it, and its tables keep the loop's own clock.

It is for trying the pace out, never for real play: the people's deadlines fall due when the operator
says, and the server's other clocks (its sessions, its store, the mail) keep the real time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic
from server.base.state import read_json, write_json

log = logging.getLogger(__name__)

FOLDER = "test-clock"
"""The folder, in the server's data folder, of the requests and of how far ahead the clock is."""
AHEAD = "ahead.json"
LOOK_EVERY = 0.25  # seconds between two looks for requests
MOST = 366 * 86400.0  # seconds one request may move the clock on
UNITS = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0}
_PART = re.compile(r"(\d+(?:\.\d+)?)([dhms])")


def ahead_of(folder: Path) -> float:
    """Return how far ahead of the real time (in seconds) the clock of the server in `folder` was last moved;
    0 when it never was, or the file is not one."""
    raw = read_json(folder / FOLDER / AHEAD)
    ahead = raw.get("ahead") if isinstance(raw, dict) else None
    if not isinstance(ahead, (int, float)) or isinstance(ahead, bool) or not math.isfinite(ahead):
        return 0.0
    return max(0.0, float(ahead))


def duration(text: str) -> float:
    """Read a length of time as the operator writes it ("25h", "1d12h", "90m", "30s"): its seconds.
    `ValueError` with what is wrong."""
    words = text.strip().lower().replace(" ", "")
    parts = _PART.findall(words)
    if not words or "".join(n + u for n, u in parts) != words:
        raise ValueError("give a time such as 25h, 1d12h, 90m or 30s")
    seconds = sum(float(n) * UNITS[u] for n, u in parts)
    if not 0 < seconds <= MOST:
        raise ValueError("the clock moves on by more than nothing and at most 366 days")
    return seconds


def ask_advance(folder: Path, seconds: float) -> Path:
    """Write a request to move the clock of the server in `folder` on by `seconds`; its file, which the
    server removes once it has moved its clock."""
    requests = folder / FOLDER
    requests.mkdir(parents=True, exist_ok=True)
    path = requests / f"advance-{secrets.token_hex(6)}.json"
    write_atomic(path, json.dumps({"seconds": seconds}).encode())
    return path


class ClockRequests:
    """The front's part: it looks for the operator's requests and hands each move to every worker."""

    def __init__(self, folder: Path, tell: Callable[[dict[str, Any]], None]) -> None:
        self.folder = folder / FOLDER
        self.tell = tell  # sends one message to every worker
        self.ahead = ahead_of(folder)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        write_json(self.folder / AHEAD, {"ahead": self.ahead})
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(LOOK_EVERY)
            try:
                self.look()
            except OSError as exc:
                log.warning("the test clock's requests could not be read: %s", exc)

    def look(self) -> None:
        """Take up the requests written since the last look: the clock moves on by all of them at once, its
        new lead written down before they are removed (their writer then reads it)."""
        paths = sorted(self.folder.glob("advance-*.json"), key=lambda p: p.stat().st_mtime_ns)
        if not paths:
            return
        moved = 0.0
        for path in paths:
            raw = read_json(path)
            seconds = raw.get("seconds") if isinstance(raw, dict) else None
            if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 < seconds <= MOST:
                moved += float(seconds)
            else:
                log.warning(
                    "test clock: request %s not used: it asks for no time the clock can move", path.name
                )
        self.ahead += moved
        write_json(self.folder / AHEAD, {"ahead": self.ahead})
        for path in paths:
            path.unlink(missing_ok=True)
        if moved:
            log.info("test clock: moved on %.0f s, now %.0f s ahead of the real time", moved, self.ahead)
            self.tell({"t": "clock", "ahead": self.ahead})
