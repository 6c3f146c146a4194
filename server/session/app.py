"""One session's Textual app: the landlords app, drawn on an SSH channel, opening on the lobby.

It is the local app with the server's own first screens (the first visit's name, the lobby) and its own
way of leaving a game (back to the lobby; the seat is kept). It installs no signal handler (the server's
process is not the session's), and an error in it ends this session alone: logged, the player told in
one line, the table and every other session untouched.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from rich.color import ColorSystem
from textual import events
from textual.actions import SkipAction
from textual.binding import Binding, BindingType
from textual.widgets import Input

from room import heap
from server.people.chat import Pace
from server.screens.lobby import LobbyScreen
from server.session.terminal import ChannelDriver, Terminal
from server.tables.client import TableClient
from server.tables.lobby_index import IndexedRoom
from server.tables.plans import TableError
from translation import N_, _
from tui.app import WHEN_SHOWN_DELAY, AppOptions, LandlordsApp, Opening

if TYPE_CHECKING:
    from server.screens.session import Session
    from server.tables.table import Table
    from server.tables.worker_rooms import WorkerRooms
    from tui.client import GameClient

log = logging.getLogger(__name__)

HELD_MAX = 64  # keys kept while a session enters the room it asked for (more are a flood, and dropped)

CRASHED = N_("Sorry: something went wrong on the server. Your seat and your game are safe; connect again.")


def color_system(term: str, colorterm: str = "") -> ColorSystem | None:
    """Return the colour system the player's terminal supports, from the terminal type its client reports."""
    if colorterm.lower() in ("truecolor", "24bit"):
        return ColorSystem.TRUECOLOR
    if term in ("", "dumb"):
        return ColorSystem.STANDARD
    if "256" in term or "direct" in term or term.startswith(("xterm-kitty", "alacritty", "foot", "wezterm")):
        return ColorSystem.EIGHT_BIT
    return ColorSystem.STANDARD


class ServerApp(LandlordsApp):
    """The Textual app of one SSH session."""

    closes_shared_pool = (
        False  # the worker's rooms share their pool (`server.tables.worker_rooms.WorkerRooms.chances_pool`)
    )

    # Checked before the screen's own keys: a decision's dialog would keep the `/` from the app otherwise.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "chat", N_("Chat"), priority=True),
        Binding(
            "a", "vote", N_("Vote"), show=False, priority=True
        ),  # over a dialog without an `a` of its own
    ]

    def __init__(
        self,
        worker_rooms: WorkerRooms,
        terminal: Terminal,
        fingerprint: str,
        wanted: str | None = None,
        term: str = "xterm",
        colorterm: str = "",
        name: str = "",
        watch: bool = False,
        host: str = "",
        port: int = 0,
        note: str = "",
        zone: str = "",
    ) -> None:
        """`note`: a line to show first (the language asked for is not one the game has). `zone`: the time
        zone the client named, for deadlines ("" for UTC)."""
        self._term = (term, colorterm)
        self.host = host or worker_rooms.config.host  # the server's address as the player reached it
        self.port = port or worker_rooms.config.port  # and its port: a balancer's in front may differ
        super().__init__(AppOptions(theme="auto", ascii=False), Opening(), worker_rooms.persistence)
        self.driver_class = ChannelDriver
        # Textual points the process's stdout and stderr at the app while it runs, and puts back what it
        # found when it ends: with many apps starting and ending in any order, that would leave them
        # pointing at an app long gone. Each session's app "redirects" them to where they already are.
        self._capture_stdout = sys.stdout  # type: ignore[assignment]
        self._capture_stderr = sys.stderr  # type: ignore[assignment]
        self.terminal = terminal
        self.worker_rooms = worker_rooms
        self.fingerprint = fingerprint
        self.wanted = wanted
        self.wanted_watch = watch
        self.player_name = name
        self.crashed = False
        self.ending = False  # the connection is gone and the app is winding down (`end`)
        self.moving: tuple[str, bool] | None = None  # the room (and whether to watch) held by another worker
        self.note = note
        self.zone = zone
        self.language_chosen: str | None = None  # a language chosen in the lobby: the app starts again in it
        self._held: list[events.Key] | None = None  # keys held until the wanted room is entered
        self.table_left: Callable[[], object] | None = None  # told as a table's screen closes (`room.heap`)

    def _pick_theme(self) -> str:
        self.console._color_system = color_system(*self._term)
        return super()._pick_theme()

    def _install_hang_up(self) -> None:
        """Install no process-wide hang-up handlers: the server's process is shared, and the session ends with
        its channel."""

    # --- the first screens --------------------------------------------------------------------

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # instead of the start screen
        event.prevent_default()
        self.set_class(self.glyphs.ascii_only, "-ascii")
        if self.player_name:
            self.to_lobby()
        else:
            from server.screens.name import NameScreen

            self.push_screen(NameScreen())
        self.call_after_refresh(self._check_size)
        if self.note:
            self.notify(self.note, severity="warning", timeout=8)

    async def choose_name(self, text: str) -> None:
        """Bind the name to the player's key; raises `engine.core.text.TextError` with the reason when the
        name
        cannot be had."""
        self.player_name = await self.worker_rooms.choose_name(self.fingerprint, text)
        log.info("key %s chose the name %r", self.fingerprint, self.player_name)
        self.to_lobby()

    async def rename(self, text: str) -> str:
        """Give the player's key another name; the rooms joined from now on know it (those under way keep
        the old one). Raises `engine.core.text.TextError` with the reason when the name cannot be had."""
        self.player_name = await self.worker_rooms.choose_name(self.fingerprint, text, rename=True)
        return self.player_name

    def to_lobby(self) -> None:
        self.pop_to_lobby()
        if not isinstance(self.screen, LobbyScreen):
            if len(self.screen_stack) > 1:
                self.switch_screen(LobbyScreen())
            else:
                self.push_screen(LobbyScreen())
        wanted, self.wanted = self.wanted, None
        if wanted:
            self._held = []  # keys typed on the way (as the session moved) are the table's, not the lobby's
            self.call_after_refresh(self._enter_wanted, wanted, self.wanted_watch)

    def _enter_wanted(self, name: str, watch: bool) -> None:
        """Enter the room requested; then replay the keys typed on the way, in order, ahead of any typed
        from now on (which are the room's screens' as they come: a dialog it opens, say)."""
        try:
            self.enter(name, watch)
        finally:
            held, self._held = self._held, None
            for key in held or ():
                self.post_message(events.Key(key.key, key.character))

    def pop_to_lobby(self) -> None:
        from tui.screens.game import GameScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, LobbyScreen):
            if isinstance(self.screen, GameScreen) and self.table_left is not None:
                self.table_left()  # its screen was frozen once drawn, and dies now in the session
            self.pop_screen()

    def _back_to_start(self) -> None:
        self.close_game()
        self.pop_to_lobby()

    # --- tables -------------------------------------------------------------------------------

    def enter(self, name: str, watch: bool) -> None:
        """Enter a table: one's own seat, to a free one, or (`watch`, or no seat to be had) to watch."""
        table = self.worker_rooms.find(name)
        if table is None:
            self.notify(_("There is no room called {name}.", name=name), severity="warning", timeout=5)
            return
        try:
            table = self.worker_rooms.wake(table)  # a room let go here is loaded again
        except TableError as exc:
            self.notify(str(exc), severity="warning", timeout=8)
            return
        if isinstance(table, IndexedRoom):
            self.move_to(table.id, watch)
            return
        try:
            entry = self.worker_rooms.admit(table, self.fingerprint, self.player_name, watch)
        except TableError as exc:
            self.notify(str(exc), severity="warning", timeout=8)
            return
        if entry.watching:
            self.notify(entry.watching, timeout=4)
        if not table.started:
            from server.screens.waiting import WaitingScreen

            self._back_to_start()
            self.push_screen(WaitingScreen(table))
            return
        try:
            client = TableClient(table, entry.seat)
        except (TableError, ValueError) as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.play_client(client)

    def move_to(self, room: str, watch: bool) -> None:
        """Move to another worker's room: this app ends, and the front relays the terminal there."""
        self.moving = (room, watch)
        self.end()

    def choose_language(self, code: str) -> None:
        """Switch to another language from now on: stored for the key, and the app starts again in the lobby
        in it (an app's text is rendered in the language it started in), as a move to another room does."""
        self.worker_rooms.keep_language(self.fingerprint, code)
        self.language_chosen = code
        self.move_to("", False)

    def play_client(self, client: GameClient) -> None:
        from server.screens.room import RoomScreen

        assert isinstance(client, TableClient)
        self._back_to_start()
        screen = RoomScreen(
            client, self.glyphs, self.player_name, self.worker_rooms.limits.chat_max, self.zone
        )
        self._game = screen
        for under in self.screen_stack:
            if isinstance(under, LobbyScreen):
                under.put_away()
        self.push_screen(screen)
        # the table's screen, once drawn, lives as long as the game: frozen out of the collector's full
        # passes in a worker that freezes its heap (`room.heap`), rather than walked by them as it ages
        self.set_timer(WHEN_SHOWN_DELAY, heap.set_aside, name="table set aside")

    def leave_waiting(self, table: Table) -> None:
        table.leave_seat(self.fingerprint)
        if not any(s.owner for s in table.plan.seats):
            self.worker_rooms.remove(table)
        self.to_lobby()

    async def on_event(self, event: events.Event) -> None:
        """Treat any key a person presses at his table as his action: a stand-in bot holding his seat leaves
        it."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self._held is not None:
                if len(self._held) < HELD_MAX:
                    self._held.append(event)
                return
            client = getattr(self._game, "client", None)
            if isinstance(client, TableClient):
                client.acted()
        await super().on_event(event)

    # --- leaving ------------------------------------------------------------------------------

    def quit_hint(self) -> str:
        """Return what Ctrl+Q does here: from a game, back to the lobby; from the lobby, the end of the
        session."""
        if self._game is not None or len(self.screen_stack) > 2:
            return _("Ctrl+Q goes back to the lobby; your seat is kept.")
        return _("Ctrl+Q ends the session.")

    async def action_quit(self) -> None:
        """Quit: from a game, back to the lobby (the seat is kept for them); from the lobby, the session
        ends."""
        if self._game is not None or len(self.screen_stack) > 2:
            self._back_to_start()
            if not isinstance(self.screen, LobbyScreen):
                self.to_lobby()
            return
        self.exit(0)

    def _can_chat(self) -> bool:
        """Return whether chat is available: at a table or in the lobby, and not typing text (the chat line
        itself, a name): there `/` is only a key."""
        from server.screens.chat import ChatDialog
        from server.screens.room import RoomScreen

        focused = self.focused
        typing = isinstance(focused, Input) and focused.type != "integer"
        here = isinstance(self._game, RoomScreen) or isinstance(self.screen, LobbyScreen)
        return here and not isinstance(self.screen, ChatDialog) and not typing

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            return self._can_chat()  # in the footer at a table and in the lobby only
        if action == "vote":
            return self._can_vote()
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        """Open the chat (`/`) to the lobby, or to the table from any screen of it (a decision's dialog
        included)."""
        from server.screens.room import RoomScreen

        if not self._can_chat():
            raise SkipAction()
        screen, game = self.screen, self._game
        if isinstance(screen, LobbyScreen):
            screen.action_chat()
        elif isinstance(game, RoomScreen):
            game.action_chat()

    @cached_property
    def chat_pace(self) -> Pace:
        """This session's chat rate limit, in the lobby and at tables alike."""
        return Pace(self.worker_rooms.limits.chat_lines, self.worker_rooms.limits.chat_seconds)

    def _can_vote(self) -> bool:
        """Return whether the vote key works: over a dialog at the table (an auction's, say), where the dialog
        has no `a` of its own (buying, an offer, travel cards): the table's own `a` is its screen's. Whether
        or not a seat holds the table up: when none does, the key says why no vote can be called (a key that
        does nothing says why)."""
        from server.screens.room import RoomScreen

        game, top = self._game, self.screen
        if not isinstance(game, RoomScreen) or top is game or not self._can_chat():
            return False
        return not any(isinstance(b, Binding) and "a" in b.key.split(",") for b in top.BINDINGS)

    def action_vote(self) -> None:
        """Handle `a` over a dialog at the table: call or answer a vote as from the table itself."""
        from server.screens.room import RoomScreen

        if isinstance(self._game, RoomScreen):
            self._game.action_vote()

    def action_leave(self) -> None:
        self.close_game()
        self.exit(0)

    def action_new_game(self) -> None:
        from server.screens.new_room import NewRoomScreen

        self._back_to_start()
        self.push_screen(NewRoomScreen())

    def action_quick_game(self) -> None:
        self.to_lobby()

    def action_resume(self) -> None:
        self.to_lobby()

    def end(self) -> None:
        """End the app after the connection is gone: leave the table (the seat is kept for them) and stop."""
        self.ending = True
        try:
            self.close_game()
        finally:
            self.exit(0)

    # --- the unexpected -----------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """End this session alone on an unexpected exception: logged with its player, and the table is left in
        good order."""
        if self.crashed:
            return
        if self.ending:  # a screen still mounting as the app winds down finds its parts gone: no fault
            log.info("session of %s ended while drawing: %s", self.fingerprint, error)
            self._close_messages_no_wait()
            return
        self.crashed = True
        log.error("session of %s failed", self.fingerprint, exc_info=error)
        try:
            self.close_game()
        except Exception:
            log.exception("leaving the table after a failure failed")
        self._return_code = 1
        self._close_messages_no_wait()


if TYPE_CHECKING:
    _HELD_TO: type[Session] = ServerApp  # what the screens ask of the app, which they never import
