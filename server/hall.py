"""The hall: every table of the server, made, found and kept across restarts.

Each table's plan is a small JSON file in the server's `rooms/` folder; its game is a save file in the
saves folder, the same as the local game's. On start the hall reads the plans back; a table's game is
loaded from its save when someone first comes to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from engine import EDITIONS, load_edition
from engine.text import TextError
from room import LEVELS, Persistence
from room.pacing import SPEEDS
from server.config import ServerConfig
from server.players import Players
from server.state import read_json, write_json
from server.tables import Handle, LoopClock, Plan, SeatPlan, Table, TableError, check_room_name, new_table_id

log = logging.getLogger(__name__)

ROOMS = "rooms"
LOBBY_EVERY = 0.5  # seconds: the lobbies are told of changes at most this often


class Hall:
    def __init__(self, config: ServerConfig, loop: asyncio.AbstractEventLoop) -> None:
        self.config = config
        self.limits = config.limits
        self.folder = config.folder
        self.persistence = Persistence(config.saves_dir)
        self.players = Players(self.folder)
        self.clock = LoopClock(loop)
        self.tables: dict[str, Table] = {}
        self._watchers: list[Callable[[], None]] = []
        self._tell: Handle | None = None
        self._load()

    # --- keeping the plans --------------------------------------------------------------------

    def _plans(self) -> Path:
        return self.folder / ROOMS

    def _load(self) -> None:
        folder = self._plans()
        if not folder.is_dir():
            return
        for path in sorted(folder.glob("*.json")):
            try:
                plan = Plan.from_json(read_json(path))
                load_edition(plan.edition)
            except Exception as exc:
                log.warning("room file %s not used: %s", path.name, exc)
                continue
            self.tables[plan.id] = self._table(plan)
        log.info("%d rooms", len(self.tables))

    def _table(self, plan: Plan) -> Table:
        table = Table(plan, self.persistence, self.clock, lambda: self._table_changed(table))
        table._save_delay = self.config.save_delay
        table.chat_kept = self.limits.chat_kept
        return table

    def keep(self, table: Table) -> None:
        try:
            write_json(self._plans() / f"{table.id}.json", table.plan.to_json())
        except OSError as exc:
            log.error("cannot keep room %s: %s", table.id, exc)

    def _table_changed(self, table: Table) -> None:
        self.keep(table)
        self.changed()

    # --- the lobby ----------------------------------------------------------------------------

    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]:
        """Be told (at most every half second) when a table changes."""
        self._watchers.append(watcher)

        def stop() -> None:
            if watcher in self._watchers:
                self._watchers.remove(watcher)

        return stop

    def changed(self) -> None:
        if self._tell is None:
            self._tell = self.clock.call_later(LOBBY_EVERY, self._tell_watchers)

    def _tell_watchers(self) -> None:
        self._tell = None
        for watcher in list(self._watchers):
            try:
                watcher()
            except Exception:
                log.exception("a lobby failed")

    def ordered(self) -> list[Table]:
        """Tables still waiting first, then those in play, then those over."""
        return sorted(self.tables.values(), key=lambda t: (t.finished, t.started, t.name.casefold()))

    def find(self, name: str) -> Table | None:
        """A table by its id or its name (without case)."""
        if name in self.tables:
            return self.tables[name]
        folded = name.casefold()
        return next((t for t in self.tables.values() if t.name.casefold() == folded), None)

    # --- making a table -----------------------------------------------------------------------

    def create(
        self,
        creator: str,
        creator_name: str,
        name: str,
        edition: str,
        rules: dict[str, object],
        seats: list[SeatPlan],
        turn_timer: int,
        pace: str,
    ) -> Table:
        """A new table, its creator in its first person's seat; it starts at once if it needs nobody
        else. `TableError` with the reason when it cannot be made."""
        try:
            name = check_room_name(name)
        except TextError as exc:
            raise TableError(str(exc)) from None
        if self.find(name) is not None:
            raise TableError(f"There is already a room called {name}.")
        if len(self.tables) >= self.limits.rooms:
            raise TableError("The server has as many rooms as it can hold; join one instead.")
        mine = [t for t in self.tables.values() if t.plan.creator == creator and not t.finished]
        if len(mine) >= self.limits.rooms_per_player:
            raise TableError(f"You have {len(mine)} open rooms already, the most one player may have.")
        if edition not in EDITIONS:
            raise TableError(f"There is no edition {edition}.")
        book = load_edition(edition)
        most = min(book.max_players, self.limits.seats_per_room)
        if not book.min_players <= len(seats) <= most:
            raise TableError(f"A room of {book.name} seats {book.min_players} to {most}.")
        if not any(s.kind == "person" for s in seats):
            raise TableError("A room needs a seat for you.")
        if any(s.kind == "bot" and s.level not in LEVELS for s in seats):
            raise TableError("A bot's level is one of " + ", ".join(LEVELS) + ".")
        if pace not in SPEEDS:
            raise TableError("The pace is one of " + ", ".join(SPEEDS) + ".")
        turn_timer = max(10, min(int(turn_timer), 3600))
        plan = Plan(new_table_id(), name, edition, dict(rules), seats, turn_timer, pace, creator)
        table = self._table(plan)
        table.take_seat(creator, creator_name)
        self.tables[plan.id] = table
        self.keep(table)
        log.info("room %s (%s) made by %s", plan.id, name, creator)
        if table.full:
            table.start()
        self.changed()
        return table

    def remove(self, table: Table) -> None:
        """A table nobody will play (still gathering, its maker gone from it)."""
        if table.started:
            return
        self.tables.pop(table.id, None)
        try:
            (self._plans() / f"{table.id}.json").unlink(missing_ok=True)
        except OSError as exc:
            log.error("cannot remove room %s: %s", table.id, exc)
        self.changed()

    def close(self) -> None:
        for table in self.tables.values():
            try:
                table.close()
            except Exception:
                log.exception("closing room %s failed", table.id)
