"""People at one table, each over their own SSH connection: a whole game, the lobby, trades and chat."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from server.screens.lobby import LobbyScreen
from tui.dialogs.auction import AuctionDialog
from tui.screens.game_over import GameOverScreen

from sshplay import Person, ada_and_bob, make_key, next_key, play_until, seated, start_server

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("workers", [1, 2])
async def test_two_people_two_bots_and_two_watchers_play_a_game_to_its_end(
    tmp_path: Path, workers: int
) -> None:
    running = await start_server(tmp_path, workers=workers)
    try:
        ada, bob = (Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Bob"))
        cy, di = (Person(running, make_key(tmp_path, n), n) for n in ("Cy", "Di"))
        table = await seated(running, [ada, bob], "Friday", rules={"time_limit_rounds": 2}, pace="instant")
        for viewer in (cy, di):
            running.front.players.choose(viewer.fingerprint, viewer.name)
        people = [await ada.connect("Friday"), await bob.connect("Friday")]
        watchers = [await cy.connect(), await di.connect()]
        for w in watchers:
            await w.wait_for("Friday")
            await w.press("w")
        for p in [*people, *watchers]:
            # a watcher whose lobby was on the other worker is carried over to the room's: no app meanwhile
            await p.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
            await p.wait_for("Time Limit (")
        shared = running.table(table.id)
        assert shared is not None and shared.presence.watching == 2

        loop = asyncio.get_running_loop()
        end = loop.time() + 90
        while not table.finished and loop.time() < end:
            moved = False
            for p in people:
                app = p.app_now()
                key = next_key(app) if app is not None else None
                if key is not None:
                    await p.press(key)
                    moved = True
            await asyncio.sleep(0.02 if moved else 0.05)
        assert table.finished, "the game did not end"
        room = table.room
        assert room is not None
        winner = room.names[room.view(None).winner or 0]
        for p in [*people, *watchers]:
            await p.wait_until(lambda p: p.showing(GameOverScreen))
            await p.wait_for(f"{winner} wins")
        # every person saw the others' moves as they came: the same story on every screen
        stories = {p.name: [e.plain for e in p.app().game_screen._entries] for p in people}  # type: ignore[union-attr]
        assert stories["Ada"][-5:] == stories["Bob"][-5:]
        for p in [*people, *watchers]:
            await p.leave()
    finally:
        await running.stop()


async def test_the_lobby_makes_a_room_and_a_second_person_joins_it(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada = await Person(running, make_key(tmp_path, "a"), "Ada").connect(size=(100, 30))
        await ada.wait_for("Choose the name")
        await ada.type("Ada\r")
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday\r")
        await ada.wait_for("Waiting for 1 more person")
        bob = await Person(running, make_key(tmp_path, "b"), "Bob").connect(size=(120, 40))
        await bob.wait_for("Choose the name")
        await bob.type("Bob\r")
        await bob.wait_for("waiting for 1 more")
        assert isinstance(bob.app().screen, LobbyScreen)
        await bob.press("enter")
        for p in (ada, bob):
            await p.wait_for("Ada's turn")
        table = running.table("Friday")
        assert table is not None and table.started
        assert [s.name for s in table.plan.seats[:2]] == ["Ada", "Bob"]
        assert table.seat_of(ada.fingerprint) == 0 and table.seat_of(bob.fingerprint) == 1
        lobby = next(s for s in bob.app().screen_stack if isinstance(s, LobbyScreen))
        assert lobby.query_one(DataTable).row_count == 0, "under a table the lobby lets its rooms go"
        await bob.type("\x11")  # Ctrl+Q: back to the lobby: the rooms are read again
        await bob.wait_for(lambda: isinstance(bob.app().screen, LobbyScreen))
        await bob.wait_for(lambda: bob.app().screen.query_one(DataTable).row_count == 1)
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_the_chat_line_is_made_ahead_and_is_the_one_that_opens(tmp_path: Path) -> None:
    """Made while the table waits (with the game's first dialogs), off the stack, and opened by `/`."""
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Friday", pace="instant")
        await ada.connect("Friday")
        await bob.connect("Friday")
        app = ada.app()
        name = f"chat-{id(app.game_screen)}"
        await ada.wait_for(lambda: app.is_screen_installed(name) and app.get_screen(name).is_running)
        made = app.get_screen(name)
        assert made not in app.screen_stack
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        assert app.screen is made
        await ada.type("made ahead\r")
        await bob.wait_for("Ada: made ahead")
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_the_chat_line_opens_from_a_decision_dialog_and_decides_nothing(tmp_path: Path) -> None:
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
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("one moment/please\r")
        await bob.wait_for("Ada: one moment/please")
        await ada.wait_for(lambda: isinstance(ada.app().screen, AuctionDialog))
        assert ada_bids_next(), "chatting decided nothing"
        first = ada.app().get_screen(f"chat-{id(ada.app().game_screen)}")
        await ada.press("slash")  # the chat line again: the same one, kept for this table, and empty
        await ada.wait_for(lambda: ada.app().screen is first)
        assert first.query_one(Input).value == ""
        await ada.type("and again\r")
        await bob.wait_for("Ada: and again")
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_leaving_the_table_with_a_decision_open_leaves_no_dialog_over_the_lobby(tmp_path: Path) -> None:
    from tui.dialogs.base import GameDialog
    from tui.dialogs.buy import BuyDialog
    from tui.dialogs.card import CardDialog

    running = await start_server(tmp_path)
    try:
        ada = Person(running, make_key(tmp_path, "a"), "Ada")
        table = await seated(running, [ada], "Friday", bots=3, pace="instant", turn_timer=600, rules={})
        await ada.connect("Friday")
        room = table.room
        assert room is not None

        def to_buy() -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.player == 0 and pending.kind == "buy"

        await play_until([ada], to_buy, timeout=120)
        await ada.wait_for(lambda: isinstance(ada.app().screen, (BuyDialog, CardDialog)))
        if isinstance(ada.app().screen, CardDialog):  # a card first (the dice are the game's own)
            await ada.press("enter")
        await ada.wait_for(lambda: isinstance(ada.app().screen, BuyDialog))
        await ada.press("ctrl+q")  # back to the lobby, the buying still to decide (the seat is kept)
        await ada.wait_for(lambda: isinstance(ada.app().screen, LobbyScreen))
        await asyncio.sleep(1.0)  # the table's screen, popped, had a resume of its own still to handle
        app = ada.app()
        assert isinstance(app.screen, LobbyScreen)
        assert not any(isinstance(s, GameDialog) for s in app.screen_stack)
        assert to_buy()  # nothing was decided for her
        await ada.leave()
    finally:
        await running.stop()


async def test_ctrl_c_at_a_table_says_that_ctrl_q_goes_back_to_the_lobby(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Friday", pace="instant")
        await ada.connect("Friday", size=(120, 40))
        await ada.wait_for("Ada's turn")  # at the table (the lobby she passes through may come and go unseen)
        await ada.press("\x03")  # Ctrl+C
        await ada.wait_for("Ctrl+Q goes back to the lobby; your seat is kept.")
        text = ada.text()  # no markup shown raw ("[b]ctrl+q[/b]"); "[b] build" is a key hint of the game's
        assert "[/b]" not in text and "[b]ctrl" not in text.lower()
        await ada.leave()
    finally:
        await running.stop()
