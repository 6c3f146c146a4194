"""Rooms whose game is over, as a worker keeps them: in the lobby a while for their people to see how
it ended (`Limits.over_room_kept`, from the end of the game, and not while someone is at the room), then out
of it, their plans kept among the past rooms (`server.tables.past_rooms`) and their saves where they are."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from server.base.clock import Handle, LoopClock
from server.base.config import Limits
from server.tables.front_link import FrontLink
from server.tables.keeping import Keeper
from server.tables.past_rooms import PastRooms
from server.tables.room_files import ROOMS
from server.tables.room_summary import Planned
from server.tables.table import Table

log = logging.getLogger(__name__)


class OverRooms:
    """The part of `server.tables.worker_rooms.WorkerRooms` that lets finished rooms leave the lobby."""

    limits: Limits
    folder: Path
    clock: LoopClock
    front: FrontLink
    keeper: Keeper
    tables: dict[str, Table]
    past: PastRooms
    _over: dict[str, Handle]  # rooms whose game is over, and when they leave the lobby
    _kept: dict[str, dict[str, Any]]
    _dirty: set[str]

    if TYPE_CHECKING:

        def changed(self) -> None: ...

    def _start_over_rooms(self) -> None:
        self.past = PastRooms(self.folder)
        self._over = {}

    def ended_at(self, table: Table) -> float:
        """Return when a room's game ended: as its plan says, or (a game over before that was kept) when its
        plan was last written."""
        if table.plan.ended:
            return table.plan.ended
        try:
            return (self.folder / ROOMS / f"{table.id}.json").stat().st_mtime
        except OSError:
            return self.clock.wall()

    def _leave_later(self, table: Table) -> None:
        """Let a room whose game is over leave the lobby at its time, unless someone is at it then (it
        leaves once they have gone)."""
        if not table.finished or table.id in self._over or self.tables.get(table.id) is not table:
            return
        if table.presence.seated or table.presence.watching:
            return
        due = self.ended_at(table) + self.limits.over_room_kept - self.clock.wall()
        self._over[table.id] = self.clock.call_later(max(0.0, due), lambda: self._leave_lobby(table))

    def _leave_lobby(self, table: Table) -> None:
        self._over.pop(table.id, None)
        if self.tables.get(table.id) is not table:
            return
        if table.presence.seated or table.presence.watching:
            return  # told again as they leave (`_leave_later`)
        plan = table.plan
        if not plan.ended:
            plan.ended = self.ended_at(table)
        if not self.past.keep(plan):
            return  # its past game would be lost with its plan: it stays in the lobby
        ago = self.clock.wall() - plan.ended
        log.info("room %s leaves the lobby: its game ended %.0f s ago", table.id, ago)
        try:
            table.close(keep=False)
        except Exception:
            log.exception("closing room %s failed", table.id)
        self.tables.pop(table.id, None)
        self._kept.pop(table.id, None)
        self._dirty.discard(table.id)
        try:
            (self.folder / ROOMS / f"{table.id}.json").unlink(missing_ok=True)
        except OSError as exc:
            log.error("cannot remove room %s: %s", table.id, exc)
        self.keeper.remove(table.id)
        self.front.gone(table.id)
        self.changed()

    def _stop_over_rooms(self) -> None:
        for handle in self._over.values():
            handle.stop()
        self._over.clear()

    def past_plans_of(self, plans: Iterable[Planned]) -> list[Planned]:
        """Return the plans of the lobby's rooms (`plans`) and then those of the rooms that have left it."""
        lobby = list(plans)
        ids = {p.id for p in lobby}
        return [*lobby, *(p for p in self.past.plans() if p.id not in ids)]
