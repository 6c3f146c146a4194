"""The chances panel at a table of the server: everyone there (the people seated and those watching) sees
the same figure, worked out once for the table rather than once a session, on the worker's own few
processes; a review of the table's game is the table's too."""

from __future__ import annotations

from pathlib import Path

import pytest

from room.chances import Figure
from server.session.app import ServerApp
from tui.widgets.chances import ChancesPanel

from sshplay import Person, ada_and_bob, make_key, seated, start_server

pytestmark = pytest.mark.slow


def shown(app: ServerApp) -> Figure | None:
    screen = app.game_screen
    if screen is None or not screen.is_mounted:
        return None
    return screen.query_one(ChancesPanel).figure


async def test_a_tables_figure_is_worked_out_once_for_everyone_there(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        cy = Person(running, make_key(tmp_path, "c"), "Cy")
        table = await seated(running, [ada, bob], "Friday", pace="instant")
        running.front.players.choose(cy.fingerprint, cy.name)
        await ada.connect("Friday")
        await bob.connect("Friday")
        await cy.connect()
        await cy.wait_for("Friday")
        await cy.press("w")
        everyone = [ada, bob, cy]
        for p in everyone:
            await p.wait_until(lambda p: (app := p.app_now()) is not None and app.game_screen is not None)
            await p.wait_for("Ada's turn")
            await p.press("s")
        for p in everyone:
            await p.wait_for("playouts of what", timeout=60)
        shared = running.table(table.id)
        assert shared is not None
        chances = shared.chances()
        figures = [shown(p.app()) for p in everyone]
        assert chances.worked_out == 1  # three sessions looking, one figure
        assert figures[0] is not None and all(f is figures[0] for f in figures) and figures[0].current

        before = shared.open().version
        await ada.press("r")
        await ada.wait_until(lambda p: shared.open().version > before)

        def up_to_date(p: Person) -> bool:
            figure = shown(p.app())
            return figure is not None and figure.current and figure.version == shared.open().version

        for p in everyone:
            await p.wait_until(up_to_date, timeout=60)
        moves = shared.open().version - before
        assert chances.worked_out <= 1 + moves  # a figure a position at most, never one a session
        assert len({id(shown(p.app())) for p in everyone}) == 1
        worker_rooms = next(h for h in running.workers_rooms() if table.id in h.tables)
        assert worker_rooms.chances_pool.processes >= 1
        reviews = {id(p.app().game_screen.client.review()) for p in everyone}  # type: ignore[union-attr]
        assert len(reviews) == 1  # the game's review too is the table's, for everyone who asks
        for p in everyone:
            await p.leave()
    finally:
        await running.stop()
