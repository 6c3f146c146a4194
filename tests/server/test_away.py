"""A person who drops keeps their seat: the table waits, a stand-in plays after the turn timer, and the
seat comes back to them, with nothing lost, when they connect again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tui.dialogs.auction import AuctionDialog

from sshplay import Person, ada_and_bob, make_key, play_until, seated, start_server

pytestmark = pytest.mark.slow


async def test_a_session_killed_mid_auction_comes_back_to_the_same_seat_with_nothing_lost(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="instant")
        await ada.connect("Friday")
        await bob.connect("Friday")
        room = table.room
        assert room is not None

        def ada_bids_next() -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.kind == "auction" and pending.player == 0

        await play_until([ada, bob], ada_bids_next)
        await ada.wait_for(lambda: isinstance(ada.app().screen, AuctionDialog))
        version, history = room.version, len(room.history())
        await ada.drop()
        await asyncio.sleep(1.0)
        assert not table.here(0)
        assert room.version == version and ada_bids_next(), "the table waits for Ada"
        assert room.stand_ins == frozenset()

        await ada.connect()  # from the lobby, Enter on her room goes back to her seat
        await ada.wait_for("Friday")
        await ada.press("enter")
        await ada.wait_for(lambda: isinstance(ada.app().screen, AuctionDialog))
        client = ada.app().game_screen.client  # type: ignore[union-attr]
        assert client.local_seats == frozenset({0})
        assert room.version == version and len(room.history()) == history
        assert table.here(0)
        await ada.press("p")
        await ada.wait_for(lambda: room.version > version)
        assert "Ada passed" in "\n".join(room.narrate(e) for e in room.history()[history:])
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_after_the_turn_timer_a_bot_stands_in_and_hands_the_seat_back(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="instant")
        table.plan.turn_timer = 2
        room = table.room
        assert room is not None
        loop = asyncio.get_running_loop()
        arrived = loop.time()
        await bob.connect("Friday")  # Ada is away: the game waits on her first roll
        await bob.wait_for(lambda: room.stand_ins == frozenset({0}), timeout=15)
        assert loop.time() - arrived >= 2, "the table waited out the timer first"
        await bob.wait_for(lambda: room.version > 0, timeout=10)
        assert any(e.kind == "dice_rolled" and e.player == 0 for e in room.history())

        await ada.connect("Friday")
        await ada.wait_for(lambda: ada.app().game_screen is not None)
        assert room.stand_ins == frozenset()
        assert ada.app().game_screen.client.local_seats == frozenset({0})  # type: ignore[union-attr]
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_a_table_whose_people_all_left_pauses_and_plays_on_when_one_returns(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        table = await seated(running, [ada], "Solo", bots=3, pace="slow")
        await ada.connect("Solo")
        room = table.room
        assert room is not None
        status = table.status()
        assert (status.stage, status.turn, status.waiting_on) == ("playing", 1, "Ada")
        assert status.words().startswith("turn 1: Ada"), "the lobby counts turns as the status line does"
        await play_until([ada], lambda: room.bot_due() is not None)
        paused = room.version
        await ada.leave()
        await asyncio.sleep(2.0)  # longer than the slow pace between two bot moves
        assert room.version == paused and room.bot_due() is not None, "no bot moves with nobody here"
        assert not table.status().present and table.status().words().endswith(", resting")
        await ada.connect("Solo")
        await ada.wait_for(lambda: room.version > paused)
        await ada.leave()
    finally:
        await running.stop()
