"""Runs a look-ahead bot's (`expert`) search on the chances process pool, not in the process that draws the
screens.

Its look-ahead costs up to a tenth of a second of CPU on a hard decision. Made on a server worker's event
loop, that would hold up the screens of every table the worker holds; made in the local game's, every key.
So before such a bot moves, a copy of it makes the decision on the pool (`engine.bots.expert.foresee`),
keeping what its look-ahead worked out; the bot itself is handed that (`ExpertBot.heed`) and then
decides at once, exactly as it would have alone. If the table changed meanwhile, it thinks again.
"""

from __future__ import annotations

import contextlib
import logging
import pickle
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial

from engine.bots.expert import Foresight, foresee
from engine.core.commands import Command
from engine.play.view import GameView
from room.chances import ChancesPool, Post
from room.room import Room

log = logging.getLogger(__name__)


class Thinking:
    """Precomputes, on a pool, the look-ahead of the bot a room waits on, before the bot moves."""

    def __init__(self, room: Room, pool: Callable[[], ChancesPool], post: Post) -> None:
        self.room = room
        self._pool = pool
        self._post = post
        self._ready = -1  # the table's version the bot has been handed its look-ahead for
        self._busy = False

    def needed(self) -> bool:
        """Whether the bot due to move uses look-ahead and has no precomputed result for this table yet."""
        return self.room.bot_that_looks_ahead() is not None and self._ready != self.room.version

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, then: Callable[[], None]) -> None:
        """Start computing the look-ahead on the pool; `then` is called on the table's thread when it is in
        (or has failed: the bot then works it out itself)."""
        if self._busy:  # already thinking over this table, or one before it: that answer calls back
            return
        due = self.room.bot_that_looks_ahead()
        if due is None:
            then()
            return
        seat, bot = due
        version = self.room.version
        view, legal = self.room.view(seat), self.room.legal(seat)
        self._busy = True
        try:  # a copy as the bot is now: the pool reads its arguments later, on a thread of its own
            future = self._pool().submit(_foresee, pickle.dumps(bot), view, legal)
        except Exception:
            log.exception("the bot's look-ahead could not be asked for")
            self._busy = False
            self._ready = version
            then()
            return
        future.add_done_callback(partial(_back_home, self._post, partial(self._arrived, version, then)))

    def _arrived(self, version: int, then: Callable[[], None], future: Future[Foresight]) -> None:
        self._busy = False
        due = self.room.bot_that_looks_ahead()
        if self.room.version == version and due is not None:
            try:
                due[1].heed(future.result())
            except Exception as exc:  # the bot thinks for itself this once
                log.warning("the bot's look-ahead could not be worked out ahead: %s", exc)
            self._ready = version
        then()


def _foresee(bot: bytes, view: GameView, legal: list[Command]) -> Foresight:
    return foresee(pickle.loads(bot), view, legal)


def _back_home(post: Post, arrived: Callable[[Future[Foresight]], None], future: Future[Foresight]) -> None:
    with contextlib.suppress(RuntimeError):  # the table's loop is closed: nobody is left to tell
        post(partial(arrived, future))
