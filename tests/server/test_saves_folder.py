"""The server keeps its rooms' games in its own data folder, never among the saves of the user it runs as
(which `landlords saves list` and `resume` show); a room's game left there by an earlier server is moved
over when it starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SaveStore

from sshplay import Person, ada_and_bob, seated, start_server

pytestmark = pytest.mark.slow


async def test_the_rooms_games_are_kept_in_the_servers_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"  # the saves of the user the server runs as
    monkeypatch.setenv("LANDLORDS_SAVES", str(mine))
    own = tmp_path / "server" / "saves"
    running = await start_server(tmp_path, workers=1, saves_dir=None)
    try:
        ada, bob = ada_and_bob(running, tmp_path)
        table = await seated(running, [ada, bob], "Friday")
        await ada.connect("Friday")
        await ada.wait_for("Turn 1")
        save_id = table.plan.save_id
        assert save_id is not None
        await ada.leave()
    finally:
        await running.stop()
    assert [s.id for s in SaveStore(own).scan()[0]] == [save_id]
    assert not SaveStore(mine).scan()[0], "landlords saves list would show the room's game as the user's"

    for path in own.glob(f"*-{save_id}.json*"):  # as an earlier server left it: among the user's saves
        mine.mkdir(exist_ok=True)
        path.rename(mine / path.name)
    again = await start_server(tmp_path, workers=1, saves_dir=None)
    try:
        assert not SaveStore(mine).scan()[0]
        assert [s.id for s in SaveStore(own).scan()[0]] == [save_id]
        ada = Person(again, ada.key, "Ada")
        await ada.connect("Friday")
        await ada.wait_for("Turn 1")  # the room's game is found where the server keeps it now
        await ada.leave()
    finally:
        await again.stop()
