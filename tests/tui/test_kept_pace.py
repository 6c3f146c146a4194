"""The bots' pace chosen at the table is kept in the save and taken up again with the game."""

from __future__ import annotations

import json
from pathlib import Path

from room import Persistence
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game import GameScreen

from playtable import game_screen


def _app(root: Path, speed: str, **opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed=speed, name="Vera", saves_dir=root)
    return LandlordsApp(options, Opening(**opening), Persistence(root))  # type: ignore[arg-type]


async def _resumed_speed(root: Path, speed: str) -> str:
    app = _app(root, speed, kind="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        said = app.screen.speed
        await pilot.press("ctrl+q")
    return said


async def test_the_pace_chosen_at_the_table_is_kept_across_resume(saves_root: Path) -> None:
    first = _app(saves_root, "instant", kind="quick", seed=31)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("minus", "minus")  # instant, fast, normal
        assert game_screen(first).speed == "normal"
        await pilot.press("minus")
        assert game_screen(first).speed == "slow"
        await pilot.press("ctrl+q")
    assert await _resumed_speed(saves_root, "instant") == "slow"  # the table's, not the program's
    (save,) = saves_root.glob("*.json")
    assert json.loads(save.read_text())["pace"] == "slow"


async def test_a_save_without_a_pace_goes_on_at_the_programs(saves_root: Path) -> None:
    first = _app(saves_root, "instant", kind="quick", seed=32)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("minus")
        await pilot.press("ctrl+q")
    (save,) = saves_root.glob("*.json")
    written = json.loads(save.read_text())
    del written["pace"]  # as a file written before the pace was kept
    save.write_text(json.dumps(written))
    assert await _resumed_speed(saves_root, "fast") == "fast"
