"""Word by e-mail when a room waits on a person, against a real SMTP server (aiosmtpd on 127.0.0.1): an
address confirmed with the code the e-mail carries, a code wrong or late, an e-mail a move and a digest a
day, a mail server that refuses or is down (tried again, then dropped with one warning), a flood of
addresses, and no address ever in the log."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from speaker import Speaker

from engine.core.phrases import Phrase
from server.network import move_emails
from server.network.clock_moves import ask_advance
from server.people.mail import Mailer, MailSettings
from server.people.notices import CODE_LIFE, CODES_AN_HOUR, DAY, TRIES, Notices
from server.people.players import Players
from server.people.store import SqliteStore
from server.tables import turn_pace

from smtpbox import Inbox, code_in, free_port, start_inbox, text_of
from sshplay import start_server

pytestmark = pytest.mark.slow  # each starts an SMTP server

ADA, BOB = "SHA256:ada", "SHA256:bob"
ADDRESS = "ada@example.org"


def ours(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The server's log records (the SMTP server's own log names the addresses it is given)."""
    return [r for r in caplog.records if r.name.startswith("server.")]


def logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() for r in ours(caplog))


class Clock:
    """The time the notices read, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Post:
    inbox: Inbox
    notices: Notices
    mailer: Mailer
    clock: Clock
    store: SqliteStore
    players: Players


@pytest.fixture
async def post(tmp_path: Path) -> AsyncIterator[Post]:
    inbox, server, port = await start_inbox()
    store = SqliteStore(tmp_path / "people.sqlite3")
    players = Players(store)
    players.choose(ADA, "Ada")
    players.choose(BOB, "Bob")
    mailer = Mailer(MailSettings("127.0.0.1", port, "landlords@example.net"), retries=(0.05, 0.05))
    clock = Clock()
    notices = Notices(store, mailer, players, now=clock, connect="ssh -p 2222 play.example.net")
    mailer.start()
    try:
        yield Post(inbox, notices, mailer, clock, store, players)
    finally:
        await mailer.stop()
        server.close()
        store.close()


async def confirmed(post: Post, key: str = ADA, address: str = ADDRESS) -> None:
    before = len(post.inbox.messages)
    assert "A code is on its way" in post.notices.give_address(key, address)
    await post.inbox.wait_for(before + 1)
    assert "confirmed" in post.notices.confirm(key, code_in(post.inbox.messages[-1]))


async def test_an_address_is_confirmed_by_the_code_the_email_carries(post: Post) -> None:
    line = post.notices.give_address(ADA, "  Ada@Example.ORG ")
    assert line.startswith("A code is on its way to Ada@example.org")
    await post.inbox.wait_for(1)
    message = post.inbox.messages[0]
    assert message["To"] == "Ada@example.org" and message["From"] == "landlords@example.net"
    code = code_in(message)
    assert code in text_of(message) and "30 minutes" in text_of(message)
    row = post.store.mail_of(ADA)
    assert row is not None and row.pending == "Ada@example.org" and not row.address
    assert code not in row.code_hash and "Ada@example.org" not in row.code_hash, "the hash alone is kept"
    assert post.notices.state(ADA).pending == "Ada@example.org"

    assert "wrong" in post.notices.confirm(ADA, "000000" if code != "000000" else "111111")
    assert "confirmed" in post.notices.confirm(ADA, f" {code[:3]} {code[3:]} ")
    state = post.notices.state(ADA)
    assert (state.address, state.pending, state.choice) == ("Ada@example.org", "", "each")
    assert "No code is waiting" in post.notices.confirm(ADA, code), "a code serves once"


async def test_a_late_code_or_too_many_wrong_ones_need_a_new_code(post: Post) -> None:
    post.notices.give_address(ADA, ADDRESS)
    await post.inbox.wait_for(1)
    code = code_in(post.inbox.messages[0])
    post.clock.now += CODE_LIFE + 1
    assert "too old" in post.notices.confirm(ADA, code)
    assert "No code is waiting" in post.notices.confirm(ADA, code)
    assert not post.notices.state(ADA).address

    post.notices.give_address(ADA, ADDRESS)
    await post.inbox.wait_for(2)
    code = code_in(post.inbox.messages[1])
    wrong = "000000" if code != "000000" else "111111"
    answers = [post.notices.confirm(ADA, wrong) for _try in range(TRIES)]
    assert all("wrong" in a for a in answers) and "too many" in answers[-1]
    assert "No code is waiting" in post.notices.confirm(ADA, code), "the right code comes too late"
    assert not post.notices.state(ADA).address


async def test_a_code_email_is_logged_once_by_its_name(post: Post, caplog: pytest.LogCaptureFixture) -> None:
    """It was logged twice under two names: "a code for Ada sent to be confirmed" as it was put in the
    queue, and "a notice for Ada sent" as it went."""
    caplog.set_level(logging.DEBUG)
    post.notices.give_address(ADA, ADDRESS)
    await post.inbox.wait_for(1)
    await asyncio.sleep(0.1)
    about_ada = [line for line in logged(caplog).splitlines() if "Ada" in line]
    assert about_ada == ["a code for Ada sent"]


async def test_what_is_not_an_address_is_answered_and_nothing_is_sent(post: Post) -> None:
    wrong = ["", "ada", "ada@", "@example.org", "ada@example", "a da@example.org", "ada@exa_mple.org"]
    wrong += ["ada@@example.org", "ada@example.123", "x" * 65 + "@example.org", "ada@-example.org"]
    for typed in wrong:
        line = post.notices.give_address(ADA, typed)
        assert "e-mail address" in line, (typed, line)
    assert post.notices.state(ADA).pending == ""
    await asyncio.sleep(0.2)
    assert post.inbox.messages == []


async def test_a_flood_of_addresses_from_one_key_is_refused(
    post: Post, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    for n in range(CODES_AN_HOUR):
        assert "A code is on its way" in post.notices.give_address(ADA, f"ada{n}@example.org")
    refused = post.notices.give_address(ADA, "ada9@example.org")
    assert refused == "Too many addresses asked for from your key: try again in an hour or so."
    await post.inbox.wait_for(CODES_AN_HOUR)
    await asyncio.sleep(0.2)
    assert len(post.inbox.messages) == CODES_AN_HOUR
    assert "A code is on its way" in post.notices.give_address(BOB, "bob@example.org"), "another key may"
    post.clock.now += 3601
    assert "A code is on its way" in post.notices.give_address(ADA, "ada9@example.org"), "an hour on"
    warned = [r for r in ours(caplog) if r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warned] == ["a code for Ada refused: too many asked from one key"]
    assert "@example.org" not in logged(caplog) and logged(caplog)


async def test_one_email_a_move_in_the_persons_language_and_never_an_address_in_the_log(
    post: Post, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await confirmed(post)
    post.notices.your_move(ADA, "Friday", Phrase("your turn"), "turn 3")
    post.notices.your_move(ADA, "Friday", Phrase("your turn"), "turn 3")  # told already
    post.notices.your_move(BOB, "Friday", Phrase("your turn"), "turn 3")  # no address: nothing
    await post.inbox.wait_for(2)
    message = post.inbox.messages[1]
    assert message["Subject"] == "landlords: your move at Friday"
    assert "Friday waits on you: your turn." in text_of(message)
    assert "ssh -p 2222 play.example.net" in text_of(message)
    post.players.choose_language(ADA, "es")
    post.notices.your_move(ADA, "Friday", Phrase("your turn"), "turn 5")
    post.notices.your_move(ADA, "Duo", "an auction", "turn 1")
    await post.inbox.wait_for(4)
    await asyncio.sleep(0.2)
    assert len(post.inbox.messages) == 4, "one e-mail a move of a room"
    assert post.inbox.messages[2]["Subject"] == "landlords: te toca en Friday"
    assert "Duo" in str(post.inbox.messages[3]["Subject"])
    assert "example.org" not in logged(caplog)
    assert "a notice for Ada sent" in logged(caplog)


async def test_a_digest_a_day_tells_the_rooms_still_waiting(post: Post) -> None:
    await confirmed(post)
    waiting = {"Friday", "Duo"}
    post.notices.waiting = lambda key: [(room, "") for room in sorted(waiting)]
    assert "one letter a day" in post.notices.choose(ADA, "digest")
    post.notices.your_move(ADA, "Friday", "your turn", "turn 3")
    post.notices.your_move(ADA, "Duo", "an auction", "turn 7")
    post.notices.your_move(ADA, "Solo", "your turn", "turn 2")
    waiting.discard("Solo")  # played meanwhile: not in the digest
    await asyncio.sleep(0.2)
    assert len(post.inbox.messages) == 1, "nothing but the code until the digest"
    assert post.notices.send_digests() == 1
    await post.inbox.wait_for(2)
    digest = post.inbox.messages[1]
    assert digest["Subject"] == "landlords: 2 rooms wait on you"
    body = text_of(digest)
    assert body.startswith("These rooms wait on you:")
    assert "Friday: your turn." in body and "Duo: an auction." in body and "Solo" not in body

    post.notices.your_move(ADA, "Friday", "your turn", "turn 9")
    post.clock.now += DAY / 2
    assert post.notices.send_digests() == 0, "one digest a day"
    post.clock.now += DAY / 2
    assert post.notices.send_digests() == 1
    await post.inbox.wait_for(3)
    assert post.inbox.messages[2]["Subject"] == "landlords: 1 room waits on you"
    assert " ".join(text_of(post.inbox.messages[2]).split()).startswith(
        "This room waits on you: Friday: your"
    )
    assert "mail off" in text_of(post.inbox.messages[2])
    assert "forgotten" in post.notices.turn_off(ADA)
    post.notices.your_move(ADA, "Friday", "your turn", "turn 11")
    post.clock.now += DAY
    assert post.notices.send_digests() == 0 and post.store.mail_of(ADA) is None


async def test_a_refused_recipient_is_dropped_with_one_warning_and_the_rest_goes_on(
    post: Post, caplog: pytest.LogCaptureFixture
) -> None:
    await confirmed(post)
    await confirmed(post, BOB, "bob@example.org")
    caplog.set_level(logging.INFO)
    post.inbox.refuse[ADDRESS] = "550 5.1.1 <ada@example.org>: no such mailbox"
    post.notices.your_move(ADA, "Friday", "your turn", "turn 3")
    post.notices.your_move(BOB, "Friday", "your turn", "turn 4")
    await post.inbox.wait_for(3)
    await asyncio.sleep(0.3)
    assert post.inbox.refused == 1, "refused for good: not tried again"
    assert [message["To"] for message in post.inbox.messages[2:]] == ["bob@example.org"]
    warned = [r for r in ours(caplog) if r.levelno >= logging.WARNING]
    assert [(r.levelname, r.getMessage()) for r in warned] == [
        ("WARNING", "a notice for Ada dropped: the mail server refused it (550)")
    ]
    assert "example.org" not in logged(caplog)

    caplog.clear()
    post.inbox.refuse[ADDRESS] = "450 4.2.1 mailbox busy"
    post.notices.your_move(ADA, "Friday", "your turn", "turn 5")
    await asyncio.sleep(0.6)
    assert post.inbox.refused == 1 + 3, "refused for now: tried again after each wait, then dropped"
    warned = [r for r in ours(caplog) if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in warned] == [
        "a notice for Ada dropped after 3 tries: the mail server refused for now (450)"
    ]


async def test_a_mail_server_that_is_down_costs_the_game_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqliteStore(tmp_path / "people.sqlite3")
    players = Players(store)
    players.choose(ADA, "Ada")
    mailer = Mailer(MailSettings("127.0.0.1", free_port(), "landlords@example.net"), retries=(0.05, 0.1))
    notices = Notices(store, mailer, players)
    mailer.start()
    caplog.set_level(logging.INFO)
    try:
        loop = asyncio.get_running_loop()
        began = loop.time()
        assert "A code is on its way" in notices.give_address(ADA, ADDRESS)
        assert loop.time() - began < 0.1, "the person never waits for the mail server"
        ticks = 0
        while mailer.dropped == 0 and loop.time() - began < 5:
            await asyncio.sleep(0.01)
            ticks += 1
        assert mailer.dropped == 1 and mailer.sent == 0
        assert ticks > 10, "the loop went on meanwhile"
    finally:
        await mailer.stop()
        store.close()
    warned = [r for r in ours(caplog) if r.levelno >= logging.WARNING]
    assert [(r.levelname, r.getMessage()) for r in warned] == [
        ("WARNING", "a code for Ada dropped after 3 tries: the mail server could not be reached "
         "(ConnectionRefusedError)")
    ]  # fmt: skip
    assert sum("trying again" in r.getMessage() for r in ours(caplog)) == 2
    assert "example.org" not in logged(caplog) and logged(caplog)


async def test_a_server_without_smtp_offers_no_mail(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "people.sqlite3")
    notices = Notices(store, None, Players(store))
    try:
        assert (
            notices.give_address(ADA, ADDRESS)
            == "This server sends no e-mail: its operator has not set it up."
        )
        assert not notices.state(ADA).on and store.mail_of(ADA) is None
        notices.your_move(ADA, "Friday", "your turn", "turn 1")
        assert notices.send_digests() == 0
    finally:
        store.close()


async def test_in_lines_over_ssh_an_address_is_confirmed_and_mine_lists_the_waiting_room(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The whole path: `mail ADDRESS` typed in lines, the code read from the e-mail the SMTP server got,
    `confirm CODE`, `mail digest`; then `ssh host mine` lists the room whose decision is the person's."""
    caplog.set_level(logging.INFO)
    inbox, smtp, port = await start_inbox()
    running = await start_server(tmp_path, workers=1, smtp=f"127.0.0.1:{port}", smtp_from="game@example.net")
    ada = Speaker(running, "Ada")
    try:
        await ada.connect()
        await ada.wait_for("What name shall")
        await ada.type("Ada")
        await ada.wait_for("You are in the lobby.")
        await ada.type("help")
        await ada.wait_for("mail and your address")
        await ada.type("mail ada@")
        await ada.wait_for("That is not an e-mail address: it needs a name, an @ and a domain.")
        await ada.type("mail ada@example.org")
        await ada.wait_for(
            "A code is on its way to ada@example.org; it holds for 30 minutes. Type confirm and"
        )
        await inbox.wait_for(1)
        await ada.type("mail")
        await ada.wait_for("A code was sent to ada@example.org. Type confirm and the code.")
        await ada.type("confirm 1234567")
        await ada.wait_for("That code is wrong: look again at the letter. Type confirm and the code.")
        await ada.type(f"confirm {code_in(inbox.messages[0])}")
        await ada.wait_for("Your address is confirmed")
        await ada.type("mail digest")
        await ada.wait_for("From now on: one letter a day")
        await ada.type("mail")
        await ada.wait_for("Your letters go to ada@example.org, one a day")
        row = running.front.store.mail_of(ada.fingerprint) if running.front.store is not None else None
        assert row is not None and (row.address, row.choice) == ("ada@example.org", "digest")

        await ada.type("new Duo classic 1 person 1 easy bot")
        await ada.wait_for("You are at Duo.")
        table = running.table("Duo")
        assert table is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while table.status().waiting_on != "Ada" and loop.time() < end:  # the registry hears of it, too
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.6)

        mine = Speaker(running, "Ada", ada.key)
        await mine.connect("mine")
        assert await mine.ended() == "Duo\tyour decision, turn 1\n"
        stranger = Speaker(running, "Cy")
        await stranger.connect("lang es mine")
        assert await stranger.ended() == "", "nothing waits on a key with no seat"
    finally:
        ada.close()
        await running.stop()
        smtp.close()
    assert "example.org" not in logged(caplog) and "a code for Ada sent" in logged(caplog)


async def test_the_full_screen_lobby_opens_the_mail_dialog_on_m(tmp_path: Path) -> None:
    """`m` in the lobby: on a server with `--smtp`, an address typed there gets its code, the code typed
    back confirms it; on one without, the dialog says that the server sends no e-mail."""
    from server.screens.lobby import LobbyScreen
    from server.screens.mail import MailScreen

    from sshplay import Person, make_key

    inbox, smtp, port = await start_inbox()
    running = await start_server(tmp_path, workers=1, smtp=f"127.0.0.1:{port}")
    ada = Person(running, make_key(tmp_path, "Ada"), "Ada")
    try:
        await ada.connect()
        await ada.wait_for("Choose the name")
        await ada.type("Ada")
        await ada.press("enter")
        await ada.wait_for(lambda: ada.showing(LobbyScreen))
        await ada.press("m")
        await ada.wait_for(lambda: ada.showing(MailScreen))
        await ada.wait_for("You get no letters.")
        await ada.type("ada@example.org")
        await ada.press("enter")
        await ada.wait_for("A code is on its way to ada@example.org")
        dialog = ada.app().screen

        def shown(part: str) -> str:
            return str(dialog.query_one(part).render())

        how = "Enter the code in the field below and press Confirm."
        assert shown("#mail-said").endswith(how) and "type confirm" not in shown("#mail-said").casefold()
        assert shown("#mail-state").endswith(f"A code was sent to ada@example.org. {how}")
        await inbox.wait_for(1)
        await ada.type("1234567")
        await ada.press("enter")
        await ada.wait_for(
            lambda: shown("#mail-said") == f"That code is wrong: look again at the letter. {how}"
        )
        await ada.press(*["\x7f"] * 7)  # the wrong code rubbed out
        await ada.type(code_in(inbox.messages[0]))
        await ada.press("enter")
        await ada.wait_for("Your address is confirmed")
        await ada.wait_for("Your letters go to ada@example.org")
        await ada.press("escape")
        await ada.wait_for(lambda: ada.showing(LobbyScreen))
    finally:
        await running.stop()
        smtp.close()

    plain = await start_server(tmp_path / "plain", workers=1)
    bob = Person(plain, make_key(tmp_path, "Bob"), "Bob")
    try:
        await bob.connect()
        await bob.wait_for("Choose the name")
        await bob.type("Bob")
        await bob.press("enter")
        await bob.wait_for(lambda: bob.showing(LobbyScreen))
        await bob.press("m")
        await bob.wait_for("This server sends no e-mail: its operator has not set it up.")
        assert not bob.app().query("#mail-address"), "nothing offered"
    finally:
        await plain.stop()


async def test_a_turn_based_room_writes_when_it_waits_on_you_away_and_mine_lists_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn-based room made in lines: a person playing at the table is not written to, nor when she leaves
    in the middle of her move (`ssh host mine` lists the room with what it asks); once the room comes to a
    move of hers while she is away, one e-mail comes, once for that move (the room let go from memory by
    then: the e-mail reads it from the lobby's index)."""
    monkeypatch.setattr(move_emails, "EMAIL_AFTER", 2.0)
    monkeypatch.setattr(turn_pace, "UNLOAD_AFTER", 0.1)  # the room is unloaded before its e-mail goes
    inbox, smtp, port = await start_inbox()
    running = await start_server(
        tmp_path, workers=1, smtp=f"127.0.0.1:{port}", smtp_from="game@example.net", test_clock=True
    )
    ada = Speaker(running, "Ada")
    try:
        await ada.connect()
        await ada.wait_for("What name shall")
        await ada.type("Ada")
        await ada.wait_for("You are in the lobby.")
        await ada.type("mail ada@example.org")
        await inbox.wait_for(1)
        await ada.type(f"confirm {code_in(inbox.messages[0])}")
        await ada.wait_for("Your address is confirmed")
        await ada.type("new Duo classic 1 person 1 easy bot turns 24")
        await ada.wait_for("You are at Duo.")
        await asyncio.sleep(3.0)  # the move's e-mail would have gone, and the registry's word to the workers
        assert len(inbox.messages) == 1, "no e-mail to a person at the table"
        mine = Speaker(running, "Ada", ada.key)
        await mine.connect("mine")
        listed = await mine.ended()
        listing = r"Duo\tyour move in turn 1, by \w{3}, \w{3} \d+, \d+:\d\d [AP]M UTC\n"
        assert re.fullmatch(listing, listed), listed
        ada.close()
        await asyncio.sleep(3.0)
        assert len(inbox.messages) == 1, "nor when she leaves in the middle of her move"

        ask_advance(running.front.config.folder, 25 * 3600)  # her time runs out: the stand-in makes that move
        assert running.clock_requests is not None
        running.clock_requests.look()
        await inbox.wait_for(2)
        message = inbox.messages[1]
        assert "Duo waits on you: " in text_of(message) and message["To"] == "ada@example.org"
        await asyncio.sleep(3.0)
        assert len(inbox.messages) == 2, "one e-mail for the move, however often the room reports"
    finally:
        ada.close()
        await running.stop()
        smtp.close()
