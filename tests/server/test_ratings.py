"""Ratings over real SSH sessions: finished games change both people's ratings and the lobby shows them;
`--no-ratings` keeps none; a damaged or newer database costs the ratings, never the server."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from server.base.config import ServerConfig
from server.network.main import Running, start
from server.people.ratings import FrontRatings
from server.people.store import FILE, open_store
from server.screens.lobby import LobbyScreen
from server.screens.players import PlayersScreen
from tui.screens.game_over import GameOverScreen

from sshplay import FAST, Person, ada_and_bob, make_key, play_until, seated, short_banks, start_server


def in_lobby(person: Person) -> bool:
    app = person.app_now()
    return app is not None and bool(app.screen_stack) and isinstance(app.screen, LobbyScreen)


@pytest.mark.slow
async def test_two_finished_games_change_both_ratings_and_the_lobby_shows_them(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        rounds = {"time_limit_rounds": 1}
        seen: list[tuple[float, float]] = []
        keys = (ada.fingerprint, bob.fingerprint)
        running.front.players.choose(ada.fingerprint, "Ada")
        await ada.connect()  # before any game: unrated, which is no error
        await ada.wait_for("welcome, Ada  -  unrated")
        await ada.press("r")
        await ada.wait_for("Nobody has finished a game that counts yet.")
        await ada.wait_for("Bots, on the same scale")
        await ada.wait_for("random ")
        board = ada.app().worker_rooms.ratings
        assert board is not None and board.bots
        lines = ada.text().splitlines()  # at 100 columns: no level's figure cut from its name
        for level, rating in board.bots.items():
            assert any(f"{level} {rating.shown()}" in line for line in lines), (level, lines)
        await ada.leave()
        for room in ("Friday", "Monday"):
            table = await seated(running, [ada, bob], room, bots=0, rules=rounds, pace="instant")
            await ada.connect(room)
            await bob.connect(room)
            await play_until([ada, bob], lambda table=table: table.finished, timeout=90)  # type: ignore[misc]
            for p in (ada, bob):
                await p.wait_until(lambda p: isinstance(p.app().screen, GameOverScreen))
            ratings = running.front.ratings
            assert ratings is not None

            def counted(games: int, ratings: FrontRatings = ratings) -> bool:
                return all((p := ratings.store.person(k)) and p.games == games for k in keys)

            games = len(seen) + 1
            await ada.wait_for(lambda games=games: counted(games))  # type: ignore[misc]
            people = {p.key: p for p in ratings.store.people()}
            assert set(people) == set(keys)
            seen.append((people[ada.fingerprint].rating.mu, people[bob.fingerprint].rating.mu))
            await ada.leave()
            await bob.leave()
        assert seen[0][0] != seen[1][0] and seen[0][1] != seen[1][1], "the second game moved both again"
        assert running.front.ratings is not None
        assert sum(p.wins for p in running.front.ratings.store.people()) == 2

        await ada.connect()
        await ada.wait_until(in_lobby)
        board = ada.app().worker_rooms.ratings
        assert board is not None
        mine, bobs = board.shown(ada.fingerprint), board.shown(bob.fingerprint)
        await ada.wait_for(f"Ada ({mine}), Bob ({bobs})")
        await ada.wait_for(f"rating {mine} (2 games")
        await ada.press("r")
        await ada.wait_until(lambda p: isinstance(p.app().screen, PlayersScreen))
        await ada.wait_for("mu - 3 sigma")
        text = ada.text()
        for standing in board.ranked():
            assert f"{standing.name}" in text and f" {standing.games} " in text
        first = board.ranked()[0].name
        assert text.index(first) < text.index("Bob" if first == "Ada" else "Ada"), "sorted by rating"
        await ada.press("escape")
        await ada.wait_until(in_lobby)
        await ada.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_no_ratings_keeps_and_shows_none(tmp_path: Path) -> None:
    running = await start_server(tmp_path, ratings=False)
    try:
        assert running.front.ratings is None
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", bots=0, rules={"time_limit_rounds": 1})
        await ada.connect("Friday")
        await bob.connect("Friday")
        await play_until([ada, bob], lambda: table.finished, timeout=90)
        await ada.leave()
        await ada.connect()
        await ada.wait_until(in_lobby)
        await ada.wait_for("welcome, Ada")
        assert "Ratings" not in ada.text() and "rating" not in ada.text()
        await ada.press("r")
        await asyncio.sleep(0.5)
        assert isinstance(ada.app().screen, LobbyScreen), "no ratings, no list of them"
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()
    store = open_store(tmp_path / "server")  # it keeps the people's names, and no rating of theirs
    assert store.people() == [] and {key for key, _ in store.names()} == {ada.fingerprint, bob.fingerprint}
    store.close()


async def start_telling(tmp_path: Path) -> tuple[Running, list[str]]:
    """A server that tells what it says on starting (to its operator's terminal)."""
    said: list[str] = []
    settings = ServerConfig(
        host="127.0.0.1",
        port=0,
        saves_dir=tmp_path / "saves",
        data_dir=tmp_path / "server",
        limits=FAST,
        workers=1,
    )
    return await start(settings, say=said.append, in_process=True), said


@pytest.mark.slow
async def test_a_damaged_database_is_left_alone_and_the_server_runs_without_ratings(tmp_path: Path) -> None:
    path = tmp_path / "server" / FILE
    path.parent.mkdir(parents=True)
    damage = b"SQLite format 3\x00" + b"\x13" * 3000
    path.write_bytes(damage)
    running, said = await start_telling(tmp_path)
    try:
        assert running.front.ratings is None
        problem = [line for line in said if "ratings database" in line]
        assert len(problem) == 1 and "damaged" in problem[0] and "without ratings" in problem[0]
        ada = await Person(running, make_key(tmp_path, "a"), "Ada").connect()
        await ada.wait_for("Choose the name")
        await ada.leave()
    finally:
        await running.stop()
    assert path.read_bytes() == damage


async def test_a_database_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    open_store(folder).close()
    with sqlite3.connect(folder / FILE) as db:
        db.execute("UPDATE schema_version SET version = 99")
    before = (folder / FILE).read_bytes()
    running, said = await start_telling(tmp_path)
    try:
        assert running.front.ratings is None
        assert any("newer version" in line and "without ratings" in line for line in said)
    finally:
        await running.stop()
    assert (folder / FILE).read_bytes() == before


@pytest.mark.slow
async def test_a_person_who_left_finishes_last_and_the_game_still_counts(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        cy = Person(running, make_key(tmp_path, "c"), "Cy")
        rules = {"time_limit_rounds": 1}
        table = await seated(running, [ada, bob, cy], "Friday", bots=0, rules=rules, turn_timer=10)
        await ada.connect("Friday")
        await bob.connect("Friday")  # Cy never comes: once the timer runs out, a bot plays for him
        await play_until([ada, bob], lambda: table.finished, timeout=120)
        result = table.plan.result
        assert result is not None
        assert [(r.key, r.left) for r in result if r.left] == [(cy.fingerprint, True)]
        assert next(r.place for r in result if r.left) == 3
        ratings = running.front.ratings
        assert ratings is not None
        await ada.wait_for(lambda: ratings.store.person(cy.fingerprint) is not None)
        after = {p.key: p for p in ratings.store.people()}
        assert after[cy.fingerprint].wins == 0 and after[cy.fingerprint].rating.mu < 25
        assert max(after[k].rating.mu for k in (ada.fingerprint, bob.fingerprint)) > 25
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_a_game_that_ended_before_the_front_recorded_it_is_recorded_on_the_next_start(
    tmp_path: Path,
) -> None:
    # the first server keeps no ratings, as a front that died before it heard of the end: the room's file
    # holds the places, and the next start records the game from it
    running = await start_server(tmp_path, ratings=False)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", bots=0, rules={"time_limit_rounds": 1})
        await ada.connect("Friday")
        await bob.connect("Friday")
        await play_until([ada, bob], lambda: table.finished, timeout=90)
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()
    again = await start_server(tmp_path)
    try:
        ratings = again.front.ratings
        assert ratings is not None
        assert table.plan.save_id is not None and ratings.store.recorded(table.plan.save_id)
        assert {p.key for p in ratings.store.people()} == {ada.fingerprint, bob.fingerprint}
    finally:
        await again.stop()


@pytest.mark.slow
async def test_people_whose_time_ran_out_at_the_table_have_not_left_and_the_game_counts(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday", bots=0, rules={"time_limit_rounds": 1}, bank=30)
        await ada.connect("Friday")
        await bob.connect("Friday")
        await ada.wait_for("Bob 0:30")
        short_banks(table, 1, 0)  # both idle at the table: their banks run out, bots play both to the end
        await ada.wait_for(lambda: table.finished, timeout=60)
        # a card the bot playing for her drew at the last move is shown first (the dice are the server's
        # own): she reads it, as a person would, and the game's end comes next
        await ada.read_cards(or_over=(GameOverScreen,))
        await ada.wait_until(lambda p: p.showing(GameOverScreen))
        result = table.plan.result
        assert result is not None and not any(r.left for r in result)
        await ada.wait_for("This game counts for the ratings.")
        ratings = running.front.ratings
        assert ratings is not None
        await ada.wait_for(lambda: all(ratings.store.person(p.fingerprint) for p in (ada, bob)))
        assert {p.key: p.games for p in ratings.store.people()} == {ada.fingerprint: 1, bob.fingerprint: 1}
        await ada.leave()
        await bob.leave()
    finally:
        await running.stop()


@pytest.mark.slow
async def test_a_game_that_does_not_count_says_why_at_its_end_and_in_past_games(tmp_path: Path) -> None:
    running = await start_server(tmp_path, workers=1)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(
            running, [ada, bob], "Friday", bots=0, rules={"time_limit_rounds": 1}, turn_timer=10
        )
        await ada.connect("Friday")  # Bob never comes: a bot plays for him, and he has left
        await play_until([ada], lambda: table.finished, timeout=120)
        await ada.wait_for("This game does not count for the ratings: fewer than two people stayed")
        await ada.wait_for("left before it).")
        await ada.leave()
        await ada.connect()
        await ada.wait_until(in_lobby)
        await ada.press("p")
        await ada.wait_for("over, not rated")
        await ada.wait_for("This game does not count for the ratings")
        await ada.leave()
    finally:
        await running.stop()
