"""Textual calls the handler of every class in a screen's line that defines one, most derived first: a
handler of ours that also called its base's made the base's run twice. A dialog coming on top was styled,
laid out and drawn twice; a dialog with a mount of its own was filled twice."""

from __future__ import annotations

from collections import Counter
from functools import wraps

import pytest
from textual.css.query import DOMQuery
from textual.screen import Screen
from textual.widget import Widget

from engine import Game
from tui.dialogs.base import GameDialog
from tui.dialogs.mortgage import MortgageDialog

from playtable import (
    ADA,
    VERA,
    app_for,
    client_for,
    scripted_game,
    settle,
    showcase_client,
    trade_dialog_over_table,
)


def _browns(game: Game) -> None:
    for space in (1, 3):
        game.state.deeds[space].owner = 0


def _counting(monkeypatch: pytest.MonkeyPatch, cls: type, name: str, calls: Counter[str]) -> None:
    original = cls.__dict__[name]

    @wraps(original)  # Textual passes the event only to a handler whose signature takes it
    def counted(self: object, *args: object) -> object:
        calls[type(self).__name__] += 1
        return original(self, *args)

    monkeypatch.setattr(cls, name, counted)


async def test_a_dialog_coming_on_top_resumes_once_and_is_filled_once_as_it_mounts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resumed: Counter[str] = Counter()
    mounted: Counter[str] = Counter()
    _counting(monkeypatch, Screen, "_on_screen_resume", resumed)
    _counting(monkeypatch, GameDialog, "on_mount", mounted)
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, arrange=_browns), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        resumed.clear()
        await pilot.press("m")  # a dialog with a mount of its own (the lots' table)
        await settle(pilot)
        assert isinstance(app.screen, MortgageDialog)
        assert resumed["MortgageDialog"] == 1 and mounted["MortgageDialog"] == 1
        await pilot.press("escape")
        await settle(pilot)
        assert resumed["GameScreen"] == 1


async def test_the_trade_dialog_is_filled_once_as_it_mounts_and_focuses_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mounted: Counter[str] = Counter()
    _counting(monkeypatch, GameDialog, "on_mount", mounted)
    app = app_for(showcase_client())
    async with app.run_test(size=(80, 24)) as pilot:
        _, dialog = await trade_dialog_over_table(app, pilot)
        assert mounted["TradeScreen"] == 1
        assert dialog.focused is not None


async def test_a_key_the_trade_dialog_passes_on_reaches_the_dialogs_own_handler_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keyed: Counter[str] = Counter()
    _counting(monkeypatch, GameDialog, "on_key", keyed)
    app = app_for(showcase_client())
    async with app.run_test(size=(80, 24)) as pilot:
        await trade_dialog_over_table(app, pilot)
        keyed.clear()
        await pilot.press("ctrl+s")  # not a digit: the trade dialog passes it on
        await pilot.pause()
        assert keyed["TradeScreen"] == 1


async def test_a_dialog_looks_for_its_buttons_once_however_often_its_keys_are_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The footer asks a dialog about every key it offers each time the keys may have changed; each
    question looked for the key's button through the whole dialog."""
    from textual.dom import DOMNode

    walks: Counter[str] = Counter()
    query = DOMNode.query

    def counted(self: DOMNode, selector: str | type[Widget] | None = None) -> DOMQuery[Widget]:
        if isinstance(self, GameDialog):
            walks[type(self).__name__] += 1
        return query(self, selector)

    monkeypatch.setattr(DOMNode, "query", counted)
    seats = [VERA, ADA]
    app = app_for(client_for(scripted_game(seats, arrange=_browns), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, MortgageDialog)
        for _ in range(5):
            dialog._refresh_keys()
            dialog.refresh_bindings()
            await pilot.pause()
        assert walks["MortgageDialog"] <= 8, walks  # its look-ups for its other widgets (it was 97)
