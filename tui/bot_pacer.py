"""Bots' moves, paced so that a person can follow them: one move per tick at the chosen speed, or all of
them at once when skipping ahead (or at the instant speed), stopping whenever a person is needed."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from textual.timer import Timer

from engine.events import Event
from tui import pacing
from tui.client import GameClient
from tui.director import decision_for

Show = Callable[[Sequence[Event], "str | None"], None]
SetTimer = Callable[[float, Callable[[], None]], Timer]


class BotPacer:
    def __init__(
        self,
        client: GameClient,
        humans: Collection[int],
        may_move: Callable[[], bool],
        set_timer: SetTimer,
        show: Show,
        speed: str = pacing.DEFAULT_SPEED,
        on_error: Callable[[Exception], None] | None = None,
    ) -> None:
        self.client = client
        self.humans = set(humans)
        self.speed = speed if speed in pacing.SPEEDS else pacing.DEFAULT_SPEED
        self.skipping = False
        self._may_move = may_move
        self._set_timer = set_timer
        self._show = show
        self._timer: Timer | None = None
        self._on_error = on_error

    @property
    def waiting(self) -> bool:
        """A bot move is scheduled."""
        return self._timer is not None

    def settled(self) -> bool:
        """No bot is due to move: the game waits on a person, is over, or a dialog holds the bots."""
        return self.client.bot_to_move() is None or not self._may_move()

    def pace(self) -> None:
        """Schedule the next bot move, if a bot is to move and none is scheduled."""
        if self._timer is not None or self.settled():
            return
        delay = 0.0 if self.skipping else pacing.SPEEDS[self.speed]
        if delay <= 0:
            self._timer = self._set_timer(0.01, self._burst)
        else:
            self._timer = self._set_timer(delay, self._step)

    def skip(self) -> None:
        """Let the bots play on without pause until a person is needed."""
        self.skipping = True
        self.stop()
        self.pace()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _step(self) -> None:
        self._timer = None
        if self.settled():
            return
        try:
            outcome = self.client.play_bot()
        except Exception as exc:  # the table goes on; the person hears about it
            self._failed(exc)
            return
        self._show(outcome.events, outcome.notice)

    def _failed(self, exc: Exception) -> None:
        self.skipping = False
        if self._on_error is None:
            raise exc
        self._on_error(exc)

    def _burst(self) -> None:
        self._timer = None
        try:
            self._play_on()
        except Exception as exc:
            self._failed(exc)

    def _play_on(self) -> None:
        played: list[Event] = []
        notice = None
        try:
            for _ in range(pacing.BURST):
                if self.settled():
                    break
                outcome = self.client.play_bot()
                played.extend(outcome.events)
                notice = outcome.notice or notice
                if self._needs_a_person(outcome.events):
                    break
        finally:  # whatever happened, what was played is shown
            if self.client.bot_to_move() is None:
                self.skipping = False
            self._show(played, notice)

    def _needs_a_person(self, new_events: Sequence[Event]) -> bool:
        """Stop at a card a person drew, or when the game asks a person something (an auction too)."""
        if any(e.kind == "card_drawn" and e.player in self.humans for e in new_events):
            return True
        return decision_for(self.client.view(None), self.humans) is not None
