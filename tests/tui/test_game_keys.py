"""The game screen's keys are one table: each key bound once, to an action the screen has, and the turn
keys playing the commands they stand for."""

from __future__ import annotations

import pytest

from server.screens.room import RoomScreen
from tui.game_keys import KEYS
from tui.screens.game import GameScreen
from tui.text import captions

from playtable import app_for, game_screen, settle, showcase_client


@pytest.mark.parametrize("screen", [GameScreen, RoomScreen], ids=lambda s: s.__name__)
def test_every_key_is_bound_once_to_an_action_of_the_screen(screen: type[GameScreen]) -> None:
    keys = [k for key in screen.KEYS for k in key.key.split(",")]
    assert len(keys) == len(set(keys))
    for key in screen.KEYS:
        action = "play" if key.plays else key.name
        assert callable(getattr(screen, f"action_{action}", None)), key
    assert [b.key for b in screen.BINDINGS] == [k.key for k in screen.KEYS]  # type: ignore[union-attr]


def test_the_keys_the_centre_offers_have_words_and_the_turn_keys_play_commands() -> None:
    offered = [k.name for k in KEYS if k.hinted and k.name in captions.ACTION_WORDS]
    assert offered == list(captions.ACTION_WORDS)  # in the footer's order
    assert {k.name for k in KEYS if k.plays} == {"roll", "end_turn", "pay_fine", "use_card", "call_game"}
    assert all(k.kinds for k in KEYS if k.plays)


async def test_a_turn_key_plays_the_first_legal_command_of_its_kinds() -> None:
    app = app_for(showcase_client())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.check_action("play", ("roll",)) and not screen.check_action("play", ("end_turn",))
        before = screen.client.version
        await pilot.press("r")
        await settle(pilot)
        assert screen.client.version > before
        assert "rolled" in "\n".join(e.plain for e in screen._entries[-8:])
