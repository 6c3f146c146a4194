"""The review of a game on screen: its pictures at 80 x 24 (one part at a time) and 120 x 40 (all four),
in sixteen colours and plain ASCII too; the game-over screen opens it, and it fills in as the review is
worked out. The pictures use a finished game kept as a golden save and a steady stand-in for the
look-ahead (`reviewed`), so that they change only when the screen does."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from engine import Game
from room import Persistence, Seat
from room.review import ReviewJob
from tui.app import AppOptions, LandlordsApp, Opening
from tui.screens.game_over import GameOverScreen
from tui.screens.review import ReviewScreen
from tui.widgets.lines import LinesView
from tui.widgets.plot import TurnsPlot

from playtable import VERA, app_for, client_for, scripted_game, settle
from reviewed import steady_review

Compare = Callable[..., bool]


def review_app(job: ReviewJob, theme: str = "dark", ascii_only: bool = False) -> LandlordsApp:
    options = AppOptions(theme=theme, ascii=ascii_only)
    return LandlordsApp(options, Opening(kind="review", review=job), Persistence.off())


async def reviewed(pilot: Pilot[int], timeout: float = 60.0) -> ReviewScreen:
    """Wait until the review on screen is worked out and drawn."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, ReviewScreen) and screen.job.review.done and screen._drawn is screen.job.review:
            await pilot.pause()
            return screen
    raise AssertionError("the review was not worked out")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_review_screen(snap_compare: Compare, size: tuple[int, int]) -> None:
    assert snap_compare(review_app(steady_review()), terminal_size=size, run_before=reviewed)


@pytest.mark.parametrize("section", ["2", "3", "4"])
def test_each_part_of_the_review_at_80_by_24(snap_compare: Compare, section: str) -> None:
    async def show(pilot: Pilot[int]) -> None:
        await reviewed(pilot)
        await pilot.press(section)
        await pilot.pause()

    assert snap_compare(review_app(steady_review()), terminal_size=(80, 24), run_before=show)


def test_the_review_in_sixteen_colours_and_ascii(snap_compare: Compare) -> None:
    app = review_app(steady_review(), theme="ansi", ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=reviewed)


async def test_the_review_fills_in_and_its_parts_take_turns_on_a_small_screen() -> None:
    app = review_app(steady_review())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(pilot)
        assert screen.compact
        shown = [p.id for p in screen.query(".part") if p.display]
        assert shown == ["chances"]
        await pilot.press("right")
        await pilot.pause()
        assert [p.id for p in screen.query(".part") if p.display] == ["worth"]
        await pilot.press("4")
        await pilot.pause()
        told = "\n".join(screen.query_one("#moves-lines", LinesView).plain_lines)
        assert told.count("Turn ") >= 3 and "Boardwalk" in told
        table = screen.query_one("#paid-table", DataTable)
        assert table.row_count == 3 and len(table.columns) == 5  # payer, three players, taxes and fees
        assert "Grace won after 25 turns" in str(screen.query_one("#title").render())
        assert screen.query_one("#chances-plot", TurnsPlot)._series[1].ys[-1] == 1.0
        await pilot.press("escape")  # `landlords review` alone: Escape leaves the program
        await pilot.pause()
    assert app.return_code == 0


async def test_at_120_by_40_every_part_is_on_show_and_the_part_keys_are_not_offered() -> None:
    app = review_app(steady_review())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await reviewed(pilot)
        assert not screen.compact
        assert [p.id for p in screen.query(".part") if p.display] == ["chances", "worth", "paid", "moves"]
        assert screen.check_action("section", ("paid",)) is False


async def test_the_game_over_screen_opens_the_review_of_the_game() -> None:
    seats = [VERA, Seat(name="Ada", kind="bot", level="normal")]

    def over(game: Game) -> None:
        game.state.winner = 0

    client = client_for(scripted_game(seats, arrange=over), seats)
    app = app_for(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")  # the results, if they are not on show already
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await reviewed(pilot)
        assert "Vera won" in str(app.screen.query_one("#title").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
