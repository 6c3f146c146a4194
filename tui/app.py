"""The landlords app: themes and glyphs, the start screen, the game, help, and a clean exit.

It quits on Ctrl+Q and on a hang-up (an SSH connection dropping) after saving the game, does not suspend on
Ctrl+Z, says so when the window is too small, and answers an unexpected error with a sentence, never a
traceback. Notifications are plain text: the names and paths in them are never read as markup.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal, Self

from rich.console import RenderableType
from textual._compositor import CompositorUpdate
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen

from engine.core.text import plain
from room import pacing
from translation import N_, _
from tui import terminal
from tui.drawing import cursor
from tui.drawing.notices import BAR, Notices
from tui.models.layout import too_small
from tui.styles import themes
from tui.styles.focus import FOCUS_CSS
from tui.styles.glyphs import ASCII, UNICODE, Glyphs, unicode_ok, use_ascii_controls
from tui.styles.themes import GameThemes

if TYPE_CHECKING:
    from room import Persistence
    from room.past_game import PastGame
    from room.review import ReviewJob
    from tui.client import GameClient


WHEN_SHOWN_DELAY = 0.5
"""Seconds from the first screen being drawn to the app's `when_shown` work (Textual writes the screen to
the terminal from a thread of its own, which that work would hold up)."""


@dataclass(frozen=True)
class AppOptions:
    """Display and run options of the app, from the command line."""

    theme: str = "auto"  # auto, dark, light, ansi
    ascii: bool | None = None  # None: decide from the terminal's locale
    speed: str = pacing.DEFAULT_SPEED
    saves_dir: Path | None = None
    name: str | None = None  # the person's name in quick and new games
    cursor: bool = False  # show the terminal's cursor on the focused control (`tui.drawing.cursor`)


@dataclass(frozen=True)
class Opening:
    """The first screen the app shows."""

    kind: Literal["menu", "quick", "learn", "new", "resume", "client", "review", "replay"] = "menu"
    save_id: str | None = None
    edition: str = "classic"
    seed: int | None = None
    client: GameClient | None = None
    review: ReviewJob | None = None  # a saved game's review, shown alone (`landlords review`)
    past: PastGame | None = None  # a past game on the board (`landlords replay`); None: choose a save
    grow: Callable[[], bool] | None = None  # plays the past game on (`landlords demo`)
    turn: int | None = None  # the turn the past game opens at (from 1); None: its first move


class LandlordsApp(App[int]):
    TITLE = "landlords"
    closes_shared_pool: ClassVar[bool] = True
    """The app is the program: when it ends, so do the processes that worked out chances and reviews."""
    CSS = (
        """
    .-ascii GameDialog > #dialog, .-ascii GameOverScreen > #dialog, .-ascii HelpScreen > #dialog {
        border: ascii $primary;
    }
    .-ascii HoldingsPanel, .-ascii DeedPanel, .-ascii EventLog, .-ascii CommandList, .-ascii OptionList {
        border: ascii $primary 50%;
    }
    .-ascii ChancesPanel, .-ascii ReviewScreen .part {
        border: ascii $primary 50%;
    }
    .-ascii #log-below {
        border: none;
        border-top: ascii $primary 50%;
    }
    .-ascii SelectionList {
        border: ascii $primary 50%;
    }
    """
        + FOCUS_CSS
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("f1,question_mark", "help", N_("Help")),
        Binding("ctrl+z", "no_suspend", "", show=False, priority=True),
    ]

    def __init__(
        self,
        options: AppOptions | None = None,
        opening: Opening | None = None,
        persistence: Persistence | None = None,
        when_shown: Callable[[], object] | None = None,
    ) -> None:
        self._notices: Notices | None = None
        super().__init__()
        self._when_shown = when_shown
        self.options = options or AppOptions()
        self.opening = opening or Opening()
        self._persistence = persistence
        use_ascii = self.options.ascii if self.options.ascii is not None else not unicode_ok()
        self.glyphs: Glyphs = ASCII if use_ascii else UNICODE
        use_ascii_controls(use_ascii)
        self.notices.edge = "|" if use_ascii else BAR
        self.speed = self.options.speed
        self._game: Screen[None] | None = None
        self._hung_up = False
        self._departure: terminal.Departure | None = None
        for theme in themes.themes():
            self.register_theme(theme)
        self.theme = self._pick_theme()

    @property
    def persistence(self) -> Persistence:
        """The saved games, opened on first use: the start screen shows before the engine and the
        saves are loaded."""
        if self._persistence is None:
            from room import Persistence

            self._persistence = Persistence(self.options.saves_dir)
        return self._persistence

    def _pick_theme(self) -> str:
        choice = self.options.theme
        if choice in themes.THEME_CHOICES:
            return themes.THEME_CHOICES[choice]
        if self.console.color_system in ("standard", "windows"):
            return themes.ANSI
        return themes.DARK

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return themes.defaults()

    # --- the first screen ---------------------------------------------------------------------

    def on_mount(self) -> None:
        from tui.screens.start import StartScreen

        self._install_hang_up()  # first: a game is opened (and locked) only once a hang-up would save it
        self.set_class(self.glyphs.ascii_only, "-ascii")
        self.push_screen(StartScreen())
        opening = self.opening
        if opening.kind == "quick":
            self.action_quick_game()
        elif opening.kind == "learn":
            self.action_learn()
        elif opening.kind == "new":
            self.action_new_game()
        elif opening.kind == "resume":
            self.resume_game(opening.save_id)
        elif opening.kind == "client" and opening.client is not None:
            self.play_client(opening.client)
        elif opening.kind == "review" and opening.review is not None:
            from tui.screens.review import ReviewScreen

            self.push_screen(ReviewScreen(opening.review, self.glyphs, leaves_app=True))
        elif opening.kind == "replay":
            self._open_replay(opening)
        self.call_after_refresh(self._check_size)

    def on_ready(self) -> None:
        """Run the work deferred until the first screen is drawn (`when_shown`) a moment later, once the
        screen has reached the terminal and while the person reads it."""
        if self._when_shown is not None:
            self.set_timer(WHEN_SHOWN_DELAY, self._when_shown, name="when shown")
        if self.options.cursor and self._driver is not None and not self.is_headless:
            self._driver.write(cursor.SHOW)

    def _install_hang_up(self) -> None:
        """Install handlers so that SIGHUP, SIGTERM and a lost terminal save the game and end the app
        (`tui.terminal`)."""
        if self.is_headless:
            return
        departure = terminal.Departure(self.hang_up, self._rescue)
        try:
            departure.start(asyncio.get_running_loop())
        except (RuntimeError, ValueError):
            return  # not the main thread: Ctrl+Q still saves
        self._departure = departure

    def _rescue(self) -> None:
        """Save the open games from another thread (see `tui.terminal`). Saves never opened hold no game,
        so the start screen shows without loading the engine and the saves to install this."""
        persistence = self._persistence
        if persistence is not None:
            persistence.rescue()

    # --- games --------------------------------------------------------------------------------

    def refresh(self, *, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Pass a layout refresh on to the top screen only. Textual asks the app for a layout when a screen is
        mounted under it or removed (a dialog opened or closed) and passes that on to the screen on top as a
        layout and a whole repaint, although nothing on that screen moved: a dialog lays itself out when first
        shown, and the screen a dialog leaves is repainted whole on its return. On a server holding many
        tables that was a second drawing of the whole screen with every dialog closed; those requests are
        answered here with nothing to do."""
        if layout and not recompose:
            return self
        return super().refresh(repaint=repaint, layout=layout, recompose=recompose)

    @property
    def game_screen(self) -> Screen[None] | None:
        return self._game

    def _back_to_start(self) -> None:
        """Close the current game, if any, and leave only the start screen."""
        self.close_game()
        from tui.screens.start import StartScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def close_game(self) -> bool:
        """Save and close the current game; return True if it was saved."""
        game = self._game
        self._game = None
        if game is None:
            return False
        from tui.screens.game import GameScreen

        if not isinstance(game, GameScreen):
            return False
        client = game.client
        problem = client.save_now()
        if problem:
            self.notify(problem, severity="error", timeout=8)
        saved = client.saving and problem is None
        client.close()
        return saved

    def play_client(self, client: GameClient) -> None:
        from tui.screens.game import GameScreen

        self._back_to_start()
        screen = GameScreen(client, self.glyphs, None if client.paced else self.speed)
        self._game = screen
        self.push_screen(screen)

    def start_table(self, setup: object) -> None:
        """Start a new game from a `TableSetup` (the new-game form, or a quick game)."""
        from engine import SetupError
        from room import Persistence, PersistenceError, TableSetup, open_room
        from tui.client import LocalClient

        assert isinstance(setup, TableSetup)
        try:
            room = open_room(setup, self.persistence)
        except SetupError as exc:
            self.notify(str(exc), severity="error", timeout=6)
            return
        except PersistenceError as exc:
            self.notify(_("This game will not be saved: {reason}", reason=exc), severity="error", timeout=8)
            room = open_room(setup, Persistence.off())
        self.play_client(LocalClient(room))

    def resume_game(self, save_id: str | None) -> None:
        from room import PersistenceError, resume_room
        from tui.client import LocalClient

        try:
            room = resume_room(self.persistence, save_id)
        except PersistenceError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.play_client(LocalClient(room))

    def _open_replay(self, opening: Opening) -> None:
        """Open the replay screen on a past game alone (`landlords replay`, `landlords demo`), or the saved
        games to choose one from."""
        from tui.screens.replay import ReplayScreen
        from tui.screens.resume import ResumeScreen

        if opening.past is None:
            self.push_screen(ResumeScreen(self.persistence, replay=True, leaves_app=True))
            return
        playing = opening.grow is not None
        screen = ReplayScreen(
            opening.past, self.glyphs, grow=opening.grow, playing=playing, turn=opening.turn, leaves_app=True
        )
        self.push_screen(screen)

    def replay_game(self, save_id: str) -> None:
        """Open a saved game on the replay screen; a file that cannot be shown gets a notice."""
        from room import PersistenceError
        from tui.screens.replay import ReplayScreen

        try:
            past = self.persistence.past_game(save_id)
        except PersistenceError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.push_screen(ReplayScreen(past, self.glyphs))

    # --- actions ------------------------------------------------------------------------------

    def action_quick_game(self) -> None:
        from room import quick_setup

        self.start_table(quick_setup(self.options.name, self.opening.seed))

    def action_learn(self) -> None:
        """Start the tutorial game: the unfinished one, if there is one, else a new one."""
        from room import PersistenceError, lesson_setup

        try:
            unfinished = [g for g in self.persistence.saved_games() if g.lesson and not g.finished]
        except PersistenceError:
            unfinished = []
        if unfinished:
            self.resume_game(unfinished[0].id)
        else:
            self.start_table(lesson_setup(self.options.name))

    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen

        self._back_to_start()
        self.push_screen(NewGameScreen(self.opening.edition, self.opening.seed, self.options.name))

    def action_resume(self) -> None:
        from tui.screens.resume import ResumeScreen

        self._back_to_start()
        self.push_screen(ResumeScreen(self.persistence))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        own = getattr(self.screen, "help_screen", None)  # a screen with keys of its own (the replay)
        if callable(own):
            self.push_screen(own())
            return
        game = self._game
        client = getattr(game, "client", None)
        if client is not None:
            view = client.view(None)
            board, names, fingerprint = client.board, client.names, client.fingerprint
            pace = client.pace_rules()
            self.push_screen(
                HelpScreen(board, view.rules, view.ruleset, names, self.glyphs, fingerprint, pace=pace)
            )
        else:
            self.push_screen(HelpScreen())

    def action_no_suspend(self) -> None:
        self.notify(_("landlords does not suspend; Ctrl+Q saves the game and quits."), timeout=3)

    def action_help_quit(self) -> None:
        """Handle Ctrl+C: show how to quit here, as plain text (Textual's own hint is markup, which the
        notices show as typed, and names what Ctrl+Q does in a plain app)."""
        self.notify(self.quit_hint(), title=_("Do you want to quit?"), timeout=4)

    def quit_hint(self) -> str:
        """Return a sentence describing what Ctrl+Q does now."""
        if self._game is not None:
            return _("Ctrl+Q saves the game and quits.")
        return _("Ctrl+Q quits.")

    async def action_quit(self) -> None:
        game = self._game
        client = getattr(game, "client", None)
        over = client is not None and client.view(None).winner is not None
        lesson = client is not None and client.lesson
        saved = self.close_game()
        self.exit(0, message=self.farewell(saved, over, lesson) if client is not None else None)

    def farewell(self, saved: bool, over: bool, lesson: bool = False) -> str:
        """Return the message printed once the screen is gone: where the game is and how to take it up."""
        folder = self.options.saves_dir
        where = f" --saves-dir {folder}" if folder is not None else ""
        if not saved:
            return _("This game was not saved.")
        if over:
            return _("The finished game is saved: `landlords saves list{where}` shows it.", where=where)
        if lesson:
            return _(
                "The lesson is saved: `landlords learn{where}` takes it up where you left it.", where=where
            )
        return _("The game is saved: `landlords resume{where}` takes it up where you left it.", where=where)

    def hang_up(self, status: int = terminal.HANG_UP) -> None:
        """Handle a lost terminal (129) or a stop signal (143): save, then exit quietly with that status."""
        if self._hung_up:
            return
        self._hung_up = True
        try:
            self.close_game()
        finally:
            if self._departure is not None:
                self._departure.saved()
            self.exit(status, return_code=status)

    def panic(self, *renderables: RenderableType) -> None:
        """Override Textual's exit on an input failure: when that is because the terminal is gone, leave as on
        a hang-up, with the game saved, rather than as on an error."""
        if self._departure is not None and self._departure.gone:
            self._departure.depart(terminal.HANG_UP, gone=True)
            self.hang_up(terminal.HANG_UP)
            return
        super().panic(*renderables)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show every notification as plain text, whatever its caller asked: they quote names, paths and
        reasons, which are never markup."""
        super().notify(plain(message), title=plain(title), severity=severity, timeout=timeout, markup=False)

    @property
    def notices(self) -> Notices:
        """The notifications drawn over the top screen (see `tui.drawing.notices`)."""
        if self._notices is None:
            self._notices = Notices(self)
        return self._notices

    @property
    def _disable_notifications(self) -> bool:
        """Keep screens from mounting Textual's toast rack: the notices are drawn by `notices` instead."""
        return True

    @_disable_notifications.setter
    def _disable_notifications(self, value: bool) -> None:
        self.notices.shown = not value

    def _refresh_notifications(self) -> None:
        self.notices.refresh()

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        if isinstance(renderable, CompositorUpdate):
            where = cursor.spot(screen.focused)
            if where is not None:
                self.cursor_position = where
            renderable = self.notices.over(renderable)
        super()._display(screen, renderable)

    def on_unmount(self) -> None:
        if self._departure is not None:
            self._departure.stop()
        chances = sys.modules.get("room.chances")  # its processes, if a chances panel ever started them
        if chances is not None and self.closes_shared_pool:
            chances.close_shared_pool()

    # --- the window ---------------------------------------------------------------------------

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        from tui.screens.too_small import TooSmallScreen

        width, height = self.size
        small = too_small(width, height)
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif small and isinstance(top, TooSmallScreen):
            top.show_size(width, height)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # --- the command palette ------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        offer = getattr(screen, "palette_commands", None)
        if offer is not None:
            for title, help_text, callback in offer():
                yield SystemCommand(title, help_text, callback)  # no help: the title says it all
        yield SystemCommand(_("Help"), _("Keys and the rules of this edition"), self.action_help)
        # the game's own, not Textual's (keys panel, maximize, screenshot, its twenty themes)
        yield SystemCommand(_("Theme"), _("Change the colours: dark, light or ANSI"), self.action_pick_theme)
        yield SystemCommand(_("Quit"), _("Leave (a game in progress is saved)"), self.action_quit)

    def action_command_palette(self) -> None:
        """Open Textual's command palette, its prompt in the current language."""
        if self.use_command_palette and not any(isinstance(s, CommandPalette) for s in self.screen_stack):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_("Search for commands…")))

    def action_pick_theme(self) -> None:
        """Open a command palette listing only the game's themes."""
        self.push_screen(CommandPalette(providers=[GameThemes], placeholder=_("Search for themes…")))

    # --- the unexpected -----------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Handle an unexpected exception as a last resort: save the game, then exit with one sentence (tests
        still see the error)."""
        if self.is_headless:
            super()._handle_exception(error)
            return
        if self._hung_up:  # leaving on a hang-up or a stop, the game saved: screens cut short may fail
            return
        from tui.errors import report

        message = report(error)
        try:
            if self.close_game():
                message += " " + _("The game was saved.")
        except Exception:
            message += " " + _("The game could not be saved.")
        self.exit(1, return_code=1, message=message)
