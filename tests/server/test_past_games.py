"""Past games from the lobby, over real SSH sessions: a person who played or watched a room steps through
its game on the board, and a stranger is not offered it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from server.screens.lobby import LobbyScreen
from server.screens.past_games import PastGamesScreen
from server.tables.lobby_line import past_plans
from server.tables.plans import Plan, SeatPlan
from tui.screens.replay import ReplayScreen

from sshplay import Person, make_key, play_until, seated, start_server


def _move(person: Person) -> int:
    """The move the replay shows, read off the person's screen."""
    found = re.search(r"move (\d+) of (\d+)", person.text())
    assert found is not None, person.text()
    return int(found.group(1))


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
async def test_a_past_game_steps_back_and_forth_and_strangers_are_not_offered_it(
    tmp_path: Path, workers: int
) -> None:
    running = await start_server(tmp_path, workers=workers)
    try:
        ada, cy, eve = (Person(running, make_key(tmp_path, n), n) for n in ("Ada", "Cy", "Eve"))
        table = await seated(running, [ada], "Friday", bots=2, pace="instant")
        for p in (cy, eve):
            running.front.players.choose(p.fingerprint, p.name)
        await ada.connect("Friday")
        await cy.connect()
        await cy.wait_for("Friday")
        await cy.press("w")
        # watching a room another worker holds moves his session there: no app for a moment
        await cy.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
        room = table.room
        assert room is not None
        await play_until([ada], lambda: room.view(None).turn >= 4)
        assert (
            cy.fingerprint in table.plan.watchers
        )  # kept with the room's plan, for the watcher's past games

        # the watcher goes back to the lobby and opens the room's game from the past games
        await cy.press("ctrl+q")
        await cy.wait_until(lambda p: isinstance(p.app().screen, LobbyScreen))
        await cy.press("p")
        await cy.wait_until(lambda p: isinstance(p.app().screen, PastGamesScreen))
        await cy.wait_for("Friday")
        await cy.press("enter")
        await cy.wait_until(lambda p: isinstance(p.app().screen, ReplayScreen))
        await cy.wait_for("move 0 of")
        await cy.press("right", "right", "right")
        await cy.wait_for("move 3 of")
        await cy.press("left")
        await cy.wait_for("move 2 of")
        screen = cy.app().screen
        assert isinstance(screen, ReplayScreen)
        assert screen.past.position(2).view.players == screen.past.position(_move(cy)).view.players
        past = screen.past
        await cy.press("down")  # to the start of the next turn
        await cy.wait_for(f"move {past.turn_start(past.turn_at(2) + 1)} of")
        await cy.wait_for(f"turn {past.turn_at(2) + 2} of")
        await cy.press("escape")
        await cy.wait_until(lambda p: isinstance(p.app().screen, PastGamesScreen))
        await cy.press("escape")
        await cy.wait_until(lambda p: isinstance(p.app().screen, LobbyScreen))
        assert room.view(None).turn >= 4  # the game in play went on untouched

        # a person who never played nor watched it is not offered it
        await eve.connect()
        await eve.wait_for("Friday")
        await eve.press("p")
        await eve.wait_until(lambda p: isinstance(p.app().screen, PastGamesScreen))
        await eve.wait_for("No past games yet")
        assert "Friday" not in eve.text()
        await eve.press("enter")
        await asyncio.sleep(0.2)
        assert isinstance(eve.app().screen, PastGamesScreen)  # nothing to open
        for p in (ada, cy, eve):
            await p.leave()
    finally:
        await running.stop()


def test_a_plan_keeps_who_watched_and_offers_its_game_to_them_alone() -> None:
    ada = SeatPlan("person", name="Ada", owner="ada-key")
    plan = Plan("t1", "Friday", "classic", {}, [ada], save_id="s1")
    plan.watched_by("cy-key")
    plan.watched_by("cy-key")
    plan.watched_by("ada-key")  # she played it: no need to say she watched
    assert plan.watchers == ["cy-key"]
    again = Plan.from_json(plan.to_json())
    assert again.watchers == ["cy-key"]
    assert [p.id for p in past_plans([again], "cy-key")] == ["t1"]
    assert [p.id for p in past_plans([again], "ada-key")] == ["t1"]
    assert past_plans([again], "eve-key") == []
    waiting = Plan("t2", "Later", "classic", {}, [SeatPlan("person", owner="cy-key")])
    assert past_plans([waiting], "cy-key") == []  # no game yet
    edited = {**plan.to_json(), "watchers": ["cy-key", 7, None, {"x": 1}]}  # a file edited by hand
    assert Plan.from_json(edited).watchers == ["cy-key"]
    assert Plan.from_json({k: v for k, v in plan.to_json().items() if k != "watchers"}).watchers == []
