"""The chances panel: `s` (or the command palette) opens it over the board on a small screen and beside it
on a large one; it says "working" until the figure is in, follows every move, closes with the same key or
Escape, and shows the winner of a finished game at 100 %. Opening it writes nothing to the save."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot

from engine import Game
from room import Persistence, Seat, TableSetup, open_room
from room.chance_words import model_error, percent
from room.chances import Figure
from tui.app import LandlordsApp
from tui.client import LocalClient
from tui.widgets.chances import ChancesPanel, chance_lines

from playtable import VERA, app_for, client_for, game_screen, scripted_game, settle, showcase_client

RITA = Seat(name="Rita", kind="human")


def panel(app: LandlordsApp) -> ChancesPanel:
    return game_screen(app).query_one(ChancesPanel)


async def figure_in(pilot: Pilot[int], timeout: float = 60.0) -> Figure:
    """Wait until the panel shows a figure of the table as it is."""
    app = pilot.app
    assert isinstance(app, LandlordsApp)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause(0.05)
        figure = panel(app).figure
        if figure is not None and figure.current:
            return figure
    raise AssertionError(f"no figure within {timeout} s: {panel(app).plain_lines}")


async def test_the_panel_opens_works_shows_figures_follows_a_move_and_closes() -> None:
    seats = [VERA, RITA]
    client = client_for(scripted_game(seats, [(4, 6), (3, 4)]), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert not panel(app).display
        await pilot.press("s")
        await pilot.pause()
        assert panel(app).display and screen.chances_open
        assert "working it out" in "\n".join(panel(app).plain_lines)  # before the first figure is in
        first = await figure_in(pilot)
        lines = panel(app).plain_lines
        assert [line.split()[1] for line in lines[:2]] == ["Vera", "Rita"]
        assert all(line.rstrip().endswith("%") for line in lines[:2])
        told = " ".join(lines[2:])
        points = round(100 * model_error("classic"))  # as measured (`room.chance_words.MEASURED_ERROR`)
        assert "Turn 1" in told and f"the model's own error, {points} points" in told
        assert first.chances is not None
        for c, line in zip(first.chances.players, lines[:2], strict=True):  # the range counts that error
            low, high = (int(x) for x in line.split()[-1].rstrip("%").split("-"))
            assert low <= max(0, round(100 * c.low) - points) + 1
            assert high >= min(100, round(100 * c.high) + points) - 1
        assert panel(app).region.width <= 44  # an overlay at 80 x 24, over the board

        stale = chance_lines(replace(first, working=True), client.view(None), client.names)
        assert "working it out for the last move" in "\n".join(line.plain for line in stale)
        await pilot.press("r")  # Vera throws 10: the figure is worked out again for the new position
        await pilot.pause()
        shown = panel(app).figure  # the last figure, marked working, unless the pool was quicker
        assert shown is not None
        assert (shown.working and shown.version == first.version) or shown.version > first.version
        second = await figure_in(pilot)
        assert second.version == client.version > first.version

        await pilot.press("s")
        await pilot.pause()
        assert not panel(app).display and not screen.chances_open
        await pilot.press("r")  # Vera's doubles-free turn is over: nobody watches, nothing is worked out
        await pilot.press("e")
        await settle(pilot)
        assert client.chances().figure.version == second.version and not client.chances().watched


async def test_at_120_by_40_the_panel_sits_beside_the_board_and_escape_closes_it() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        board = screen.board.region
        titles = {c.title: c for c in app.get_system_commands(app.screen)}  # the palette offers it too
        titles["Chances to win"].callback()
        await pilot.pause()
        await figure_in(pilot)
        shown = panel(app).region
        assert shown.x >= board.right and shown.height >= 4  # beside the board, above the holdings
        assert screen.query_one("#holdings").display
        await pilot.press("escape")
        await pilot.pause()
        assert not panel(app).display


async def test_a_finished_game_shows_the_winner_at_a_hundred_percent() -> None:
    seats = [VERA, RITA]

    def over(game: Game) -> None:
        game.state.winner = 1

    client = client_for(scripted_game(seats, arrange=over), seats)
    app = app_for(client)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if app.screen is not game_screen(app):  # the game-over screen: back to the board
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("s")
        figure = await figure_in(pilot, timeout=5)
        assert figure.chances is not None and figure.chances.players[1].win == 1.0
        lines = panel(app).plain_lines
        assert "100%" in lines[1] and "Rita" in lines[1] and " 0%" in lines[0]
        assert "The game is over." in lines[-1]


async def test_the_panel_leaves_the_save_as_it_was(saves_root: Path) -> None:
    persistence = Persistence(saves_root)
    client = LocalClient(open_room(TableSetup("classic", (VERA, RITA), seed=1), persistence))
    app = app_for(client, persistence=persistence)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert client.save_now() is None
        before = saved(saves_root)
        await pilot.press("s")
        await figure_in(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert client.save_now() is None
        assert saved(saves_root) == before and len(before) == 1


def saved(folder: Path) -> dict[str, object]:
    """Every save file in the folder, less the moment it was last written."""
    out = {}
    for path in sorted(folder.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("updated")
        out[path.name] = data
    return out


def test_a_chance_reads_as_people_read_it() -> None:
    assert [percent(x) for x in (0.0, 0.004, 0.42, 0.996, 1.0)] == ["0%", "<1%", "42%", ">99%", "100%"]
