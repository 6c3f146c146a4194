"""Chat over real SSH sessions: the lobby's chat reaches every lobby (whichever worker runs it), shows
markup and escape sequences as plain text and holds a session to its pace; a table's chat is kept in the
event log in time order with the moves, for those who come later too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Input

from engine.core.rule_ids import TITLES
from server.people.chat import Pace, Said
from server.screens.chat import ChatDialog
from server.screens.lobby import LobbyScreen
from server.screens.lobby_chat import LobbyChat
from server.screens.room import RoomScreen
from tui.dialogs.jail import JailDialog
from tui.screens.why import WhyScreen
from tui.widgets.event_log import EventLog

from sshplay import FAST, Person, ada_and_bob, make_key, play_until, seated, start_server
from stores import Place

TITLE = "\x1b]0;pwned\x07"  # an escape sequence that retitles a terminal's window
CLEAR = "\x1b[2J\x1b[H"


def _in_lobby(person: Person) -> bool:
    app = person.app_now()
    return app is not None and isinstance(app.screen, LobbyScreen)


@pytest.mark.slow
async def test_a_lobby_line_reaches_a_lobby_in_the_other_worker_as_plain_text(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=2)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Den", pace="slow")
        await ada.connect()
        await bob.connect(size=(80, 24))
        for p in (ada, bob):
            await p.wait_until(_in_lobby)
        assert {ada.worker_session().worker.index, bob.worker_session().worker.index} == {0, 1}
        await bob.wait_for("Nobody has said anything yet.")

        await ada.press("slash")
        await ada.wait_for("Say to the lobby")
        await ada.type(f"\x1b[200~hello {TITLE}[b]all[/b]\x1b[201~\r")  # pasted: an escape, and markup
        await bob.wait_for("[b]all[/b]")  # markup arrives as its text
        await bob.wait_for("Ada: ")
        running.front._lobby_said({"key": ada.fingerprint, "text": f"hello{TITLE}{CLEAR}there"})  # unpasted
        await bob.wait_for("Ada: hello\ufffd]0;pwned\ufffd\ufffd[2J\ufffd[Hthere")
        assert b"\x1b]0;pwned" not in bytes(bob.view.raw), "no escape sequence reaches the terminal"  # type: ignore[union-attr]
        assert "\x1b" not in "".join(bob.app().screen.query_one(LobbyChat).plain_lines)
        assert "Den" in bob.text(), "at 80 x 24 the rooms stay in view above the chat"
        await ada.wait_for("Ada: hello\ufffd")  # her own lobby shows it too

        await bob.press("slash")
        await bob.wait_for("Say to the lobby")
        await bob.type("hi Ada\r")
        await ada.wait_for("Bob: hi Ada")
        lines = ada.app().screen.query_one(LobbyChat).plain_lines
        said = [line.split(" ", 1)[1][:9] for line in lines]
        assert said == ["Ada: hell", "Ada: hell", "Bob: hi A"], "in the order said"
        assert lines[0].endswith("Ada: hello \ufffd]0;pwned\ufffd[b]all[/b]"), "the paste whole, as text"
        assert running.front.lobby_talk.lines[-1].text == "hi Ada"

        cy = Person(running, make_key(tmp_path, "c"), "Cy")  # one who comes later reads the recent lines
        running.front.players.choose(cy.fingerprint, "Cy")
        await cy.connect()
        await cy.wait_for("Bob: hi Ada")
        for p in (ada, bob, cy):
            await p.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_a_session_that_talks_too_fast_is_told_and_keeps_its_line(tmp_path: Path) -> None:
    running = await start_server(tmp_path, limits=replace(FAST, chat_lines=3, chat_seconds=600.0))
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        for p in (ada, bob):
            running.front.players.choose(p.fingerprint, p.name)
            await p.connect()
            await p.wait_until(_in_lobby)
        for n in range(1, 4):
            await ada.press("slash")
            await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
            await ada.type(f"line {n}\r")
            await bob.wait_for(f"Ada: line {n}")
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.type("line 4\r")
        await ada.wait_for("Slow down: at most 3 chat lines every")
        await ada.press("slash")  # the line held back is offered again
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        assert ada.app().screen.query_one(Input).value == "line 4"
        await ada.type("line 5")  # typed over the line held back, never glued to its end
        await ada.wait_for(lambda: ada.app().screen.query_one(Input).value == "line 5")
        await ada.press("escape")
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.type("line 6\r")
        await ada.wait_for(lambda: not isinstance(ada.app().screen, ChatDialog))
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.press("enter")  # the line held back, sent again as it stands
        await ada.wait_for(lambda: not isinstance(ada.app().screen, ChatDialog))
        assert "line 6" not in bob.text() and "line 4line" not in bob.text()
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        assert ada.app().screen.query_one(Input).value == "line 6"
        await ada.press("escape")
        assert "line 4" not in bob.text()
        assert [s.text for s in running.front.lobby_talk.lines] == ["line 1", "line 2", "line 3"]
        for p in (ada, bob):
            await p.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_lines_pasted_at_once_wait_as_one_line_and_a_long_one_is_refused(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1, limits=replace(FAST, chat_max=30))
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Den", pace="slow")
        await ada.connect()
        await ada.wait_until(_in_lobby)
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.type("first line\rsecond\rthird\r")  # pasted where the terminal did not bracket it
        await ada.wait_for(lambda: ada.app().screen.query_one(Input).value == "first line second third")
        assert isinstance(ada.app().screen, ChatDialog), "a paste's line breaks send nothing"
        await ada.press("enter")
        await ada.wait_for(lambda: _in_lobby(ada))
        await ada.wait_for("Ada: first line second third")
        assert [s.text for s in running.front.lobby_talk.lines] == ["first line second third"]
        assert _in_lobby(ada), "the Enter sent the line; it took nobody into a room"

        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.type("\x1b[200~one\rtwo\x1b[201~")  # bracketed: every line kept
        await ada.wait_for(lambda: ada.app().screen.query_one(Input).value == "one two")
        await ada.type(" and a good many more words\r")
        told = "A chat line holds at most 30 characters; yours has 34. Nothing was sent."
        await ada.wait_for(lambda: told in [n.message for n in ada.app()._notifications])
        assert len(running.front.lobby_talk.lines) == 1
        await ada.press("slash")  # kept, to be shortened
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        assert ada.app().screen.query_one(Input).value == "one two and a good many more words"
        await ada.press("escape")
        await ada.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_the_lobbys_chat_and_the_names_are_kept_across_a_restart(tmp_path: Path, place: Place) -> None:
    """In PostgreSQL, another host (a data folder of its own) finds them too."""
    running = await start_server(tmp_path, workers=1, store=place.url)
    if place.url is not None:
        assert running.front.store is not None and running.front.store.where == place.url
    try:
        ada, _ = ada_and_bob(running, tmp_path)
        await ada.connect()
        await ada.wait_for("Choose the name")
        await ada.type("Ada\r")
        await ada.wait_until(_in_lobby)
        await ada.press("slash")
        await ada.wait_for(lambda: isinstance(ada.app().screen, ChatDialog))
        await ada.type("back at eight\r")
        await ada.wait_for("Ada: back at eight")
        await ada.leave()
    finally:
        await running.stop()
    assert not (tmp_path / "server" / "players.json").exists(), "the names live in the store alone"
    other_host = tmp_path / "other host" if place.url is not None else tmp_path
    again = await start_server(other_host, workers=1, store=place.url)
    try:
        ada = Person(again, ada.key, "Ada")
        await ada.connect()
        await ada.wait_for("welcome, Ada")  # her name kept: no name asked for
        await ada.wait_for("Ada: back at eight")
        await ada.leave()
    finally:
        await again.stop()


def test_the_pace_lets_lines_through_again_once_the_window_has_passed() -> None:
    now = [0.0]
    pace = Pace(2, 5.0, clock=lambda: now[0])
    assert [pace.allow(), pace.allow(), pace.allow()] == [True, True, False]
    now[0] = 4.9
    assert not pace.allow()
    now[0] = 5.0
    assert pace.allow()


def test_a_line_from_another_process_is_checked_again() -> None:
    said = Said.from_json({"who": "E\u202eve", "text": f"a{TITLE}\n b", "at": 0}, 200)
    assert (said.who, said.text) == ("Eve", "a\ufffd]0;pwned\ufffd b")
    assert said.line() == "00:00 Eve: a\ufffd]0;pwned\ufffd b"
    for broken in ({"who": "Eve", "text": " ", "at": 0}, {"who": 1, "text": "x", "at": 0}, ["x"]):
        try:
            Said.from_json(broken, 200)
        except ValueError:
            continue
        raise AssertionError(f"{broken!r} was taken")


def _at_the_table(person: Person) -> bool:
    app = person.app_now()
    return app is not None and isinstance(app.game_screen, RoomScreen)


def _log_lines(person: Person) -> list[str]:
    game = person.app().game_screen
    assert isinstance(game, RoomScreen)
    return game.query_one("#log-below", EventLog).plain_lines


@pytest.mark.slow
async def test_a_late_watcher_reads_the_chat_in_its_place_among_the_moves(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Den", pace="instant")
        room = table.room
        assert room is not None
        await ada.connect("Den", size=(120, 40))
        await bob.connect("Den", size=(120, 40))

        def ada_to_roll(after: int) -> bool:
            """Ada's turn to roll, some moves after `after` (the table's version): the table waits on her."""
            pending = room.view(None).pending
            ready = pending is not None and pending.player == 0 and pending.kind == "roll"
            return room.version > after and ready

        await play_until([ada, bob], lambda: ada_to_roll(0))
        moved = room.version
        first = len(room.history())
        # the dice are the game's own: she may have drawn a card on the way, or be in jail, where `/`
        # opens the chat line over the jail's dialog as over the board
        await ada.read_cards(or_over=(JailDialog,))
        await ada.wait_for(lambda: len(_log_lines(ada)) == first)  # her screen has caught up
        await ada.press("slash")
        await ada.wait_for("Say to the table")
        await ada.type("[b]first[/b] words\r")
        await bob.wait_for("Ada: [b]first[/b] words")
        await play_until([ada, bob], lambda: ada_to_roll(moved))
        second = len(room.history())
        assert second > first
        await bob.read_cards()
        await bob.wait_for(lambda: len(_log_lines(bob)) == second + 1)
        await bob.press("slash")
        await bob.wait_for("Say to the table")
        await bob.type("second words\r")
        await ada.wait_for("Bob: second words")

        cy = Person(running, make_key(tmp_path, "c"), "Cy")  # comes to watch afterwards
        running.front.players.choose(cy.fingerprint, "Cy")
        await cy.connect("Den", size=(120, 40))
        await cy.wait_until(_at_the_table)
        await cy.wait_for("Bob: second words")
        watched = _log_lines(cy)
        said = [
            i for i, line in enumerate(watched) if " Ada: [b]first[/b] words" in line or "Bob: second" in line
        ]
        assert said == [first, second + 1], "each line after the moves made before it, before those after it"
        assert watched == _log_lines(ada)[: len(watched)], "the same log as one who was there all along"

        await bob.drop()  # Bob drops, and comes back to his seat: the chat is still in its place
        await bob.connect("Den", size=(120, 40))
        await bob.wait_until(_at_the_table)
        await bob.wait_for("Bob: second words")
        assert _log_lines(bob)[: len(watched)] == watched

        game = cy.app().game_screen
        assert isinstance(game, RoomScreen)
        game.explain_entry(first)  # a chat line has no why; the entries after it explain their own events
        await cy.wait_for("That line is chat")
        assert not isinstance(cy.app().screen, WhyScreen)
        game.explain_entry(first + 1)  # the first event after Ada's line
        await cy.wait_for(lambda: isinstance(cy.app().screen, WhyScreen))
        screen = cy.app().screen
        assert (
            isinstance(screen, WhyScreen) and screen.heading == f"Why? {TITLES[room.history()[first].rule]}"
        )
        for p in (ada, bob, cy):
            await p.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_a_key_typed_as_the_session_opens_reaches_the_room_it_asked_for(tmp_path: Path) -> None:
    """`/` typed before the app has started (a session carried to its room's new host sends what was
    typed on the way): the keys wait for the room, and open the table's chat there, not the lobby's."""
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        await seated(running, [ada, bob], "Den", pace="slow")
        await ada.connect("Den", typed_first=b"/")
        await ada.wait_for("Say to the table")
        app = ada.app()
        assert isinstance(app.screen, ChatDialog) and isinstance(app.screen_stack[-2], RoomScreen)
        await ada.type("here at once\r")
        await ada.wait_for("Ada: here at once")
    finally:
        await running.stop()
