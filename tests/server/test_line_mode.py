"""The line mode over SSH: `ssh -p PORT host plain [ROOM]`, with or without a terminal. A person in lines
and a person at the full screen sit at one table and both play; the lobby, a new room and chat in lines;
nothing but text and newlines reaches the line-mode person."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from linessh import LinePerson

from lines.prompts import decisions
from lines.settings import BRIEF, Settings
from server.session.line_input import LineInput

from sshplay import Person, make_key, next_key, seated, short_banks, start_server

BOX = re.compile("[\u2500-\u259f]")


@pytest.mark.slow
async def test_a_person_in_lines_and_one_at_the_full_screen_play_at_one_table(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    ada = Person(running, make_key(tmp_path, "Ada"), "Ada")
    bob = LinePerson(running, tmp_path, "Bob")
    try:
        table = await seated(running, [ada, bob], "Friday", bots=1, level="easy")  # type: ignore[list-item]
        room = table.room
        assert room is not None
        await ada.connect("Friday")
        await bob.connect("plain Friday")
        await bob.wait_for("You are at Friday")
        bob_seat, ada_seat = table.seat_of(bob.fingerprint), table.seat_of(ada.fingerprint)
        assert bob_seat is not None and ada_seat is not None
        typed = 0
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        turns = {bob_seat: 0, ada_seat: 0}
        last_turn = -1
        while min(turns.values()) < 2 or typed < 3:
            assert loop.time() < end, f"the table got stuck:\n{bob.out.text[-1500:]}"
            view = room.view(None)
            pend = view.pending
            if view.winner is not None:
                break
            if pend is not None and view.turn != last_turn:
                last_turn = view.turn
                if view.current in turns:
                    turns[view.current] += 1
            if pend is not None and pend.player == bob_seat and bob.player().lines is not None:
                lines = bob.player().lines
                assert lines is not None
                words = decisions(lines.table())
                if words:
                    await bob.type(words[0])
                    typed += 1
                    continue
            app = ada.app_now()
            key = next_key(app) if app is not None else None
            if key is not None:
                await ada.press(key)
            else:
                await asyncio.sleep(0.05)
        assert typed >= 3
        heard = bob.out.text
        assert "Ada" in heard and re.search(r"Ada (rolled|threw)", heard), heard[-1500:]
        assert "\x1b" not in heard and not BOX.search(heard), "text and newlines only"
        await bob.type("chances")  # worked out on the worker's pool, told when it is in
        await bob.wait_for("Chance to win:", timeout=60)
        await bob.type("say hello from lines")
        await ada.wait_for("hello from lines")
        await bob.wait_for("Chat, Bob: hello from lines")
        await bob.type("leave")
        await bob.wait_for("You are in the lobby")
        assert not table.here(bob_seat) and table.seat_of(bob.fingerprint) == bob_seat
    finally:
        for conn in (ada.conn, bob.conn):
            if conn is not None:
                conn.close()
        await running.stop()


@pytest.mark.slow
async def test_a_newcomer_names_themselves_makes_a_room_and_talks_in_the_lobby(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    cy = LinePerson(running, tmp_path, "Cy")
    try:
        await cy.connect(terminal=True)  # with a terminal: keys come one by one and are echoed
        await cy.wait_for("What name shall the others know you by?")
        for ch in "Cyx\x7f\r":  # typed key by key, a mistake rubbed out
            assert cy.chan is not None
            cy.chan.write(ch.encode())
            await asyncio.sleep(0.02)
        await cy.wait_for("Welcome, Cy.")
        await cy.type("rooms")
        await cy.wait_for("No room is open")
        await cy.type("new Sunday finance 1 person 1 easy bot")
        await cy.wait_for("You are at Sunday")
        assert "Finance" in cy.out.text or "finance" in cy.out.text.casefold()
        await cy.type("leave")
        await cy.wait_for("You are in the lobby")
        await cy.type("past")  # the room Cy sat at is a past game of Cy's
        await cy.wait_for("in play.")
        assert re.search(r"Sunday: Finance[^;]*; Cy", cy.out.text)
        await cy.type("replay 1")  # told a turn at a time from its save, then back to the lobby
        await cy.wait_for("Replay of Sunday")
        pledged = re.findall(r"SHA-256 is ([0-9a-f]{64})", cy.out.text)
        assert len(pledged) == 2 and pledged[0] == pledged[1], "the replay's pledge is the game's"
        await cy.type("quit")
        await cy.wait_for("Back in the lobby")
        await cy.type("replay Nowhere")
        await cy.wait_for("No past game of yours is 'Nowhere'")
        await cy.type("ratings")
        await cy.wait_for("The bots: ")
        assert "A rating is the conservative figure" in cy.out.text
        await cy.type("say anyone for a game?")
        await cy.wait_for("Chat, Cy: anyone for a game?")
        await cy.type("say " + "word " * 60)
        await cy.wait_for("A chat line holds at most 200 characters; yours has 299. Nothing was sent.")
        assert "Chat, Cy: word" not in cy.out.text, "nothing of it was said"
        await cy.type("dance")
        await cy.wait_for("dance is not a lobby command")
        assert "\x1b" not in cy.out.text
        assert "\r\n" in cy.out.text  # a terminal's line ends
        await cy.type("quit")
        await asyncio.wait_for(cy.out.closed.wait(), 10)
    finally:
        if cy.conn is not None:
            cy.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_a_person_waiting_in_lines_hears_the_game_begin_when_the_room_fills(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    lin = LinePerson(running, tmp_path, "Lin")
    vera = Person(running, make_key(tmp_path, "Vera"), "Vera")
    try:
        await lin.connect()
        await lin.wait_for("What name")
        await lin.type("Lin")
        await lin.wait_for("Welcome, Lin.")
        await lin.type("new Duo classic 2 people 1 easy bot")
        await lin.wait_for("waiting for 1 more")
        running.front.players.choose(vera.fingerprint, "Vera")
        await vera.connect("Duo")  # the full screen takes the last seat: the game begins
        await lin.wait_for("Duo is full: the game begins.")
        await lin.wait_for("You are at Duo")
        table = running.table("Duo")
        assert table is not None and table.here(table.seat_of(lin.fingerprint) or 0)
    finally:
        for conn in (lin.conn, vera.conn):
            if conn is not None:
                conn.close()
        await running.stop()


@pytest.mark.slow
async def test_the_server_remembers_the_ui_mode_a_key_chose(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    dee = LinePerson(running, tmp_path, "Dee")
    try:
        await dee.connect("plain")
        await dee.wait_for("What name shall the others know you by?")
        assert "ssh -t -p" in dee.out.text and "screen." in dee.out.text
        await dee.type("Dee")
        await dee.wait_for("You are in the lobby")
        await dee.type("quit")
        await asyncio.wait_for(dee.out.closed.wait(), 10)
        again = LinePerson(running, tmp_path, "Dee")  # the same key, asking for nothing
        again.key = dee.key
        await again.connect(None)
        await again.wait_for("You are in the lobby")  # in lines, as last time, without a terminal
        again.conn.close()  # type: ignore[union-attr]
        screen = Person(running, dee.key, "Dee")
        await screen.connect("screen")  # with a terminal, the full screen asked for
        assert screen.app_now() is not None
        screen.conn.close()  # type: ignore[union-attr]
        await asyncio.sleep(0.3)
        later = Person(running, dee.key, "Dee")
        await later.connect()  # and the full screen from then on
        assert later.app_now() is not None
        assert running.front.players.ui_mode_of(dee.fingerprint) == "screen"
        later.conn.close()  # type: ignore[union-attr]
    finally:
        await running.stop()


BRIEF_START = "You hear the moves only; type verbose for every event and the bots' reasons."
VERBOSE_START = "You hear every event and the bots' reasons; type brief for the moves only."


@pytest.mark.slow
async def test_a_table_in_lines_is_brief_and_verbose_is_kept_for_the_key_across_a_restart(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path)
    eve = LinePerson(running, tmp_path, "Eve")
    try:
        await eve.connect()
        await eve.wait_for("What name")
        await eve.type("Eve")
        await eve.wait_for("You are in the lobby")
        await eve.type("new Solo classic 1 person 1 easy bot")
        await eve.wait_for("You are at Solo")
        await eve.wait_for(BRIEF_START)  # brief, and said so once, at the start
        lines = eve.player().lines
        assert lines is not None and lines.settings == BRIEF
        await eve.type("verbose")
        await eve.wait_for("Verbose: every event and the bots' reasons.")
        await eve.type("leave")
        await eve.wait_for("You are in the lobby")
        await eve.type("new Duo classic 1 person 1 easy bot")  # the same session's next table
        await eve.wait_for("You are at Duo")
        await eve.wait_for(VERBOSE_START)
        await asyncio.sleep(0.3)
        assert running.front.players.settings_of(eve.fingerprint) == Settings(verbose=True)
    finally:
        if eve.conn is not None:
            eve.conn.close()
        await running.stop()
    again = await start_server(tmp_path)  # the server started again: its SQLite store kept the choice
    later = LinePerson(again, tmp_path, "Eve")
    later.key = eve.key
    try:
        await later.connect()
        await later.wait_for("You are in the lobby")
        await later.type("new Trio classic 1 person 1 easy bot")
        await later.wait_for("You are at Trio")
        await later.wait_for(VERBOSE_START)
        assert BRIEF_START not in later.out.text
    finally:
        if later.conn is not None:
            later.conn.close()
        await again.stop()


def test_keys_become_lines_with_editing_and_no_escape_sequences() -> None:
    shown: list[str] = []
    typed = LineInput(shown.append)
    assert typed.feed(b"bux\x7fy Bal\x1b[Dtic\r\n") == ["buy Baltic"]  # an arrow key dropped
    assert "".join(shown) == "bux\b \by Baltic\r\n"
    e_acute = "\u00e9".encode()
    assert typed.feed(b"caf" + e_acute[:1]) == []  # half a character waits for the rest
    assert typed.feed(e_acute[1:] + b"\r") == ["caf\u00e9"]
    assert LineInput().feed(b"roll\nbuy\n") == ["roll", "buy"]
    assert LineInput().feed(b"\x03") == ["\x04"]


def test_text_pasted_with_a_sequence_no_key_sends_is_kept_whole_for_the_line_to_be_refused() -> None:
    """Read as keys, `ESC ] 0;pwned BEL` left "Bo0;pwnedb" of a pasted name, which was taken."""
    shown: list[str] = []
    typed = LineInput(shown.append)
    assert typed.feed(b"Bo\x1b]0;pwned\x07b\r") == ["Bo\x1b]0;pwned\x07b"]
    assert "\x1b" not in "".join(shown) and "\x07" not in "".join(shown)
    assert LineInput().feed(b"\x1b[31mRed\n") == ["\x1b[31mRed"]  # a colour: no key sends it
    assert LineInput().feed(b"Re\x1b[Dd\n") == ["Red"]  # an arrow key: typed, and dropped


@pytest.mark.slow
@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "no terminal"])
async def test_a_name_pasted_with_an_escape_sequence_is_refused_in_lines(
    tmp_path: Path, terminal: bool
) -> None:
    running = await start_server(tmp_path)
    bo = LinePerson(running, tmp_path, "Bo")
    try:
        await bo.connect(terminal=terminal)
        await bo.wait_for("What name shall the others know you by?")
        await bo.type("Bo\x1b]0;pwned\x07b")
        await bo.wait_for("A name may not contain control characters (U+001B). Type another name.")
        assert "Welcome, Bo" not in bo.out.text and running.front.players.name_of(bo.fingerprint) is None
        await bo.type("Bob")
        await bo.wait_for("Welcome, Bob.")
        assert "\x1b" not in bo.out.text
    finally:
        if bo.conn is not None:
            bo.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_quit_says_a_seat_is_kept_only_to_one_who_holds_one(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    ann, abe = LinePerson(running, tmp_path, "Ann"), LinePerson(running, tmp_path, "Abe")
    try:
        for person in (ann, abe):
            await person.connect()
            await person.wait_for("What name shall")
            await person.type(person.name)
            await person.wait_for(f"Welcome, {person.name}.")
        await abe.type("new Duo classic 1 person 1 easy bot")
        await abe.wait_for("You are at Duo.")
        for person in (ann, abe):
            await person.type("quit")
            await asyncio.wait_for(person.out.closed.wait(), 10)
        assert "Goodbye." in ann.out.text and "seat" not in ann.out.text.split("Goodbye.")[-1]
        assert "Goodbye. Your seat is kept: connect again to come back." in abe.out.text
    finally:
        for person in (ann, abe):
            if person.conn is not None:
                person.conn.close()
        await running.stop()


def test_a_room_is_refused_a_variant_its_edition_does_not_have() -> None:
    """Finance has no Short Game: the room is refused when it is asked for (it used to be made, and
    then could not start)."""
    import pytest

    from server.base.config import Limits
    from server.session.line_words import new_room_request
    from server.tables.making import make_plan
    from server.tables.plans import RoomRequest, SeatPlan, TableError

    seats = [SeatPlan("person"), SeatPlan("bot", "easy")]
    asked = RoomRequest("key", "Cy", "Sunday", "finance-1936", {"short_game": True}, seats, 60, "normal")
    with pytest.raises(TableError, match="Finance has no Short Game"):
        make_plan([], Limits(), asked)
    typed = new_room_request("Sunday finance 1 person 1 easy bot", "key", "Cy")
    assert typed.edition == "finance-1936" and "short_game" not in typed.rules
    assert make_plan([], Limits(), typed).edition == "finance-1936"
    classic = new_room_request("Friday 3 people 1 hard bot clock 3 plus 10 no advisor", "key", "Cy")
    assert [s.kind for s in classic.seats] == ["person"] * 3 + ["bot"]
    assert classic.seats[-1].level == "hard" and classic.rules == {"short_game": True}
    assert (classic.bank, classic.bank_added, classic.advisor) == (180, 10, False)
    with pytest.raises(TableError, match=re.escape("dragons is not something a room has. Type help")):
        new_room_request("Friday with dragons", "key", "Cy")
    with pytest.raises(
        TableError, match=re.escape("Finanse is not something a room has. Did you mean finance?")
    ):
        new_room_request("Friday Finanse", "key", "Cy")
    with pytest.raises(TableError, match=re.escape("hadr is not something a room has. Did you mean hard?")):
        new_room_request("Friday 2 bots hadr", "key", "Cy")


@pytest.mark.slow
async def test_rooms_are_numbered_and_joined_by_number_or_a_part_of_the_name(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    lin, mo = LinePerson(running, tmp_path, "Lin"), LinePerson(running, tmp_path, "Mo")
    try:
        for person in (lin, mo):
            await person.connect()
            await person.wait_for("What name")
            await person.type(person.name)
            await person.wait_for(f"Welcome, {person.name}.")
        await lin.type("new Friday classic 2 people 1 easy bot")
        await lin.wait_for("waiting for 1 more")
        for _ in range(40):  # the other worker hears of the room within a second
            await mo.type("rooms")
            await asyncio.sleep(0.25)
            if "1. Friday: " in mo.out.text:
                break
        await mo.wait_for("1. Friday: ")
        await mo.wait_for("Type join and a room's number or name (join 1), or watch and one.")
        await mo.type("join 5")
        await mo.wait_for("There is no room 5. Type rooms to hear them, numbered.")
        await mo.type("join fridy")
        await mo.wait_for("No room is called 'fridy'. Did you mean Friday? Type rooms to hear them.")
        await mo.type("join fri")
        await lin.wait_for("Friday is full: the game begins.")
        await mo.wait_for("You are at Friday")
    finally:
        for conn in (lin.conn, mo.conn):
            if conn is not None:
                conn.close()
        await running.stop()


def test_tab_completes_a_line_typed_at_a_terminal() -> None:
    import sys

    from lines.completion import completions, vocabulary

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))
    from linetable import line_table

    known = vocabulary(line_table("classic", 1).table())
    shown: list[str] = []
    typed = LineInput(shown.append, lambda partial: completions(partial, known))
    assert typed.feed(b"mortgage balt\t") == [] and typed.partial == "mortgage Baltic Avenue "
    assert "".join(shown).endswith("\b \b" * len("mortgage balt") + "mortgage Baltic Avenue ")
    assert typed.feed(b"\r") == ["mortgage Baltic Avenue "]
    shown.clear()
    typed.feed(b"deed n\t")  # several: the candidates said on a line of their own, the line again
    assert "deed New York Avenue" in shown[-1] and "deed North Carolina Avenue" in shown[-1]
    assert shown[-1].endswith("\r\ndeed n") and typed.partial == "deed n"
    assert typed.feed(b"ew\t\r") == ["deed New York Avenue "]
    assert "\x1b" not in "".join(shown)


@pytest.mark.slow
async def test_back_in_the_lobby_a_person_hears_that_their_seat_waits(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    lin = LinePerson(running, tmp_path, "Lin")
    try:
        await lin.connect()
        await lin.wait_for("What name")
        await lin.type("Lin")
        await lin.type("new Solo classic 1 person 1 easy bot")
        await lin.wait_for("You are at Solo")
        await lin.type("leave")
        await lin.wait_for("Your seat at Solo waits for you: type join 1.")
        assert lin.conn is not None
        lin.conn.close()
        await asyncio.sleep(1.0)  # every worker has heard of the room
        again = LinePerson(running, tmp_path, "Lin")
        again.key = lin.key
        await again.connect()
        await again.wait_for("Your seat at Solo waits for you: type join 1.")
        await again.type("join 1")
        await again.wait_for("You are at Solo")
        lin = again
    finally:
        if lin.conn is not None:
            lin.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_history_chat_says_the_chat_again_apart_from_the_game(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    lin = LinePerson(running, tmp_path, "Lin")
    try:
        await lin.connect()
        await lin.wait_for("What name")
        await lin.type("Lin")
        await lin.type("history chat")
        await lin.wait_for("Nobody has said anything yet.")
        await lin.type("say first words")
        await lin.wait_for("Chat, Lin: first words")
        before = len(lin.out.text)
        await lin.type("history chat")
        await asyncio.sleep(0.5)
        assert lin.out.text[before:] == "Chat, Lin: first words\n"
        await lin.type("new Solo classic 1 person 1 easy bot")
        await lin.wait_for("You are at Solo")
        await lin.type("say at the table")
        await lin.wait_for("Chat, Lin: at the table")
        await lin.type("say more")
        await lin.wait_for("Chat, Lin: more")
        before = len(lin.out.text)
        await lin.type("history chat 1")
        await asyncio.sleep(0.5)
        told = lin.out.text[before:]
        assert "Chat, Lin: more\n" in told and "at the table" not in told  # the last line of the chat
    finally:
        if lin.conn is not None:
            lin.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_in_lines_any_line_takes_the_seat_back_from_the_bot_the_table_voted_in(tmp_path: Path) -> None:
    """Ada, away, is voted out to a bot. Back at the table in lines, she is told that a bot plays for her
    rather than asked to roll for it; a question of hers (`status`, which sends the game nothing) gives
    her the seat back, as any key does at the full screen."""
    running = await start_server(tmp_path)
    ada, bob = LinePerson(running, tmp_path, "Ada"), LinePerson(running, tmp_path, "Bob")
    back = LinePerson(running, tmp_path, "Ada")
    back.key = ada.key
    try:
        table = await seated(running, [ada, bob], "Friday", bots=1, pace="instant", turn_timer=600)  # type: ignore[list-item]
        room = table.room
        assert room is not None and table.seat_of(ada.fingerprint) == 0
        await ada.connect("plain Friday")
        await bob.connect("plain Friday")
        await bob.wait_for("You are at Friday")
        await ada.wait_for("Type roll")  # the table waits on her first roll
        assert ada.conn is not None
        ada.conn.abort()
        loop = asyncio.get_running_loop()
        end = loop.time() + 15
        while table.here(0):
            assert loop.time() < end, "Ada never left"
            await asyncio.sleep(0.05)
        await bob.type("vote")
        await bob.wait_for("The vote carried")
        await bob.wait_for("Ada rolled")  # the bot plays her seat
        assert table.held(0) and room.stand_ins == frozenset({0})

        await back.connect("plain Friday")
        await back.wait_for("A bot plays for you: type anything to play again.")
        await asyncio.sleep(0.5)
        assert table.held(0), "the bot keeps her seat until she types"
        assert "Your turn" not in back.out.text and "Type roll" not in back.out.text, back.out.text[-800:]
        await back.type("status")
        await bob.wait_for("Ada plays again")
        assert room.stand_ins == frozenset() and not table.held(0)
    finally:
        for conn in (ada.conn, bob.conn, back.conn):
            if conn is not None:
                conn.close()
        await running.stop()


@pytest.mark.slow
async def test_in_lines_a_person_whose_time_ran_out_is_told_so_and_types_to_play(tmp_path: Path) -> None:
    """Ada's time runs out while she sits at the table in lines: a bot decides for her, and she is told
    so rather than asked for a roll the bot makes; her next line, whatever it is, gives her the seat back."""
    running = await start_server(tmp_path)
    ada, bob = LinePerson(running, tmp_path, "Ada"), LinePerson(running, tmp_path, "Bob")
    try:
        table = await seated(running, [ada, bob], "Friday", pace="normal", bank=180, bank_added=15)  # type: ignore[list-item]
        room = table.room
        assert room is not None and table.seat_of(ada.fingerprint) == 0
        await ada.connect("plain Friday")
        await bob.connect("plain Friday")
        await ada.wait_for("Type roll")
        short_banks(table, 3, 1)
        await ada.wait_for("Ada's time ran out: a bot decides for Ada")
        await ada.wait_for("A bot plays for you: type anything to play again.")
        said = ada.out.text
        assert "Type roll" not in said[said.index("Ada's time ran out") :], said[-800:]
        assert table.held(0)
        await ada.type("roll")
        await bob.wait_for("Ada plays again")
        assert 0 not in room.stand_ins and not table.held(0)
    finally:
        for conn in (ada.conn, bob.conn):
            if conn is not None:
                conn.close()
        await running.stop()
