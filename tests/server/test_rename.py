"""A person changes his name after choosing it: in the store (SQLite and PostgreSQL alike), heard by the other
hosts, on the rules of choosing one; in lines (`name NEW`) and at the full screen's lobby (`e`), over SSH. The
rooms where he has a seat keep the old name; those he joins afterwards know the new one; his rating follows
his key."""

from __future__ import annotations

from pathlib import Path

import pytest
from linessh import LinePerson

from engine.core.text import TextError
from server.people.places import SeatResult
from server.people.players import Players
from server.people.rating import Rating
from server.people.store import GameRecord
from server.screens.lobby import LobbyScreen
from server.screens.name import NameScreen

from sshplay import Person, make_key, start_server
from stores import Place

ADA, BOB = "SHA256:ada", "SHA256:bob"


def test_a_name_changed_is_kept_heard_by_another_host_and_the_rating_follows_the_key(place: Place) -> None:
    store = place.open()
    players = Players(store)
    players.choose(ADA, "Ada")
    players.choose(BOB, "Bob")
    seats = [SeatResult(1, key=ADA), SeatResult(2, key=BOB)]
    played = GameRecord("Friday", "s1", "classic", "2026-11-24T10:00:00+00:00", seats, True)
    assert store.record(played, lambda before: {ADA: Rating(28.0, 7.0), BOB: Rating(22.0, 7.5)}, {})
    elsewhere = Players(place.open())  # another host, sharing the store
    assert elsewhere.name_of(ADA) == "Ada"

    with pytest.raises(TextError, match="The name bob is taken"):
        players.rename(ADA, "bob")
    with pytest.raises(TextError, match="control characters"):
        players.rename(ADA, "Ad\x1b]0;x\x07a")
    with pytest.raises(TextError, match="already"):
        players.rename(ADA, "Ada")
    with pytest.raises(TextError, match="no name yet"):
        players.rename("SHA256:cy", "Cy")
    assert players.rename(ADA, "  Ada   Lovelace ") == "Ada Lovelace"
    assert players.rename(BOB, "Ada") == "Ada", "the name let go is free for another key"
    assert players.rename(ADA, "ADA LOVELACE") == "ADA LOVELACE", "one's own name in other letters"

    for key, name in store.names():  # as the other hosts read the names chosen since their last round
        elsewhere.heard(key, name)
    assert [elsewhere.name_of(k) for k in (ADA, BOB)] == ["ADA LOVELACE", "Ada"]
    again = Players(place.open())  # after a restart
    assert [again.name_of(k) for k in (ADA, BOB)] == ["ADA LOVELACE", "Ada"]
    with pytest.raises(TextError, match="taken"):
        again.choose("SHA256:cy", "ada lovelace")
    rated = store.person(ADA)
    assert rated is not None and (rated.name, rated.rating, rated.games) == (
        "ADA LOVELACE",
        Rating(28.0, 7.0),
        1,
    )
    store.close()


@pytest.mark.slow
async def test_in_lines_name_changes_it_for_the_rooms_joined_afterwards(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    ann, bo = LinePerson(running, tmp_path, "Ann"), LinePerson(running, tmp_path, "Bo")
    try:
        for person in (ann, bo):
            await person.connect()
            await person.wait_for("What name shall")
            await person.type(person.name)
            await person.wait_for(f"Welcome, {person.name}.")
        await ann.type("new Duo classic 1 person 1 easy bot")
        await ann.wait_for("You are at Duo")
        await ann.type("leave")
        await ann.wait_for("You are in the lobby")
        await ann.type("name")
        await ann.wait_for("You are Ann. Type name and a new name to change it")
        await ann.type("name bo")
        await ann.wait_for("The name bo is taken; choose another. Your name stays Ann.")
        await ann.type("name An\x1b]0;pwned\x07n")
        await ann.wait_for("A name may not contain control characters (U+001B). Your name stays Ann.")
        await ann.type("name Anna Lee")
        await ann.wait_for("From now on you are Anna Lee. Games under way, and rooms where you have a seat")
        assert running.front.players.name_of(ann.fingerprint) == "Anna Lee"
        await ann.type("say hello")
        await bo.wait_for("Anna Lee: hello")
        await ann.type("new Solo classic 1 person 1 easy bot")
        await ann.wait_for("You are at Solo")
        tables = {t.name: t for t in ann.player().worker_rooms.tables.values()}
        assert tables["Duo"].plan.seats[0].name == "Ann", "the seat she had keeps the old name"
        assert tables["Solo"].plan.seats[0].name == "Anna Lee"
        await bo.type("idioma es")
        await bo.type("nombre Beto")
        await bo.wait_for("A partir de ahora eres Beto.")
    finally:
        for person in (ann, bo):
            if person.conn is not None:
                person.conn.close()
        await running.stop()


@pytest.mark.slow
async def test_at_the_full_screen_the_lobby_opens_the_name_dialog_to_change_it(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    cy = Person(running, make_key(tmp_path, "Cy"), "Cy")
    try:
        await cy.connect()
        await cy.wait_for(lambda: cy.showing(NameScreen))
        await cy.type("Cy\r")
        await cy.wait_for(lambda: cy.showing(LobbyScreen))
        await cy.press("e")
        await cy.wait_for("You are Cy. Type the new name")
        await cy.type("Cy\r")
        await cy.wait_for("Your name is Cy already.")
        await cy.press("escape")
        await cy.wait_for(lambda: cy.showing(LobbyScreen))
        assert cy.app().player_name == "Cy"
        await cy.press("e")
        await cy.wait_for(lambda: cy.showing(NameScreen))
        await cy.type("Cyrus\r")
        await cy.wait_for(lambda: cy.showing(LobbyScreen))
        await cy.wait_for("welcome, Cyrus")
        assert cy.app().player_name == "Cyrus" == running.front.players.name_of(cy.fingerprint)
        await cy.wait_for("From now on you are Cyrus.")
    finally:
        await cy.leave()
        await running.stop()
