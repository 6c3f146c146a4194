"""Autosave and resume through the saves package: a game left is shown exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from room import Persistence
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game import GameScreen
from tui.screens.resume import ResumeScreen

from playtable import game_screen, log_text, settle


def _app(root: Path, **opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed="instant", name="Vera", saves_dir=root)
    return LandlordsApp(options, Opening(**opening), Persistence(root))  # type: ignore[arg-type]


async def _play_a_little(pilot, app: LandlordsApp) -> None:  # type: ignore[no-untyped-def]
    from playtable import play_until

    client = game_screen(app).client
    await play_until(pilot, lambda: client.view(None).turn >= 5, steps=60)


async def test_quitting_saves_and_resuming_shows_the_game_as_it_was(
    saves_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _app(saves_root, kind="quick", seed=21)
    async with first.run_test(size=(80, 24)) as pilot:
        await _play_a_little(pilot, first)
        client = game_screen(first).client
        assert client.saving
        left = client.view(None)
        log = log_text(first)
        await pilot.press("ctrl+q")
    said = " ".join(capsys.readouterr().err.split())  # the screen is gone: the terminal tells
    assert f"The game is saved: `landlords resume --saves-dir {saves_root}` takes it up" in said
    second = _app(saves_root, kind="resume")
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = second.screen
        assert isinstance(screen, GameScreen)
        assert screen.client.view(None) == left
        assert log_text(second).endswith(log.splitlines()[-1])
        assert screen.client.seats[0].name == "Vera"


async def test_the_resume_screen_lists_saved_games_and_opens_one(saves_root: Path) -> None:
    first = _app(saves_root, kind="quick", seed=22)
    async with first.run_test(size=(80, 24)) as pilot:
        await _play_a_little(pilot, first)
        turn = game_screen(first).client.view(None).turn
        await pilot.press("ctrl+q")
    again = _app(saves_root, kind="quick", seed=22)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
    second = _app(saves_root)
    async with second.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        table = second.screen.query_one(DataTable)
        assert table.row_count == 2
        titles = [str(table.get_row_at(i)[0]) for i in range(2)]
        assert titles[0] != titles[1] and titles[0].startswith("Classic short game: Vera")  # twins told apart
        assert sum(col.get_render_width(table) for col in table.columns.values()) <= 100 - 2
        played = list(table.columns.values())[3]
        for i in range(2):  # the date and time as English writes them, whole: "Nov 25, 2026 12:35 PM"
            when = str(table.get_row_at(i)[3])
            assert when.endswith(("AM", "PM")) and len(when) <= played.width
        assert "x deletes it" in str(second.screen.query_one("#note").render())
        assert second.screen.active_bindings["x"].binding.action == "delete"
        turns = [g.turn for g in second.screen._games]
        table.move_cursor(row=turns.index(max(turns)))  # the game played a little
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(second).client.view(None).turn == turn


async def test_a_hang_up_saves_before_leaving(saves_root: Path) -> None:
    first = _app(saves_root, kind="quick", seed=23)
    async with first.run_test(size=(80, 24)) as pilot:
        await _play_a_little(pilot, first)
        left = game_screen(first).client.view(None)
        first.hang_up()
    persistence = Persistence(saves_root)
    game, seats, recorder = persistence.resume(None)
    try:
        assert game.view(None) == left
        assert seats[0].name == "Vera"
    finally:
        recorder.close()


async def test_the_resume_screen_names_each_damaged_save_as_the_command_line_does(saves_root: Path) -> None:
    saves_root.mkdir(parents=True, exist_ok=True)
    for name, text in (("cut-short-0badf00d.json", '{"format_version": 4, '), ("empty-1234abcd.json", "")):
        (saves_root / name).write_text(text)
    app = _app(saves_root)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        note = str(app.screen.query_one("#note").render())
        assert "No saved games yet" not in note
        for name in ("cut-short-0badf00d.json", "empty-1234abcd.json"):
            assert f"Damaged, left untouched: {name}: " in note, note
