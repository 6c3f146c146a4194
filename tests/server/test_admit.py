"""Coming to a table: a person goes back to their own seat, asks to watch, or finds the game started
without them and watches it, noted among its watchers (their past game too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.tables.table import Entry

from sshplay import ada_and_bob, seated, start_server

pytestmark = pytest.mark.slow


async def test_a_table_admits_its_people_to_their_seats_and_a_latecomer_to_watch(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday")
        assert table.admit(bob.fingerprint, bob.name, watch=False) == Entry(1)
        assert table.admit(ada.fingerprint, ada.name, watch=True) == Entry(None)
        late = table.admit("SHA256:latecomer", "Cy", watch=False)
        assert late == Entry(None, "This game has started; you can watch it. Watching.")
        assert "SHA256:latecomer" in table.plan.watchers
        assert table.seat_of("SHA256:latecomer") is None
    finally:
        await running.stop()
