"""Pictures of the game screen (80 x 24 and 120 x 40, every player's cash beside the board), the trade
negotiator and the deed panel, in the default and the ANSI theme; the trade negotiator's answer and an offer
received, and the deal negotiator, at both sizes; the focus on each kind of widget in the
ANSI theme; the new-game form in plain ASCII. Update them with `pytest --snapshot-update` and look at
every change."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

from engine import Game
from room import Persistence
from tui.app import AppOptions, LandlordsApp, Opening

from playtable import (
    ADA,
    VERA,
    app_for,
    click_space,
    client_for,
    crowded_client,
    debtor_client,
    magie_showcase_client,
    play_until,
    scripted_game,
    settle,
    showcase_client,
)

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


async def _trade_offered(pilot: Pilot[int]) -> None:
    """The trade negotiator opened on the showcase table: Vera's Illinois and $50 for Grace's Electric."""
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


@pytest.mark.parametrize("theme", THEMES)
def test_trade_negotiator_at_120x40(snap_compare: Compare, theme: str) -> None:
    app = app_for(showcase_client(), theme=theme)
    assert snap_compare(app, terminal_size=(120, 40), run_before=_trade_offered)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_trade_negotiator_with_the_answer(snap_compare: Compare, size: tuple[int, int]) -> None:
    """The offer sent and answered: both sides in words, the answer in the status line."""

    async def answered(pilot: Pilot[int]) -> None:
        await _trade_offered(pilot)
        await pilot.press("ctrl+s")
        await _settled(pilot)

    app = app_for(showcase_client())
    assert snap_compare(app, terminal_size=size, run_before=answered)


def _swap_table(game: Game) -> None:
    """Each holds the one deed that completes the other's group: the bot offers the swap."""
    for space in (6, 8, 18):
        game.state.deeds[space].owner = 0
    for space in (16, 19, 9):
        game.state.deeds[space].owner = 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_trade_negotiator_answering_an_offer(snap_compare: Compare, size: tuple[int, int]) -> None:
    """A bot's offer received: its title, both sides in words and the buttons that answer it."""
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, [(1, 1), (2, 3), (1, 2)], arrange=_swap_table), seats))

    async def received(pilot: Pilot[int]) -> None:
        await play_until(pilot, lambda: type(pilot.app.screen).__name__ == "TradeScreen")
        await _settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=received)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_deal_negotiator(snap_compare: Compare, size: tuple[int, int]) -> None:
    """A deal among several: one part added (Ada gives Vera Oriental), the next one being typed (Vera gives
    Ada $75), the parts and shares beneath."""

    async def composing(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await pilot.press("t", "n")
        await pilot.pause()
        await pilot.press("g", "d", "space", "a")
        await pilot.pause()
        await pilot.press("g", "g", "g", "c", "7", "5")
        await _settled(pilot)

    app = app_for(showcase_client())
    assert snap_compare(app, terminal_size=size, run_before=composing)


@pytest.mark.parametrize("theme", THEMES)
def test_deed_panel(snap_compare: Compare, theme: str) -> None:
    async def open_deed(pilot: Pilot[int]) -> None:
        await settle(pilot)
        await click_space(pilot, 39)
        await pilot.pause()

    app = app_for(showcase_client(), theme=theme)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_deed)


def test_game_screen_with_six_players_shows_every_purse(snap_compare: Compare) -> None:
    """Six at the table at 80 x 24: two players to a line in the board's centre, cash and place each."""
    app = app_for(crowded_client(), theme="ansi")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def _new_game_app(theme: str = "ansi", ascii_only: bool = False) -> LandlordsApp:
    options = AppOptions(theme=theme, ascii=ascii_only, speed="instant", name="Vera")
    return LandlordsApp(options, Opening(kind="new", seed=1), Persistence.off())


FORM_FOCUS = {
    "button": ("#start", ()),
    "select": ("#edition", ()),
    "select-open": ("#variant", ("enter",)),
    "checkbox": ("#free_parking_pot", ()),
    "input": ("#seed", ()),
}


@pytest.mark.parametrize("widget", list(FORM_FOCUS))
def test_focus_shows_in_sixteen_colours_on_the_new_game_form(snap_compare: Compare, widget: str) -> None:
    target, keys = FORM_FOCUS[widget]

    async def focus(pilot: Pilot[int]) -> None:
        await pilot.pause()
        pilot.app.screen.query_one(target).focus()
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    assert snap_compare(_new_game_app(), terminal_size=(80, 24), run_before=focus)


GAME_FOCUS = {
    "option-list": ("debt", ()),
    "selection-list": ("trade", ("t", "p", "enter", "down", "enter", "D")),
    "data-table": ("game", ("m",)),
    "panel": ("game", ("h",)),
    "start-menu": ("start", ()),
}


@pytest.mark.parametrize("widget", list(GAME_FOCUS))
def test_focus_shows_in_sixteen_colours_in_the_game(snap_compare: Compare, widget: str) -> None:
    where, keys = GAME_FOCUS[widget]
    if where == "start":
        app = LandlordsApp(AppOptions(theme="ansi", ascii=False), Opening(), Persistence.off())
    elif where == "debt":
        app = app_for(debtor_client(), theme="ansi")
        keys = ("r",)
    else:
        app = app_for(showcase_client(), theme="ansi")

    async def press(pilot: Pilot[int]) -> None:
        if where != "start":
            await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        if where == "debt":
            await settle(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=press)


def test_the_new_game_form_in_plain_ascii(snap_compare: Compare) -> None:
    """Ticked and unticked boxes read [X] and [ ], drop-downs end in v, nothing outside ASCII."""
    assert snap_compare(_new_game_app("dark", ascii_only=True), terminal_size=(80, 24))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_1904_board(snap_compare: Compare, size: tuple[int, int]) -> None:
    """The Landlord's Game, 1904: lots, fees, a pledged lot, the jail beside Coal and the poorhouse beside
    the Public Park, the money boxes in the centre, and the holdings with tickets and notes."""
    app = app_for(magie_showcase_client(), theme="dark")
    assert snap_compare(app, terminal_size=size, run_before=_settled)


def test_why_a_line_of_the_log_happened(snap_compare: Compare) -> None:
    """`y` on a line of the event log: the line, the rule, its source quoted and the other editions."""

    async def ask(pilot: Pilot[int]) -> None:
        await settle(pilot)
        pilot.app.screen.query_one("#log-below").focus()
        await pilot.press("up", "up", "y")
        await pilot.pause()

    app = app_for(showcase_client(), theme="dark")
    assert snap_compare(app, terminal_size=(120, 40), run_before=ask)
