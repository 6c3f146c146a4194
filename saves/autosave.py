"""`Autosaver`: saves a game as it is played, so that closing the terminal or losing the line loses nothing.

It saves after every completed turn (a `TurnStarted` or `GameOver` event), every completed trade and loan, on
`save_now` (quitting), and on SIGHUP or SIGTERM, the signals a dropped SSH connection or a shutdown send.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Mapping, Sequence
from types import FrameType
from typing import Any

from engine import Event, Game
from engine.core.events import ReasonGiven
from saves.session import SaveSession

SAVE_AFTER = frozenset({"turn_started", "game_over", "trade_completed", "loan_taken"})
SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


class Autosaver:
    """Saves `game` through `session` after each turn and trade, with the reasons the bots gave for their
    moves (`reasons`, by the place of the command in the log: a resumed game starts with those it had
    saved)."""

    def __init__(self, session: SaveSession, game: Game, reasons: Mapping[int, str] | None = None) -> None:
        self.session = session
        self.game = game
        self.reasons: dict[int, str] = dict(reasons or {})
        self._previous: dict[int, Any] = {}

    def after_events(self, events: Sequence[Event]) -> bool:
        """Call with the events of each command applied (the bot's reason among them, as the table shows it):
        saves when a turn or a trade completed."""
        for event in events:
            if isinstance(event, ReasonGiven):
                self.reasons[len(self.game.log) - 1] = event.reason
        return any(event.kind in SAVE_AFTER for event in events) and self.save(self.game)

    def save_now(self) -> None:
        """Save the game as it stands (on quitting, say). Does nothing once the session is closed."""
        self.save(self.game)

    def taken_back(self, game: Game) -> bool:
        """Record a take-back: `game` is the game from now on; the save counts the take-back and
        holds the game as it now stands."""
        self.game = game
        self.session.takebacks += 1
        return self.save(game)

    def save(self, game: Game) -> bool:
        """Save `game` unless the session is closed; True if it saved."""
        if self.session.closed:
            return False
        self.session.save(game, self.reasons)
        return True

    def install_signal_handlers(self, exit: Callable[[int], None] | None = None) -> None:
        """Install SIGHUP and SIGTERM handlers that save, release the save, then `exit(status)`.

        `status` is 128 plus the signal's number, as shells report it (129, 143). Without `exit` the
        handler raises `SystemExit(status)`, so that `finally` blocks run on the way out. Call from the
        main thread, as Python requires for signal handlers.
        """

        def on_signal(signum: int, frame: FrameType | None) -> None:
            self.rescue()
            status = 128 + signum
            if exit is None:
                raise SystemExit(status)
            exit(status)

        for sig in SIGNALS:
            self._previous.setdefault(sig, signal.getsignal(sig))
            signal.signal(sig, on_signal)

    def remove_signal_handlers(self) -> None:
        """Restore the handlers that were installed before `install_signal_handlers`."""
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    def rescue(self) -> None:
        """Save the game as of its last complete command, then close the session.

        For a signal handler, or another thread when the one playing cannot be reached. Either can act in
        the middle of `Game.apply`, with the state half changed and the command not yet in the log. The
        log is always whole (a command joins it once applied), so the game is replayed from it on the side
        and that copy saved: the live state is never read here.
        """
        if self.session.closed:
            return
        game = self.game
        try:
            self.save(Game.replay(game.initial, list(game.log)))
        except Exception:
            pass  # the last good save stays; nothing more can be done on the way out
        finally:
            self.session.close()
