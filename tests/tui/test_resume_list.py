"""The resume list: the editions by name, a game opened and left unplayed keeps its "Last played", and keys
typed ahead act on the rows they were typed on."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual import events
from textual.widgets import DataTable

from engine import Game, new_game
from room import Persistence, Seat
from room.library import AutosaveRecorder
from saves import SaveStore
from tui.app import AppOptions, LandlordsApp, Opening
from tui.client import LocalClient
from tui.screens.resume import ResumeScreen

from playtable import game_screen, settle
from saved_games import play


def _app(root: Path, **opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed="instant", name="Vera", saves_dir=root)
    return LandlordsApp(options, Opening(**opening), Persistence(root))  # type: ignore[arg-type]


def _type_fast(app: LandlordsApp, *keys: str) -> None:
    """Send keys as a fast typist does: all at once, none waiting for the screen to take the one before."""
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


def _save(root: Path, edition: str, seed: int, title: str, *, to_the_end: bool = False) -> str:
    """Save a game of Vera against two easy bots; return its id."""
    game: Game = new_game(edition, ["Vera", "Ann", "Bob"], seed=seed)
    if to_the_end:
        play(game)
    seats = [Seat(name="Vera", kind="human")] + [
        Seat(name=n, kind="bot", level="easy") for n in ("Ann", "Bob")
    ]
    recorder = Persistence(root).record(game, seats, title)
    recorder.save_now()
    recorder.close()
    assert isinstance(recorder, AutosaveRecorder)
    return recorder.save_id


async def test_the_edition_column_names_each_edition_whole(saves_root: Path) -> None:
    for seed, edition in enumerate(("landlords-1904", "classic", "finance-1936")):
        _save(saves_root, edition, seed, f"Game {seed}")
    app = _app(saves_root)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        table = app.screen.query_one(DataTable)
        column = list(table.columns.values())[4]
        names = {str(table.get_row_at(i)[4]) for i in range(table.row_count)}
        assert names == {"Landlord's Game 1904", "Classic", "Finance"}
        assert all(cell_len(name) <= column.width for name in names)
        assert sum(col.get_render_width(table) for col in table.columns.values()) <= 100 - 2


async def test_opening_a_finished_game_keeps_its_last_played(saves_root: Path) -> None:
    save_id = _save(saves_root, "classic", 1, "Over", to_the_end=True)
    (before,) = SaveStore(saves_root).list()
    app = _app(saves_root, kind="resume", save_id=save_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert game_screen(app).client.view(None).winner is not None
        await pilot.press("ctrl+q")
    (after,) = SaveStore(saves_root).list()
    assert after.updated == before.updated


async def test_keys_typed_ahead_act_on_the_row_they_were_typed_on(saves_root: Path) -> None:
    for seed in range(3):
        _save(saves_root, "classic", seed, f"Game {seed}")
    listed = [g.id for g in Persistence(saves_root).saved_games()]
    app = _app(saves_root)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert app.screen.active_bindings["enter"].binding.description == "Resume"  # in the footer
        _type_fast(app, "down", "down", "enter")
        await settle(pilot)
        client = game_screen(app).client
        assert isinstance(client, LocalClient)
        assert listed.index(client.room.save_id or "") == 2
