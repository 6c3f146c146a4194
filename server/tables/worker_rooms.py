"""The rooms of one worker process, and how it sees the server's other rooms.

A worker holds some tables (`tables`: their rooms, bots and saves) and reads the others from the lobby's
index, which the front process writes (`server.tables.lobby_index`, read in `server.tables.lobby_rooms`):
it keeps nothing of a room it does not hold. Each table's plan is a small JSON file in the
server's `rooms/` folder, written by the worker that holds it; its game is a save file in the saves folder,
the same as the local game's; its banks, chat and vote are a third, in `room-state/`
(`server.tables.keeping`). The front reads the plans on start and hands each table to a worker; a
table's game is loaded from its save when someone first comes to it. A turn-based room that only waits on
a person is not held at all (`take`, `Table.unload`): the worker keeps its id and deadline
(`server.tables.alarms`), its line in the lobby is the index's, and it loads it again when someone comes to
it (`wake`) or its deadline falls due. Names and the making of tables are the front's to decide
(`FrontLink`), so that two workers never make two rooms of one name.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.text import TextError
from room import Persistence
from room.chances import ChancesPool, default_processes
from server.base.clock import Handle, LoopClock
from server.base.config import ServerConfig
from server.base.state import read_json, write_json
from server.people.chat import LobbyTalk, Said, words_of
from server.people.notices import MailState
from server.people.ratings import RatingBoard
from server.tables.alarms import Alarms
from server.tables.front_link import FrontLink as FrontLink
from server.tables.keeping import Keeper, Kept
from server.tables.lobby_index import IndexedRoom, LobbyIndex
from server.tables.lobby_line import TableStatus
from server.tables.lobby_rooms import AnyTable as AnyTable
from server.tables.lobby_rooms import LobbyRooms
from server.tables.making import check_turn_based_seats
from server.tables.over_rooms import OverRooms
from server.tables.plans import Plan, RoomRequest, TableError
from server.tables.room_files import ROOMS as ROOMS
from server.tables.room_files import plan_of
from server.tables.room_summary import RoomSummary
from server.tables.table import Entry, Table
from server.tables.turn_pace import AWAY_DAYS, DAY, away_words, unloaded_status
from translation import _, speaking
from translation.listeners import held

log = logging.getLogger(__name__)

LOBBY_EVERY = 0.5  # seconds: the lobbies are told of changes at most this often


class WorkerRooms(OverRooms, LobbyRooms):
    """The tables of one worker, and the lobby's index of every room."""

    def __init__(
        self,
        config: ServerConfig,
        loop: asyncio.AbstractEventLoop,
        front: FrontLink,
        clock: LoopClock | None = None,
        worker: int = 0,
    ) -> None:
        self.config = config
        self.limits = config.limits
        self.folder = config.folder
        self.persistence = Persistence(config.saves)
        self.front = front
        self.clock = clock or LoopClock(loop)
        """The tables' clock: the loop's, or one a test moves (`SetClock`)."""
        share = max(1, default_processes() // max(1, config.workers))
        self.chances_pool = ChancesPool(self.limits.chances_processes or share)
        """The processes this worker's rooms work their chances out on: the cores, shared by the workers."""
        self.tables: dict[str, Table] = {}
        self.worker = worker  # this worker's number (the index names the worker of each room)
        self.index = LobbyIndex(self.folder)
        self._watchers: list[Callable[[], None]] = []
        self._tell: Handle | None = None
        self._kept: dict[str, dict[str, Any]] = {}  # each room's plan as last written
        self._dirty: set[str] = set()  # tables the front has not heard of since they changed
        self._waiting: dict[str, int] = {}  # sessions at each room still gathering (its waiting screen)
        self._expiry: dict[str, Handle] = {}  # rooms still gathering with nobody at them, and their end
        self.ratings: RatingBoard | None = None  # the people's ratings, as the front last told (None: off)
        self.lobby_talk = LobbyTalk(self.limits.lobby_chat_kept)  # the lobby's chat, as the front tells it
        self.keeper = Keeper(self.folder, loop)  # each table's banks, chat and vote, kept as they change
        self.people: list[str] = []  # on a server of several hosts: the people connected to any of them
        self.unloaded: set[str] = set()
        """Turn-based rooms of this worker let go while they wait on a person: each is in `alarms` (its
        deadline) and holds no table; its line in the lobby is the index's."""
        self.alarms = Alarms(self.clock, self._deadline_due)
        self._start_over_rooms()

    # --- keeping the plans --------------------------------------------------------------------

    def _plans(self) -> Path:
        return self.folder / ROOMS

    def take(self, plan: Plan | RoomSummary) -> TableStatus:
        """Take ownership of a room saved before (on starting, or from a host that stopped), or made just
        now: a turn-based room that waited on a person stays unloaded until someone comes or its deadline
        (no table held for it), any other is adopted. A room handed by its summary (on starting) has its plan
        read from the disk when it is adopted (`TableError` when it cannot be read). How it stands, for the
        front."""
        held = self.tables.get(plan.id)
        if held is not None:
            return held.status()
        kept = None
        if plan.turn_based and plan.save_id is not None and not plan.finished:
            kept = self.keeper.read(plan.id, self.limits.chat_max, self.limits.chat_kept)
            status = unloaded_status(plan, kept.deadline, kept.vote)
            if status is not None:
                self._keep_unloaded(plan, status, status.due)
                return status
        if isinstance(plan, RoomSummary):
            whole = plan_of(self.folder, plan.id)
            if whole is None:
                raise TableError(_("The room {name} cannot be opened now.", name=plan.name))
            plan = whole
        return self.adopt(plan, kept).status()

    def _keep_unloaded(self, plan: Plan | RoomSummary, status: TableStatus, due: float) -> None:
        self.unloaded.add(plan.id)
        self.alarms.set(plan.id, due)
        self.changed()

    def _on_unload(self, table: Table, due: float) -> None:
        """Let a table go that has just unloaded its game (`Table.unload`): only its id and deadline are kept
        here (the front writes its line in the lobby's index)."""
        if self.tables.get(table.id) is not table:
            return
        self.keep(table)  # its plan is read back from the disk when it is woken
        del self.tables[table.id]
        self._kept.pop(table.id, None)
        self._dirty.discard(table.id)
        self.keeper.forget(table.id)
        status = table.status()
        self._keep_unloaded(table.plan, status, due)
        self.front.report(table.plan.to_json(), status)

    def _deadline_due(self, table_id: str) -> None:
        if table_id in self.unloaded:
            try:
                self._wake(table_id, table_id)
            except TableError as exc:
                log.error("room %s not loaded at its deadline: %s", table_id, exc)

    def wake(self, table: AnyTable) -> AnyTable:
        """Return the table to enter for one found in the lobby: a room this worker let go is loaded again,
        its plan read from the disk, any other is itself. `TableError` when its plan cannot be read."""
        if not isinstance(table, IndexedRoom) or table.id not in self.unloaded:
            return table
        return self._wake(table.id, table.name)

    def _wake(self, table_id: str, name: str) -> Table:
        plan = plan_of(self.folder, table_id)
        if plan is None:
            raise TableError(_("The room {name} cannot be opened now.", name=name))
        log.info("room %s loaded again", table_id)
        return self.adopt(plan)

    def adopt(self, plan: Plan, kept: Kept | None = None) -> Table:
        """Hold a table and load its game when it is needed (a turn-based room's at once, as it goes on with
        nobody here): made just now, saved from before (`kept`: its state as already read back), or a room
        let go that someone comes to."""
        held = self.tables.get(plan.id)
        if held is not None:
            return held
        self.unloaded.discard(plan.id)
        self.alarms.cancel(plan.id)
        table = Table(
            plan,
            self.persistence,
            self.clock,
            lambda: self._table_changed(table),
            self.chances_pool,
            self.keeper,
        )
        table._save_delay = self.config.save_delay
        table.rated = lambda: self.ratings is not None
        table.chat_kept = self.limits.chat_kept
        table.on_unload = lambda due: self._on_unload(table, due)
        if kept is None:
            kept = self.keeper.read(plan.id, self.limits.chat_max, self.limits.chat_kept)
        table.restore(kept)
        if kept.found == "found":  # as written: not written again on stopping unless it changes
            self.keeper.written(plan.id, table.kept_state())
        # the limit bounds the panel's own count
        table.chances_playouts = max(1, min(table.chances_playouts, self.limits.chances_playouts))
        table.chances_rest = self.limits.chances_rest
        self.tables[plan.id] = table
        written = read_json(self._plans() / f"{plan.id}.json")  # a room saved before: its plan as it is
        if written == plan.to_json():  # not written again (synced, a write is some ms a room at start)
            self._kept[plan.id] = written
        self.keep(table)
        if table.full and not table.started:
            try:
                table.start()
            except TableError as exc:
                log.error("room %s cannot start: %s", plan.id, exc)
        if plan.turn_based and table.started and not table.finished:
            try:  # it goes on with nobody here: its bots move, its deadlines fall due
                table.open()
            except TableError as exc:
                log.error("room %s cannot go on: %s", plan.id, exc)
        self._expire_later(table)
        self._table_changed(table)
        return table

    def keep(self, table: Table) -> None:
        """Write the room's plan (its seats, who sits in them, its options) when it has changed: not on
        every move of its game, which its save records."""
        plan = table.plan.to_json()
        if self._kept.get(table.id) == plan:
            return
        try:
            write_json(self._plans() / f"{table.id}.json", plan)
            self._kept[table.id] = plan
        except OSError as exc:
            log.error("cannot keep room %s: %s", table.id, exc)

    def _table_changed(self, table: Table) -> None:
        if self.tables.get(table.id) is not table:  # let go, or dropped: its last words changed nothing here
            return
        self.keep(table)
        self._dirty.add(table.id)
        self._leave_later(table)
        self.changed()

    # --- the registry -------------------------------------------------------------------------

    def registry(self, changed: list[str], gone: list[str] | None = None) -> None:
        """Hear from the front which rooms changed, or are gone, since it last told (their facts are in the
        index): the lobbies are drawn again."""
        self.changed()

    def rated(self, raw: Any) -> None:
        """Receive the front's leaderboard (pushed when a worker starts and after every game it records)."""
        try:
            self.ratings = RatingBoard.from_json(raw)
        except (ValueError, TypeError) as exc:
            log.warning("a board of ratings not used: %s", exc)
            return
        self.changed()

    # --- the lobby ----------------------------------------------------------------------------

    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]:
        """Subscribe to table changes (at most every half second), rendered in the current language."""
        watcher = held(watcher)
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
        dirty, self._dirty = self._dirty, set()
        for table_id in dirty:
            table = self.tables.get(table_id)
            if table is not None:
                try:
                    self.front.report(table.plan.to_json(), table.status())
                except Exception:
                    log.exception("the front could not be told of room %s", table_id)
        for watcher in list(self._watchers):
            try:
                watcher()
            except Exception:
                log.exception("a lobby failed")

    def admit(self, table: Table, fingerprint: str, name: str, watch: bool) -> Entry:
        """Bring a person to a table held here (`Table.admit`), first refusing a seat at one more turn-based
        room to a person who sits at as many as one may, on every worker (`TableError` with why). The days
        away he declared in his other turn-based rooms cover this one too, joined or made after them."""
        plan = table.plan
        if not watch and plan.turn_based and not table.started and table.seat_of(fingerprint) is None:
            check_turn_based_seats(self.seated_plans(fingerprint), fingerprint, self.limits)
        entry = table.admit(fingerprint, name, watch)
        if entry.seat is not None and plan.turn_based and not table.finished:
            away = self.away_until(fingerprint)
            if away > plan.away_until.get(fingerprint, 0.0):
                table.set_away(entry.seat, away)
        return entry

    # --- days away ----------------------------------------------------------------------------

    def away_here(self, fingerprint: str, until: float) -> list[str]:
        """Record a person's days away (until `until`, seconds since the epoch; 0: back) in each turn-based
        room held here where he has a seat, its deadline for him moved past them; the rooms' names."""
        names = []
        for room in [r.id for r in self.index.of_person(fingerprint) if r.id in self.unloaded]:
            try:
                self._wake(room, room)  # loaded: his deadline running there moves with the days
            except TableError as exc:
                log.error("room %s not loaded for days away: %s", room, exc)
        for table in list(self.tables.values()):
            seat = table.seat_of(fingerprint)
            if seat is not None and table.plan.turn_based and not table.finished:
                table.set_away(seat, until)
                names.append(table.name)
        return names

    async def away(self, fingerprint: str, days: int) -> str:
        """Declare a person away for `days` days (0: back) in all his turn-based rooms, on every worker
        (the front hands it to each): the sentence for him."""
        if not 0 <= days <= AWAY_DAYS:
            return _("Days away are a whole number from 0 to {most}.", most=AWAY_DAYS)
        until = self.clock.wall() + days * DAY if days else 0.0
        try:
            raw = await self.front.ask({"t": "away", "key": fingerprint, "until": until})
        except (ConnectionError, TimeoutError):
            return _("The server is busy; try again.")
        rooms = int(raw.get("rooms", 0)) if isinstance(raw, dict) else 0
        if not rooms:
            return _("You have no seat at a turn-based room to be away from.")
        if not days:
            return _("You are back: your time runs as usual in your turn-based rooms.")
        return away_words(until, rooms)

    def away_until(self, fingerprint: str) -> float:
        """Return until when the person declared himself away in any of his turn-based rooms (the latest),
        or 0 when he is not away."""
        every = self.seated_plans(fingerprint)
        latest = max((p.away_until.get(fingerprint, 0.0) for p in every if not p.finished), default=0.0)
        return latest if latest > self.clock.wall() else 0.0

    # --- the lobby's chat ---------------------------------------------------------------------

    def lobby_say(self, fingerprint: str, text: str) -> None:
        """Send a lobby chat line: the front attributes it and broadcasts it to every worker (this one
        too)."""
        words = words_of(text, self.limits.chat_max)
        if words:
            self.front.say(fingerprint, words)

    def keep_language(self, fingerprint: str, code: str) -> None:
        """Store a person's chosen language via the front, for their key (their next connection uses it)."""
        self.front.keep_language(fingerprint, code)

    def keep_settings(self, fingerprint: str, words: str) -> None:
        """Store a person's line-mode settings via the front, for their key (as `Settings.words`)."""
        self.front.keep_settings(fingerprint, words)

    def lobby_heard(self, lines: list[Any]) -> None:
        """Handle lobby chat lines from the front (the recent ones when this worker starts), checked
        again as they come from another process; the lobbies show them."""
        for raw in lines:
            try:
                self.lobby_talk.heard(Said.from_json(raw, self.limits.chat_max))
            except ValueError as exc:
                log.warning("a lobby chat line not used: %s", exc)
        self.changed()

    # --- asking the front ---------------------------------------------------------------------

    async def create(self, asked: RoomRequest) -> str:
        """Ask the front for a new table (it goes to the worker with the fewest sessions); return its id.
        `TableError` with the reason when it cannot be made."""
        try:
            value = await self.front.ask({"t": "create", **asked.to_json(), "lang": speaking().code})
        except (ConnectionError, TimeoutError) as exc:
            raise TableError(_("The server is busy; try again.")) from exc
        if not isinstance(value, dict) or "id" not in value:
            raise TableError(
                str(value.get("error") if isinstance(value, dict) else _("The room was not made."))
            )
        return str(value["id"])

    @property
    def mail_on(self) -> bool:
        """Whether the server sends word by e-mail (`--smtp`)."""
        return self.config.smtp is not None

    async def mail(
        self, fingerprint: str, do: str, value: str = "", ui_mode: str = "lines"
    ) -> tuple[str, MailState]:
        """Ask the front, which keeps the addresses, for something about the person's mail: `do` is
        "address" (`value` the address: a code is sent to it), "confirm" (`value` the code), "off", "choice"
        ("each" or "digest") or "state". The sentence for the person, in the words of his front end
        (`ui_mode`: "lines", or "screen" for the mail dialog), and what their mail dialog shows."""
        message = {"t": "mail", "key": fingerprint, "do": do, "value": value[:300], "ui_mode": ui_mode}
        message["lang"] = speaking().code
        try:
            raw = await self.front.ask(message)
        except (ConnectionError, TimeoutError):
            return _("The server is busy; try again."), MailState(self.mail_on)
        if not isinstance(raw, dict):
            return "", MailState(self.mail_on)
        return str(raw.get("line") or ""), MailState.from_json(raw.get("state"))

    async def choose_name(self, fingerprint: str, name: str, rename: bool = False) -> str:
        """Bind a name to a key, or give a key that has one another (`rename`: the rooms it joins from now on
        know it by the new one); the front stores the names. `TextError` with the reason."""
        try:
            asked = {"t": "rename" if rename else "name", "key": fingerprint, "name": name}
            value = await self.front.ask({**asked, "lang": speaking().code})
        except (ConnectionError, TimeoutError) as exc:
            raise TextError(_("The server is busy; try again.")) from exc
        if not isinstance(value, dict) or "name" not in value:
            raise TextError(str(value.get("error") if isinstance(value, dict) else _("No name was given.")))
        return str(value["name"])

    # --- rooms still gathering ----------------------------------------------------------------

    def come_to_wait(self, table: Table) -> None:
        """Record a session at a room still gathering (its waiting screen): the room stays."""
        self._waiting[table.id] = self._waiting.get(table.id, 0) + 1
        expiry = self._expiry.pop(table.id, None)
        if expiry is not None:
            expiry.stop()

    def stop_waiting(self, table: Table) -> None:
        """Record that a session has left a room still gathering; with nobody left at it, the room ends in a
        while (its people went away without leaving their seats: they closed the terminal, or lost it)."""
        left = self._waiting.get(table.id, 0) - 1
        if left > 0:
            self._waiting[table.id] = left
            return
        self._waiting.pop(table.id, None)
        self._expire_later(table)

    def _expire_later(self, table: Table) -> None:
        if table.started or self._waiting.get(table.id) or table.id in self._expiry:
            return
        self._expiry[table.id] = self.clock.call_later(
            self.limits.waiting_room_idle, lambda: self._expire(table)
        )

    def _expire(self, table: Table) -> None:
        self._expiry.pop(table.id, None)
        if table.started or self._waiting.get(table.id) or self.tables.get(table.id) is not table:
            return
        log.info("room %s ends: nobody waited at it for %.0f s", table.id, self.limits.waiting_room_idle)
        self.remove(table)

    # --- the end of a table -------------------------------------------------------------------

    def remove(self, table: Table) -> None:
        """Remove a table nobody will play (still gathering, its maker gone from it, or nobody at it)."""
        if table.started:
            return
        expiry = self._expiry.pop(table.id, None)
        if expiry is not None:
            expiry.stop()
        self._waiting.pop(table.id, None)
        self.tables.pop(table.id, None)
        self._kept.pop(table.id, None)
        self._dirty.discard(table.id)
        try:
            (self._plans() / f"{table.id}.json").unlink(missing_ok=True)
        except OSError as exc:
            log.error("cannot remove room %s: %s", table.id, exc)
        self.keeper.remove(table.id)
        self.front.gone(table.id)
        self.changed()

    def let_go(self, table_id: str) -> None:
        """Release a table another host holds now (`server.network.hosts`): closed, its files left."""
        table = self.tables.pop(table_id, None)
        self._kept.pop(table_id, None)
        self._dirty.discard(table_id)
        self.keeper.forget(table_id)
        over = self._over.pop(table_id, None)
        if over is not None:
            over.stop()
        if table_id in self.unloaded:
            self.unloaded.discard(table_id)
            self.alarms.cancel(table_id)
        if table is not None:
            try:
                table.close(keep=False)
            except Exception:
                log.exception("letting room %s go failed", table_id)
        self.changed()

    def close(self) -> None:
        """Save and release every table held (those let go are all on the disk already): each one's state is
        written if it changed since it was last written."""
        self.alarms.stop()
        self._stop_over_rooms()
        self.keeper.stop()  # the writes under way land first: each table's last state is written after them
        for table in self.tables.values():
            try:
                table.close()
            except Exception:
                log.exception("closing room %s failed", table.id)
        self.chances_pool.close()
        self.index.close()
