"""Finished games the front could not record in the store (the database down, say): each kept in a small file
of the data folder's `records-due/` until it is written, and tried again every `AGAIN_AFTER` seconds.

A finished room's plan holds its game's result, and the front records the game as the room is reported
(`server.people.ratings.FrontRatings`). While the store cannot be written, the room may leave the lobby
(`Limits.over_room_kept`) and its reports stop: the game is tried again here all the same, and after a
restart too, until the store takes it. A game is recorded once whatever the tries (its save's id).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from server.base.state import read_json, write_json
from server.people.ratings import FrontRatings
from server.people.store import StoreFailure
from server.tables.plans import Plan

log = logging.getLogger(__name__)

RECORDS_DUE = "records-due"
"""The folder of the finished games not recorded yet, in the server's data folder: one plan a file."""
AGAIN_AFTER = 60.0
"""Seconds between two tries of the games not recorded yet."""


class RecordsDue:
    """The finished games the front has yet to record, kept on disk and tried again on a timer."""

    def __init__(self, folder: Path, ratings: FrontRatings, recorded: Callable[[], None]) -> None:
        self.folder = folder / RECORDS_DUE
        self.ratings = ratings
        self.recorded = recorded
        """Called when games were recorded and counted on a try again (the front sends the new ratings)."""
        self.again_after = AGAIN_AFTER
        self.due: dict[str, Plan] = {}  # by room, the oldest first
        self._later: asyncio.TimerHandle | None = None
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            raw = read_json(path)
            try:
                plan = Plan.from_json(raw)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                log.warning("game to record %s not used: %s", path.name, exc)
                continue
            self.due[plan.id] = plan

    def consider(self, plan: Plan) -> bool:
        """Record a finished room's game if it is not recorded yet; whether it was recorded now and counted.
        One the store cannot take now is kept, and tried again until it is."""
        try:
            counted = self.ratings.record(plan)
        except StoreFailure as exc:
            log.error("game %s of room %s could not be recorded: %s", plan.save_id, plan.id, exc)
            self._keep(plan)
            return False
        self._done(plan.id)
        return counted

    def start(self) -> None:
        """Try at once the games kept from before (the server starting again)."""
        if self.due:
            log.info("%d finished game%s to record", len(self.due), "" if len(self.due) == 1 else "s")
            self._again()

    def stop(self) -> None:
        if self._later is not None:
            self._later.cancel()
            self._later = None

    def _keep(self, plan: Plan) -> None:
        if plan.id not in self.due:
            self.due[plan.id] = plan
            try:
                write_json(self.folder / f"{plan.id}.json", plan.to_json())
            except OSError as exc:  # tried again all the same while this process runs
                log.error(
                    "game %s of room %s could not be kept to record later: %s", plan.save_id, plan.id, exc
                )
        self._wait()

    def _done(self, room: str) -> None:
        if self.due.pop(room, None) is not None:
            try:
                (self.folder / f"{room}.json").unlink(missing_ok=True)
            except OSError as exc:
                log.error("cannot remove the recorded game of room %s: %s", room, exc)

    def _wait(self) -> None:
        if self._later is None and self.due:
            self._later = asyncio.get_running_loop().call_later(self.again_after, self._again)

    def _again(self) -> None:
        """Try the games kept, the oldest first, until one fails (the store still down: one try a round);
        the one that failed goes last, so that a game the store refuses for good holds up no other."""
        self._later = None
        counted = False
        for room, plan in list(self.due.items()):
            try:
                counted = self.ratings.record(plan) or counted
            except StoreFailure as exc:
                log.warning(
                    "%d finished game%s not recorded yet (%s); trying again in %g s",
                    len(self.due),
                    "" if len(self.due) == 1 else "s",
                    exc,
                    self.again_after,
                )
                del self.due[room]
                self.due[room] = plan
                break
            self._done(room)
        if counted:
            self.recorded()
        self._wait()
