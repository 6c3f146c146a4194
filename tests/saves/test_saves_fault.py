"""A writer killed (SIGKILL) at random moments while saving always leaves a loadable save: the old one or
the new one, never a torn file, and a backup that loads too."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from multiprocessing.connection import Connection
from pathlib import Path

from engine import Game
from saves import SaveStore
from saves.atomic import leftovers
from saves.location import backup_of

from saved_games import GAMES, finished, seats_of

FORK = multiprocessing.get_context("fork")
KILLS = 40


def _save_every_command(root: Path, save_id: str, commands: list[object], report: Connection) -> None:
    """In a child process: apply the game's commands one by one, saving after each, and report each save
    completed (by its number of commands) until killed."""
    loaded, session = SaveStore(root).open(save_id)
    game = loaded.game
    report.send(len(game.log))
    for cmd in commands[len(game.log) :]:
        game.apply(cmd)  # type: ignore[arg-type]
        session.save(game)
        report.send(len(game.log))
    signal.pause()


def test_a_writer_killed_at_any_moment_leaves_the_old_save_or_the_new(tmp_path: Path) -> None:
    reference, _ = finished(GAMES["classic, house rules"])
    store = SaveStore(tmp_path)
    start = Game.from_state(reference.initial)
    with store.create(start, seats_of(start), "killed") as session:
        save_id, path = session.id, session.path
    rng = random.Random(4)
    mid_write = 0
    for attempt in range(KILLS):
        mine, theirs = FORK.Pipe(duplex=False)
        child = FORK.Process(target=_save_every_command, args=(tmp_path, save_id, reference.log, theirs))
        child.start()
        theirs.close()
        assert mine.poll(20), "the writer never started"
        done = mine.recv()
        time.sleep(rng.uniform(0, 0.03))
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
        child.join()
        try:
            while True:
                done = mine.recv()
        except EOFError:  # all read: the writer is dead
            mine.close()
        if leftovers(path):
            mid_write += 1
        loaded = store.load(save_id)
        commands = len(loaded.game.log)
        assert commands in (done, done + 1), f"attempt {attempt}: {commands} commands, {done} reported"
        assert loaded.game.log == reference.log[:commands]
        if backup_of(path).exists():
            backup = store.load(str(backup_of(path)))
            assert backup.game.log == reference.log[: len(backup.game.log)]
        if commands == len(reference.log):
            break
    assert mid_write > 0, "no kill landed in the middle of a write: the test proves nothing"
    with store.open(save_id)[1]:
        assert not leftovers(path)
