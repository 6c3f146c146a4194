"""Fair dice at a server's table: everyone at it sees the same fingerprint of the seed in the first line of
the log and in the help, and nobody the seed while the game is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.fairness import fingerprint
from tui.screens.help import HelpScreen

from sshplay import ada_and_bob, seated, start_server

pytestmark = pytest.mark.slow


async def test_everyone_at_the_table_sees_the_seeds_fingerprint(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday")
        people = [await ada.connect("Friday"), await bob.connect("Friday")]
        room = table.room
        assert room is not None and room.seed is None
        expected = fingerprint(room._game.state.seed)  # the seed, which no screen shows yet
        for p in people:
            await p.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
            await p.wait_for("Turn 1")
            first = p.app().game_screen._entries[0].plain  # type: ignore[union-attr]
            assert first.startswith("Fair dice: ") and expected in first  # the log's first line
            await p.press("?")
            await p.wait_until(lambda p: isinstance(p.app().screen, HelpScreen))
            help_screen = p.app().screen
            assert isinstance(help_screen, HelpScreen)
            assert f"Its fingerprint (SHA-256) is {expected}" in str(help_screen._text())
        for p in people:
            await p.leave()
    finally:
        await running.stop()
