"""An `expert` seat at a table of the server looks ahead on the worker's pool of processes, never on the
event loop that draws every session's screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine.bots.expert as expert_module
from room import foresight

from sshplay import ada_and_bob, play_until, seated, start_server

pytestmark = pytest.mark.slow


async def test_an_expert_thinks_on_the_pool_and_the_table_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_the_loop = [0]
    real_judge = expert_module.judge  # type: ignore[attr-defined]

    def judge(*args: Any) -> Any:  # the pool's processes are fresh interpreters: they never call this
        on_the_loop[0] += 1
        return real_judge(*args)

    monkeypatch.setattr(expert_module, "judge", judge)
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada], "Experts", bots=3, level="expert", pace="instant")
        worker_rooms = next(h for h in running.workers_rooms() if table.id in h.tables)
        asked: list[str] = []
        submit = worker_rooms.chances_pool.submit

        def counting(fn: Any, /, *args: Any) -> Any:
            asked.append(fn.__name__)
            return submit(fn, *args)

        monkeypatch.setattr(worker_rooms.chances_pool, "submit", counting)
        await ada.connect("Experts")
        await ada.wait_for("Ada's turn")
        room = table.open()
        # six rounds, or the game's end: a short game ends at its first bankruptcy, and Ada, who declines
        # every deed, is now and then ruined by the experts before that (2 games in 100 against `hard`)
        await play_until(
            [ada], lambda: room.view(None).turn >= 24 or room.view(None).winner is not None, timeout=240
        )
        assert asked.count(foresight._foresee.__name__) > 0  # the experts looked ahead, on the pool
        assert on_the_loop[0] == 0  # and never on the loop
        await ada.leave()
        del bob
    finally:
        await running.stop()
