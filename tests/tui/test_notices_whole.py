"""Notices stay whole on the terminal while a game is played at 120 x 40.

A play-test once saw a notice at 120 x 40 drawn under the Holdings panel and cut ("Bob won Vermont
Avenue fo"): something wrote the panel's rows over the box without the box being written again. Here
every update the app writes reaches a terminal emulator, and after each one every row of the notices'
box as last drawn must read on the terminal as it was drawn, while bots win auctions around the person.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from tui.app import LandlordsApp

from playtable import ADA, ALAN, GRACE, VERA, app_for, client_for, play_until, scripted_game
from terminal import watch


async def test_the_notices_box_is_never_drawn_over_as_a_game_is_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = [VERA, ADA, GRACE, ALAN]
    cut: list[tuple[int, str, str]] = []
    boxes = 0

    def check(app: App[Any]) -> None:
        nonlocal boxes
        assert isinstance(app, LandlordsApp)
        notices = app.notices
        box = notices._box if notices.current() else None
        if box is None:
            return
        boxes += 1
        shown = terminal.lines()
        for y, strip in box.rows:
            drawn = strip.text
            there = shown[y][box.region.x : box.region.x + len(drawn)]
            if there != drawn:
                cut.append((y, drawn.strip(), there.strip()))

    terminal = watch(monkeypatch, 120, 40, after=check)
    app = app_for(client_for(scripted_game(seats, seed=2), seats), speed="fast")
    steps = 0

    def enough() -> bool:
        nonlocal steps
        steps += 1
        return steps > 60 or bool(cut)

    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await play_until(pilot, enough, steps=80)
    assert boxes > 0, "no notice was shown: the test saw nothing"
    assert not cut, cut[:3]
