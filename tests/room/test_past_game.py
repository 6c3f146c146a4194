"""A past game: any position reached again from its start, quickly, and the save only read."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import Game
from engine.core.events import TurnStarted
from room import Persistence, PersistenceError
from room.past_game import CHECKPOINT_EVERY, from_save
from saves import SaveError, SaveStore

from saved_games import GAMES, finished, seats_of


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Game, SaveStore, str]:
    game, _ = finished(GAMES["finance-1936, 4 players"])
    store = SaveStore(tmp_path)
    with store.create(game, seats_of(game), "Finance") as session:
        return game, store, session.id


def test_every_position_is_the_game_replayed_to_that_move(saved: tuple[Game, SaveStore, str]) -> None:
    game, store, save_id = saved
    past = from_save(store, save_id)
    assert past.moves == len(game.log) > 3 * CHECKPOINT_EVERY and past.over and past.title == "Finance"
    moves = list(range(past.moves + 1))
    random.Random(4).shuffle(moves)  # back and forth, across the checkpoints
    for move in [*moves[:60], 0, past.moves, past.moves - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY - 1]:
        again = Game.replay(game.initial, game.log[:move])
        position = past.position(move)
        assert position.view == again.view(None) and position.turn == again.state.turn == past.turn_at(move)


def test_turns_begin_where_the_game_says_they_do(saved: tuple[Game, SaveStore, str]) -> None:
    _, store, save_id = saved
    past = from_save(store, save_id)
    events = past.events_to(past.moves)
    assert [e.turn for e in events if isinstance(e, TurnStarted)] == list(range(past.last_turn + 1))
    for turn in range(1, past.last_turn + 1):
        start = past.turn_start(turn)
        assert past.turn_at(start) == turn and past.turn_at(start - 1) == turn - 1
        told = past.events_to(start)
        assert isinstance(told[-1], TurnStarted) and told[-1].turn == turn and past.told(start) == len(told)
    assert past.turn_start(10**6) == past.turn_start(past.last_turn)  # past the end: the last turn


def _files(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(root)): (p.read_bytes(), os.stat(p).st_mtime_ns)
        for p in root.rglob("*")
        if p.is_file()
    }


def test_a_save_is_only_read(saved: tuple[Game, SaveStore, str]) -> None:
    _, store, save_id = saved
    before = _files(store.root)  # the index of ids among them, a folder of its own
    Persistence(store.root).past_game(save_id).position(5)
    after = _files(store.root)
    assert after == before


def test_a_damaged_save_is_refused_with_its_reason(tmp_path: Path) -> None:
    (tmp_path / "cut-deadbeef.json").write_text('{"format_version": 1, "title": "cut')
    with pytest.raises(SaveError, match="the file is cut short"):
        from_save(SaveStore(tmp_path), "deadbeef")
    with pytest.raises(PersistenceError, match="the file is cut short"):
        Persistence(tmp_path).past_game("deadbeef")
    with pytest.raises(PersistenceError, match="no saved game"):
        Persistence(tmp_path).past_game("nothing-like-it")
