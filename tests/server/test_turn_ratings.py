"""Turn-based games are rated apart from live ones and shown apart: the board the front sends the workers
carries both, the ratings screen switches between them with a key, and the line mode hears them with
`ratings turns` (`clasificación turnos`); a person's own line says both. On a worker's rooms in the test's
process."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from server.base.clock import SetClock
from server.people.places import SeatResult
from server.people.ratings import FrontRatings, RatingBoard
from server.people.store import open_store
from server.screens.players import PlayersScreen
from server.tables.plans import Plan, SeatPlan
from translation import language

from local_rooms import Lines, RoomsSession, worker_rooms_here

ADA, BOB, CY, DI = "key-Ada", "key-Bob", "key-Cy", "key-Di"
NAMES = {ADA: "Ada", BOB: "Bob", CY: "Cy", DI: "Di"}


def _finished(save_id: str, hours: int, *results: SeatResult) -> Plan:
    seats = [SeatPlan("person", name=NAMES[r.key or ""], owner=r.key) for r in results]
    plan = Plan("t1", "Far", "classic", {}, seats, save_id=save_id, finished=True, move_hours=hours)
    plan.result = list(results)
    return plan


def _board(tmp: Path) -> RatingBoard:
    """The board as the front sends it after a turn-based game of Ada's and Bob's and a live one of Cy's and
    Di's, read back as a worker reads it."""
    ratings = FrontRatings(open_store(tmp / "store"), NAMES.get)
    assert ratings.consider(_finished("s1", 24, SeatResult(1, key=ADA), SeatResult(2, key=BOB)))
    assert ratings.consider(_finished("s2", 0, SeatResult(1, key=CY), SeatResult(2, key=DI)))
    assert ratings.consider(_finished("s3", 0, SeatResult(1, key=BOB), SeatResult(2, key=CY)))
    return RatingBoard.from_json(ratings.board().to_json())


async def test_a_turn_based_game_is_in_the_turn_based_list_and_not_the_live_one_in_lines(
    tmp_path: Path,
) -> None:
    board = _board(tmp_path)
    assert set(board.people) == {BOB, CY, DI} and set(board.turn_people) == {ADA, BOB}
    assert RatingBoard.from_json({"people": [], "bots": {}}).turn_people == {}, "a front before them"
    worker_rooms = worker_rooms_here(tmp_path, SetClock(asyncio.get_running_loop()))
    try:
        worker_rooms.rated(board.to_json())
        ada = Lines(worker_rooms, ADA, "Ada")
        live = await ada.type("ratings")
        assert "Live games" in live and "Cy:" in live and "Bob:" in live
        assert "Ada" not in live.replace("Ada (you)", "?") and "(you)" not in live, live
        assert "Yours: unrated; turn-based rating" in live, "her own line says both"
        turns = await ada.type("players turns")
        assert "Turn-based games" in turns and "Ada (you):" in turns and "Bob:" in turns
        assert "Cy:" not in turns and "Di:" not in turns, turns
        spanish = language("es")
        assert spanish is not None
        await ada.type("language es")
        said = await ada.type("clasificación turnos")
        assert "por turnos" in said and "Ada (tú)" in said and "Cy:" not in said, said
        ada.close()
    finally:
        worker_rooms.close()


async def test_the_ratings_screen_switches_between_live_and_turn_based_with_a_key(tmp_path: Path) -> None:
    worker_rooms = worker_rooms_here(tmp_path, SetClock(asyncio.get_running_loop()))
    try:
        worker_rooms.rated(_board(tmp_path).to_json())
        app = RoomsSession(worker_rooms, PlayersScreen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()

            def names() -> list[str]:
                table = app.screen.query_one(DataTable)
                return [str(table.get_row_at(n)[1]).strip() for n in range(table.row_count)]

            assert "live games" in str(app.screen.query_one("#head").render())
            assert sorted(names()) == ["Bob", "Cy", "Di"], "Ada played only a turn-based game"
            assert "turn-based rating" in str(app.screen.query_one("#mine").render()), "hers says both"
            await pilot.press("t")
            await pilot.pause()
            assert "turn-based games" in str(app.screen.query_one("#head").render())
            assert names() == ["* Ada", "Bob"]
            await pilot.press("t")
            await pilot.pause()
            assert sorted(names()) == ["Bob", "Cy", "Di"]
    finally:
        worker_rooms.close()
