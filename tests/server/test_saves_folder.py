"""The server keeps its rooms' games in its own data folder, never among the saves of the user it runs as
(which `landlords saves list` and `resume` show); a room's game left there by an earlier server is moved
over when it starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SaveStore

from sshplay import Person, ServerProcess, ada_and_bob, make_key, seated, start_server

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


async def test_relative_folders_typed_on_the_command_line_serve_from_where_they_were_typed(
    tmp_path: Path,
) -> None:
    """`landlords serve --data-dir data --saves-dir games`, typed in a folder: the workers, which run
    elsewhere, find the same folders; the server says it serves and a person reaches the lobby."""
    server = await ServerProcess(tmp_path, workers=1, folders=("data", "games")).start()
    try:
        ada = await Person(server, make_key(tmp_path, "Ada"), "Ada").connect(size=(80, 24))
        await ada.wait_for("Choose the name")
        await ada.leave()
    finally:
        assert await server.stop() == 0
    assert (tmp_path / "data" / "host_ed25519").is_file() and (tmp_path / "games").is_dir()


def test_a_data_folder_that_cannot_be_one_is_refused_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cli.main import main

    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    assert main(["serve", "--port", "0", "--data-dir", str(taken)]) == 2
    said = capsys.readouterr()
    assert f"landlords serve: the data folder {taken} cannot be used: it is a file." in said.out + said.err
    assert "Traceback" not in said.out + said.err
