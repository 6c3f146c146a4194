"""Pictures of the game screen (80 x 24 and 120 x 40), the trade negotiator and the deed panel, in the
default and the ANSI theme. Update them with `pytest --snapshot-update` and look at every change."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playtable import app_for, magie_showcase_client, settle, showcase_client
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

THEMES = ("dark", "ansi")
Compare = Callable[..., bool]


async def _settled(pilot: Pilot[int]) -> None:
    await settle(pilot)
    await pilot.pause()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_game_screen(snap_compare: Compare, theme: str, size: tuple[int, int]) -> None:
    app = app_for(showcase_client(), theme=theme)
    assert snap_compare(app, terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("theme", THEMES)
def test_trade_negotiator(snap_compare: Compare, theme: str) -> None:
    async def offer(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("#partner").value = 2  # type: ignore[attr-defined]
        await pilot.pause()
        screen.query_one("#give", SelectionList).select(24)
        screen.query_one("#take", SelectionList).select(12)
        screen.query_one("#give-cash", Input).value = "50"
        await pilot.pause()

    app = app_for(showcase_client(), theme=theme)
    assert snap_compare(app, terminal_size=(80, 24), run_before=offer)


@pytest.mark.parametrize("theme", THEMES)
def test_deed_panel(snap_compare: Compare, theme: str) -> None:
    async def open_deed(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await pilot.click("#space-39")
        await pilot.pause()

    app = app_for(showcase_client(), theme=theme)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_deed)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_1904_board(snap_compare: Compare, size: tuple[int, int]) -> None:
    """The Landlord's Game, 1904: lots, fees, a pledged lot, the jail beside Coal and the poorhouse beside
    the Public Park, the money boxes in the centre, and the holdings with tickets and notes."""
    app = app_for(magie_showcase_client(), theme="dark")
    assert snap_compare(app, terminal_size=size, run_before=_settled)
