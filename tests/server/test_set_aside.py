"""A worker that keeps its heap settled (`room.heap`) sets each table's screen aside once it is drawn, so
that no full pass of the collector walks the sessions' screens as people arrive; when enough sessions
have ended or left their tables, a complete pass reclaims their screens between two events."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest

from room import heap
from server.screens.lobby import LobbyScreen
from tui.app import WHEN_SHOWN_DELAY

from sshplay import Person, make_key, seated, start_server

pytestmark = pytest.mark.slow


async def until(done: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not done():
        assert loop.time() < end, "no complete pass came"
        await asyncio.sleep(0.1)


def walked(thing: object) -> bool:
    return any(o is thing for o in gc.get_objects())


async def test_a_tables_screen_is_set_aside_once_shown_and_reclaimed_once_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settling = heap.keep_settled()
    asked: list[bool] = []

    def set_aside() -> None:
        asked.append(True)
        settling.set_aside()

    monkeypatch.setattr(heap, "set_aside", set_aside)
    monkeypatch.setattr(heap, "FEW", 1)  # one session gone is enough here (eight on a server)
    running = await start_server(tmp_path)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        await seated(running, [ada], "Friday", bots=3, pace="instant")
        await ada.connect()
        await ada.wait_for("Friday")
        assert isinstance(ada.app().screen, LobbyScreen)
        await ada.press("enter")  # to the table
        await ada.wait_until(lambda p: p.app().game_screen is not None)
        table = ada.app().game_screen
        assert asked == []
        await asyncio.sleep(WHEN_SHOWN_DELAY + 0.3)
        assert asked == [True]
        assert not walked(table)  # drawn: set aside, walked by no full pass
        assert settling.complete == 0 and gc.get_freeze_count() > 0
        gone = weakref.ref(table)
        del table
        await ada.press("ctrl+q")  # back to the lobby: the table's screen dies, the session goes on
        await ada.wait_until(lambda p: isinstance(p.app().screen, LobbyScreen))
        await until(lambda: settling.complete == 1)
        # a complete pass came (one screen gone is enough here), and the screen it left in cycles is gone
        assert gone() is None and settling.gone == 0
        assert gc.get_freeze_count() > 0  # what is still alive is set aside again
        await ada.leave()
        await until(lambda: settling.complete == 2)  # and again as the session ends
    finally:
        await running.stop()
