"""Rooms whose game is over and that have left the lobby: their plans, kept for the past games of the people
who played or watched them (`p` in the lobby, `past` in lines), their saves left where they are.

A room whose game is over stays in the lobby a while (`Limits.over_room_kept`) and then leaves it: its plan
moves from the `rooms/` folder to `past-rooms/`, one small JSON file a room, written by the worker that held
it. Every worker reads the folder again only when it has changed (its modification time), and then only the
files it has not read yet.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from server.base.state import read_json, write_json
from server.tables.plans import Plan

log = logging.getLogger(__name__)

PAST_ROOMS = "past-rooms"
"""The folder of the plans of rooms that have left the lobby, in the server's data folder."""


class PastRooms:
    """The plans of the rooms that have left the lobby, read from their folder as it changes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / PAST_ROOMS
        self._plans: dict[str, Plan] = {}  # by file name
        self._seen: int | None = None  # the folder's modification time when last read

    def keep(self, plan: Plan) -> bool:
        """Write the plan of a room leaving the lobby; whether it was written."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_json(self.folder / f"{plan.id}.json", plan.to_json())
        except OSError as exc:
            log.error("cannot keep the past room %s: %s", plan.id, exc)
            return False
        self._plans[f"{plan.id}.json"] = plan
        return True

    def plans(self) -> list[Plan]:
        """Return the plans of the rooms that have left the lobby, the latest to end first."""
        try:
            mark = os.stat(self.folder).st_mtime_ns
        except OSError:
            mark = None
        if mark != self._seen:
            self._read(mark)
        return sorted(self._plans.values(), key=lambda p: p.ended, reverse=True)

    def _read(self, mark: int | None) -> None:
        names = {entry.name for entry in os.scandir(self.folder)} if mark is not None else set()
        for name in [n for n in self._plans if n not in names]:
            del self._plans[name]
        for name in sorted(n for n in names if n.endswith(".json") and n not in self._plans):
            try:
                self._plans[name] = Plan.from_json(read_json(self.folder / name))
            except Exception as exc:
                log.warning("past room file %s not used: %s", name, exc)
        self._seen = mark
