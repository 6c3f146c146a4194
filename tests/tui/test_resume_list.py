"""The resume list: the editions by name, a game opened and left unplayed keeps its "Last played", and keys
typed ahead act on the rows they were typed on."""

from __future__ import annotations

from pathlib import Path

from engine import Game, new_game
from room import Persistence, Seat
from room.library import AutosaveRecorder
from saves import SaveStore
from tui.app import AppOptions, LandlordsApp, Opening

from playtable import game_screen, settle
from saved_games import play


def _app(root: Path, **opening: object) -> LandlordsApp:
    options = AppOptions(theme="dark", speed="instant", name="Vera", saves_dir=root)
    return LandlordsApp(options, Opening(**opening), Persistence(root))  # type: ignore[arg-type]


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
