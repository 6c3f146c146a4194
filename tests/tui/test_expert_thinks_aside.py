"""In a local game, an `expert` bot looks ahead on the processes that work out the chances, never on the
screen's loop: the keys and the board stay live while it thinks."""

from __future__ import annotations

from typing import Any

import pytest

import engine.bots.expert as expert_module
from room import Room, Seat, chances, foresight
from room.opponents import make_opponents
from tui.client import LocalClient

from playtable import VERA, app_for, play_until, scripted_game

EXPERTS = [Seat(name=name, kind="bot", level="expert") for name in ("Ada", "Grace", "Alan")]


@pytest.mark.parametrize(("speed", "turns"), [("instant", 12), ("fast", 5)])
async def test_experts_at_a_local_table_think_on_the_pool_and_the_game_plays_on(
    monkeypatch: pytest.MonkeyPatch, speed: str, turns: int
) -> None:
    """At the instant pace the bots move in bursts; at the others each move is set on a timer, which
    must be set from the screen's loop once the look-ahead is in."""
    on_the_loop = [0]
    real_judge = expert_module.judge  # type: ignore[attr-defined]

    def judge(*args: Any) -> Any:  # the pool's processes are fresh interpreters: they never call this
        on_the_loop[0] += 1
        return real_judge(*args)

    monkeypatch.setattr(expert_module, "judge", judge)
    pool = chances.ChancesPool(1)
    asked: list[str] = []
    submit = pool.submit

    def counting(fn: Any, /, *args: Any) -> Any:
        asked.append(fn.__name__)
        return submit(fn, *args)

    monkeypatch.setattr(pool, "submit", counting)
    monkeypatch.setattr(chances, "_SHARED", pool)
    seats = [VERA, *EXPERTS]
    client = LocalClient(Room(scripted_game(seats, seed=5), seats, make_opponents(seats, 5)))
    app = app_for(client, speed=speed)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda: client.view(None).turn >= turns, steps=200)
        assert asked.count(foresight._foresee.__name__) > 0  # the experts looked ahead, on the pool
        assert on_the_loop[0] == 0  # and never on the screen's loop
