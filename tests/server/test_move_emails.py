"""What a turn-based room asks of a person, and by when, wherever he reads it: the e-mail (against a real
SMTP server, aiosmtpd on 127.0.0.1), `ssh host mine`, `status` in lines and the line said on coming to the
table, in his time zone where his client names one (`TZ`), else in UTC. A restart sends no e-mail for a move
he was at the table for, and days away cover a room he sits at after declaring them."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from speaker import Speaker

from engine import DeclineProperty, ProposeTrade
from engine.core.state import Auction, Bundle
from room import Persistence
from server.base.clock import SetClock
from server.network import move_emails
from server.network.clock_moves import ask_advance
from server.network.move_emails import MoveEmails
from server.network.registry import Entry
from server.people.mail import Mailer, MailSettings
from server.people.notices import Notices
from server.people.players import Players
from server.people.store import SqliteStore
from server.tables import turn_pace
from server.tables.keeping import Keeper
from server.tables.move_words import MoveAsked, waits_on, when_words, zone_named
from server.tables.plans import Plan, SeatPlan
from server.tables.room_summary import RoomSummary
from server.tables.table import Table
from translation import Language, language, use

from smtpbox import code_in, start_inbox, text_of
from sshplay import start_server

TOKYO = "Asia/Tokyo"  # no summer time: its abbreviation is JST all year
HOUR = 3600.0


def _spanish() -> Language:
    spanish = language("es")
    assert spanish is not None
    return spanish


def test_a_move_is_said_with_what_it_is_and_by_when_in_the_readers_zone_and_in_spanish() -> None:
    due = 1_700_000_000.0 + 24 * HOUR  # Wed, Nov 15, 2023, 22:13:20 UTC
    auction = MoveAsked("auction", "Baltic Avenue", 7, due)
    assert auction.sentence() == "the auction of Baltic Avenue, by Wed, Nov 15, 10:13 PM UTC"
    assert auction.sentence(TOKYO) == "the auction of Baltic Avenue, by Thu, Nov 16, 7:13 AM JST"
    assert (
        auction.sentence(name="Bob")
        == "Bob's bid in the auction of Baltic Avenue, by Wed, Nov 15, 10:13 PM UTC"
    )
    offer = MoveAsked("trade_answer", "Ada", 7, due)
    assert offer.sentence() == "an offer from Ada to answer, by Wed, Nov 15, 10:13 PM UTC"
    assert offer.what("Bob") == "Bob's answer to an offer from Ada"
    turn = MoveAsked("roll", "", 7, due)
    assert turn.sentence("America/Sao_Paulo") == "your move in turn 7, by Wed, Nov 15, 7:13 PM UTC-03"
    assert (
        waits_on(turn, "Ada", True)
        == "The table waits on you: your move in turn 7, by Wed, Nov 15, 10:13 PM UTC."
    )
    assert (
        waits_on(turn, "Ada", False)
        == "The table waits on Ada's move in turn 7, by Wed, Nov 15, 10:13 PM UTC."
    )
    assert MoveAsked("call_answer", "Ada").sentence() == "Ada's call to end the game", (
        "no deadline: none said"
    )
    with use(_spanish()):
        assert auction.sentence() == "la subasta de Baltic Avenue, antes del mié, 15 nov, 22:13 UTC"
        assert offer.sentence(TOKYO) == "una oferta de Ada que responder, antes del jue, 16 nov, 7:13 JST"
        assert waits_on(turn, "Ada", False) == (
            "La mesa espera la jugada de Ada en el turno 7, antes del mié, 15 nov, 22:13 UTC."
        )
    assert [
        zone_named(z) for z in ("Europe/Madrid", ":Asia/Tokyo", "UTC", "CET-1CEST", "../etc/passwd", "")
    ] == [
        "Europe/Madrid",
        TOKYO,
        "",
        "",
        "",
        "",
    ], "a zone the machine knows, by name; anything else is UTC"
    assert when_words(due, "Nowhere/Atlantis") == when_words(due)


def _by_in(zone: str, due: float) -> str:
    """The deadline as an English e-mail writes it in `zone`, worked out without the game's code."""
    local = dt.datetime.fromtimestamp(due, ZoneInfo(zone))
    hour = local.hour % 12 or 12
    noon = "AM" if local.hour < 12 else "PM"
    return f"by {local:%a}, {local:%b} {local.day}, {hour}:{local:%M} {noon} {local:%Z}"


async def test_the_email_names_the_deed_auctioned_and_the_offers_sender_and_by_when_in_her_zone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(move_emails, "EMAIL_AFTER", 0.05)
    loop = asyncio.get_running_loop()
    inbox, smtp, port = await start_inbox()
    store = SqliteStore(tmp_path / "people.sqlite3")
    players = Players(store)
    for name in ("Ada", "Bob"):
        players.choose(f"key-{name}", name)
    players.heard_zone("key-Ada", TOKYO)  # her client said TZ=Asia/Tokyo; Bob's named none
    mailer = Mailer(MailSettings("127.0.0.1", port, "landlords@example.net"), retries=(0.05,))
    notices = Notices(store, mailer, players, connect="ssh -p 2222 play.example.net")
    mailer.start()
    clock, keeper = SetClock(loop), Keeper(tmp_path, loop)
    people = [SeatPlan("person", name=n, owner=f"key-{n}") for n in ("Ada", "Bob")]
    table = Table(
        Plan("t1", "Friday", "classic", {"short_game": True}, people, move_hours=24),
        Persistence(tmp_path / "saves"),
        clock,
        lambda: None,
        keeper=keeper,
    )
    table.restore(keeper.read("t1", 200, 100))
    table.unload_after = 1e12
    try:
        for key in ("key-Ada", "key-Bob"):
            assert "A code is on its way" in notices.give_address(key, f"{key[4:].lower()}@example.org")
            await inbox.wait_for(len(inbox.messages) + 1)
            assert "confirmed" in notices.confirm(key, code_in(inbox.messages[-1]))
        told = len(inbox.messages)
        messages = MoveEmails(notices, lambda _room: Entry(RoomSummary.of(table.plan), table.status(), 0))
        table.start()
        room = table.room
        assert room is not None
        assert room.submit(0, ProposeTrade(player=0, to=1, give=Bundle(cash=10)), room.version).ok
        status = table.status()
        assert (status.seat, status.asked, status.about) == (1, "trade_answer", "Ada")
        messages.reported("t1", Entry(RoomSummary.of(table.plan), status, 0))
        await inbox.wait_for(told + 1)
        message = text_of(inbox.messages[-1])
        assert inbox.messages[-1]["To"] == "bob@example.org"
        assert f"Friday waits on you: an offer from Ada to answer, {_by_in('UTC', status.due)}." in message

        clock.advance(25 * HOUR)  # Bob's time runs out: the offer lapses, and the game goes on to an auction
        for _step in range(200):
            status = table.status()
            if status.asked == "auction" and status.about:
                break
            pending = room.view(None).pending
            assert pending is not None
            if pending.kind == "buy":  # declined: the deed goes to auction
                assert room.submit(pending.player, DeclineProperty(player=pending.player), room.version).ok
            else:
                clock.advance(25 * HOUR)
            clock.advance(1.0)
        else:
            raise AssertionError("no auction came")
        auction = room.view(None).pending
        assert isinstance(auction, Auction)
        deed = room.board.name(auction.space)
        assert status.about == deed
        before = len(inbox.messages)
        messages.reported("t1", Entry(RoomSummary.of(table.plan), status, 0))
        await inbox.wait_for(before + 1)
        message = text_of(inbox.messages[-1])
        owner = table.plan.seats[status.seat].owner
        assert inbox.messages[-1]["To"] == f"{(owner or '')[4:].lower()}@example.org"
        zone = TOKYO if owner == "key-Ada" else "UTC"
        assert f"Friday waits on you: the auction of {deed}, {_by_in(zone, status.due)}." in message, message
    finally:
        table.close()
        keeper.stop()
        await mailer.stop()
        smtp.close()
        store.close()


DEADLINE = re.compile(r"your move in turn (\d+), by \w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M JST")


async def test_lines_and_mine_say_what_and_by_when_and_a_restart_writes_for_no_move_she_saw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person in lines whose client names her time zone reads her move and its deadline in it on coming to
    the table, at `status` and in `ssh host mine`; she leaves in the middle of her move, and neither the
    room's rest nor a restart of the server sends an e-mail for it; the next move of hers, which she did not
    see, is told, by when in her zone."""
    monkeypatch.setattr(move_emails, "EMAIL_AFTER", 1.0)
    monkeypatch.setattr(turn_pace, "UNLOAD_AFTER", 0.1)
    inbox, smtp, port = await start_inbox()
    config: dict[str, Any] = {
        "workers": 1,
        "smtp": f"127.0.0.1:{port}",
        "smtp_from": "game@example.net",
        "test_clock": True,
    }
    running = await start_server(tmp_path, **config)
    tz = {"TZ": TOKYO}
    ada = Speaker(running, "Ada")
    try:
        await ada.connect(env=tz)
        await ada.wait_for("What name shall")
        await ada.type("Ada")
        await ada.wait_for("You are in the lobby.")
        await ada.type("mail ada@example.org")
        await inbox.wait_for(1)
        await ada.type(f"confirm {code_in(inbox.messages[0])}")
        await ada.wait_for("Your address is confirmed")
        await ada.type("new Duo classic 1 person 1 easy bot turns 24")
        await ada.wait_for("You are at Duo.")
        await ada.wait_for("The table waits on you: your move in turn")
        said = ada.text[ada.text.index("The table waits on you: ") :]
        assert DEADLINE.search(said.splitlines()[0]), said
        await ada.type("status")
        await ada.wait_for("holds")
        await asyncio.sleep(0.3)
        assert ada.text.count("The table waits on you: your move in turn") == 2, "status says it again"
        mine = Speaker(running, "Ada", ada.key)
        await mine.connect("mine", env=tz)
        listed = await mine.ended()
        assert listed.startswith("Duo\tyour move in turn ") and DEADLINE.search(listed), listed
        ada.close()
        await asyncio.sleep(2.0)
        assert len(inbox.messages) == 1, "no e-mail for the move she left in the middle of"

        await running.stop()
        running = await start_server(tmp_path, **config)
        await asyncio.sleep(3.0)
        assert len(inbox.messages) == 1, "nor after a restart: she saw that move"

        again = Speaker(running, "Ada", ada.key)
        await again.connect("mine", env=tz)  # her client names her zone again
        assert DEADLINE.search(await again.ended())
        ask_advance(running.front.config.folder, 25 * HOUR)  # her time runs out: a bot makes that move
        assert running.clock_requests is not None
        running.clock_requests.look()
        await inbox.wait_for(2, timeout=20)
        message = text_of(inbox.messages[1])
        assert re.search(r"Duo waits on you: " + DEADLINE.pattern + r"\.", message), message
    finally:
        ada.close()
        await running.stop()
        smtp.close()


async def test_days_away_cover_a_turn_based_room_made_after_declaring_them(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    ada = Speaker(running, "Ada")
    try:
        await ada.connect()
        await ada.wait_for("What name shall")
        await ada.type("Ada")
        await ada.wait_for("You are in the lobby.")
        await ada.type("new Duo classic 1 person 1 easy bot turns 24")
        await ada.wait_for("You are at Duo.")
        await ada.type("leave")
        await ada.wait_for("your seat is kept")
        await ada.type("away 3")
        await ada.wait_for("You are away until")
        now = dt.datetime.now(dt.UTC)
        await ada.type("new Solo classic 1 person 1 easy bot turns 24")
        await ada.wait_for("You are at Solo.")
        await ada.wait_for("The table waits on you: your move in turn")
        said = ada.text[ada.text.index("You are at Solo.") :]
        line = next(x for x in said.splitlines() if x.startswith("The table waits on you"))
        days = {f"{d:%a}, {d:%b} {d.day}," for d in (now + dt.timedelta(days=4, seconds=s) for s in (0, 60))}
        assert any(day in line for day in days), (line, days)
    finally:
        ada.close()
        await running.stop()
