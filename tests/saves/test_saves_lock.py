"""One game, one writer: a second process (or a second session) is refused with a clear message, and a
writer that dies, however it dies, leaves the game free."""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from saves import SaveLocked, SaveStore
from saves.ids import INDEX
from saves.location import lock_of

from saved_games import GAMES, play, seats_of

FORK = multiprocessing.get_context("fork")


def _saved(tmp_path: Path) -> tuple[SaveStore, str]:
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: g.state.turn >= 4)
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "shared") as session:
        return store, session.id


def _hold(root: Path, save_id: str, ready: Connection) -> None:
    """In a child process: resume the game, say so, and keep it open until killed."""
    _, session = SaveStore(root).open(save_id)
    ready.send(session.path.name)
    signal.pause()


def test_a_second_session_in_the_same_process_is_refused(tmp_path: Path) -> None:
    store, save_id = _saved(tmp_path)
    loaded, session = store.open(save_id)
    with pytest.raises(SaveLocked) as err:
        store.open(save_id)
    assert err.value.path == session.path
    assert err.value.reason == (
        f"this game is open in another landlords (process {os.getpid()} on {socket.gethostname()}); "
        "close it there first"
    )
    with pytest.raises(SaveLocked):
        store.delete(save_id)
    assert store.load(save_id).game.state == loaded.game.state  # reading is always allowed
    session.close()
    session.close()
    assert not lock_of(session.path).exists()
    with store.open(save_id)[1]:
        pass


def test_another_process_holding_the_game_refuses_us_until_it_dies(tmp_path: Path) -> None:
    store, save_id = _saved(tmp_path)
    mine, theirs = FORK.Pipe()
    child = FORK.Process(target=_hold, args=(tmp_path, save_id, theirs))
    child.start()
    try:
        assert mine.poll(20), "the child never opened the game"
        mine.recv()
        with pytest.raises(SaveLocked, match=f"open in another landlords \\(process {child.pid} on "):
            store.open(save_id)
        with pytest.raises(SaveLocked):
            store.delete(save_id)
        assert store.list()[0].id == save_id
    finally:
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
        child.join()
    assert lock_of(store.resolve(save_id)).exists()  # left behind by the killed writer, yet no obstacle
    loaded, session = store.open(save_id)
    with session:
        session.save(loaded.game)
    store.delete(save_id)
    assert [p.name for p in tmp_path.iterdir()] == [INDEX], "nothing but the index of the ids it had"


def test_a_new_game_is_locked_from_its_creation(tmp_path: Path) -> None:
    game = GAMES["classic, 2 players"].start()
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "new") as session, pytest.raises(SaveLocked):
        store.open(session.id)
    with store.open(session.id)[1]:
        pass
