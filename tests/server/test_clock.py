"""A clock for everyone at a shared table, through real SSH sessions: a person's time bank runs only while
the table waits on him, a bot decides when it runs out (and keeps the seat until he acts), every screen
shows the clock of the person waited on and marks the away, and the people present may vote a seat that
holds the table up to a bot."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.network.main import Running
from server.screens.vote import VoteDialog
from server.tables.table import Table
from tui.dialogs.auction import AuctionDialog
from tui.dialogs.buy import BuyDialog
from tui.dialogs.card import CardDialog
from tui.screens.game import GameScreen

from sshplay import Person, ada_and_bob, make_key, play_until, seated, short_banks, start_server

pytestmark = pytest.mark.slow


def clock_of(person: Person, name: str) -> int | None:
    """The seconds the status line shows for `name` (marked or not, away or not), or None."""
    top = person.text().splitlines()[0]
    found = re.search(rf"{name}(?: away)? (\d+):(\d\d)", top)
    return int(found[1]) * 60 + int(found[2]) if found else None


def logged(person: Person, text: str) -> Callable[[], bool]:
    """Whether a line of the person's event log holds `text`: the log as a whole, not the lines the screen
    shows, which a table playing on at once (bots at the instant pace) scrolls past in a moment."""

    def check() -> bool:
        app = person.app_now()
        game = app.game_screen if app is not None else None
        return isinstance(game, GameScreen) and any(text in entry.plain for entry in game._entries)

    return check


async def _three(running: Running, tmp_path: Path, **plan: Any) -> tuple[Table, Person, Person, Person]:
    ada, bob, cy = (Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Bob", "Cy"))
    table = await seated(running, [ada, bob, cy], "Friday", bots=1, **plan)
    return table, ada, bob, cy


async def test_a_present_idle_persons_bank_runs_out_a_bot_decides_and_he_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="normal", bank=180, bank_added=15)
        await ada.connect("Friday")
        await bob.connect("Friday")
        for p in (ada, bob):
            await p.wait_for("Bob 3:00")  # both banks shown, Ada's counting down from the first roll
            assert clock_of(p, "Ada") is not None
        short_banks(table, 3, 1)
        room = table.room
        assert room is not None
        await bob.wait_for(lambda: room.stand_ins == frozenset({0}), timeout=10)
        assert table.here(0), "Ada is at the table, only idle"
        for p in (ada, bob):
            await p.wait_for(logged(p, "Ada's time ran out: a bot decides for Ada"))
        await bob.wait_for(lambda: any(e.kind == "dice_rolled" and e.player == 0 for e in room.history()))
        assert table.held(0), "the stand-in keeps the seat while she stays idle, though she is here"

        await ada.press("l")  # any key of hers at the table: she plays again
        await ada.wait_for(lambda: room.stand_ins == frozenset())
        await bob.wait_for(logged(bob, "Ada plays again"))
        assert table.clocks is not None and (table.clocks.left(0, asyncio.get_running_loop().time()) or 0) > 0
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_the_clock_counts_down_only_while_the_table_waits_on_that_person(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="instant", bank=180, bank_added=15)
        await ada.connect("Friday")
        await bob.connect("Friday")
        await bob.wait_for("Ada 2:5")  # Ada's clock runs on Bob's screen...
        first = clock_of(bob, "Ada")
        await asyncio.sleep(2.2)
        later = clock_of(bob, "Ada")
        assert first is not None and later is not None and later <= first - 2, (first, later)
        assert clock_of(bob, "Bob") == 180, "...and Bob's bank stands while the table waits on Ada"
        room = table.room
        assert room is not None

        def not_on_ada() -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.player != 0

        await play_until([ada], not_on_ada)
        await asyncio.sleep(1.5)
        spent = clock_of(ada, "Ada")
        await asyncio.sleep(1.5)
        assert clock_of(ada, "Ada") == spent, "nobody's decisions but hers spend her bank"
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_the_away_mark_and_countdown_reach_the_others_and_the_watchers(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        di = Person(running, make_key(tmp_path, "d"), "Di")
        await seated(running, [ada, bob], "Friday", pace="instant", turn_timer=60)
        running.front.players.choose(di.fingerprint, di.name)
        await ada.connect("Friday")
        await bob.connect("Friday")
        await di.connect("Friday")  # every seat is taken: she watches
        await di.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
        await ada.drop()
        for p in (bob, di):
            await p.wait_for("Ada away 0:5")
        first = clock_of(di, "Ada")
        await asyncio.sleep(2.2)
        later = clock_of(di, "Ada")
        assert first is not None and later is not None and later <= first - 2, (first, later)
        await bob.leave()
        await di.leave()
    finally:
        await running.stop()


async def test_the_people_present_vote_a_seat_that_holds_the_table_up_to_a_bot(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        table, ada, bob, cy = await _three(running, tmp_path, pace="instant", turn_timer=600)
        for p in (ada, bob, cy):
            await p.connect("Friday")
        await ada.drop()  # the table waits on Ada's first roll, for ten minutes
        await bob.wait_for("Ada away")
        room = table.room
        assert room is not None

        await bob.press("a")
        await cy.wait_for(lambda: isinstance(cy.app().screen, VoteDialog))
        for p in (bob, cy):
            await p.wait_for(logged(p, "Bob calls a vote to hand Ada's seat to a bot"))
        await cy.press("n")  # two of the two present must say yes
        for p in (bob, cy):
            await p.wait_for(logged(p, "The vote failed (1 yes, 1 no, of 2 present)"))
        assert room.stand_ins == frozenset() and room.version == 0

        await cy.press("a")
        await bob.wait_for(lambda: isinstance(bob.app().screen, VoteDialog))
        await bob.press("y")
        for p in (bob, cy):
            await p.wait_for(logged(p, "The vote carried (2 yes, 0 no, of 2 present)"))
        await bob.wait_for(lambda: any(e.kind == "dice_rolled" and e.player == 0 for e in room.history()))

        await ada.connect("Friday")  # back, but the bot keeps her seat until she acts
        await ada.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
        assert table.held(0) and 0 in room.stand_ins
        await ada.press("l")
        await ada.wait_for(lambda: room.stand_ins == frozenset())
        for p in (ada, bob, cy):
            await p.leave()
    finally:
        await running.stop()


async def test_a_watcher_cannot_call_a_vote_and_is_told_why_with_nothing_lost(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        di = Person(running, make_key(tmp_path, "d"), "Di")
        table = await seated(running, [ada, bob], "Friday", pace="instant", turn_timer=600)
        running.front.players.choose(di.fingerprint, di.name)
        await bob.connect("Friday")  # Ada never came: the table waits on her
        await di.connect("Friday")
        await di.wait_for("Ada away")
        room = table.room
        assert room is not None
        await di.press("a")
        await di.wait_for("watchers may not")
        assert table.vote is None and room.version == 0 and room.stand_ins == frozenset()
        await bob.press("a")  # a person at the table may: alone present, his yes carries it
        await bob.wait_for(logged(bob, "The vote carried (1 yes, 0 no, of 1 present)"))
        await di.wait_for(logged(di, "The vote carried"))
        await bob.leave()
        await di.leave()
    finally:
        await running.stop()


async def test_a_vote_on_a_person_who_is_here_with_time_left_is_refused_in_words(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="instant", bank=180, bank_added=15)
        await ada.connect("Friday")
        await bob.connect("Friday")
        await bob.wait_for("Ada 2:5")
        await bob.press("a")
        await bob.wait_for("Ada is here with time on the clock")
        await ada.press("a")
        await ada.wait_for("The table waits on you")
        assert table.vote is None
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


def _shows(person: Person, *words: str) -> bool:
    """Whether one line of the person's screen holds all these words."""
    return any(all(w in line for w in words) for line in person.text().splitlines())


async def test_a_room_with_a_time_bank_is_made_in_the_form_and_shown_in_the_lobby(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada = await Person(running, make_key(tmp_path, "a"), "Ada").connect(size=(80, 24))
        await ada.wait_for("Choose the name")
        await ada.type("Ada\r")
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday")
        await ada.press(*["tab"] * 7, "enter")  # to the clock: a time bank
        await ada.wait_for("time bank")  # its choices are open (a key sent sooner goes to the form)
        await ada.press("down", "enter")
        await ada.wait_for(lambda: _shows(ada, "Clock", "time bank"))
        await ada.press("tab", "ctrl+u")
        await ada.type("0:05\r")
        await ada.wait_for("The time bank is minutes and seconds")  # refused in words, the form as it was
        assert "Friday" in ada.text()
        await ada.press("ctrl+u")
        await ada.type("2:30")
        await ada.press("tab", "ctrl+u")
        await ada.type("10\r")
        await ada.wait_for("Waiting for 1 more person")
        assert "Room Friday (Classic, bank 2:30 +10s)" in ada.text(), "the room's clock told while it waits"
        table = running.table("Friday")
        assert table is not None and (table.plan.bank, table.plan.bank_added) == (150, 10)
        bob = await Person(running, make_key(tmp_path, "b"), "Bob").connect()
        await bob.wait_for("Choose the name")
        await bob.type("Bob\r")
        await bob.wait_for("Classic, bank 2:30 +10s")
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


async def test_a_vote_is_called_from_an_auctions_dialog_while_the_away_person_is_to_bid(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        # the full game, no deeds dealt: Bob finds one for sale within a throw or two, where in the short
        # game the bots could buy up the few left before his walk of the dice reached one
        table = await seated(running, [ada, bob], "Friday", pace="normal", turn_timer=600, rules={})
        await ada.connect("Friday")
        await bob.connect("Friday")
        room = table.room
        assert room is not None

        def waits_on(seat: int, kind: str) -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.player == seat and pending.kind == kind

        driver = table.driver
        assert driver is not None
        driver.speed = "instant"  # the bots hurry to where Bob is to buy (a random walk of the dice) ...
        await play_until([ada, bob], lambda: waits_on(1, "buy"), timeout=120)
        driver.speed = "normal"  # ... and take their time again for the auction and the vote
        await ada.drop()
        await bob.wait_for(lambda: isinstance(bob.app().screen, (BuyDialog, CardDialog)))
        if isinstance(bob.app().screen, CardDialog):  # he came by a card (the dice are the game's own):
            await bob.press("enter")  # it is read first, then the buying
        await bob.wait_for(lambda: isinstance(bob.app().screen, BuyDialog))
        await bob.press("a")  # to auction: each bidder in turn, Ada among them
        await play_until([bob], lambda: waits_on(0, "auction"))
        await bob.wait_for(lambda: isinstance(bob.app().screen, AuctionDialog))
        await bob.press("a")  # the auction's dialog has no `a`: the table's vote
        await bob.wait_for(logged(bob, "The vote carried"))
        await bob.wait_for(lambda: not waits_on(0, "auction"))
        assert 0 in room.stand_ins
        await bob.leave()
    finally:
        await running.stop()


async def test_the_forms_clock_says_its_bounds_checks_as_typed_and_keeps_a_burst_of_keys(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada = await Person(running, make_key(tmp_path, "a"), "Ada").connect(size=(80, 24))
        await ada.wait_for("Choose the name")
        await ada.type("Ada\r")
        await ada.wait_for("No rooms yet")
        await ada.press("n")
        await ada.wait_for("A new room")
        await ada.type("Friday")
        await ada.press(*["tab"] * 7)  # to the clock
        await ada.type("\r\x1b[B\r")  # Enter, Down, Enter in one burst: a time bank, no key lost
        await ada.wait_for("bank 0:30 to 60:00, + 0 to 120 s a decision")  # said from the start
        await ada.press("tab")
        await ada.type("0:05")  # the bank: refused as it is typed, not only when the room is made
        await ada.wait_for("The time bank is minutes and seconds")
        await ada.press("ctrl+u")
        await ada.type("4")
        await ada.wait_until(lambda p: "The time bank is" not in p.text())
        await ada.press("tab")  # left: written back in its plain form
        await ada.wait_for(lambda: "4:00" in ada.text())
        await ada.type("\r")
        await ada.wait_for("Waiting for 1 more person")
        table = running.table("Friday")
        assert table is not None and (table.plan.bank, table.plan.bank_added) == (240, 15)
        await ada.leave()
    finally:
        await running.stop()


async def test_a_over_a_dialog_when_no_vote_can_be_called_says_why(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", pace="normal", turn_timer=600)
        await ada.connect("Friday")
        await bob.connect("Friday")
        room = table.room
        assert room is not None

        def bob_bids() -> bool:
            pending = room.view(None).pending
            return pending is not None and pending.player == 1 and pending.kind == "auction"

        await play_until([ada, bob], bob_bids, timeout=120)
        await bob.wait_for(lambda: isinstance(bob.app().screen, AuctionDialog))
        version = room.version
        await bob.press("a")  # nobody holds the table up: the key says so, and changes nothing
        await bob.wait_for("The table waits on you: make your move.")
        assert room.version == version and table.vote is None
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()
